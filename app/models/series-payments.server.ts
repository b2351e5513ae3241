import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { OrderStatus, PaymentStatus } from "../db/schema";
import type { OnlineProviderName } from "./payments.server";
import { applySeriesEvent } from "./order-series.server";

// The SQL behind a weekly series paid online (issue 27 item 4; docs/decisions/0040): the saved
// card on the series, the later visits booked once the first is paid or cancelled with it, and
// the visits whose saved-card charge is due or whose payment is overdue. The charge's claim and
// outcome are payment_events rows keyed by the payment (ids below), like a refund's claim.

/** The claim row of a saved-card charge: whoever inserts it (or takes over a lapsed one) asks the provider. */
export function seriesChargeClaimId(paymentId: string): string {
  return `series-charge:${paymentId}`;
}

// The queries below spell these ids in SQL ('series-charge:' || p.id …): change them together.

/** Recorded with a declined charge's e-mail and notice: the card is never tried again for this payment. */
export function seriesChargeDeclinedId(paymentId: string): string {
  return `series-charge:${paymentId}:declined`;
}

/** The series' payment method, when the order is an occurrence of one. */
export async function findSeriesPaymentMethod(executor: Executor, seriesId: string): Promise<"online" | "invoice" | null> {
  const row = await executor.selectFrom("order_series").select("payment_method").where("id", "=", seriesId).executeTakeFirst();
  return row?.payment_method ?? null;
}

/** Whether an order is an occurrence of a series paid online (its first checkout then saves the card). */
export async function isOnlineSeriesOrder(executor: Executor, orderId: string): Promise<boolean> {
  const row = await executor
    .selectFrom("orders")
    .innerJoin("order_series", "order_series.id", "orders.series_id")
    .select("orders.id")
    .where("orders.id", "=", orderId)
    .where("order_series.payment_method", "=", "online")
    .executeTakeFirst();
  return row !== undefined;
}

/** Keeps the card the first visit's checkout saved; a later checkout's card replaces it. */
export async function storeSeriesCard(executor: Executor, seriesId: string, card: { customerRef: string; paymentMethodRef: string }) {
  await executor
    .updateTable("order_series")
    .set({ payment_customer_ref: card.customerRef, payment_method_ref: card.paymentMethodRef, updated_at: sql`now()` })
    .where("id", "=", seriesId)
    .execute();
}

/** The first visit is paid: the later ones are booked (pending_payment → pending), not yet charged. Their ids. */
export async function bookUnpaidSeriesVisits(executor: Executor, seriesId: string): Promise<string[]> {
  const rows = await executor
    .updateTable("orders")
    .set({ status: "pending", updated_at: sql`now()` })
    .where("series_id", "=", seriesId)
    .where("status", "=", "pending_payment")
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The first visit's checkout failed or expired: every visit of the series still awaiting it is
 * cancelled (their helper's time released), their payments failed, and the series cancelled.
 * Returns the cancelled orders' ids.
 */
export async function cancelUnpaidSeries(executor: Executor, seriesId: string): Promise<string[]> {
  const rows = await executor
    .updateTable("orders")
    .set({ status: "cancelled", cancelled_at: sql`now()`, updated_at: sql`now()` })
    .where("series_id", "=", seriesId)
    .where("status", "=", "pending_payment")
    .returning("id")
    .execute();
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) {
    await executor
      .updateTable("payments")
      .set({ status: "failed", updated_at: sql`now()` })
      .where("order_id", "in", ids)
      .where("status", "in", ["pending", "authorized"])
      .execute();
  }
  await applySeriesEvent(executor, { seriesId }, "first_payment_failed");
  return ids;
}

/** A booked visit of an online series whose payment is still pending. */
export interface UnpaidSeriesVisit {
  paymentId: string;
  provider: OnlineProviderName;
  providerRef: string | null;
  amountCents: number;
  orderId: string;
  orderNumber: string;
  startsAt: Date;
  customerRef: string | null;
  paymentMethodRef: string | null;
}

function unpaidSeriesVisits(executor: Executor) {
  return executor
    .selectFrom("payments as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .innerJoin("order_series as s", "s.id", "o.series_id")
    .select([
      "p.id as paymentId",
      "p.provider as provider",
      "p.provider_ref as providerRef",
      "p.amount_cents as amountCents",
      "o.id as orderId",
      "o.order_number as orderNumber",
      "o.starts_at as startsAt",
      "s.payment_customer_ref as customerRef",
      "s.payment_method_ref as paymentMethodRef",
    ])
    .where("p.status", "=", "pending")
    .where("p.provider", "in", ["local", "stripe"])
    .where("o.status", "=", "pending")
    .where("s.payment_method", "=", "online");
}

const withProvider = (row: Omit<UnpaidSeriesVisit, "provider"> & { provider: string }): UnpaidSeriesVisit => ({ ...row, provider: row.provider as OnlineProviderName });

/**
 * Visits starting after `after` and by `until` whose saved card has not been tried: no charge
 * declined, no checkout of a payment link started. A claim in flight is left to the claim itself.
 */
export async function findSeriesVisitsToCharge(executor: Executor, input: { after: Date; until: Date; limit: number }): Promise<UnpaidSeriesVisit[]> {
  const rows = await unpaidSeriesVisits(executor)
    .where("p.provider_ref", "is", null)
    .where("o.starts_at", ">", input.after)
    .where("o.starts_at", "<=", input.until)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("payment_events as e").select("e.id").whereRef("e.id", "=", sql<string>`'series-charge:' || p.id || ':declined'`))),
    )
    .orderBy("o.starts_at")
    .limit(input.limit)
    .execute();
  return rows.map(withProvider);
}

