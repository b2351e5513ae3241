import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { OrderStatus, RescheduleRefundStatus } from "../db/schema";
import type { BookingInterval } from "../domain/booking-window";
import type { DiscountRule } from "../domain/discount";
import type { OrderAmounts } from "../domain/order-amounts";
import { isUuid } from "../domain/uuid";
import { ordersWithParties } from "./order-views.server";

// What rescheduling a visit reads and writes (DESIGN.md decision 23, docs/decisions/0020): the
// order with its people and money, the new time and price, the replaced invoice and the
// reschedule row whose refund state makes a refund of the difference happen once.

export interface OrderToReschedule {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  serviceId: string;
  serviceName: string;
  startsAt: Date;
  endsAt: Date;
  durationHours: number;
  postalCode: string;
  city: string;
  paymentMethod: "online" | "invoice";
  totalPriceCents: number;
  /** The discount code's rule, applied again to the new price (a code's redemption stays). */
  discount: Pick<DiscountRule, "type" | "percentBp" | "amountCents" | "maxDiscountCents"> | null;
  visitSequence: number;
  customer: { profileId: string; email: string; fullName: string };
  caregiver: { id: string; email: string; fullName: string; profileId: string } | null;
}

function baseQuery(executor: Executor) {
  return ordersWithParties(executor)
    .leftJoin("discount_codes as dc", "dc.id", "o.discount_code_id")
    .select([
      "o.id",
      "o.order_number",
      "o.status",
      "o.service_category_id",
      "sc.name as service_name",
      "o.starts_at",
      "o.ends_at",
      "o.duration_hours",
      "o.postal_code",
      "o.city",
      "o.payment_method",
      "o.total_price_cents",
      "o.visit_sequence",
      "dc.type as discount_type",
      "dc.percent_bp",
      "dc.amount_cents as discount_amount_cents",
      "dc.max_discount_cents",
      "cp.id as customer_profile_id",
      "cp.email as customer_email",
      "cp.full_name as customer_name",
      "cg.id as caregiver_id",
      "gp.id as caregiver_profile_id",
      "gp.email as caregiver_email",
      "gp.full_name as caregiver_name",
    ]);
}

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof baseQuery>["executeTakeFirst"]>>>;

function toOrder(row: Row): OrderToReschedule {
  return {
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    serviceId: row.service_category_id,
    serviceName: row.service_name,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    durationHours: row.duration_hours,
    postalCode: row.postal_code,
    city: row.city,
    paymentMethod: row.payment_method,
    totalPriceCents: row.total_price_cents,
    discount: row.discount_type
      ? { type: row.discount_type, percentBp: row.percent_bp, amountCents: row.discount_amount_cents, maxDiscountCents: row.max_discount_cents }
      : null,
    visitSequence: row.visit_sequence,
    customer: { profileId: row.customer_profile_id, email: row.customer_email, fullName: row.customer_name ?? "" },
    caregiver:
      row.caregiver_id && row.caregiver_email && row.caregiver_profile_id
        ? { id: row.caregiver_id, email: row.caregiver_email, fullName: row.caregiver_name ?? "", profileId: row.caregiver_profile_id }
        : null,
  };
}

/** The order for the pages of the move (no lock). */
export async function findOrderToReschedule(executor: Executor, orderNumber: string): Promise<OrderToReschedule | null> {
  const row = await baseQuery(executor).where("o.order_number", "=", orderNumber).executeTakeFirst();
  return row ? toOrder(row) : null;
}

/** The same inside the moving transaction, the order row locked against a parallel change. */
export async function lockOrderToReschedule(trx: Executor, orderId: string): Promise<OrderToReschedule | null> {
  if (!isUuid(orderId)) return null;
  const row = await baseQuery(trx).where("o.id", "=", orderId).forUpdate("o").executeTakeFirst();
  return row ? toOrder(row) : null;
}

export interface CurrentInvoice {
  id: string;
  invoiceNumber: number;
  amountCents: number;
  status: "open" | "paid" | "cancelled";
  paidCents: number;
}

