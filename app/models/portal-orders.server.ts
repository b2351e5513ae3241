import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { PaymentStatus } from "../db/schema";
import { safePhotoUrl } from "../domain/caregiver-offer";
import type { OrderAmounts } from "../domain/order-amounts";
import { acceptedByItsCaregiver } from "./caregiver-tasks.server";
import { ordersWithParties, orderSummaryColumns, toOrderSummary, type OrderSummary } from "./order-views.server";

// The portal's read-only order lists, always scoped by the signed-in user's own customer or
// caregiver id (STYLE.md principle 5): nobody sees another person's orders by changing a URL.

/** What every portal view of an order shows: its summary, the helper's acceptance, the visit's length and address. */
export interface PortalOrder extends OrderSummary {
  /** Has the assigned helper accepted the order ('Vahvistettu' to the customer)? */
  accepted: boolean;
  durationHours: number;
  address: string;
  postalCode: string;
  /** Weeks between the visits of the series the order is an occurrence of; null for a single visit. */
  seriesIntervalWeeks: 1 | 2 | null;
}

const portalOrderColumns = [
  ...orderSummaryColumns,
  acceptedByItsCaregiver().as("accepted"),
  "o.duration_hours",
  "o.address",
  "o.postal_code",
  sql<1 | 2 | null>`(select os.interval_weeks from order_series os where os.id = o.series_id)`.as("series_interval_weeks"),
] as const;

function toPortalOrder(row: Parameters<typeof toOrderSummary>[0] & {
  accepted: boolean;
  duration_hours: number;
  address: string;
  postal_code: string;
  series_interval_weeks: 1 | 2 | null;
}): PortalOrder {
  return {
    ...toOrderSummary(row),
    accepted: row.accepted,
    durationHours: row.duration_hours,
    address: row.address,
    postalCode: row.postal_code,
    seriesIntervalWeeks: row.series_interval_weeks,
  };
}

export interface UpcomingOrder extends PortalOrder {
  description: string | null;
  caregiverName: string | null;
  /** The recipient's name when the order is for someone else. */
  recipientName: string | null;
  /** 'customer' when the user booked it, 'caregiver' when they are its helper. */
  as: "customer" | "caregiver";
  /** What this person pays (customer) or earns (caregiver), in cents. */
  amountCents: number;
}

export const UPCOMING_ORDERS_LIMIT = 3;

/** The recipient's name of an order for someone else, or null (DESIGN.md decision 14). */
function recipientNameOf(row: { booking_for: "self" | "other"; recipient_first_name: string | null; recipient_last_name: string | null }): string | null {
  if (row.booking_for !== "other") return null;
  return [row.recipient_first_name, row.recipient_last_name].filter(Boolean).join(" ") || null;
}

/**
 * The next orders of a user from now on, soonest first (spec 001 §2 portal home): as the
 * customer, or as the assigned helper. Cancelled orders are not upcoming.
 */
export async function listUpcomingOrdersForUser(
  db: Executor,
  userId: string,
  limit = UPCOMING_ORDERS_LIMIT,
): Promise<UpcomingOrder[]> {
  const rows = await ordersWithParties(db)
    .where((eb) => eb.or([eb("cp.id", "=", userId), eb("gp.id", "=", userId)]))
    .where("o.starts_at", ">=", sql<Date>`now()`)
    // Upcoming means still to be done: a visit marked done early is not listed, nor a cancelled one.
    .where("o.status", "not in", ["cancelled", "completed"])
    // A guest order on this account's address is not shown until the account holder claims it.
    .where((eb) => eb.or([eb("o.claimed", "=", true), eb("gp.id", "=", userId)]))
    .select([
      ...portalOrderColumns,
      "o.description",
      "o.booking_for",
      "o.recipient_first_name",
      "o.recipient_last_name",
      "gp.full_name as caregiver_name",
      sql<boolean>`gp.id is not distinct from ${userId}`.as("as_caregiver"),
      sql<number>`case when gp.id is not distinct from ${userId} then o.caregiver_earnings_cents else o.total_price_cents end`.as("amount_cents"),
    ])
    .orderBy("o.starts_at", "asc")
    .orderBy("o.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...toPortalOrder(row),
    description: row.description,
    caregiverName: row.caregiver_name ?? null,
    recipientName: recipientNameOf(row),
    as: row.as_caregiver ? "caregiver" : "customer",
    amountCents: row.amount_cents,
  }));
}

