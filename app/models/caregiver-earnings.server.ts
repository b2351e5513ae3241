import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { PayoutStatus } from "../db/schema";
import { firstRows } from "../domain/list-query";

// A helper's earnings (issue 10 "Earnings page"; DESIGN.md decision 18): each completed order's
// payout, pending until an admin marks it paid. Scoped by the helper's own caregiver id.

export interface EarningsSummary {
  /** Payouts of the completed orders whose visit starts in the current Helsinki calendar month. */
  thisMonthCents: number;
  thisMonthCount: number;
  pendingCents: number;
  pendingCount: number;
  paidCents: number;
  paidCount: number;
}

export async function earningsSummary(db: Executor, caregiverId: string, now: Date): Promise<EarningsSummary> {
  // The first instants of this month and the next in Helsinki, whatever the server's time zone.
  // The month is the visit's own (a visit on 1.12 is December's, whenever it was marked done).
  const monthOf = sql`date_trunc('month', ${now}::timestamptz at time zone 'Europe/Helsinki')`;
  const monthStart = sql<Date>`(${monthOf} at time zone 'Europe/Helsinki')`;
  const nextMonthStart = sql<Date>`((${monthOf} + interval '1 month') at time zone 'Europe/Helsinki')`;
  const inThisMonth = sql`o.starts_at >= ${monthStart} and o.starts_at < ${nextMonthStart}`;
  const row = await db
    .selectFrom("payouts as po")
    .innerJoin("orders as o", "o.id", "po.order_id")
    .where("po.caregiver_id", "=", caregiverId)
    .select([
      sql<number>`coalesce(sum(po.amount_cents) filter (where ${inThisMonth}), 0)::int`.as("month_cents"),
      sql<number>`(count(*) filter (where ${inThisMonth}))::int`.as("month_count"),
      sql<number>`coalesce(sum(po.amount_cents) filter (where po.status = 'pending'), 0)::int`.as("pending_cents"),
      sql<number>`(count(*) filter (where po.status = 'pending'))::int`.as("pending_count"),
      sql<number>`coalesce(sum(po.amount_cents) filter (where po.status = 'paid'), 0)::int`.as("paid_cents"),
      sql<number>`(count(*) filter (where po.status = 'paid'))::int`.as("paid_count"),
    ])
    .executeTakeFirstOrThrow();
  return {
    thisMonthCents: row.month_cents,
    thisMonthCount: row.month_count,
    pendingCents: row.pending_cents,
    pendingCount: row.pending_count,
    paidCents: row.paid_cents,
    paidCount: row.paid_count,
  };
}

export interface PayoutLine {
  id: string;
  orderNumber: string;
  serviceName: string;
  startsAt: Date;
  endsAt: Date;
  amountCents: number;
  status: PayoutStatus;
  paidAt: Date | null;
}

/** The helper's payouts of one status: pending ones oldest first (paid in that order), paid ones latest first. */
export async function listPayouts(
  db: Executor,
  caregiverId: string,
  status: PayoutStatus,
  limit: number,
): Promise<{ rows: PayoutLine[]; hasMore: boolean }> {
  const rows = await db
    .selectFrom("payouts as po")
    .innerJoin("orders as o", "o.id", "po.order_id")
    .innerJoin("service_categories as sc", "sc.id", "o.service_category_id")
    .select(["po.id", "o.order_number", "sc.name as service_name", "o.starts_at", "o.ends_at", "po.amount_cents", "po.status", "po.paid_at"])
    .where("po.caregiver_id", "=", caregiverId)
    .where("po.status", "=", status)
    .$if(status === "pending", (query) => query.orderBy("o.starts_at", "asc"))
    .$if(status === "paid", (query) => query.orderBy("po.paid_at", "desc").orderBy("o.starts_at", "desc"))
    .orderBy("po.id")
    .limit(limit + 1)
    .execute();
  return firstRows(rows, limit, (row) => ({
    id: row.id,
    orderNumber: row.order_number,
    serviceName: row.service_name,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    amountCents: row.amount_cents,
    status: row.status,
    paidAt: row.paid_at,
  }));
}
