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
    // A guest order on this account's address is not shown until the account holder claims it.
    .where((eb) => eb.or([eb("orders.claimed", "=", true), eb("caregivers.profile_id", "=", userId)]))
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

export interface CustomerOrder {
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
  caregiverName: string | null;
  recipientName: string | null;
  totalPriceCents: number;
  hasInvoice: boolean;
}

/**
 * The signed-in customer's own orders (spec 001 §2 "Tilaukset"): upcoming ones soonest first, or
 * past ones (started before now, or cancelled) newest first, a page at a time. Scoped by the
 * customer's profile, never by an id from the URL.
 */
export async function listCustomerOrders(
  db: Executor,
  profileId: string,
  options: { when: "upcoming" | "past"; limit: number; offset?: number },
): Promise<{ rows: CustomerOrder[]; hasMore: boolean }> {
  const upcoming = options.when === "upcoming";
  const rows = await ordersWithParties(db)
    .leftJoin("invoices as i", "i.order_id", "o.id")
    .select([
      ...orderSummaryColumns,
      "o.duration_hours",
      "o.address",
      "o.postal_code",
      "o.booking_for",
      "o.recipient_first_name",
      "o.recipient_last_name",
      "o.total_price_cents",
      "gp.full_name as caregiver_name",
      "i.id as invoice_id",
    ])
    .where("cp.id", "=", profileId)
    .where("o.claimed", "=", true)
    .where((eb) =>
      upcoming
        ? eb.and([eb("o.starts_at", ">=", sql<Date>`now()`), eb("o.status", "!=", "cancelled")])
        : eb.or([eb("o.starts_at", "<", sql<Date>`now()`), eb("o.status", "=", "cancelled")]),
    )
    .orderBy("o.starts_at", upcoming ? "asc" : "desc")
    .orderBy("o.id")
    .limit(options.limit + 1)
    .offset(options.offset ?? 0)
    .execute();
  return {
    hasMore: rows.length > options.limit,
    rows: rows.slice(0, options.limit).map((row) => ({
      ...toOrderSummary(row),
      durationHours: row.duration_hours,
      address: row.address,
      postalCode: row.postal_code,
      caregiverName: row.caregiver_name ?? null,
      recipientName:
        row.booking_for === "other" ? [row.recipient_first_name, row.recipient_last_name].filter(Boolean).join(" ") || null : null,
      totalPriceCents: row.total_price_cents,
      hasInvoice: row.invoice_id !== null,
    })),
  };
}

export interface UnclaimedOrder {
  id: string;
  orderNumber: string;
  serviceName: string;
  startsAt: Date;
  endsAt: Date;
  city: string;
  payerName: string | null;
}

/** Orders booked without signing in with this account's e-mail, waiting for the holder to claim them (DESIGN.md decision 15). */
export async function listUnclaimedOrders(db: Executor, profileId: string): Promise<UnclaimedOrder[]> {
  const rows = await ordersWithParties(db)
    .select([...orderSummaryColumns, "o.payer_name"])
    .where("cp.id", "=", profileId)
    .where("o.claimed", "=", false)
    .orderBy("o.starts_at", "desc")
    .limit(50)
    .execute();
  return rows.map((row) => ({ ...toOrderSummary(row), payerName: row.payer_name }));
}

/** The account holder says the order is theirs: it joins their orders. Only their own unclaimed order changes. */
export async function claimOrder(db: Executor, profileId: string, orderId: string): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ claimed: true, updated_at: sql`now()` })
    .where("id", "=", orderId)
    .where("claimed", "=", false)
    .where("customer_id", "in", db.selectFrom("customers").select("id").where("profile_id", "=", profileId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
