import type { Logger } from "pino";
import type { DB, Executor } from "../../db.server";
import { logger } from "../../logger.server";
import { writeSystemAudit } from "../../models/audit-log.server";
import { releaseDiscountRedemption } from "../../models/discount-codes.server";
import { cancelUnpaidOrder, confirmPaidOrder } from "../../models/orders.server";
import { BOOKING_VISIT_DRAFT_KIND, deleteFormDraftsOfOrder } from "../../models/form-drafts.server";
import {
  lockOnlinePayment,
  lockPaymentByProviderRef,
  lockPaymentWithoutCheckout,
  type LockedPayment,
  markPaymentCaptured,
  markPaymentFailed,
  recordPaymentEvent,
  setPaymentProviderRef,
} from "../../models/payments.server";
import { bookUnpaidSeriesVisits, cancelUnpaidSeries, findSeriesPaymentMethod, storeSeriesCard } from "../../models/series-payments.server";
import { enqueueBookingConfirmation } from "../booking-emails.server";
import { now } from "../clock.server";
import { issueReceipt } from "../receipts.server";
import { enqueueSeriesConfirmation } from "../series-emails.server";
import type { SavedCard } from "./provider";
import { sendSeriesVisitPaid } from "./series-payment-emails.server";

// The ONE place where payment outcomes change orders (DESIGN.md decisions 7 and 11). The local
// test checkout page calls it directly; the Stripe webhook translates verified Stripe events into
// the same PaymentEvent and calls it too, and so do the success page and the clean-up job when
// they ask Stripe themselves (reconcile.server.ts), so every path behaves identically.
//
// Guarantees:
// - Idempotent: the event id is recorded in payment_events in the same transaction as its
//   effects; a redelivered id finds its row and changes nothing.
// - Atomic: payment, its receipt, order, discount redemption and the confirmation e-mail change together
//   or not at all.
// - Safe out of order: the payment row is locked first, so events about one payment apply one
//   after another, and each looks at the state the previous one left:
//     * expired / cancelled / async_failed after the payment was captured: nothing changes
//       (the customer paid; a stale expiry must not cancel a paid booking).
//     * completed / async_succeeded after the order was cancelled (the checkout expired, the
//       slot and the discount were released, maybe already re-booked by someone else): the
//       payment is recorded as captured because the money really moved, but the order stays
//       cancelled and is NOT resurrected. An audit-log entry 'payment.captured_after_cancel'
//       and an error log tell staff to refund it (refundPayment). Re-confirming would risk a
//       double booking and a discount used beyond its limit.
//
// A weekly series paid online (docs/decisions/0040): the first visit's paid checkout keeps the
// saved card on the series and books the later visits (pending_payment → pending); its failed or
// expired checkout cancels every visit and the series. A later visit is booked before it is paid:
// its money (the saved card's charge, or a payment link's checkout) is recorded with a receipt
// e-mail, and a payment link's checkout that ends unpaid leaves the payment pending for another.

export type PaymentEventProvider = "local" | "stripe";

export type PaymentEvent =
  | {
      id: string;
      provider: PaymentEventProvider;
      type: "checkout.completed";
      providerRef: string;
      method?: "card" | "mobilepay" | "klarna";
      /** The card the checkout saved, when it was a series' first visit (docs/decisions/0040). */
      savedCard?: SavedCard;
    }
  | {
      id: string;
      provider: PaymentEventProvider;
      type: "checkout.async_succeeded" | "checkout.async_failed" | "checkout.expired" | "checkout.cancelled";
      providerRef: string;
    };

export interface PaymentEventResult {
  /** True when this call changed something; false for a repeat, an unknown checkout or a stale event. */
  applied: boolean;
  /** The order the checkout belongs to, for redirects; null when the checkout is unknown. */
  orderNumber: string | null;
}

