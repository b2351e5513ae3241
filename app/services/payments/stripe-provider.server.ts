import Stripe from "stripe";
import type { Env } from "../../env.server";
import { logger } from "../../logger.server";
import { signedPaymentCancelledPath } from "./cancel-link.server";
import { paymentSucceededPath } from "./paths";
import type { CheckoutStatus, PaymentProvider, SavedCard } from "./provider";

// The Stripe provider (DESIGN.md decision 11; issue 5): Stripe Checkout with card, MobilePay and
// Klarna. It only talks to Stripe; every outcome goes through applyPaymentEvent, fed by the
// webhook (stripe-webhook.server.ts), by the success page's own look-up and by the clean-up job
// (reconcile.server.ts). See docs/decisions/0009-stripe-payments.md.

/**
 * How long a checkout stays payable. Stripe's minimum is 30 minutes from creation; one more keeps
 * a request that spends a few seconds in flight above it. The clean-up job waits a little longer
 * than this before it asks Stripe about a checkout nobody told us about.
 */
export const STRIPE_CHECKOUT_LIFETIME_SECONDS = 31 * 60;

/**
 * The methods offered. With the pinned API version (2026-10-28) Checkout no longer takes
 * `payment_method_types`; `allowed_payment_method_types` limits the methods enabled in the
 * Dashboard to these, so MobilePay and Klarna must be switched on there too.
 */
export const STRIPE_PAYMENT_METHODS = ["card", "mobilepay", "klarna"] as const;
type OurMethod = (typeof STRIPE_PAYMENT_METHODS)[number];

type StripeConfig = Pick<
  Env,
  "STRIPE_SECRET_KEY" | "STRIPE_API_HOST" | "STRIPE_API_PORT" | "STRIPE_API_PROTOCOL" | "APP_URL"
>;

let cached: { key: string; provider: PaymentProvider; client: Stripe } | undefined;

/** The SDK client for the configured key; host, port and protocol are for tests only. */
export function stripeClient(config: StripeConfig): Stripe {
  return cachedFor(config).client;
}

/** The provider for the configured key (one instance per configuration). */
export function stripePaymentProvider(config: StripeConfig): PaymentProvider {
  return cachedFor(config).provider;
}

