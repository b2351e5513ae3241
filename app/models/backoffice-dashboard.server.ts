import { sql } from "kysely";
import type { Executor } from "../db.server";
import { cappedCount, type ListCount } from "../domain/list-query";

// The back-office front page (spec 001 §2 "welcome page with four cards"; issue 14 "Dashboard"):
// the real figures behind the cards and what needs someone's attention now. Each figure is read
// through an index (partial ones from migration 0004), and large counts stop at a cap.

const COUNT_CAP = 10_000;
const ATTENTION_LIMIT = 8;

/** `(select count(*) from (query limited to COUNT_CAP + 1))` as a column of one select. */
function capped(query: { compile: () => unknown }) {
  return sql<number>`(select count(*)::int from (${query}) as counted)`;
}

export interface DashboardFigures {
  customers: ListCount;
  caregiversApproved: ListCount;
  caregiversPending: ListCount;
  ordersOpen: ListCount;
  ordersUnassigned: ListCount;
  /** Sum of completed orders' totals over the last 30 days (spec 001 §9), in cents. */
  revenueLast30DaysCents: number;
}

export async function getDashboardFigures(db: Executor, now: Date): Promise<DashboardFigures> {
  const open = () => db.selectFrom("orders").select(sql`1`.as("one")).where("status", "in", ["pending", "pending_payment"]);
  const row = await db
    .selectNoFrom([
      capped(db.selectFrom("customers").select(sql`1`.as("one")).limit(COUNT_CAP + 1)).as("customers"),
      capped(db.selectFrom("caregivers").select(sql`1`.as("one")).where("status", "=", "approved").limit(COUNT_CAP + 1)).as("approved"),
      capped(db.selectFrom("caregivers").select(sql`1`.as("one")).where("status", "=", "pending").limit(COUNT_CAP + 1)).as("pending"),
      capped(open().limit(COUNT_CAP + 1)).as("open"),
      capped(open().where("caregiver_id", "is", null).limit(COUNT_CAP + 1)).as("unassigned"),
      sql<number>`(select coalesce(sum(total_price_cents), 0)::bigint from orders
        where status = 'completed' and completed_at >= ${new Date(now.getTime() - 30 * 86_400_000)})`.as("revenue"),
    ])
    .executeTakeFirstOrThrow();
  return {
    customers: cappedCount(row.customers, COUNT_CAP),
    caregiversApproved: cappedCount(row.approved, COUNT_CAP),
    caregiversPending: cappedCount(row.pending, COUNT_CAP),
    ordersOpen: cappedCount(row.open, COUNT_CAP),
    ordersUnassigned: cappedCount(row.unassigned, COUNT_CAP),
    revenueLast30DaysCents: Number(row.revenue),
  };
}

// ---------------------------------------------------------------- needs attention

export interface WaitingApplication {
  id: string;
  fullName: string;
  city: string;
  appliedAt: Date;
}

/** Applications waiting for review, oldest first (the work queue), and how many there are. */
export async function listWaitingApplications(db: Executor): Promise<{ rows: WaitingApplication[]; total: ListCount }> {
  const rows = await db
    .selectFrom("caregivers")
    .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
    .select(["caregivers.id", "profiles.full_name", "profiles.email", "caregivers.city", "caregivers.created_at"])
    .where("caregivers.status", "=", "pending")
    .orderBy("caregivers.created_at")
    .orderBy("caregivers.id")
    .limit(ATTENTION_LIMIT)
    .execute();
  const total = await countUpTo(db, db.selectFrom("caregivers").select(sql`1`.as("one")).where("status", "=", "pending"));
  return {
    rows: rows.map((row) => ({ id: row.id, fullName: row.full_name || row.email, city: row.city, appliedAt: row.created_at })),
    total,
  };
}

export interface UnassignedSoon {
  orderNumber: string;
  serviceName: string;
  city: string;
  startsAt: Date;
  endsAt: Date;
}

/** Open orders without a helper that start within `hours` (48 on the dashboard), soonest first. */
export async function listUnassignedSoon(db: Executor, now: Date, hours = 48): Promise<{ rows: UnassignedSoon[]; total: ListCount }> {
  const until = new Date(now.getTime() + hours * 3_600_000);
  const base = () =>
    db
      .selectFrom("orders")
      .where("status", "in", ["pending", "pending_payment"])
      .where("caregiver_id", "is", null)
      .where("starts_at", ">=", now)
      // A visit moved to a time its helper could not make is waiting for one however far ahead it is
      // (rescheduling, docs/decisions/0020): staff assign it from here.
      .where((eb) => eb.or([eb("starts_at", "<", until), eb("visit_sequence", ">", 0)]));
  const rows = await base()
    .innerJoin("service_categories", "service_categories.id", "orders.service_category_id")
    .select(["orders.order_number", "service_categories.name", "orders.city", "orders.starts_at", "orders.ends_at"])
    .orderBy("orders.starts_at")
    .limit(ATTENTION_LIMIT)
    .execute();
  return {
    rows: rows.map((row) => ({ orderNumber: row.order_number, serviceName: row.name, city: row.city, startsAt: row.starts_at, endsAt: row.ends_at })),
    total: await countUpTo(db, base().select(sql`1`.as("one"))),
  };
}