export async function applyPaymentEvent(db: DB, event: PaymentEvent): Promise<PaymentEventResult> {
  const log = logger.child({ paymentEventId: event.id, paymentEventType: event.type, provider: event.provider });
  return db.transaction().execute(async (trx) => {
    const payment = await lockPaymentByProviderRef(trx, event.provider, event.providerRef);
    if (!payment) {
      // Not recorded: if the event raced ahead of the checkout id being stored, a redelivery
      // can still apply it.
      log.warn("payment event for an unknown checkout ignored");
      return { applied: false, orderNumber: null };
    }
    return applyToLockedPayment(trx, payment, event, log);
  });
}

/**
 * A later visit's saved card was charged (series-charges.server.ts): the charge is named on the
 * payment and applied as a completed checkout, in one transaction, so money that moved is never
 * left unrecorded where the overdue sweep would cancel the visit.
 */
export async function applySavedCardCharge(db: DB, input: { paymentId: string; providerRef: string }): Promise<PaymentEventResult> {
  return db.transaction().execute(async (trx) => {
    const payment = await lockOnlinePayment(trx, input.paymentId);
    if (!payment) return { applied: false, orderNumber: null };
    await setPaymentProviderRef(trx, payment.paymentId, input.providerRef);
    const event: PaymentEvent = { id: `${input.providerRef}:completed`, provider: payment.provider, type: "checkout.completed", providerRef: input.providerRef, method: "card" };
    const log = logger.child({ paymentEventId: event.id, paymentEventType: event.type, provider: event.provider });
    return applyToLockedPayment(trx, payment, event, log);
  });
}

/**
 * Gives up an online payment whose checkout never started (the provider failed or answered
 * without a URL, and nobody retried): the same 'checkout.expired' outcome as above, for a payment
 * that has no checkout id to name it by. Used by the clean-up job; a no-op once a checkout was
 * attached or the payment left 'pending'.
 */
export async function expireUnstartedCheckout(db: DB, paymentId: string): Promise<PaymentEventResult> {
  return db.transaction().execute(async (trx) => {
    const payment = await lockPaymentWithoutCheckout(trx, paymentId);
    if (!payment) return { applied: false, orderNumber: null };
    const event: PaymentEvent = {
      id: `unstarted:${paymentId}:expired`,
      provider: payment.provider,
      type: "checkout.expired",
      providerRef: "",
    };
    const log = logger.child({ paymentEventId: event.id, paymentEventType: event.type, provider: event.provider });
    return applyToLockedPayment(trx, payment, event, log);
  });
}

