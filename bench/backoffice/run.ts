// npm run bench:backoffice [-- --keep] [-- --reuse] [-- --runs 30]
//
// The back office at scale (issue 14 "Scale"): makes a throwaway PostgreSQL database, runs the
// app's migrations, seeds 1 000 000 orders, 100 000 customers and 2 000 helpers
// (bench/backoffice/seed.ts), then times the model functions the back-office pages call, each
// `--runs` times after a warm-up, and prints p50/p95 per query with the scan types of each of
// its statements' EXPLAIN (ANALYZE) plans. A sequential scan on orders is flagged. The database
// is dropped at the end unless --keep is given; --reuse times an existing kept one again.
//
// BENCH_DATABASE_URL names the database to make (default
// postgres://postgres@127.0.0.1:5432/arkikaveri_bench_backoffice); it is made and dropped through
// the server's `postgres` database.

import { Kysely, PostgresDialect, type LogEvent } from "kysely";
import pg from "pg";
// Also sets the type parsers every query result goes through in the app.
import { POSTGRES_SESSION_OPTIONS } from "../../app/db.server";
import { migrateToLatest } from "../../app/db/migrate.server";
import type { Database } from "../../app/db/schema";
import { addCalendarDays, helsinkiToday, helsinkiWallTimeToInstant } from "../../app/domain/booking-window";
import { loadOrderList } from "../../app/backoffice/orders-list.server";
import { periodOf } from "../../app/backoffice/payments.server";
import { containsPattern } from "../../app/domain/list-query";
import {
  ORDER_PAGE_SIZE,
  countOrdersForStaff,
  getOrderStats,
  listAssignableCaregivers,
  listOrdersForStaff,
  type OrderListFilters,
} from "../../app/models/backoffice-orders.server";
import { countCustomersForStaff, listCustomersForStaff, type CustomerListFilters } from "../../app/models/backoffice-customers.server";
import { getMoneyFigures, listSettlement } from "../../app/models/backoffice-payments.server";
import { listCaregiversForStaff } from "../../app/models/backoffice-caregivers.server";
import { SCALE, seedAtScale } from "./seed";

const GOAL_MS = 50;

const args = process.argv.slice(2);
const keep = args.includes("--keep");
const reuse = args.includes("--reuse");
/** Prints the whole EXPLAIN (ANALYZE) text of every statement of a query that misses the goal. */
const showPlans = args.includes("--plans");
/** Only the cases whose name contains this text (with --reuse, to look at one query again). */
const onlyArg = args.indexOf("--only");
const only = onlyArg >= 0 ? (args[onlyArg + 1] ?? "") : null;
const runsArg = args.indexOf("--runs");
const RUNS = runsArg >= 0 ? Math.max(1, Number.parseInt(args[runsArg + 1] ?? "30", 10) || 30) : 30;
const WARMUP = 3;

const target = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/arkikaveri_bench_backoffice");
const dbName = decodeURIComponent(target.pathname.replace(/^\//, ""));
if (!/^[a-z0-9_]+$/.test(dbName)) throw new Error(`BENCH_DATABASE_URL: a plain database name please, not '${dbName}'`);
const adminUrl = new URL(target);
adminUrl.pathname = "/postgres";

const log = (line: string) => console.log(line);

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- the database, with every statement seen

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}
let capture: Captured[] | null = null;
// As the app's own pool (app/db.server.ts openDatabase), with a log of every statement.
const pool = new pg.Pool({ connectionString: target.toString(), max: 10, options: POSTGRES_SESSION_OPTIONS });
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool }),
  log: (event: LogEvent) => {
    if (capture && event.level === "query") capture.push({ sql: event.query.sql, parameters: event.query.parameters });
  },
});

// ---------------------------------------------------------------- plans

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

/** 'Index Only Scan orders_status_idx', 'Seq Scan service_categories', … for every scan node. */
function scansOf(node: PlanNode, into: Set<string>): Set<string> {
  if (node["Node Type"].includes("Scan") && (node["Relation Name"] || node["Index Name"])) {
    const what = node["Index Name"] ?? node["Relation Name"];
    into.add(`${node["Node Type"]} ${what}`);
  }
  for (const child of node.Plans ?? []) scansOf(child, into);
  return into;
}

function seqScanOnOrders(node: PlanNode): boolean {
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"] === "orders") return true;
  return (node.Plans ?? []).some(seqScanOnOrders);
}

