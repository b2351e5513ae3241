import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { Period } from "./backoffice-payments.server";

// The figures of the reports page (issue 14 "Reports"), each one grouped query over a period.
// Sales count completed orders by completion time; the order mix, the helpers' hours and the
// cancellations count orders by their visit's start. Weeks, months and hours are Helsinki's.

export interface Bucket {
  label: string;
  orders: number;
  cents: number;
}

/**
 * Completed orders' sales per ISO week ('viikko 47/2026') or month ('11/2026'), every week or
 * month of the period in order, those without sales as 0, so that the chart's gaps are visible
 * as gaps (issue 31). A period without any sales gives no rows: the page says so in words.
 */
const TEN_YEARS_MS = 10 * 366 * 24 * 60 * 60 * 1000;

export async function salesBy(db: Executor, period: Period, unit: "week" | "month"): Promise<Bucket[]> {
  const format = unit === "week" ? '"viikko "FMIW/IYYY' : "FMMM/YYYY";
  const step = unit === "week" ? sql`interval '1 week'` : sql`interval '1 month'`;
  const helsinki = (column: ReturnType<typeof sql>) => sql`date_trunc(${unit}, (${column}) at time zone 'Europe/Helsinki')`;
  // A typed-in period can span centuries: the series starts at most ten years before its end.
  const seriesFrom = new Date(Math.max(period.from.getTime(), period.before.getTime() - TEN_YEARS_MS));
  const { rows } = await sql<{ label: string; orders: number; cents: string }>`
    with buckets as (
      select generate_series(
        ${helsinki(sql`${seriesFrom}::timestamptz`)},
        ${helsinki(sql`${period.before}::timestamptz - interval '1 microsecond'`)},
        ${step}
      ) as start
    )
    select to_char(b.start, ${format}) as label, count(o.id)::int as orders, coalesce(sum(o.total_price_cents), 0)::bigint as cents
    from buckets b
    left join orders o
      on o.status = 'completed'
      and o.completed_at >= ${period.from}
      and o.completed_at < ${period.before}
      and ${helsinki(sql.ref("o.completed_at"))} = b.start
    group by b.start
    order by b.start`.execute(db);
  if (rows.every((row) => row.orders === 0)) return [];
  return rows.map((row) => ({ label: row.label, orders: row.orders, cents: Number(row.cents) }));
}

/** Live and past orders (not cancelled) whose visit starts in the period, per service or per city. */
export async function ordersBy(db: Executor, period: Period, dimension: "service" | "city"): Promise<Bucket[]> {
  const label = dimension === "service" ? sql<string>`sc.name` : sql<string>`initcap(lower(o.city))`;
  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("service_categories as sc", "sc.id", "o.service_category_id")
    .select([label.as("label"), sql<number>`count(*)::int`.as("orders"), sql<string>`sum(o.total_price_cents)::bigint`.as("cents")])
    .where("o.status", "!=", "cancelled")
    .where("o.starts_at", ">=", period.from)
    .where("o.starts_at", "<", period.before)
    .groupBy(sql`1`)
    .orderBy(sql`count(*)`, "desc")
    .orderBy(sql`1`)
    .execute();
  return rows.map((row) => ({ label: row.label, orders: row.orders, cents: Number(row.cents) }));
}

/** The same orders per Helsinki start hour 0–23 (the page groups them into the price bands). */
export async function ordersByStartHour(db: Executor, period: Period): Promise<Array<{ hour: number; orders: number; cents: number }>> {
  const rows = await db
    .selectFrom("orders")
    .select([
      sql<number>`extract(hour from starts_at at time zone 'Europe/Helsinki')::int`.as("hour"),
      sql<number>`count(*)::int`.as("orders"),
      sql<string>`sum(total_price_cents)::bigint`.as("cents"),
    ])
    .where("status", "!=", "cancelled")
    .where("starts_at", ">=", period.from)
    .where("starts_at", "<", period.before)
    .groupBy(sql`1`)
    .execute();
  return rows.map((row) => ({ hour: row.hour, orders: row.orders, cents: Number(row.cents) }));
}

/** Booked hours per helper in the period, the busiest first. */
export async function helperHours(db: Executor, period: Period, limit = 20): Promise<Array<{ name: string; orders: number; hours: number }>> {
  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("caregivers as cg", "cg.id", "o.caregiver_id")
    .innerJoin("profiles as gp", "gp.id", "cg.profile_id")
    .select(["gp.full_name", "gp.email", sql<number>`count(*)::int`.as("orders"), sql<number>`sum(o.duration_hours)::int`.as("hours")])
    .where("o.status", "!=", "cancelled")
    .where("o.starts_at", ">=", period.from)
    .where("o.starts_at", "<", period.before)
    .groupBy(["cg.id", "gp.full_name", "gp.email"])
    .orderBy(sql`sum(o.duration_hours)`, "desc")
    .orderBy("gp.full_name")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ name: row.full_name || row.email, orders: row.orders, hours: row.hours }));
}

/** All orders of the period and how many of them were cancelled, with the late fees kept. */
export async function cancellationFigures(db: Executor, period: Period): Promise<{ orders: number; cancelled: number; feesCents: number }> {
  const row = await db
    .selectFrom("orders")
    .select([
      sql<number>`count(*)::int`.as("orders"),
      sql<number>`count(*) filter (where status = 'cancelled')::int`.as("cancelled"),
      sql<string>`coalesce(sum(cancellation_fee_cents) filter (where status = 'cancelled'), 0)::bigint`.as("fees"),
    ])
    .where("starts_at", ">=", period.from)
    .where("starts_at", "<", period.before)
    .executeTakeFirstOrThrow();
  return { orders: row.orders, cancelled: row.cancelled, feesCents: Number(row.fees) };
}
