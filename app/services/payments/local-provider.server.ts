import crypto from "node:crypto";
import { logger } from "../../logger.server";
import type { PaymentProvider, SavedCard } from "./provider";

// The embedded provider used when no Stripe key is configured: its "checkout" is our own test
// page /maksu/testi/<ref>, where a person can pay or cancel without real money. Paying there
// feeds the very same event handler the Stripe webhook will, so the whole order flow can be
// tried (and tested end to end) on a machine without internet.

/** Prefix of local checkout refs; the rest is 192 random bits, so a ref cannot be guessed. */
export const LOCAL_REF_PREFIX = "lt_";

export function isLocalRef(value: string): boolean {
  return /^lt_[A-Za-z0-9_-]{32}$/.test(value);
}

export function localCheckoutPath(ref: string): string {
  return `/maksu/testi/${ref}`;
}

/**
 * A saved test card whose later charges are declined: its ref starts with this. The local
 * checkout page saves one when "Tallenna kortti, jonka veloitus hylätään" is ticked, and tests
 * write one into a series directly, so a failed off-session charge can be tried deterministically.
 */
export const LOCAL_DECLINING_CARD_PREFIX = "local_pm_decline_";

/** The test card a paid local checkout saves: derived from the checkout, so a repeat saves the same. */
export function localSavedCard(ref: string, declining = false): SavedCard {
  const id = crypto.createHash("sha256").update(ref).digest("base64url").slice(0, 24);
  return { customerRef: `local_cus_${id}`, paymentMethodRef: `${declining ? LOCAL_DECLINING_CARD_PREFIX : "local_pm_"}${id}` };
}

/** The decline reason the local provider answers for a declining test card. */
export const LOCAL_DECLINE_REASON = "card_declined (local test card)";

export const localPaymentProvider: PaymentProvider = {
  name: "local",

  async createCheckout(request) {
    const providerRef = LOCAL_REF_PREFIX + crypto.randomBytes(24).toString("base64url");
    logger.info({ orderId: request.orderId, orderNumber: request.orderNumber }, "local checkout created");
    // A path, not an absolute URL: the test page lives on whatever host served the booking.
    return { checkoutUrl: localCheckoutPath(providerRef), providerRef };
  },

  async chargeSaved(charge) {
    if (charge.paymentMethodRef.startsWith(LOCAL_DECLINING_CARD_PREFIX)) {
      logger.info({ orderId: charge.orderId }, "local saved card declined (test card)");
      return { status: "failed", reason: LOCAL_DECLINE_REASON };
    }
    // Derived from the idempotency key, like Stripe answering a repeat with the same PaymentIntent.
    const providerRef = `local_pi_${crypto.createHash("sha256").update(charge.idempotencyKey).digest("base64url").slice(0, 24)}`;
    logger.info({ orderId: charge.orderId, amountCents: charge.amountCents }, "local saved card charged (test money)");
    return { status: "succeeded", providerRef };
  },

  async refund(payment) {
    // No money moved, so there is nothing to send back; the bookkeeping (payment 'refunded')
    // is done by refundPayment for every provider alike.
    logger.info({ paymentId: payment.paymentId, amountCents: payment.amountCents }, "local payment refunded (test money)");
  },
};
