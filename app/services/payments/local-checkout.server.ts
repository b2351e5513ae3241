import { getDb } from "../../db.server";
import { findPaymentByProviderRef } from "../../models/payments.server";
import type { OnlinePaymentMethod } from "../../schemas/local-checkout";
import { applyPaymentEvent } from "./events.server";
import { awaitsCheckoutPayment, checkoutSavesCard } from "../../domain/series-payment";
import { isLocalRef, localSavedCard } from "./local-provider.server";
import { isLocalProviderActive } from "./active-provider.server";

// The server half of the local test checkout page (app/routes/maksu.testi.$ref.tsx). Paying or
// cancelling there produces exactly the events a real provider's webhook would, and hands them
// to applyPaymentEvent; the event ids are derived from the checkout, so a double click or a
// re-posted form is one event applied once.

export type LocalCheckoutState =
  | { kind: "unavailable" }
  | { kind: "open"; orderNumber: string; amountCents: number; savesCard: boolean }
  | { kind: "paid"; orderNumber: string }
  | { kind: "cancelled"; orderNumber: string };

export async function localCheckoutState(ref: string): Promise<LocalCheckoutState> {
  // Unknown, malformed, or the local provider is not the active one: the page does not exist.
  if (!isLocalProviderActive() || !isLocalRef(ref)) return { kind: "unavailable" };
  const payment = await findPaymentByProviderRef(await getDb(), "local", ref);
  if (!payment) return { kind: "unavailable" };
  if (payment.paymentStatus === "captured" || payment.paymentStatus === "refunded") {
    return { kind: "paid", orderNumber: payment.orderNumber };
  }
  if (!awaitsCheckoutPayment(payment)) return { kind: "cancelled", orderNumber: payment.orderNumber };
  return {
    kind: "open",
    orderNumber: payment.orderNumber,
    amountCents: payment.amountCents,
    savesCard: checkoutSavesCard(payment),
  };
}

/**
 * Pays the test checkout. A series' first visit saves a test card too (applied only for such an
 * order); `decliningCard` saves one whose later charges are declined, to try that path.
 */
export async function payLocalCheckout(ref: string, method: OnlinePaymentMethod, options: { decliningCard?: boolean } = {}) {
  return applyPaymentEvent(await getDb(), {
    id: `${ref}:completed`,
    provider: "local",
    type: "checkout.completed",
    providerRef: ref,
    method,
    savedCard: localSavedCard(ref, options.decliningCard),
  });
}

export async function cancelLocalCheckout(ref: string) {
  return applyPaymentEvent(await getDb(), {
    id: `${ref}:cancelled`,
    provider: "local",
    type: "checkout.cancelled",
    providerRef: ref,
  });
}

// The result-page paths moved to ./paths (the Stripe provider needs them too); re-exported so
// the test checkout page keeps importing them from here.
export { paymentCancelledPath, paymentSucceededPath } from "./paths";
