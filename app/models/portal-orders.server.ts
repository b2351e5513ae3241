import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { OrderStatus } from "../db/schema";
import { ordersWithParties, orderSummaryColumns, toOrderSummary } from "./order-views.server";

// The portal's read-only order lists, always scoped by the signed-in user's own customer or
// caregiver id (STYLE.md principle 5): nobody sees another person's orders by changing a URL.

export interface UpcomingOrder {
  id: string;
  orderNumber: string;
  serviceName: string;
  status: OrderStatus;
  startsAt: Date;
  endsAt: Date;
  durationHours: number;
  address: string;
  postalCode: string;
  city: string;
  description: string | null;
  /** What this person pays (customer) or earns (caregiver), in cents. */
  amountCents: number;
}

export const UPCOMING_ORDERS_LIMIT = 3;

/**
 * The next orders of a user from now on, soonest first (spec 001 §2 portal home): as the
 * customer, or as the assigned helper. Cancelled orders are not upcoming.
 */
export async function listUpcomingOrdersForUser(
  db: Executor,
  userId: string,
  limit = UPCOMING_ORDERS_LIMIT,
): Promise<UpcomingOrder[]> {
  const rows = await db
    .selectFrom("orders")
    .innerJoin("service_categories", "service_categories.id", "orders.service_category_id")
    .leftJoin("customers", "customers.id", "orders.customer_id")
    .leftJoin("caregivers", "caregivers.id", "orders.caregiver_id")
    .where((eb) => eb.or([eb("customers.profile_id", "=", userId), eb("caregivers.profile_id", "=", userId)]))
    .where("orders.starts_at", ">=", sql<Date>`now()`)
    .where("orders.status", "!=", "cancelled")
    .select([
      "orders.id",
      "orders.order_number",
      "service_categories.name as service_name",
      "orders.status",
      "orders.starts_at",
      "orders.ends_at",
      "orders.duration_hours",
      "orders.address",
      "orders.postal_code",
      "orders.city",
      "orders.description",
      sql<number>`case when caregivers.profile_id = ${userId} then orders.caregiver_earnings_cents else orders.total_price_cents end`.as(
        "amount_cents",
      ),
    ])
    .orderBy("orders.starts_at", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    serviceName: row.service_name,
    status: row.status,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    durationHours: row.duration_hours,
    address: row.address,
    postalCode: row.postal_code,
    city: row.city,
    description: row.description,
    amountCents: row.amount_cents,
  }));
}

export interface CaregiverBooking {
  id: string;
  orderNumber: string;
  serviceName: string;
  customerName: string;
  status: OrderStatus;
  startsAt: Date;
  endsAt: Date;
  durationHours: number;
  city: string;
  description: string | null;
  earningsCents: number;
}

/**
 * A helper's own orders (spec 001 §2 caregiver-bookings): open and upcoming work first, soonest
 * first, then finished and cancelled ones, newest first.
 */
export async function listCaregiverBookings(db: Executor, caregiverId: string): Promise<CaregiverBooking[]> {
  const rows = await ordersWithParties(db)
    .where("o.caregiver_id", "=", caregiverId)
    .select([...orderSummaryColumns, "cp.full_name as customer_name", "o.duration_hours", "o.description", "o.caregiver_earnings_cents"])
    .orderBy(sql`case when o.status in ('completed', 'cancelled') then 1 else 0 end`)
    // Within the open group the soonest first, within the finished group the latest first.
    .orderBy(sql`case when o.status in ('completed', 'cancelled') then -extract(epoch from o.starts_at) else extract(epoch from o.starts_at) end`)
    .execute();
  return rows.map((row) => ({
    ...toOrderSummary(row),
    customerName: row.customer_name,
    durationHours: row.duration_hours,
    description: row.description,
    earningsCents: row.caregiver_earnings_cents,
  }));
}
