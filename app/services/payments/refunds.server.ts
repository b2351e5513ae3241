import type { DB } from "../../db.server";
import { logger } from "../../logger.server";
import {
  claimRefund,
  findPaymentForRefund,
  markPaymentRefunded,
  releaseRefundClaim,
} from "../../models/payments.server";
import { getPaymentProvider } from "./active-provider.server";

// Refunds of captured online payments (issue 5: an admin cancelling a paid order). The provider
// call is a network call, so it cannot run inside a transaction; instead a claim row makes sure
// only one caller at a time asks the provider, and the provider itself is idempotent per payment
// (Stripe: an idempotency key from the payment id), so even a claim taken over after a crash
// refunds once.

/** How long a claim protects a refund in progress before another attempt may take it over. */
const REFUND_CLAIM_LEASE_SECONDS = 5 * 60;

export type RefundOutcome =
  /** The provider refunded it now and the payment is marked 'refunded'. */
  | "refunded"
  /** It had been refunded before: nothing was done. */
  | "already_refunded"
  /** Another attempt is refunding it right now: nothing was done. */
  | "in_progress";

export class RefundError extends Error {
  constructor(
    readonly reason: "not_found" | "not_refundable",
    message: string,
  ) {
    super(message);
    this.name = "RefundError";
  }
}

/**
 * Refunds a captured online payment through its provider, in full or `amountCents` of it (the
 * price less a late-cancellation fee), and marks it 'refunded' with refunded_at and the amount.
 * Calling it again does nothing. Throws RefundError for an unknown payment or one
 * that is not captured (pending, failed, or an invoice that the customer pays themselves), and
 * passes a provider failure on after releasing its claim, so it can be retried.
 */
export async function refundPayment(db: DB, paymentId: string, options: { amountCents?: number } = {}): Promise<RefundOutcome> {
  const payment = await findPaymentForRefund(db, paymentId);
  if (!payment) throw new RefundError("not_found", `Payment ${paymentId} does not exist`);
  if (payment.status === "refunded") return "already_refunded";
  if (payment.provider === "invoice" || !payment.providerRef || payment.status !== "captured") {
    throw new RefundError("not_refundable", `Payment ${paymentId} (${payment.provider}, ${payment.status}) cannot be refunded online`);
  }
  const amountCents = options.amountCents ?? payment.amountCents;
  if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > payment.amountCents) {
    throw new RefundError("not_refundable", `Payment ${paymentId} cannot be refunded ${amountCents} of ${payment.amountCents} cents`);
  }
  const provider = getPaymentProvider();
  if (provider.name !== payment.provider) {
    throw new RefundError("not_refundable", `Payment ${paymentId} was made with ${payment.provider}, but ${provider.name} is active`);
  }

  if (!(await claimRefund(db, { paymentId, provider: payment.provider, leaseSeconds: REFUND_CLAIM_LEASE_SECONDS }))) {
    // Either a parallel attempt is busy, or it finished between our read and our claim.
    const now = await findPaymentForRefund(db, paymentId);
    return now?.status === "refunded" ? "already_refunded" : "in_progress";
  }

  try {
    await provider.refund({ providerRef: payment.providerRef, amountCents, paymentId });
  } catch (error) {
    await releaseRefundClaim(db, paymentId);
    logger.error({ err: error, paymentId }, "refund failed at the payment provider");
    throw error;
  }
  const marked = await markPaymentRefunded(db, paymentId, amountCents);
  logger.info({ paymentId, orderId: payment.orderId }, marked ? "payment refunded" : "payment was already marked refunded");
  return marked ? "refunded" : "already_refunded";
}