export interface PortalFigures {
  /** Orders the user booked (claimed) or, for a helper, was assigned. */
  orders: number;
  reviewsGiven: number;
  reviewsReceived: number;
}

/** The counts on the portal home: orders, and reviews given as a customer or received as a helper. */
export async function portalFigures(db: Executor, userId: string): Promise<PortalFigures> {
  const row = await sql<{ orders: number; reviews_given: number; reviews_received: number }>`
    select
      (select count(*)::int from orders o
         join customers c on c.id = o.customer_id
         left join caregivers cg on cg.id = o.caregiver_id
        where (c.profile_id = ${userId} and o.claimed) or cg.profile_id = ${userId}) as orders,
      (select count(*)::int from reviews r join customers c on c.id = r.customer_id where c.profile_id = ${userId}) as reviews_given,
      (select count(*)::int from reviews r join caregivers cg on cg.id = r.caregiver_id where cg.profile_id = ${userId}) as reviews_received
  `.execute(db);
  const figures = row.rows[0];
  return { orders: figures?.orders ?? 0, reviewsGiven: figures?.reviews_given ?? 0, reviewsReceived: figures?.reviews_received ?? 0 };
}

export interface CustomerOrder extends PortalOrder {
  caregiverName: string | null;
  /** The service and the helper, for 'Varaa sama kaveri uudelleen'. */
  serviceId: string;
  caregiverId: string | null;
  recipientName: string | null;
  totalPriceCents: number;
  hasInvoice: boolean;
  /** The customer has rated the visit (reviews, issue 10). */
  reviewed: boolean;
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
      ...portalOrderColumns,
      "o.booking_for",
      "o.recipient_first_name",
      "o.recipient_last_name",
      "o.total_price_cents",
      "gp.full_name as caregiver_name",
      "o.service_category_id",
      "o.caregiver_id",
      "i.id as invoice_id",
      sql<boolean>`exists (select 1 from reviews r where r.order_id = o.id)`.as("reviewed"),
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
      ...toPortalOrder(row),
      caregiverName: row.caregiver_name ?? null,
      serviceId: row.service_category_id,
      caregiverId: row.caregiver_id,
      recipientName: recipientNameOf(row),
      totalPriceCents: row.total_price_cents,
      hasInvoice: row.invoice_id !== null,
      reviewed: row.reviewed,
    })),
  };
}

/** What a customer sees of an order's money (DESIGN.md decisions 2, 3): not the fee nor the helper's share. */
export type CustomerAmounts = Pick<
  OrderAmounts,
  "unitPriceCents" | "originalPriceCents" | "discountCents" | "totalPriceCents" | "netAmountCents" | "vatAmountCents" | "vatRateBp"
>;

export interface CustomerOrderDetail extends PortalOrder, CustomerAmounts {
  description: string | null;
  /** 'Lisätietoja kaverille' (orders.special_notes). */
  specialNotes: string | null;
  recipient: { name: string; phone: string | null } | null;
  caregiver: { name: string; photoUrl: string | null } | null;
  paymentMethod: "online" | "invoice";
  discountCode: string | null;
  /** Set once cancelled: the fee kept (0 when free). */
  cancellationFeeCents: number | null;
  /** The newest online payment. */
  payment: { status: PaymentStatus; refundedCents: number | null } | null;
  invoice: {
    invoiceNumber: number;
    referenceNumber: string;
    dueDate: string;
    status: "open" | "paid" | "cancelled";
    amountCents: number;
    /** What was paid of it and what its credit note took off: the open balance's other terms. */
    paidCents: number;
    creditedCents: number;
  } | null;
  creditNote: { creditNoteNumber: number; amountCents: number } | null;
  /** The receipt of the captured online payment, once there is one. */
  receiptNumber: number | null;
  reviewed: boolean;
}

/**
 * One order of the signed-in customer, by its number (issue 10 order page): null unless the order
 * is theirs and claimed (a guest order on their address shows only after they confirm it is
 * theirs, DESIGN.md decision 15), so a guessed number shows nothing.
 */
export async function findCustomerOrder(db: Executor, profileId: string, orderNumber: string): Promise<CustomerOrderDetail | null> {
  const row = await orderDetailQuery(db).where("o.order_number", "=", orderNumber).where("cp.id", "=", profileId).where("o.claimed", "=", true).executeTakeFirst();
  return row ? toOrderDetail(row) : null;
}

/**
 * The same order detail by its id, for the holder of its "Hallitse varausta" link (issue 28,
 * app/services/manage-links.server.ts): the link itself is the permission, so no owner scope.
 */