function cachedFor(config: StripeConfig) {
  if (!config.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  const key = JSON.stringify([
    config.STRIPE_SECRET_KEY,
    config.STRIPE_API_HOST,
    config.STRIPE_API_PORT,
    config.STRIPE_API_PROTOCOL,
    config.APP_URL,
  ]);
  if (cached?.key !== key) {
    const client = new Stripe(config.STRIPE_SECRET_KEY, {
      ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
      ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
      ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
      // Retries reuse the request's idempotency key, so they can never create a second session
      // or refund; the timeout keeps a hung connection from holding the customer's request.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: "Arkikaveri" },
    });
    cached = { key, client, provider: createStripeProvider(client, config.APP_URL) };
  }
  return cached;
}

function createStripeProvider(client: Stripe, appUrl: string): PaymentProvider {
  const absolute = (path: string) => new URL(path, appUrl).toString();

  async function retrieveCheckout(providerRef: string): Promise<CheckoutStatus> {
    // The payment intent's method tells which method was used and, for a finished but unpaid
    // asynchronous payment, whether it is still processing or was declined.
    const session = await client.checkout.sessions.retrieve(providerRef, { expand: ["payment_intent.payment_method"] });
    return checkoutStatusOf(session);
  }

  async function paymentIntentOfSession(sessionId: string): Promise<string | undefined> {
    const session = await client.checkout.sessions.retrieve(sessionId);
    return typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  }

  return {
    name: "stripe",

    async createCheckout(request) {
      // Rounded to the minute so that a repeat within the same minute sends byte-identical
      // parameters: with the same idempotency key Stripe then answers with the same session
      // instead of making a second one. A retry in a later minute (the first attempt having
      // failed) is a new request with its own key, which Stripe would otherwise refuse for
      // 24 hours because the parameters differ.
      const expiresAt = Math.ceil((Date.now() / 1000 + STRIPE_CHECKOUT_LIFETIME_SECONDS) / 60) * 60;
      const metadata = { order_id: request.orderId, order_number: request.orderNumber, ...(request.saveCard ? { save_card: "1" } : {}) };
      const session = await client.checkout.sessions.create(
        {
          mode: "payment",
          currency: "eur",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "eur",
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          // A series' first visit saves the card for the later ones: only a card can be charged
          // off-session, so MobilePay and Klarna are not offered for it.
          allowed_payment_method_types: request.saveCard ? ["card"] : [...STRIPE_PAYMENT_METHODS],
          locale: "fi",
          customer_email: request.customerEmail,
          client_reference_id: request.orderId,
          metadata,
          ...(request.saveCard ? { customer_creation: "always" as const } : {}),
          payment_intent_data: {
            metadata,
            description: request.description,
            ...(request.saveCard ? { setup_future_usage: "off_session" as const } : {}),
          },
          success_url: absolute(paymentSucceededPath(request.orderNumber)),
          cancel_url: absolute(signedPaymentCancelledPath(request.orderNumber)),
          expires_at: expiresAt,
        },
        { idempotencyKey: `checkout-${request.orderId}-${expiresAt}` },
      );
      logger.info({ orderId: request.orderId, sessionId: session.id }, "stripe checkout session created");
      // No URL is passed on as an empty one: startCheckout turns it into the §8 'ei checkout
      // URL:ia' message and stores nothing; the session expires unused.
      return { checkoutUrl: session.url ?? "", providerRef: session.id };
    },

    retrieveCheckout,

    async expireCheckout(providerRef) {
      try {
        return checkoutStatusOf(await client.checkout.sessions.expire(providerRef));
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (paid, or expired already):
        // then its real state is the answer.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return retrieveCheckout(providerRef);
        throw error;
      }
    },

    async chargeSaved(charge) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await client.paymentIntents.create(
          {
            amount: charge.amountCents,
            currency: "eur",
            customer: charge.customerRef,
            payment_method: charge.paymentMethodRef,
            off_session: true,
            confirm: true,
            description: charge.description,
            metadata: { order_id: charge.orderId },
          },
          { idempotencyKey: charge.idempotencyKey },
        );
      } catch (error) {
        // Declined, or the bank wants the customer present (authentication_required): an answer.
        if (error instanceof Stripe.errors.StripeCardError) {
          logger.info({ orderId: charge.orderId, code: error.code }, "stripe declined an off-session charge");
          return { status: "failed", reason: error.code ?? error.message };
        }
        throw error;
      }
      if (intent.status === "succeeded") {
        logger.info({ orderId: charge.orderId, paymentIntent: intent.id }, "stripe off-session charge succeeded");
        return { status: "succeeded", providerRef: intent.id };
      }
      if (intent.status === "requires_payment_method" || intent.status === "requires_action" || intent.status === "canceled") {
        return { status: "failed", reason: intent.status };
      }
      // 'processing' is not an answer for a card: thrown so the job asks again under the same key.
      throw new Error(`Off-session PaymentIntent ${intent.id} is ${intent.status}`);
    },

    async refund({ providerRef, amountCents, paymentId, idempotencyKey }) {
      // A saved card's charge is stored by its PaymentIntent; a checkout by its session.
      const paymentIntent = providerRef.startsWith("pi_") ? providerRef : await paymentIntentOfSession(providerRef);
      if (!paymentIntent) throw new Error(`Checkout session ${providerRef} has no payment to refund`);
      try {
        await client.refunds.create(
          { payment_intent: paymentIntent, amount: amountCents, metadata: { payment_id: paymentId } },
          // One key per payment: a second attempt (a lapsed claim, a crash before the payment
          // was marked) gets the first refund back instead of a second one.
          { idempotencyKey: idempotencyKey ?? `refund-${paymentId}` },
        );
      } catch (error) {
        // After Stripe forgets the key (24 h) a repeat is refused this way; the money is back.
        if (error instanceof Stripe.errors.StripeError && error.code === "charge_already_refunded") {
          logger.info({ paymentId }, "stripe says the payment was already refunded");
          return;
        }
        throw error;
      }
      logger.info({ paymentId, paymentIntent, amountCents }, "stripe refund created");
    },
  };
}

/** Maps a Checkout Session onto the provider-neutral CheckoutStatus. */
export function checkoutStatusOf(session: Stripe.Checkout.Session): CheckoutStatus {
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  const method = methodOf(intent);
  const savedCard = savedCardOf(session, intent);
  const status = (state: CheckoutStatus["state"]): CheckoutStatus => ({
    providerRef: session.id,
    state,
    ...(method ? { method } : {}),
    ...(savedCard && state === "paid" ? { savedCard } : {}),
  });
  if (session.status === "expired") return status("expired");
  if (session.status !== "complete") return { ...status("open"), ...(session.url ? { checkoutUrl: session.url } : {}) };
  if (session.payment_status === "paid" || session.payment_status === "no_payment_required") return status("paid");
  // Complete but unpaid: an asynchronous method (Klarna) is settling, or was declined.
  if (intent && (intent.status === "requires_payment_method" || intent.status === "canceled")) return status("failed");
  return status("processing");
}

function methodOf(intent: Stripe.PaymentIntent | null): OurMethod | undefined {
  const paymentMethod = intent && typeof intent.payment_method === "object" ? intent.payment_method : null;
  const type = paymentMethod?.type;
  return STRIPE_PAYMENT_METHODS.find((method) => method === type);
}

/** The customer and card a checkout asked to save (metadata save_card), once Stripe has them. */
function savedCardOf(session: Stripe.Checkout.Session, intent: Stripe.PaymentIntent | null): SavedCard | undefined {
  if (session.metadata?.save_card !== "1" || !intent) return undefined;
  const customerRef = typeof session.customer === "string" ? session.customer : session.customer?.id;
  const paymentMethodRef = typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method?.id;
  return customerRef && paymentMethodRef ? { customerRef, paymentMethodRef } : undefined;
}
