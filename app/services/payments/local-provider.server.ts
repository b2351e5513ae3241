import crypto from "node:crypto";
import { logger } from "../../logger.server";
import type { PaymentProvider } from "./provider";

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

export const localPaymentProvider: PaymentProvider = {
  name: "local",

  async createCheckout(request) {
    const providerRef = LOCAL_REF_PREFIX + crypto.randomBytes(24).toString("base64url");
    logger.info({ orderId: request.orderId, orderNumber: request.orderNumber }, "local checkout created");
    // A path, not an absolute URL: the test page lives on whatever host served the booking.
    return { checkoutUrl: localCheckoutPath(providerRef), providerRef };
  },

  async refund(payment) {
    // No money moved, so there is nothing to send back; the bookkeeping (payment 'refunded')
    // is done by refundPayment for every provider alike.
    logger.info({ paymentId: payment.paymentId, amountCents: payment.amountCents }, "local payment refunded (test money)");
  },
};
