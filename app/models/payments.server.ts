import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { OrderStatus, PaymentMethodName, PaymentStatus } from "../db/schema";
import { isUuid } from "../domain/uuid";

// The SQL behind app/services/payments/*: online payment rows, the processed-events ledger, and
// the order changes a payment outcome causes (confirming an order, or cancelling it and giving
// back its discount redemption). The booking transaction that first inserts the order and its
// payment lives in app/models/orders.server.ts.

const ONLINE_PROVIDERS = ["local", "stripe"] as const;
export type OnlineProviderName = (typeof ONLINE_PROVIDERS)[number];

/** A payment row with its order (every payment has one). */
function paymentsWithOrders(executor: Executor) {
  return executor.selectFrom("payments").innerJoin("orders", "orders.id", "payments.order_id");
}

/** The queries select online payments only, so the invoice provider cannot appear in their rows. */
function withOnlineProvider<T extends { provider: string }>(row: T): Omit<T, "provider"> & { provider: OnlineProviderName } {
  return { ...row, provider: row.provider as OnlineProviderName };
}

/** What starting a checkout needs to know about an order and its online payment row. */
export interface CheckoutTarget {
  orderId: string;
  orderNumber: string;
  orderStatus: OrderStatus;
  totalPriceCents: number;
  serviceName: string;
  scheduledDate: string;
  startsAt: Date;
  endsAt: Date;
  customerEmail: string;
  paymentId: string;
  paymentStatus: PaymentStatus;
  paymentAmountCents: number;
  /** The provider and checkout id of a checkout started before, if any. */
  paymentProvider: "local" | "stripe" | "invoice";
  providerRef: string | null;
  /** An occurrence of a weekly series paid online (docs/decisions/0040). */
  inOnlineSeries: boolean;
}