/** The order's current invoice and what has been recorded paid on it. */
export async function findCurrentInvoice(executor: Executor, orderId: string): Promise<CurrentInvoice | null> {
  const row = await executor
    .selectFrom("invoices as i")
    .select([
      "i.id",
      "i.invoice_number as invoiceNumber",
      "i.amount_cents as amountCents",
      "i.status",
      sql<number>`(select coalesce(sum(ip.amount_cents), 0)::int from invoice_payments ip where ip.invoice_id = i.id)`.as("paidCents"),
    ])
    .where("i.order_id", "=", orderId)
    .executeTakeFirst();
  return row ?? null;
}

export interface CapturedPayment {
  id: string;
  /** What the payment still holds: its amount less what has been refunded of it. */
  heldCents: number;
}

/** The order's captured online payment, if it has one. */
export async function findCapturedPayment(executor: Executor, orderId: string): Promise<CapturedPayment | null> {
  const row = await executor
    .selectFrom("payments")
    .select(["id", "amount_cents", "refunded_cents"])
    .where("order_id", "=", orderId)
    .where("provider", "<>", "invoice")
    .where("status", "=", "captured")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, heldCents: row.amount_cents - (row.refunded_cents ?? 0) } : null;
}

/**
 * Moves the visit: the new time, the new price, the helper (or none), acceptance reset (the
 * helper agreed to the old time, not this one) and the visit sequence raised. Throws the
 * exclusion violation when the helper has another live order at the new time.
 */
export async function moveOrder(
  trx: Executor,
  orderId: string,
  change: { interval: BookingInterval; durationHours: number; amounts: OrderAmounts; caregiverId: string | null },
): Promise<number> {
  const { interval, amounts } = change;
  const row = await trx
    .updateTable("orders")
    .set({
      starts_at: interval.startsAt,
      ends_at: interval.endsAt,
      scheduled_date: interval.scheduledDate,
      scheduled_start: interval.scheduledStart,
      scheduled_end: interval.scheduledEnd,
      duration_hours: change.durationHours,
      unit_price_cents: amounts.unitPriceCents,
      original_price_cents: amounts.originalPriceCents,
      discount_cents: amounts.discountCents,
      total_price_cents: amounts.totalPriceCents,
      net_amount_cents: amounts.netAmountCents,
      vat_amount_cents: amounts.vatAmountCents,
      platform_fee_cents: amounts.platformFeeCents,
      caregiver_earnings_cents: amounts.caregiverEarningsCents,
      caregiver_id: change.caregiverId,
      accepted_caregiver_id: null,
      caregiver_accepted_at: null,
      visit_sequence: sql`visit_sequence + 1`,
      updated_at: sql`now()`,
    })
    .where("id", "=", orderId)
    .returning("visit_sequence")
    .executeTakeFirstOrThrow();
  await trx.updateTable("discount_redemptions").set({ amount_cents: amounts.discountCents }).where("order_id", "=", orderId).execute();
  // An invoice order's payment row mirrors what its invoice asks until it is paid.
  await trx
    .updateTable("payments")
    .set({ amount_cents: amounts.totalPriceCents, updated_at: sql`now()` })
    .where("order_id", "=", orderId)
    .where("provider", "=", "invoice")
    .where("status", "=", "pending")
    .execute();
  return row.visit_sequence;
}

/** The replaced invoice leaves the order (it stays in the books, closed by its credit note). */
export async function detachInvoice(trx: Executor, invoiceId: string, orderId: string) {
  await trx
    .updateTable("invoices")
    .set({ order_id: null, replaced_order_id: orderId, status: "cancelled" })
    .where("id", "=", invoiceId)
    .execute();
}

export interface RescheduleRecord {
  orderId: string;
  visitSequence: number;
  actorId: string;
  byStaff: boolean;
  old: { startsAt: Date; endsAt: Date; caregiverId: string | null; totalCents: number };
  next: { startsAt: Date; endsAt: Date; caregiverId: string | null; totalCents: number };
  creditedInvoiceId: string | null;
  newInvoiceId: string | null;
  paymentId: string | null;
  refundCents: number;
}

