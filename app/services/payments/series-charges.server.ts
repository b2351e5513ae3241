import type { DB } from "../../db.server";
import { SERIES_PAYMENT_DEADLINE_MS } from "../../domain/series-payment";
import { logger } from "../../logger.server";
import { SERIES_UNPAID_CANCEL_REASON } from "../../messages/series-payments";
import { findCheckoutTarget, lockOnlinePayment, recordPaymentEvent, claimPaymentEvent } from "../../models/payments.server";
import {
  findOverdueSeriesVisits,
  findSeriesVisitsToCharge,
  seriesChargeClaimId,
  seriesChargeDeclinedId,
  type UnpaidSeriesVisit,
} from "../../models/series-payments.server";
import { now as clockNow } from "../clock.server";
import { cancelOrder } from "../order-cancellation.server";
import { getPaymentProvider } from "./active-provider.server";
import { checkoutDescription } from "./checkout.server";
import { applySavedCardCharge } from "./events.server";
import { reconcileCheckout } from "./reconcile.server";
import { sendSeriesChargeFailed } from "./series-payment-emails.server";

// The later visits of a weekly series paid online (issue 27 item 4; docs/decisions/0040), the
// recurring job 'payments.charge_series_visits':
// 1. A booked visit starting within 24 h (and over 2 h ahead) whose payment is pending is charged
//    to the series' saved card, once. A claim row (payment_events 'series-charge:<payment>')
//    lets one worker at a time ask the provider, and the provider call carries an idempotency key
//    per payment, so a claim taken over after a crash gets the first charge's answer, not a second
//    charge. Success is applied through the one event handler (receipt, e-mail); a decline is
//    recorded once with the payer's payment-link e-mail and staff's notice, and never retried.
// 2. A visit still unpaid 2 h before it starts is cancelled like staff would, fee waived: the
//    payer and the helper are told, the helper's time released.

/** How far ahead a visit is charged. */
export const SERIES_CHARGE_AHEAD_MS = 24 * 60 * 60_000;
/** A claim older than this belongs to a worker that stopped; the next run asks again (same key). */
export const SERIES_CHARGE_LEASE_SECONDS = 10 * 60;
/** Visits handled per run; the rest wait for the next run, minutes later. */
const BATCH = 50;

export interface SeriesChargeRun {
  charged: number;
  declined: number;
  /** Claimed by another worker, or settled meanwhile. */
  skipped: number;
  cancelled: number;
}

export async function chargeDueSeriesVisits(db: DB, now: Date = clockNow()): Promise<SeriesChargeRun> {
  const run: SeriesChargeRun = { charged: 0, declined: 0, skipped: 0, cancelled: 0 };
  const errors: string[] = [];
  const due = await findSeriesVisitsToCharge(db, {
    after: new Date(now.getTime() + SERIES_PAYMENT_DEADLINE_MS),
    until: new Date(now.getTime() + SERIES_CHARGE_AHEAD_MS),
    limit: BATCH,
  });
  for (const visit of due) {
    try {
      run[await chargeSeriesVisit(db, visit)]++;
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
      logger.warn({ err: error, orderId: visit.orderId }, "series visit could not be charged now");
    }
  }
  const overdue = await findOverdueSeriesVisits(db, {
    until: new Date(now.getTime() + SERIES_PAYMENT_DEADLINE_MS),
    leaseSeconds: SERIES_CHARGE_LEASE_SECONDS,
    limit: BATCH,
  });
  for (const visit of overdue) {
    try {
      if (await cancelOverdueVisit(db, visit)) run.cancelled++;
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
      logger.warn({ err: error, orderId: visit.orderId }, "unpaid series visit could not be cancelled now");
    }
  }
  if (run.charged + run.declined + run.cancelled > 0) logger.info(run, "series visits charged and cancelled");
  // The job is retried; what was done stays done.
  if (errors.length > 0) throw new Error(`${errors.length} series visit(s) failed: ${errors.slice(0, 3).join("; ")}`);
  return run;
}

async function chargeSeriesVisit(db: DB, visit: UnpaidSeriesVisit): Promise<"charged" | "declined" | "skipped"> {
  if (!(await claimPaymentEvent(db, { id: seriesChargeClaimId(visit.paymentId), provider: visit.provider, type: "series.charge_requested", leaseSeconds: SERIES_CHARGE_LEASE_SECONDS }))) {
    return "skipped";
  }
  const target = await findCheckoutTarget(db, visit.orderId);
  // Paid or cancelled between the look-up and the claim: nothing to charge.
  if (!target || target.paymentStatus !== "pending" || target.orderStatus !== "pending") return "skipped";

  const provider = getPaymentProvider();
  let reason: string;
  if (!visit.customerRef || !visit.paymentMethodRef) reason = "no_saved_card";
  else if (provider.name !== visit.provider || !provider.chargeSaved) reason = "provider_changed";
  else {
    const outcome = await provider.chargeSaved({
      customerRef: visit.customerRef,
      paymentMethodRef: visit.paymentMethodRef,
      amountCents: visit.amountCents,
      // One per payment: a second ask (a lapsed claim taken over) is answered with the first charge.
      idempotencyKey: `series-charge-${visit.paymentId}`,
      description: checkoutDescription(target),
      orderId: visit.orderId,
    });
    if (outcome.status === "succeeded") {
      await applySavedCardCharge(db, { paymentId: visit.paymentId, providerRef: outcome.providerRef });
      return "charged";
    }
    reason = outcome.reason;
  }
  return (await recordDecline(db, visit, reason)) ? "declined" : "skipped";
}

/** The payer's payment link and staff's notice, once per payment, while the visit still awaits its money. */
async function recordDecline(db: DB, visit: UnpaidSeriesVisit, reason: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const payment = await lockOnlinePayment(trx, visit.paymentId);
    if (!payment || payment.paymentStatus !== "pending" || payment.orderStatus !== "pending") return false;
    if (!(await recordPaymentEvent(trx, { id: seriesChargeDeclinedId(visit.paymentId), provider: visit.provider, type: "series.charge_declined" }))) return false;
    await sendSeriesChargeFailed(trx, visit.orderId, reason);
    logger.info({ orderId: visit.orderId, reason }, "series visit charge declined; payment link sent");
    return true;
  });
}

/**
 * A visit unpaid 2 h before it starts. A payment link's checkout still open at the provider is
 * closed first; if it turns out paid, the visit stays. Only a still-pending payment is cancelled.
 */
async function cancelOverdueVisit(db: DB, visit: UnpaidSeriesVisit): Promise<boolean> {
  if (visit.providerRef && visit.provider === "stripe") {
    const state = await reconcileCheckout(db, { provider: visit.provider, providerRef: visit.providerRef }, { expire: true });
    if (state === "paid" || state === "processing") return false;
  }
  const outcome = await cancelOrder(db, { actor: "system", waiveFee: true, onlyIfUnpaid: true, reason: SERIES_UNPAID_CANCEL_REASON }, visit.orderId);
  if (outcome.ok && outcome.cancelledNow) logger.info({ orderId: visit.orderId }, "unpaid series visit cancelled");
  return outcome.ok && outcome.cancelledNow;
}
