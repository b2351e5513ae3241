import type { DB } from "../../db.server";
import { formatDate, formatTimeRange } from "../../domain/format";
import { awaitsCheckoutPayment, checkoutSavesCard } from "../../domain/series-payment";
import { logger } from "../../logger.server";
import { CHECKOUT_MESSAGES } from "../../messages/booking";
import { attachCheckoutToPayment, findCheckoutTarget, type CheckoutTarget } from "../../models/payments.server";
import { getPaymentProvider, isLocalProviderActive } from "./active-provider.server";
import { applyCheckoutStatus } from "./reconcile.server";

// Starting an online payment (spec 000 §4 "Online", §8 checkout errors). The order and its
// pending payment row were committed by the booking transaction; this asks the provider for a
// checkout outside any transaction (a network call must never hold a database connection) and
// stores the provider's id on the payment. If the provider fails, the order simply stays
// 'pending_payment' with its payment 'pending': nothing is lost, and calling this again retries.

export type CheckoutErrorReason = "provider_failed" | "no_url" | "not_payable";

/** A checkout could not be started; `message` is the Finnish text to show the customer. */
export class CheckoutError extends Error {
  constructor(
    readonly reason: CheckoutErrorReason,
    message: string = reason === "no_url" ? CHECKOUT_MESSAGES.noUrl : CHECKOUT_MESSAGES.failed,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "CheckoutError";
  }
}

/**
 * Asks the provider for a checkout for an unpaid online order, stores the checkout's id on the
 * payment row and returns the URL to send the customer to. Throws CheckoutError (with the §8
 * message) when the order cannot be paid now or the provider fails or answers without a URL.
 */
export async function startCheckout(db: DB, orderId: string): Promise<string> {
  if (db.isTransaction) {
    // Contract: the order is committed first, so a slow provider never holds a transaction open.
    throw new Error("startCheckout must be called after the order transaction has committed, not inside it");
  }
  const target = await findCheckoutTarget(db, orderId);
  if (!target || !awaitsCheckoutPayment(target)) {
    logger.warn(
      { orderId, orderStatus: target?.orderStatus, paymentStatus: target?.paymentStatus },
      "checkout requested for an order that is not awaiting online payment",
    );
    throw new CheckoutError("not_payable");
  }

  const provider = getPaymentProvider();
  if (provider.name === "local" && !isLocalProviderActive()) {
    // Production without Stripe: the test checkout would confirm an order nobody paid.
    logger.error({ orderId }, "online checkout requested but no payment provider may take money");
    throw new CheckoutError("not_payable");
  }
  if (target.providerRef && target.paymentProvider === provider.name && provider.retrieveCheckout) {
    // A checkout was started before (a second tab, a repeated request): continue with it rather
    // than open another one, which could be paid while our row names only the newer checkout.
    return resumeCheckout(db, provider.name, target.providerRef, orderId);
  }
  let session;
  try {
    session = await provider.createCheckout({
      orderId: target.orderId,
      orderNumber: target.orderNumber,
      // The payment row snapshots the order total; both are the same by construction.
      amountCents: target.paymentAmountCents,
      customerEmail: target.customerEmail,
      description: checkoutDescription(target),
      saveCard: checkoutSavesCard(target),
    });
  } catch (error) {
    logger.error({ err: error, orderId, provider: provider.name }, "payment provider failed to create a checkout");
    throw new CheckoutError("provider_failed", CHECKOUT_MESSAGES.failed, { cause: error });
  }

  if (!session || typeof session.checkoutUrl !== "string" || session.checkoutUrl.trim() === "" || !session.providerRef) {
    logger.error({ orderId, provider: provider.name }, "payment provider answered without a checkout URL");
    throw new CheckoutError("no_url");
  }

  const attached = await attachCheckoutToPayment(db, {
    paymentId: target.paymentId,
    provider: provider.name,
    providerRef: session.providerRef,
  });
  if (!attached) {
    // The payment left 'pending' while the provider was answering (paid or expired by a
    // parallel request): this checkout must not be used.
    logger.warn({ orderId }, "payment changed while its checkout was being created");
    throw new CheckoutError("not_payable");
  }
  return session.checkoutUrl;
}

/**
 * The URL of an earlier checkout that is still open. One that was paid, declined or has expired
 * meanwhile is settled through the event handler (as its webhook would) and cannot be resumed.
 */
async function resumeCheckout(db: DB, providerName: "local" | "stripe", providerRef: string, orderId: string): Promise<string> {
  let state;
  let url: string | undefined;
  try {
    const provider = getPaymentProvider();
    const status = await provider.retrieveCheckout!(providerRef);
    state = status.state;
    url = status.checkoutUrl;
    await applyCheckoutStatus(db, providerName, status);
  } catch (error) {
    logger.error({ err: error, orderId, provider: providerName }, "payment provider failed to answer about an earlier checkout");
    throw new CheckoutError("provider_failed", CHECKOUT_MESSAGES.failed, { cause: error });
  }
  if (state === "open" && url) return url;
  if (state === "open") throw new CheckoutError("no_url");
  logger.warn({ orderId, state }, "earlier checkout can no longer be paid");
  throw new CheckoutError("not_payable");
}

/** What the customer sees on the provider's page: 'Asiointiapu 21.11.2026 klo 14.00–16.00 (ORD-100001)'. */
export function checkoutDescription(target: Pick<CheckoutTarget, "serviceName" | "scheduledDate" | "startsAt" | "endsAt" | "orderNumber">): string {
  return `${target.serviceName} ${formatDate(target.scheduledDate)} ${formatTimeRange(target.startsAt, target.endsAt)} (${target.orderNumber})`;
}