interface PlanSummary {
  scans: string[];
  seqOnOrders: boolean;
  statements: number;
  estimates: number;
}

/** Runs `work` once with every statement captured, then EXPLAIN (ANALYZE)s each of them. */
async function explainAll(work: () => Promise<unknown>): Promise<PlanSummary> {
  capture = [];
  await work();
  const statements = capture;
  capture = null;
  const scans = new Set<string>();
  let seqOnOrders = false;
  let estimates = 0;
  for (const statement of statements) {
    // The planner's row estimate behind a "noin N" count is an EXPLAIN itself: nothing to run.
    if (/^\s*explain\b/i.test(statement.sql)) {
      estimates += 1;
      continue;
    }
    const result = await pool.query(`explain (analyze, format json) ${statement.sql}`, [...statement.parameters]);
    const plan = (result.rows[0] as { "QUERY PLAN": Array<{ Plan: PlanNode }> })["QUERY PLAN"][0]!.Plan;
    scansOf(plan, scans);
    seqOnOrders ||= seqScanOnOrders(plan);
  }
  return { scans: [...scans].sort(), seqOnOrders, statements: statements.length, estimates };
}

async function printPlans(item: Case): Promise<void> {
  capture = [];
  await item.run();
  if (item.count) await item.count();
  const statements = capture;
  capture = null;
  for (const statement of statements) {
    if (/^\s*explain\b/i.test(statement.sql)) continue;
    const result = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${statement.sql}`, [...statement.parameters]);
    log(`\n    ${statement.sql}\n${result.rows.map((row) => `      ${row["QUERY PLAN"]}`).join("\n")}`);
  }
}

// ---------------------------------------------------------------- timing

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

interface Timing {
  p50: number;
  p95: number;
}

async function time(work: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < WARMUP; i += 1) await work();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: quantile(samples, 0.5), p95: quantile(samples, 0.95) };
}

interface Case {
  group: string;
  name: string;
  /** What the page waits for first: the list (or the whole query for one-query pages). */
  run: () => Promise<unknown>;
  /** The count shown above the list, run beside it by the page. */
  count?: () => Promise<unknown>;
  /** Compares the result with a plain (slow) query that is obviously right: null when equal. */
  check?: () => Promise<string | null>;
}

interface Result extends Case {
  mismatch: string | null;
  list: Timing;
  counted: Timing | null;
  plan: PlanSummary;
  describe: string;
}

// ---------------------------------------------------------------- the cases

async function cases(): Promise<Case[]> {
  const now = new Date();
  const today = helsinkiToday(now);
  const todayStarts = helsinkiWallTimeToInstant(today, 0)!;
  // A month of visits a year ago, and the last seven days.
  const yearAgo = addCalendarDays(today, -365);
  const monthRange = { startsFrom: helsinkiWallTimeToInstant(yearAgo, 0), startsBefore: helsinkiWallTimeToInstant(addCalendarDays(yearAgo, 30), 0) };
  const weekRange = { startsFrom: helsinkiWallTimeToInstant(addCalendarDays(today, -7), 0), startsBefore: helsinkiWallTimeToInstant(addCalendarDays(today, 1), 0) };

  // Search terms taken from the data: a helper's full name, a customer's full name, a common surname.
  const helper = await pool.query<{ full_name: string }>(
    `select p.full_name from caregivers cg join profiles p on p.id = cg.profile_id where cg.status = 'approved' order by cg.created_at limit 1 offset 100`,
  );
  const helperName = helper.rows[0]!.full_name;
  const customer = await pool.query<{ full_name: string; email: string }>(
    `select p.full_name, p.email from customers c join profiles p on p.id = c.profile_id order by c.created_at limit 1 offset 5000`,
  );
  const customerName = customer.rows[0]!.full_name;
  const emailFragment = customer.rows[0]!.email.split("@")[0]!.slice(0, 12);
  // 5 000 rows down the newest-first list: what "Seuraava" reached 250 times gives as a cursor.
  const deep = await pool.query<{ id: string; micros: string }>(
    `select id, (extract(epoch from created_at) * 1000000)::bigint as micros from orders order by created_at desc, id desc offset 5000 limit 1`,
  );
  const deepCursor = { micros: Number(deep.rows[0]!.micros), id: deep.rows[0]!.id };
  const openIds = (
    await pool.query<{ id: string }>(`select id from orders where status in ('pending', 'pending_payment') order by created_at desc limit 20`)
  ).rows.map((row) => row.id);

  const orders = (label: string, filters: Partial<OrderListFilters>): Case => {
    const full: OrderListFilters = { status: null, unassigned: false, startsFrom: null, startsBefore: null, search: null, page: null, ...filters };
    const search = full.search;
    return {
      group: "Orders list (`/backoffice/orders`)",
      name: label,
      run: () => listOrdersForStaff(db, { ...full }),
      count: () => countOrdersForStaff(db, { ...full }),
      // A search's first page against the one query that says what it means (all joins, one OR).
      check: search
        ? async () => {
            const expected = await pool.query<{ id: string }>(
              `select o.id from orders o
                 join customers c on c.id = o.customer_id join profiles cp on cp.id = c.profile_id
                 left join caregivers cg on cg.id = o.caregiver_id left join profiles gp on gp.id = cg.profile_id
                where o.order_number ilike $1 or cp.full_name ilike $1 or gp.full_name ilike $1
                order by o.created_at desc, o.id desc limit ${ORDER_PAGE_SIZE}`,
              [containsPattern(search)],
            );
            const got = (await listOrdersForStaff(db, { ...full })).rows.map((row) => row.id);
            return sameList(got, expected.rows.map((row) => row.id));
          }
        : undefined,
    };
  };
  const customers = (label: string, filters: Partial<CustomerListFilters>): Case => {
    const full: CustomerListFilters = { status: null, search: null, page: null, ...filters };
    return {
      group: "Customers list (`/backoffice/users`)",
      name: label,
      run: () => listCustomersForStaff(db, { ...full }),
      count: () => countCustomersForStaff(db, { ...full }),
    };
  };
  const thisMonth = periodOf(new URLSearchParams(), now).period;
  const lastMonthStart = `${addCalendarDays(`${today.slice(0, 8)}01`, -1).slice(0, 8)}01`;
  const lastMonth = periodOf(new URLSearchParams({ alkaen: lastMonthStart, asti: addCalendarDays(`${today.slice(0, 8)}01`, -1) }), now).period;

  return [
    orders("no filter, first page", {}),
    orders("no filter, 5 000 rows down (keyset cursor)", { page: { after: deepCursor } }),
    orders("status: completed", { status: "completed" }),
    orders("status: pending", { status: "pending" }),
    orders("status: open (pending + pending_payment)", { status: "open" }),
    orders("unassigned (open, no helper)", { unassigned: true }),
    orders("visit date: a 30-day range a year ago", monthRange),
    orders("visit date: last 7 days + status completed", { ...weekRange, status: "completed" }),
    orders("search: order number fragment '12345'", { search: "12345" }),
    orders(`search: customer's full name '${customerName}'`, { search: customerName }),
    orders("search: common surname 'Virtanen' (customers and helpers)", { search: "Virtanen" }),
    orders(`search: helper's full name '${helperName}'`, { search: helperName }),
    orders("search: common first name 'Matti'", { search: "Matti" }),
    orders("search: very common fragment 'nen'", { search: "nen" }),
    orders("search: no match 'Xyzzyq'", { search: "Xyzzyq" }),
    {
      group: "Orders list (`/backoffice/orders`)",
      name: "stats (open, today, unassigned)",
      run: () => getOrderStats(db, todayStarts),
    },
    {
      group: "Orders list (`/backoffice/orders`)",
      name: "free helpers for a page of 20 open orders (row selectors)",
      run: () => listAssignableCaregivers(db, openIds, 15),
    },
    {
      group: "Orders list (`/backoffice/orders`)",
      name: "whole loader, no filter (list + count + stats + selectors)",
      run: () => loadOrderList(db, new URL("http://bench/backoffice/orders"), "admin", now),
    },
    {
      group: "Orders list (`/backoffice/orders`)",
      name: "whole loader, search 'Virtanen'",
      run: () => loadOrderList(db, new URL("http://bench/backoffice/orders?haku=Virtanen"), "admin", now),
    },
    customers("no search, first page", {}),
    customers("status: suspended", { status: "suspended" }),
    customers(`search: full name '${customerName}'`, { search: customerName }),
    customers("search: common surname 'Virtanen'", { search: "Virtanen" }),
    customers(`search: e-mail fragment '${emailFragment}'`, { search: emailFragment }),
    customers("search: city 'Tampere'", { search: "Tampere" }),
    {
      group: "Payments (`/backoffice/payments`)",
      name: "settlement per helper, this month (the default)",
      run: () => listSettlement(db, thisMonth),
      check: () => checkSettlement(thisMonth),
    },
    {
      group: "Payments (`/backoffice/payments`)",
      name: "settlement per helper, last month",
      run: () => listSettlement(db, lastMonth),
      check: () => checkSettlement(lastMonth),
    },
    {
      group: "Payments (`/backoffice/payments`)",
      name: "money cards, this month",
      run: () => getMoneyFigures(db, thisMonth),
    },
    {
      group: "Helpers list (`/backoffice/caregivers`)",
      name: "default (pending first), page 1",
      run: () => listCaregiversForStaff(db, { status: null, search: null, page: 1 }),
    },
    {
      group: "Helpers list (`/backoffice/caregivers`)",
      name: "status: approved, page 40",
      run: () => listCaregiversForStaff(db, { status: "approved", search: null, page: 40 }),
    },
    {
      group: "Helpers list (`/backoffice/caregivers`)",
      name: "search 'Virtanen'",
      run: () => listCaregiversForStaff(db, { status: null, search: "Virtanen", page: 1 }),
    },
  ];
}

