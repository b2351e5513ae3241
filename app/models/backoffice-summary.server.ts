import { sql } from "kysely";
import type { Executor } from "../db.server";

// The numbers on the back-office welcome page (spec 001 §2 names four cards; the old product
// showed zeros, we show the real figures).

export interface BackofficeSummary {
  customers: number;
  caregivers: number;
  caregiversPending: number;
  orders: number;
  /** pending and pending_payment count as open (spec 001 §4). */
  ordersOpen: number;
  /** Sum of completed orders' totals over the last 30 days, in cents (spec 001 §9). */
  revenueLast30DaysCents: number;
}

export async function getBackofficeSummary(db: Executor): Promise<BackofficeSummary> {
  const [customers, caregivers, orders] = await Promise.all([
    db.selectFrom("customers").select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
    db
      .selectFrom("caregivers")
      .select([
        sql<number>`count(*)::int`.as("count"),
        sql<number>`(count(*) filter (where status = 'pending'))::int`.as("pending"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .select([
        sql<number>`count(*)::int`.as("count"),
        sql<number>`(count(*) filter (where status in ('pending', 'pending_payment')))::int`.as("open"),
        sql<number>`coalesce(sum(total_price_cents) filter (where status = 'completed' and completed_at >= now() - interval '30 days'), 0)::int`.as(
          "revenue",
        ),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    customers: customers.count,
    caregivers: caregivers.count,
    caregiversPending: caregivers.pending,
    orders: orders.count,
    ordersOpen: orders.open,
    revenueLast30DaysCents: orders.revenue,
  };
}