async function applyToLockedPayment(
  trx: Executor,
  payment: LockedPayment,
  event: PaymentEvent,
  log: Logger,
): Promise<PaymentEventResult> {
  const result = (applied: boolean): PaymentEventResult => ({ applied, orderNumber: payment.orderNumber });

  if (!(await recordPaymentEvent(trx, event))) {
    log.info({ orderId: payment.orderId }, "payment event already processed");
    return result(false);
  }

  switch (event.type) {
    case "checkout.completed":
    case "checkout.async_succeeded": {
      if (payment.paymentStatus === "captured" || payment.paymentStatus === "refunded") {
        log.info({ orderId: payment.orderId }, "payment already captured");
        return result(false);
      }
      await markPaymentCaptured(trx, payment.paymentId, event.type === "checkout.completed" ? (event.method ?? null) : null);
      // The money moved, whatever becomes of the order: the payment's receipt, in this transaction.
      await issueReceipt(trx, payment.paymentId, now());
      if (payment.orderStatus === "pending_payment") {
        await confirmPaidOrder(trx, payment.orderId);
        await enqueueBookingConfirmation(trx, payment.orderId);
        if (payment.seriesId) await bookOnlineSeries(trx, payment.seriesId, payment.orderId, event.type === "checkout.completed" ? event.savedCard : undefined, log);
        // The visit's details typed in a signed-in wizard are not needed once it is paid.
        await deleteFormDraftsOfOrder(trx, BOOKING_VISIT_DRAFT_KIND, payment.orderId);
        log.info({ orderId: payment.orderId }, "order paid and confirmed");
        return result(true);
      }
      if (payment.orderStatus === "cancelled") {
        await writeSystemAudit(trx, {
          action: "payment.captured_after_cancel",
          entityType: "order",
          entityId: payment.orderId,
          before: { paymentStatus: payment.paymentStatus, orderStatus: payment.orderStatus },
          after: { paymentStatus: "captured", orderStatus: "cancelled", note: "refund needed" },
        });
        log.error({ orderId: payment.orderId, paymentId: payment.paymentId }, "payment captured for a cancelled order: refund it");
        return result(true);
      }
      if (payment.seriesId && payment.orderStatus === "pending") {
        // A later visit of a series, booked before it was paid: its receipt goes to the payer.
        await sendSeriesVisitPaid(trx, payment.orderId, payment.paymentId);
        log.info({ orderId: payment.orderId }, "series visit paid");
        return result(true);
      }
      // Staff moved the order on by hand before the money arrived: record the money only.
      log.warn({ orderId: payment.orderId, orderStatus: payment.orderStatus }, "payment captured for an order no longer awaiting payment");
      return result(true);
    }

    case "checkout.expired":
    case "checkout.cancelled":
    case "checkout.async_failed": {
      if (payment.paymentStatus !== "pending" && payment.paymentStatus !== "authorized") {
        log.info({ orderId: payment.orderId, paymentStatus: payment.paymentStatus }, "stale payment event ignored");
        return result(false);
      }
      if (payment.seriesId && payment.orderStatus === "pending") {
        // A payment link's checkout of a booked later visit ended unpaid: the visit stays booked
        // and payable by the link again; the overdue sweep cancels it if it is still unpaid 2 h before.
        await setPaymentProviderRef(trx, payment.paymentId, null);
        log.info({ orderId: payment.orderId }, "series visit checkout ended unpaid; the visit awaits payment");
        return result(true);
      }
      await markPaymentFailed(trx, payment.paymentId);
      if (payment.orderStatus === "pending_payment" && payment.seriesId) {
        // The first visit of a series was not paid: none of its visits is booked.
        const cancelled = await cancelUnpaidSeries(trx, payment.seriesId);
        for (const orderId of cancelled) await releaseDiscountRedemption(trx, orderId);
        log.info({ orderId: payment.orderId, seriesId: payment.seriesId, visits: cancelled.length }, "unpaid series cancelled");
        return result(true);
      }
      if (payment.orderStatus === "pending_payment") {
        await cancelUnpaidOrder(trx, payment.orderId);
        await releaseDiscountRedemption(trx, payment.orderId);
        log.info({ orderId: payment.orderId }, "unpaid order cancelled");
      }
      return result(true);
    }
  }
}

/**
 * The first visit of a series is paid: an online series keeps the card its checkout saved and
 * books its later visits, each queued its reminders. An invoice series has nothing to do here.
 */
async function bookOnlineSeries(trx: Executor, seriesId: string, firstOrderId: string, savedCard: SavedCard | undefined, log: Logger): Promise<void> {
  if ((await findSeriesPaymentMethod(trx, seriesId)) !== "online") return;
  // Without a card (a provider that did not save one) the later visits are still booked: their
  // charge then fails and the payer gets a payment link for each, 24 h before it.
  if (savedCard) await storeSeriesCard(trx, seriesId, savedCard);
  else log.warn({ seriesId }, "series' first visit paid without a saved card");
  const booked = await bookUnpaidSeriesVisits(trx, seriesId);
  // The first visit was confirmed like any paid booking (its receipt, its helper told); the
  // series' one e-mail lists every visit, and each later visit's helper hears of it.
  await enqueueSeriesConfirmation(trx, seriesId, now(), { notifiedOrderId: firstOrderId });
  log.info({ seriesId, visits: booked.length }, "series booked on its first payment");
}