export async function insertReschedule(trx: Executor, record: RescheduleRecord): Promise<string> {
  const row = await trx
    .insertInto("order_reschedules")
    .values({
      order_id: record.orderId,
      visit_sequence: record.visitSequence,
      actor_id: record.actorId,
      by_staff: record.byStaff,
      old_starts_at: record.old.startsAt,
      old_ends_at: record.old.endsAt,
      new_starts_at: record.next.startsAt,
      new_ends_at: record.next.endsAt,
      old_caregiver_id: record.old.caregiverId,
      new_caregiver_id: record.next.caregiverId,
      old_total_cents: record.old.totalCents,
      new_total_cents: record.next.totalCents,
      credited_invoice_id: record.creditedInvoiceId,
      new_invoice_id: record.newInvoiceId,
      payment_id: record.paymentId,
      refund_cents: record.refundCents,
      refund_status: record.refundCents > 0 ? "pending" : "none",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface RescheduleRefund {
  id: string;
  orderId: string;
  paymentId: string;
  refundCents: number;
  status: RescheduleRefundStatus;
}

export async function findRescheduleRefund(executor: Executor, rescheduleId: string): Promise<RescheduleRefund | null> {
  const row = await executor
    .selectFrom("order_reschedules")
    .select(["id", "order_id", "payment_id", "refund_cents", "refund_status"])
    .where("id", "=", rescheduleId)
    .executeTakeFirst();
  if (!row || !row.payment_id) return null;
  return { id: row.id, orderId: row.order_id, paymentId: row.payment_id, refundCents: row.refund_cents, status: row.refund_status };
}

/**
 * Takes the refund for this caller: pending or failed → refunding, true for exactly one caller.
 * A claim left by a crash stays 'refunding'; the provider's idempotency key makes its retry safe.
 */
export async function claimRescheduleRefund(executor: Executor, rescheduleId: string): Promise<boolean> {
  const result = await executor
    .updateTable("order_reschedules")
    .set({ refund_status: "refunding" })
    .where("id", "=", rescheduleId)
    .where("refund_status", "in", ["pending", "failed"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function settleRescheduleRefund(executor: Executor, rescheduleId: string, status: "refunded" | "failed" | "manual") {
  await executor
    .updateTable("order_reschedules")
    .set({ refund_status: status, refunded_at: status === "refunded" ? sql`now()` : null })
    .where("id", "=", rescheduleId)
    .where("refund_status", "=", "refunding")
    .execute();
}

/**
 * Nobody will try this refund again by itself: staff must give it back by hand. From a failure,
 * or from a claim whose process stopped before settling it.
 */
export async function markRescheduleRefundManual(executor: Executor, rescheduleId: string) {
  await executor
    .updateTable("order_reschedules")
    .set({ refund_status: "manual", refunded_at: null })
    .where("id", "=", rescheduleId)
    .where("refund_status", "in", ["pending", "failed", "refunding"])
    .execute();
}

export interface UnfinishedRescheduleRefund {
  rescheduleId: string;
  orderNumber: string;
  customerName: string;
  refundCents: number;
  status: "failed" | "manual";
  movedAt: Date;
}

/** Refunds of moves that the provider refused for good or that must be made by hand, oldest first. */
export async function listUnfinishedRescheduleRefunds(executor: Executor, limit: number): Promise<UnfinishedRescheduleRefund[]> {
  const rows = await executor
    .selectFrom("order_reschedules")
    .innerJoin("orders", "orders.id", "order_reschedules.order_id")
    .innerJoin("customers", "customers.id", "orders.customer_id")
    .innerJoin("profiles", "profiles.id", "customers.profile_id")
    .select([
      "order_reschedules.id",
      "orders.order_number",
      "profiles.full_name",
      "profiles.email",
      "order_reschedules.refund_cents",
      "order_reschedules.refund_status",
      "order_reschedules.created_at",
    ])
    .where("order_reschedules.refund_status", "in", ["failed", "manual"])
    .orderBy("order_reschedules.created_at", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    rescheduleId: row.id,
    orderNumber: row.order_number,
    customerName: row.full_name || row.email,
    refundCents: row.refund_cents,
    status: row.refund_status as "failed" | "manual",
    movedAt: row.created_at,
  }));
}

/** The payment gave back part of itself: it stays captured, holding less. */
export async function addRefundedCents(executor: Executor, paymentId: string, cents: number) {
  await executor
    .updateTable("payments")
    .set({ refunded_cents: sql`coalesce(refunded_cents, 0) + ${cents}`, updated_at: sql`now()` })
    .where("id", "=", paymentId)
    .execute();
}
