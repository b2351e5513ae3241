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

/** Completed orders' sales per ISO week ('2026-W47') or month ('2026-11'). */
export async function salesBy(db: Executor, period: Period, unit: "week" | "month"): Promise<Bucket[]> {
  const format = unit === "week" ? 'IYYY-"W"IW' : "YYYY-MM";
  const bucket = sql<string>`to_char(date_trunc(${unit}, completed_at at time zone 'Europe/Helsinki'), ${format})`;
  const rows = await db
    .selectFrom("orders")
    .select([bucket.as("label"), sql<number>`count(*)::int`.as("orders"), sql<string>`sum(total_price_cents)::bigint`.as("cents")])
    .where("status", "=", "completed")
    .where("completed_at", ">=", period.from)
    .where("completed_at", "<", period.before)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
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