export async function findOrderDetailById(db: Executor, orderId: string): Promise<CustomerOrderDetail | null> {
  const row = await orderDetailQuery(db).where("o.id", "=", orderId).executeTakeFirst();
  return row ? toOrderDetail(row) : null;
}

function orderDetailQuery(db: Executor) {
  return ordersWithParties(db)
    .leftJoin("discount_codes as dc", "dc.id", "o.discount_code_id")
    .leftJoin("invoices as i", "i.order_id", "o.id")
    // A series visit's credit note is of its line on the monthly invoice (decision 0044).
    .leftJoin("series_invoice_lines as sl", "sl.order_id", "o.id")
    .leftJoin("credit_notes as cn", (join) => join.on((eb) => eb.or([eb("cn.invoice_id", "=", eb.ref("i.id")), eb("cn.series_invoice_line_id", "=", eb.ref("sl.id"))])))
    .leftJoin("reviews as rv", "rv.order_id", "o.id")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("payments")
          .select(["payments.status", "payments.refunded_cents"])
          .whereRef("payments.order_id", "=", "o.id")
          .where("payments.provider", "<>", "invoice")
          .orderBy("payments.created_at", "desc")
          .limit(1)
          .as("p"),
      (join) => join.onTrue(),
    )
    .select([
      ...portalOrderColumns,
      "o.description",
      "o.special_notes",
      "o.booking_for",
      "o.recipient_first_name",
      "o.recipient_last_name",
      "o.recipient_phone",
      "gp.full_name as caregiver_name",
      "cg.profile_image_url",
      "o.payment_method",
      "o.unit_price_cents",
      "o.original_price_cents",
      "o.discount_cents",
      "dc.code as discount_code",
      "o.total_price_cents",
      "o.net_amount_cents",
      "o.vat_amount_cents",
      "o.vat_rate_bp",
      "o.cancellation_fee_cents",
      "p.status as payment_status",
      "p.refunded_cents",
      "i.invoice_number",
      "i.reference_number",
      "i.due_date",
      "i.status as invoice_status",
      "i.amount_cents as invoice_amount_cents",
      sql<number>`(select coalesce(sum(ip.amount_cents), 0)::int from invoice_payments ip where ip.invoice_id = i.id)`.as("invoice_paid_cents"),
      "cn.credit_note_number",
      "cn.amount_cents as credit_note_amount_cents",
      // The newest receipt of the order's online payment (migration 0020).
      sql<number | null>`(select max(r.receipt_number) from receipts r where r.order_id = o.id)`.as("receipt_number"),
      "rv.id as review_id",
    ]);
}

function toOrderDetail(row: NonNullable<Awaited<ReturnType<ReturnType<typeof orderDetailQuery>["executeTakeFirst"]>>>): CustomerOrderDetail {
  const recipientName = recipientNameOf(row);
  return {
    ...toPortalOrder(row),
    description: row.description,
    specialNotes: row.special_notes,
    recipient: recipientName ? { name: recipientName, phone: row.recipient_phone } : null,
    caregiver: row.caregiver_name ? { name: row.caregiver_name, photoUrl: safePhotoUrl(row.profile_image_url ?? null) } : null,
    paymentMethod: row.payment_method,
    unitPriceCents: row.unit_price_cents,
    originalPriceCents: row.original_price_cents,
    discountCents: row.discount_cents,
    discountCode: row.discount_code ?? null,
    totalPriceCents: row.total_price_cents,
    netAmountCents: row.net_amount_cents,
    vatAmountCents: row.vat_amount_cents,
    vatRateBp: row.vat_rate_bp,
    cancellationFeeCents: row.cancellation_fee_cents,
    payment: row.payment_status ? { status: row.payment_status, refundedCents: row.refunded_cents ?? null } : null,
    invoice:
      row.invoice_number !== null && row.invoice_number !== undefined
        ? {
            invoiceNumber: row.invoice_number,
            referenceNumber: row.reference_number!,
            dueDate: row.due_date!,
            status: row.invoice_status!,
            amountCents: row.invoice_amount_cents!,
            paidCents: row.invoice_paid_cents ?? 0,
            creditedCents: row.credit_note_amount_cents ?? 0,
          }
        : null,
    creditNote:
      row.credit_note_number !== null && row.credit_note_number !== undefined
        ? { creditNoteNumber: row.credit_note_number, amountCents: row.credit_note_amount_cents! }
        : null,
    receiptNumber: row.receipt_number ?? null,
    reviewed: row.review_id !== null && row.review_id !== undefined,
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