/**
 * Visits starting by `until` still unpaid, but not one whose charge is being asked right now (a
 * claim younger than `leaseSeconds` and no decline): its outcome is waited for.
 */
export async function findOverdueSeriesVisits(executor: Executor, input: { until: Date; leaseSeconds: number; limit: number }): Promise<UnpaidSeriesVisit[]> {
  const rows = await unpaidSeriesVisits(executor)
    .where("o.starts_at", "<=", input.until)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("payment_events as e")
            .select("e.id")
            .whereRef("e.id", "=", sql<string>`'series-charge:' || p.id`)
            .where(sql<boolean>`e.received_at > now() - ${input.leaseSeconds}::int * interval '1 second'`)
            .where(({ not: notInner, exists: existsInner, selectFrom: selectInner }) =>
              notInner(existsInner(selectInner("payment_events as d").select("d.id").whereRef("d.id", "=", sql<string>`'series-charge:' || p.id || ':declined'`))),
            ),
        ),
      ),
    )
    .orderBy("o.starts_at")
    .limit(input.limit)
    .execute();
  return rows.map(withProvider);
}

/** What the customer's pages need to tell where a visit of an online series stands with its money. */
export interface SeriesVisitPaymentRow {
  orderId: string;
  orderNumber: string;
  orderStatus: OrderStatus;
  startsAt: Date;
  /** The newest online payment's status, or null when it has none. */
  paymentStatus: PaymentStatus | null;
  /** Its saved-card charge was declined (seriesChargeDeclinedId). */
  chargeDeclined: boolean;
}

/** The given orders that are visits of a series paid online, with their payment's state. */
export async function listSeriesVisitPayments(executor: Executor, orderIds: readonly string[]): Promise<SeriesVisitPaymentRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await executor
    .selectFrom("orders as o")
    .innerJoin("order_series as s", "s.id", "o.series_id")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("payments")
          .select(["payments.id", "payments.status"])
          .whereRef("payments.order_id", "=", "o.id")
          .where("payments.provider", "in", ["local", "stripe"])
          // As findCheckoutTarget: should there ever be two, the newest is the live one.
          .orderBy("payments.created_at", "desc")
          .limit(1)
          .as("p"),
      (join) => join.onTrue(),
    )
    .select([
      "o.id as orderId",
      "o.order_number as orderNumber",
      "o.status as orderStatus",
      "o.starts_at as startsAt",
      "p.status as paymentStatus",
      sql<boolean>`exists (select 1 from payment_events e where e.id = 'series-charge:' || p.id || ':declined')`.as("chargeDeclined"),
    ])
    .where("o.id", "in", [...orderIds])
    .where("s.payment_method", "=", "online")
    .execute();
  return rows.map((row) => ({ ...row, paymentStatus: row.paymentStatus ?? null, chargeDeclined: Boolean(row.chargeDeclined) }));
}