/**
 * Visits that need a person (decision 0018): "not_started", a visit with a helper that ended
 * without being started (the helper never tapped "Aloita tehtävä": did it happen?); and
 * "suspended_caregiver", a coming visit whose helper has been suspended or rejected since, to be
 * reassigned. Soonest (or most recently ended) first.
 */
export async function listVisitsNeedingAttention(
  db: Executor,
  kind: "not_started" | "suspended_caregiver",
  now: Date,
): Promise<{ rows: UnassignedSoon[]; total: ListCount }> {
  const base = () => {
    const query = db.selectFrom("orders").where("orders.caregiver_id", "is not", null);
    return kind === "not_started"
      ? query.where("orders.status", "=", "pending").where("orders.ends_at", "<", now)
      : query
          .where("orders.status", "in", ["pending", "pending_payment"])
          .where("orders.starts_at", ">", now)
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom("caregivers")
                .select(sql`1`.as("one"))
                .whereRef("caregivers.id", "=", "orders.caregiver_id")
                .where("caregivers.status", "in", ["suspended", "rejected", "pending"]),
            ),
          );
  };
  const rows = await base()
    .innerJoin("service_categories", "service_categories.id", "orders.service_category_id")
    .select(["orders.order_number", "service_categories.name", "orders.city", "orders.starts_at", "orders.ends_at"])
    .orderBy("orders.starts_at", kind === "not_started" ? "desc" : "asc")
    .limit(ATTENTION_LIMIT)
    .execute();
  return {
    rows: rows.map((row) => ({ orderNumber: row.order_number, serviceName: row.name, city: row.city, startsAt: row.starts_at, endsAt: row.ends_at })),
    total: await countUpTo(db, base().select(sql`1`.as("one"))),
  };
}

/** A single invoice (with its order) or a series' monthly invoice (with its month, decision 0039). */
export type OverdueInvoice = {
  invoiceNumber: number;
  customerName: string;
  dueDate: string;
  amountCents: number;
} & ({ kind: "single"; orderNumber: string } | { kind: "monthly"; month: string });

/**
 * Open invoices whose due date has passed (Helsinki `today`), oldest due first: single invoices and
 * series' monthly invoices in one list, as both are owed by customers in the same way.
 */
export async function listOverdueInvoices(db: Executor, today: string): Promise<{ rows: OverdueInvoice[]; total: ListCount }> {
  const single = db
    .selectFrom("invoices as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .innerJoin("customers as c", "c.id", "o.customer_id")
    .innerJoin("profiles as p", "p.id", "c.profile_id")
    .select([
      sql<"single" | "monthly">`'single'`.as("kind"),
      "i.invoice_number",
      sql<string | null>`o.order_number`.as("order_number"),
      sql<string | null>`null`.as("month"),
      "p.full_name",
      "p.email",
      "i.due_date",
      "i.amount_cents",
    ])
    .where("i.status", "=", "open")
    .where("i.due_date", "<", today);
  const monthly = db
    .selectFrom("series_invoices as si")
    .innerJoin("customers as c", "c.id", "si.customer_id")
    .innerJoin("profiles as p", "p.id", "c.profile_id")
    .select([
      sql<"single" | "monthly">`'monthly'`.as("kind"),
      "si.invoice_number",
      sql<string | null>`null`.as("order_number"),
      sql<string | null>`to_char(si.month, 'YYYY-MM-DD')`.as("month"),
      "p.full_name",
      "p.email",
      "si.due_date",
      "si.amount_cents",
    ])
    .where("si.status", "=", "open")
    .where("si.due_date", "<", today);
  const overdue = () => db.selectFrom(single.unionAll(monthly).as("u"));
  const rows = await overdue().selectAll().orderBy("u.due_date").orderBy("u.invoice_number").limit(ATTENTION_LIMIT).execute();
  return {
    rows: rows.map((row): OverdueInvoice => {
      const common = { invoiceNumber: row.invoice_number, customerName: row.full_name || row.email, dueDate: row.due_date, amountCents: row.amount_cents };
      return row.kind === "monthly"
        ? { ...common, kind: "monthly", month: row.month! }
        : { ...common, kind: "single", orderNumber: row.order_number! };
    }),
    total: await countUpTo(db, overdue().select(sql`1`.as("one"))),
  };
}

/** Payouts still to pay to helpers: how many and how much. */
export async function getPayoutsDue(db: Executor): Promise<{ count: number; amountCents: number }> {
  const row = await db
    .selectFrom("payouts")
    .select([sql<number>`count(*)::int`.as("count"), sql<number>`coalesce(sum(amount_cents), 0)::bigint`.as("amount")])
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return { count: row.count, amountCents: Number(row.amount) };
}

async function countUpTo(db: Executor, query: { limit: (n: number) => { compile: () => unknown } }): Promise<ListCount> {
  const result = await sql<{ n: number }>`select count(*)::int as n from (${query.limit(COUNT_CAP + 1)}) as counted`.execute(db);
  return cappedCount(result.rows[0]?.n ?? 0, COUNT_CAP);
}
