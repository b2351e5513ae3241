import type Stripe from "stripe";
import { getDb } from "../../db.server";
import { env } from "../../env.server";
import { logger } from "../../logger.server";
import { applyPaymentEvent, type PaymentEvent } from "./events.server";
import { stripeClient, stripePaymentProvider } from "./stripe-provider.server";

// POST /api/stripe/webhook (issue 5). Stripe's word is taken only with a valid signature over the
// exact bytes it sent; the verified event is translated into our PaymentEvent and handed to
// applyPaymentEvent, which records the event id in payment_events in the same transaction as its
// effects, so a redelivery changes nothing. The answers say nothing about why a request was
// refused: the reason goes to the log only.

const JSON_HEADERS = { "Content-Type": "application/json", "Cache-Control": "no-store" };

function answer(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}

export async function handleStripeWebhook(request: Request): Promise<Response> {
  const config = env();
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
    // The local provider is active: there is no Stripe endpoint to talk to.
    return answer(404, { error: "Not found" });
  }

  const signature = request.headers.get("stripe-signature");
  // The raw text, not parsed JSON: the signature covers the bytes exactly as sent.
  const payload = await request.text();
  if (!signature) {
    logger.warn("stripe webhook without a signature refused");
    return answer(400, { error: "Bad request" });
  }

  let event: Stripe.Event;
  try {
    event = stripeClient(config).webhooks.constructEvent(payload, signature, config.STRIPE_WEBHOOK_SECRET);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn({ reason }, "stripe webhook with an invalid signature refused");
    return answer(400, { error: "Bad request" });
  }

  const paymentEvent = paymentEventFromStripe(event);
  if (!paymentEvent) {
    // Subscribed to more than we handle, or a completed checkout still waiting for its money:
    // acknowledged so Stripe does not retry it.
    logger.info({ stripeEventId: event.id, stripeEventType: event.type }, "stripe event acknowledged without action");
    return answer(200, { received: true });
  }

  try {
    if (paymentEvent.type === "checkout.completed" && savesCard(event)) {
      // The event names the customer but not the saved card: Stripe is asked for it (a failure
      // answers 500, and Stripe delivers the event again).
      const status = await stripePaymentProvider(config).retrieveCheckout!(paymentEvent.providerRef);
      if (status.savedCard) paymentEvent.savedCard = status.savedCard;
    }
    const result = await applyPaymentEvent(await getDb(), paymentEvent);
    logger.info({ stripeEventId: event.id, stripeEventType: event.type, applied: result.applied }, "stripe event handled");
  } catch (error) {
    // Nothing was committed (one transaction): a 500 makes Stripe deliver it again later.
    logger.error({ err: error, stripeEventId: event.id, stripeEventType: event.type }, "stripe event could not be applied");
    return answer(500, { error: "Temporary failure" });
  }
  return answer(200, { received: true });
}

/** A completed checkout of a series' first visit, which saved the card for the later ones. */
function savesCard(event: Stripe.Event): boolean {
  return event.type === "checkout.session.completed" && event.data.object.metadata?.save_card === "1";
}

/**
 * The PaymentEvent a Stripe event means for us, or null when it means nothing (yet):
 * - checkout.session.completed: paid only when payment_status says so. A Klarna payment finishes
 *   the checkout 'unpaid' and settles later with async_payment_succeeded or _failed.
 * - checkout.session.async_payment_succeeded / _failed: the asynchronous method settled.
 * - checkout.session.expired: the checkout ran out (or we expired it); the order is released.
 */
export function paymentEventFromStripe(event: Stripe.Event): PaymentEvent | null {
  const base = { id: event.id, provider: "stripe" as const };
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required") return null;
      return { ...base, type: "checkout.completed", providerRef: session.id };
    }
    case "checkout.session.async_payment_succeeded":
      return { ...base, type: "checkout.async_succeeded", providerRef: event.data.object.id };
    case "checkout.session.async_payment_failed":
      return { ...base, type: "checkout.async_failed", providerRef: event.data.object.id };
    case "checkout.session.expired":
      return { ...base, type: "checkout.expired", providerRef: event.data.object.id };
    default:
      return null;
  }
}
