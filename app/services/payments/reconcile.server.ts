import type { DB } from "../../db.server";
import { logger } from "../../logger.server";
import {
  findOnlinePaymentOfOrder,
  findStaleCheckouts,
  type OnlineProviderName,
  type StaleCheckout,
} from "../../models/payments.server";
import { applyPaymentEvent, expireUnstartedCheckout, type PaymentEvent } from "./events.server";
import { getPaymentProvider } from "./active-provider.server";
import type { CheckoutState, CheckoutStatus } from "./provider";
import { STRIPE_CHECKOUT_LIFETIME_SECONDS } from "./stripe-provider.server";
import { now as clockNow } from "../clock.server";

// Asking the provider ourselves instead of waiting for its webhook (issue 5): the success page does
// not take the redirect's word that a payment went through, the cancelled page closes a checkout
// the customer walked away from, and a periodic job settles checkouts whose outcome was never
// delivered. Whatever the provider answers goes through applyPaymentEvent like a webhook would,
// under event ids derived from the checkout, so asking twice, or asking and then receiving the
// webhook, applies the outcome once.

/** The local test checkout has no clock of its own: an unpaid one is given up after this. */
export const LOCAL_CHECKOUT_LIFETIME_MS = 30 * 60_000;
/** A Stripe checkout expires by itself after its lifetime; asked about a few minutes later. */
export const STRIPE_RECONCILE_AFTER_MS = STRIPE_CHECKOUT_LIFETIME_SECONDS * 1000 + 9 * 60_000;
/** Checkouts looked at per run; the rest wait for the next run. */
const SWEEP_BATCH = 100;

/**
 * Asks the active provider how a checkout stands (or, with `expire`, closes it first if it is
 * still open) and applies the outcome. Null when the provider cannot be asked: the payment was
 * made with another provider than the active one, or it keeps no state of its own (local).
 */
export async function reconcileCheckout(
  db: DB,
  payment: { provider: OnlineProviderName; providerRef: string },
  options: { expire?: boolean } = {},
): Promise<CheckoutState | null> {
  const provider = getPaymentProvider();
  if (provider.name !== payment.provider || !provider.retrieveCheckout || !provider.expireCheckout) return null;
  const status = options.expire
    ? await provider.expireCheckout(payment.providerRef)
    : await provider.retrieveCheckout(payment.providerRef);
  await applyCheckoutStatus(db, payment.provider, status);
  return status.state;
}

/** Applies what the provider said about a checkout: paid, declined and expired change the order. */
export async function applyCheckoutStatus(db: DB, provider: OnlineProviderName, status: CheckoutStatus): Promise<void> {
  const event = eventFor(provider, status);
  if (event) await applyPaymentEvent(db, event);
}

function eventFor(provider: OnlineProviderName, status: CheckoutStatus): PaymentEvent | null {
  const ref = status.providerRef;
  switch (status.state) {
    case "paid":
      return { id: `${ref}:completed`, provider, type: "checkout.completed", providerRef: ref, method: status.method, savedCard: status.savedCard };
    case "failed":
      return { id: `${ref}:async_failed`, provider, type: "checkout.async_failed", providerRef: ref };
    case "expired":
      return { id: `${ref}:expired`, provider, type: "checkout.expired", providerRef: ref };
    case "open":
    case "processing":
      return null;
  }
}

/**
 * The success page's check: when the order still awaits payment, asks the provider whether the
 * checkout was paid (the webhook may simply not have arrived yet) and applies what it says. A
 * failure to ask is only logged: the page then keeps saying the payment is being confirmed.
 */
export async function confirmCheckoutOfOrder(db: DB, orderNumber: string): Promise<void> {
  const payment = await findOnlinePaymentOfOrder(db, orderNumber);
  if (!payment?.providerRef || payment.paymentStatus !== "pending" || payment.orderStatus !== "pending_payment") return;
  try {
    await reconcileCheckout(db, { provider: payment.provider, providerRef: payment.providerRef });
  } catch (error) {
    logger.warn({ err: error, orderNumber }, "could not ask the payment provider about a checkout");
  }
}