function sameList(got: string[], expected: string[]): string | null {
  if (got.length === expected.length && got.every((value, index) => value === expected[index])) return null;
  const at = got.findIndex((value, index) => value !== expected[index]);
  return `${got.length} rows against ${expected.length} expected; first difference at row ${at < 0 ? got.length : at + 1}`;
}

/** The settlement as one plain GROUP BY over the joined rows (the query before it was split). */
async function checkSettlement(period: { from: Date; before: Date }): Promise<string | null> {
  const expected = await pool.query<{ id: string; orders: number; hours: number; earnings: number; unpaid: number }>(
    `select cg.id, count(*)::int as orders, coalesce(sum(o.duration_hours), 0)::int as hours,
            coalesce(sum(o.caregiver_earnings_cents), 0)::bigint as earnings, coalesce(sum(po.amount_cents), 0)::bigint as unpaid
       from orders o join caregivers cg on cg.id = o.caregiver_id join profiles gp on gp.id = cg.profile_id
       left join payouts po on po.order_id = o.id and po.status = 'pending'
      where o.status = 'completed' and o.completed_at >= $1 and o.completed_at < $2
      group by cg.id, gp.full_name, gp.email
      order by sum(o.caregiver_earnings_cents) desc, gp.full_name limit 200`,
    [period.from, period.before],
  );
  const got = await listSettlement(db, period);
  const line = (row: { id: string; orders: number; hours: number; earnings: number; unpaid: number }) =>
    `${row.id} ${row.orders} ${row.hours} ${Number(row.earnings)} ${Number(row.unpaid)}`;
  return sameList(
    got.map((row) => line({ id: row.caregiverId, orders: row.orders, hours: row.hours, earnings: row.earningsCents, unpaid: row.unpaidCents })),
    expected.rows.map(line),
  );
}