export async function findCheckoutTarget(executor: Executor, orderId: string): Promise<CheckoutTarget | null> {
  const row = await executor
    .selectFrom("orders")
    .innerJoin("payments", "payments.order_id", "orders.id")
    .innerJoin("customers", "customers.id", "orders.customer_id")
    .innerJoin("profiles", "profiles.id", "customers.profile_id")
    .innerJoin("service_categories", "service_categories.id", "orders.service_category_id")
    .leftJoin("order_series", "order_series.id", "orders.series_id")
    .select([
      sql<boolean>`coalesce(order_series.payment_method = 'online', false)`.as("inOnlineSeries"),
      "orders.id as orderId",
      "orders.order_number as orderNumber",
      "orders.status as orderStatus",
      "orders.total_price_cents as totalPriceCents",
      "orders.scheduled_date as scheduledDate",
      "orders.starts_at as startsAt",
      "orders.ends_at as endsAt",
      "service_categories.name as serviceName",
      "profiles.email as customerEmail",
      "payments.id as paymentId",
      "payments.status as paymentStatus",
      "payments.amount_cents as paymentAmountCents",
      "payments.provider as paymentProvider",
      "payments.provider_ref as providerRef",
    ])
    .where("orders.id", "=", orderId)
    .where("payments.provider", "in", ONLINE_PROVIDERS)
    // A retried checkout reuses the same row; should there ever be two, the newest is the live one.
    .orderBy("payments.created_at", "desc")
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Stores the provider's checkout id on a still-pending payment. A new checkout for the same
 * order (a retry) replaces the old id, so events of an abandoned checkout no longer match.
 */
export async function attachCheckoutToPayment(
  executor: Executor,
  input: { paymentId: string; provider: OnlineProviderName; providerRef: string },
): Promise<boolean> {
  const result = await executor
    .updateTable("payments")
    .set({ provider: input.provider, provider_ref: input.providerRef, updated_at: sql`now()` })
    .where("id", "=", input.paymentId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A payment and its order, locked for the rest of the caller's transaction. */
export interface LockedPayment {
  paymentId: string;
  provider: OnlineProviderName;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethodName | null;
  orderId: string;
  orderNumber: string;
  orderStatus: OrderStatus;
  /** The series the order is an occurrence of (issue 27 item 4), if any. */
  seriesId: string | null;
}

/**
 * Finds the payment a provider's checkout id belongs to and locks it and its order
 * (`FOR UPDATE`), so two events about one payment are applied one after the other, each
 * seeing what the other did.
 */
export async function lockPaymentByProviderRef(
  executor: Executor,
  provider: OnlineProviderName,
  providerRef: string,
): Promise<LockedPayment | null> {
  const row = await paymentsWithOrders(executor)
    .select(LOCKED_PAYMENT_COLUMNS)
    .where("payments.provider", "=", provider)
    .where("payments.provider_ref", "=", providerRef)
    .forUpdate()
    .executeTakeFirst();
  return row ? withOnlineProvider(row) : null;
}

const LOCKED_PAYMENT_COLUMNS = [
  "payments.id as paymentId",
  "payments.provider as provider",
  "payments.status as paymentStatus",
  "payments.method as paymentMethod",
  "orders.id as orderId",
  "orders.order_number as orderNumber",
  "orders.status as orderStatus",
  "orders.series_id as seriesId",
] as const;

/** An online payment and its order, locked like lockPaymentByProviderRef, whatever its checkout. */
export async function lockOnlinePayment(executor: Executor, paymentId: string): Promise<LockedPayment | null> {
  const row = await paymentsWithOrders(executor)
    .select(LOCKED_PAYMENT_COLUMNS)
    .where("payments.id", "=", paymentId)
    .where("payments.provider", "in", ONLINE_PROVIDERS)
    .forUpdate()
    .executeTakeFirst();
  return row ? withOnlineProvider(row) : null;
}

/** Names the provider's charge on a payment (a saved card's PaymentIntent), or forgets an expired checkout. */
export async function setPaymentProviderRef(executor: Executor, paymentId: string, providerRef: string | null) {
  await executor.updateTable("payments").set({ provider_ref: providerRef, updated_at: sql`now()` }).where("id", "=", paymentId).execute();
}

/**
 * An online payment that never got a checkout id (the provider failed before answering), locked
 * with its order like lockPaymentByProviderRef. Null once a checkout was attached.
 */
export async function lockPaymentWithoutCheckout(executor: Executor, paymentId: string): Promise<LockedPayment | null> {
  const row = await paymentsWithOrders(executor)
    .select(LOCKED_PAYMENT_COLUMNS)
    .where("payments.id", "=", paymentId)
    .where("payments.provider", "in", ONLINE_PROVIDERS)
    .where("payments.provider_ref", "is", null)
    .forUpdate()
    .executeTakeFirst();
  return row ? withOnlineProvider(row) : null;
}

/** The online payment of an order, by order number, for the result pages. */
export interface OrderOnlinePayment {
  paymentId: string;
  provider: OnlineProviderName;
  providerRef: string | null;
  paymentStatus: PaymentStatus;
  orderId: string;
  orderStatus: OrderStatus;
}

export async function findOnlinePaymentOfOrder(executor: Executor, orderNumber: string): Promise<OrderOnlinePayment | null> {
  const row = await paymentsWithOrders(executor)
    .select([
      "payments.id as paymentId",
      "payments.provider as provider",
      "payments.provider_ref as providerRef",
      "payments.status as paymentStatus",
      "orders.id as orderId",
      "orders.status as orderStatus",
    ])
    .where("orders.order_number", "=", orderNumber)
    .where("payments.provider", "in", ONLINE_PROVIDERS)
    .orderBy("payments.created_at", "desc")
    .executeTakeFirst();
  return row ? withOnlineProvider(row) : null;
}

/** An unpaid online checkout old enough that its outcome should have been heard by now. */
export interface StaleCheckout {
  paymentId: string;
  provider: OnlineProviderName;
  providerRef: string | null;
  orderId: string;
}

/**
 * Online payments still 'pending' on orders still awaiting payment whose checkout was started
 * (or, with no checkout id, whose order was placed) before the provider's cut-off, oldest first.
 * `updated_at` is when the checkout was attached, so a retried checkout gets its full lifetime.
 */
export async function findStaleCheckouts(
  executor: Executor,
  input: { cutoffs: Record<OnlineProviderName, Date>; limit: number },
): Promise<StaleCheckout[]> {
  const rows = await paymentsWithOrders(executor)
    .select([
      "payments.id as paymentId",
      "payments.provider as provider",
      "payments.provider_ref as providerRef",
      "orders.id as orderId",
    ])
    .where("payments.status", "=", "pending")
    .where("orders.status", "=", "pending_payment")
    // A series' later visits wait for its first visit's checkout, whose expiry cancels them all
    // (docs/decisions/0040): only the earliest visit still awaiting payment is swept.
    .where(sql<boolean>`not exists (select 1 from orders earlier where earlier.series_id = orders.series_id
      and earlier.status = 'pending_payment' and earlier.starts_at < orders.starts_at)`)
    .where((eb) =>
      eb.or([
        eb.and([eb("payments.provider", "=", "local"), eb("payments.updated_at", "<", input.cutoffs.local)]),
        eb.and([eb("payments.provider", "=", "stripe"), eb("payments.updated_at", "<", input.cutoffs.stripe)]),
      ]),
    )
    .orderBy("payments.updated_at")
    .limit(input.limit)
    .execute();
  return rows.map(withOnlineProvider);
}

/** Read-only lookup for pages (the local checkout page), no lock. */
export async function findPaymentByProviderRef(executor: Executor, provider: OnlineProviderName, providerRef: string) {
  const row = await paymentsWithOrders(executor)
    .select([
      "payments.id as paymentId",
      "payments.status as paymentStatus",
      "payments.amount_cents as amountCents",
      "orders.id as orderId",
      "orders.order_number as orderNumber",
      "orders.status as orderStatus",
      sql<boolean>`exists (select 1 from order_series s where s.id = orders.series_id and s.payment_method = 'online')`.as("inOnlineSeries"),
    ])
    .where("payments.provider", "=", provider)
    .where("payments.provider_ref", "=", providerRef)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Records a provider event id once. False when it was recorded before (or is being recorded by
 * a concurrent transaction that then commits): the event has been handled and must change nothing.
 */
export async function recordPaymentEvent(
  executor: Executor,
  event: { id: string; provider: string; type: string },
): Promise<boolean> {
  const row = await executor
    .insertInto("payment_events")
    .values({ id: event.id, provider: event.provider, type: event.type })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function markPaymentCaptured(executor: Executor, paymentId: string, method: PaymentMethodName | null) {
  await executor
    .updateTable("payments")
    .set({
      status: "captured",
      // The provider tells which method was used; keep what we knew if it does not.
      method: method === null ? sql`method` : method,
      // The household deduction counts the payment in the year of this moment (decision 0028).
      captured_at: sql`coalesce(captured_at, now())`,
      updated_at: sql`now()`,
    })
    .where("id", "=", paymentId)
    .execute();
}

export async function markPaymentFailed(executor: Executor, paymentId: string) {
  await executor
    .updateTable("payments")
    .set({ status: "failed", updated_at: sql`now()` })
    .where("id", "=", paymentId)
    .where("status", "in", ["pending", "authorized"])
    .execute();
}

// ------------------------------------------------------------------ refunds

export interface RefundablePayment {
  id: string;
  orderId: string;
  status: PaymentStatus;
  provider: "local" | "stripe" | "invoice";
  providerRef: string | null;
  amountCents: number;
}

export async function findPaymentForRefund(executor: Executor, paymentId: string): Promise<RefundablePayment | null> {
  if (!isUuid(paymentId)) return null;
  const row = await executor
    .selectFrom("payments")
    .select([
      "id",
      "order_id as orderId",
      "status",
      "provider",
      "provider_ref as providerRef",
      "amount_cents as amountCents",
    ])
    .where("id", "=", paymentId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Claims the right to call the provider's refund for a payment: the first caller inserts the
 * claim row (a payment_events row keyed by the payment) and wins. A claim older than
 * `leaseSeconds` (its holder crashed or failed without releasing it) may be taken over.
 */
export async function claimRefund(
  executor: Executor,
  input: { paymentId: string; provider: string; leaseSeconds: number },
): Promise<boolean> {
  return claimPaymentEvent(executor, { id: refundClaimId(input.paymentId), provider: input.provider, type: "refund.requested", leaseSeconds: input.leaseSeconds });
}

/**
 * A claim row in payment_events: true for the caller that inserted it, or that took over one
 * older than `leaseSeconds` (its holder crashed). Refunds and saved-card charges use it so that
 * only one caller at a time asks the provider.
 */
export async function claimPaymentEvent(
  executor: Executor,
  input: { id: string; provider: string; type: string; leaseSeconds: number },
): Promise<boolean> {
  // Raw SQL: received_at is insert-only in the table types, but taking over a lapsed claim
  // renews it.
  const result = await sql<{ id: string }>`
    insert into payment_events (id, provider, type) values (${input.id}, ${input.provider}, ${input.type})
    on conflict (id) do update set received_at = now()
    where payment_events.received_at < now() - ${input.leaseSeconds}::int * interval '1 second'
    returning id`.execute(executor);
  return result.rows.length === 1;
}

/** Lets a failed refund be retried at once instead of after the lease. */
export async function releaseRefundClaim(executor: Executor, paymentId: string) {
  await executor.deleteFrom("payment_events").where("id", "=", refundClaimId(paymentId)).execute();
}

function refundClaimId(paymentId: string) {
  return `refund:${paymentId}`;
}

/** captured → refunded, once: false when another attempt already marked it. */
export async function markPaymentRefunded(executor: Executor, paymentId: string, refundedCents: number): Promise<boolean> {
  const result = await executor
    .updateTable("payments")
    // Added to what a rescheduling may have refunded of the same payment before.
    .set({ status: "refunded", refunded_at: sql`now()`, refunded_cents: sql`coalesce(refunded_cents, 0) + ${refundedCents}`, updated_at: sql`now()` })
    .where("id", "=", paymentId)
    .where("status", "=", "captured")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The invoice payment row of an order follows its invoice: paid → captured. */
export async function markInvoicePaymentCaptured(executor: Executor, orderId: string) {
  await executor
    .updateTable("payments")
    .set({ status: "captured", updated_at: sql`now()` })
    .where("order_id", "=", orderId)
    .where("provider", "=", "invoice")
    .where("status", "=", "pending")
    .execute();
}