/**
 * The cancelled page's action: the customer left the provider's checkout, so it is closed at once
 * (Stripe: expired through the API) and the order, its helper's time and its discount are
 * released now rather than in half an hour, when the customer wants to book again. Answers how
 * the checkout ended: 'paid' if it turned out to be paid meanwhile, null if nothing was done.
 */
export async function abandonCheckoutOfOrder(db: DB, orderNumber: string): Promise<CheckoutState | null> {
  const payment = await findOnlinePaymentOfOrder(db, orderNumber);
  if (!payment?.providerRef || payment.paymentStatus !== "pending" || payment.orderStatus !== "pending_payment") return null;
  try {
    return await reconcileCheckout(db, { provider: payment.provider, providerRef: payment.providerRef }, { expire: true });
  } catch (error) {
    // The checkout then runs out by itself and its expiry (webhook or job) releases the order.
    logger.warn({ err: error, orderNumber }, "could not close an abandoned checkout at the provider");
    return null;
  }
}

export interface SweepResult {
  examined: number;
  /** Checkouts whose outcome was applied now (paid, failed or expired). */
  settled: number;
  /** Checkouts still open or processing at the provider, left for a later run. */
  waiting: number;
  failed: number;
}

/**
 * The 'payments.expire_stale_checkouts' job: settles online payments still pending long after
 * their checkout should have ended. Local checkouts are expired after 30 minutes; Stripe ones are
 * looked up (paid → confirmed, expired or declined → released, still open → expired now); a
 * payment whose checkout never started is released. Safe with several workers: each outcome is
 * applied under the payment's row lock with a checkout-derived event id.
 */
export async function expireStaleCheckouts(db: DB, now: Date = clockNow()): Promise<SweepResult> {
  const stale = await findStaleCheckouts(db, {
    cutoffs: {
      local: new Date(now.getTime() - LOCAL_CHECKOUT_LIFETIME_MS),
      stripe: new Date(now.getTime() - STRIPE_RECONCILE_AFTER_MS),
    },
    limit: SWEEP_BATCH,
  });
  const result: SweepResult = { examined: stale.length, settled: 0, waiting: 0, failed: 0 };
  const errors: string[] = [];
  for (const checkout of stale) {
    try {
      const outcome = await settleStaleCheckout(db, checkout);
      if (outcome === "settled") result.settled++;
      else result.waiting++;
    } catch (error) {
      result.failed++;
      errors.push(error instanceof Error ? error.message : String(error));
      logger.warn({ err: error, paymentId: checkout.paymentId }, "stale checkout could not be settled");
    }
  }
  if (result.examined > 0) logger.info(result, "stale checkouts swept");
  if (errors.length > 0) {
    // The job is retried; what was settled stays settled.
    throw new Error(`${errors.length} stale checkout(s) could not be settled: ${errors.slice(0, 3).join("; ")}`);
  }
  return result;
}

async function settleStaleCheckout(db: DB, checkout: StaleCheckout): Promise<"settled" | "waiting"> {
  if (!checkout.providerRef) {
    return (await expireUnstartedCheckout(db, checkout.paymentId)).applied ? "settled" : "waiting";
  }
  if (checkout.provider === "local") {
    const outcome = await applyPaymentEvent(db, {
      id: `${checkout.providerRef}:expired`,
      provider: "local",
      type: "checkout.expired",
      providerRef: checkout.providerRef,
    });
    return outcome.applied ? "settled" : "waiting";
  }
  const state = await reconcileCheckout(db, { provider: checkout.provider, providerRef: checkout.providerRef }, { expire: true });
  if (state === null) {
    // Made with Stripe while Stripe is no longer configured: nobody here can ask it.
    logger.warn({ paymentId: checkout.paymentId }, "stale stripe checkout left alone: the stripe provider is not active");
    return "waiting";
  }
  return state === "open" || state === "processing" ? "waiting" : "settled";
}