// ---------------------------------------------------------------- main

const ms = (value: number) => value.toFixed(1);

/** Set once this run made the database, or was told to reuse it: only then is it dropped at the end. */
let owned = false;

async function main() {
  const exists = await admin(async (client) => (await client.query("select 1 from pg_database where datname = $1", [dbName])).rowCount === 1);
  let seedSeconds: number | null = null;
  if (reuse && exists) {
    owned = true;
    log(`Reusing the database ${dbName}.`);
    const migrated = await migrateToLatest(db);
    for (const applied of migrated.results ?? []) log(`  applied ${applied.migrationName}`);
  } else {
    if (exists) throw new Error(`The database ${dbName} exists already: drop it, or time it again with --reuse.`);
    await admin((client) => client.query(`create database ${dbName}`));
    owned = true;
    log(`Created the database ${dbName}.`);
    const started = performance.now();
    await migrateToLatest(db);
    log(`Migrated in ${((performance.now() - started) / 1000).toFixed(1)} s. Seeding:`);
    const seedStarted = performance.now();
    await seedAtScale(db, log);
    seedSeconds = (performance.now() - seedStarted) / 1000;
    log(`Seeded in ${seedSeconds.toFixed(0)} s.`);
  }
  log(`Scale: ${SCALE.orders.toLocaleString("en")} orders, ${SCALE.customers.toLocaleString("en")} customers, ${SCALE.caregivers.toLocaleString("en")} helpers.`);
  const sizes = await pool.query<{ relname: string; rows: string; size: string }>(
    `select relname, reltuples::bigint as rows, pg_size_pretty(pg_total_relation_size(oid)) as size
       from pg_class where relname in ('orders', 'customers', 'caregivers', 'profiles', 'payouts') order by relname`,
  );
  for (const row of sizes.rows) log(`  ${row.relname}: ~${Number(row.rows).toLocaleString("en")} rows, ${row.size} with indexes`);

  const results: Result[] = [];
  for (const item of (await cases()).filter((entry) => only === null || entry.name.includes(only))) {
    const list = await time(item.run);
    const counted = item.count ? await time(item.count) : null;
    const plan = await explainAll(async () => {
      await item.run();
      if (item.count) await item.count();
    });
    const mismatch = item.check ? await item.check() : null;
    const worst = Math.max(list.p95, counted?.p95 ?? 0);
    const describe = `${item.name}: ${ms(list.p50)} / ${ms(list.p95)} ms${counted ? `, count ${ms(counted.p50)} / ${ms(counted.p95)} ms` : ""}${worst > GOAL_MS ? "  ← over 50 ms" : ""}${plan.seqOnOrders ? "  ← SEQ SCAN ON ORDERS" : ""}${item.check ? (mismatch ? `  ← WRONG ROWS: ${mismatch}` : "  (rows checked)") : ""}`;
    log(describe);
    if (showPlans && (worst > GOAL_MS || plan.seqOnOrders)) await printPlans(item);
    results.push({ ...item, mismatch, list, counted, plan, describe });
  }

  // The Markdown table for the README.
  console.log(`\n${RUNS} runs each after ${WARMUP} warm-up runs; p50 / p95 in ms.${seedSeconds !== null ? ` Seeding took ${seedSeconds.toFixed(0)} s.` : ""}\n`);
  let group = "";
  for (const result of results) {
    if (result.group !== group) {
      group = result.group;
      console.log(`\n**${group}**\n\n| query | p50 | p95 | count p50 | count p95 | scans (EXPLAIN ANALYZE) |\n|---|---|---|---|---|---|`);
    }
    const over = (value: number) => (value > GOAL_MS ? `**${ms(value)}**` : ms(value));
    const scans = result.plan.scans.map((scan) => (scan === "Seq Scan orders" ? "**Seq Scan orders**" : scan)).join(", ");
    const estimates = result.plan.estimates ? `; ${result.plan.estimates}× planner estimate` : "";
    console.log(
      `| ${result.name} | ${ms(result.list.p50)} | ${over(result.list.p95)} | ${result.counted ? ms(result.counted.p50) : "–"} | ${result.counted ? over(result.counted.p95) : "–"} | ${scans}${estimates} |`,
    );
  }
  const wrong = results.filter((result) => result.mismatch);
  if (wrong.length) console.log(`\n${wrong.length} queries return other rows than the plain query:\n${wrong.map((m) => `- ${m.describe}`).join("\n")}`);
  const misses = results.filter((result) => Math.max(result.list.p95, result.counted?.p95 ?? 0) > GOAL_MS || result.plan.seqOnOrders);
  console.log(misses.length ? `\n${misses.length} queries miss the goal (p95 < ${GOAL_MS} ms, no Seq Scan on orders):\n${misses.map((m) => `- ${m.describe}`).join("\n")}` : `\nEvery query meets the goal (p95 < ${GOAL_MS} ms, no Seq Scan on orders).`);
  process.exitCode = misses.length || wrong.length ? 1 : 0;
}

try {
  await main();
} finally {
  await db.destroy();
  if (owned && !keep) {
    await admin((client) => client.query(`drop database if exists ${dbName} with (force)`));
    log(`Dropped the database ${dbName}.`);
  } else if (owned) {
    log(`Kept the database ${dbName} (${target}); time it again with --reuse, drop it with: psql -h ${target.hostname} -U ${target.username || "postgres"} -c "drop database ${dbName}"`);
  }
}
