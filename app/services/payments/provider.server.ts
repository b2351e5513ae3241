import { localPaymentProvider } from "./local-provider.server";

// The payment provider behind online orders (DESIGN.md decision 11). Everything outside this
// folder talks to the interface, so the embedded `local` provider and the Stripe provider (issue
// 5) are interchangeable: a provider only talks to the outside world, and every outcome it
// reports goes through the one event handler in events.server.ts.

export interface CheckoutRequest {
  orderId: string;
  orderNumber: string;
  amountCents: number;
  customerEmail: string;
  description: string;
}

export interface CheckoutSession {
  /** Where to send the customer: absolute for a hosted checkout, a path for the local one. */
  checkoutUrl: string;
  /** The provider's id for the checkout; stored on the payment row and named by every event. */
  providerRef: string;
}

export interface PaymentProvider {
  readonly name: "local" | "stripe";
  /** A network call for real providers: NEVER call it inside a database transaction. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Returns the money of a captured payment. Must be idempotent per `paymentId` (Stripe: an
   * idempotency key derived from it), so that two racing refund attempts refund once.
   */
  refund(payment: { providerRef: string; amountCents: number; paymentId: string }): Promise<void>;
}

let override: PaymentProvider | null = null;

/**
 * The active provider: `local` unless STRIPE_SECRET_KEY is set. Until the Stripe provider lands
 * (issue 5), a configured key fails loudly instead of silently falling back to the local test
 * checkout, which would confirm orders without taking any money.
 */
export function getPaymentProvider(): PaymentProvider {
  if (override) return override;
  if (process.env.STRIPE_SECRET_KEY) {
    throw new Error("STRIPE_SECRET_KEY is set, but this build has no Stripe payment provider");
  }
  return localPaymentProvider;
}

/** Tests swap in a provider that fails, answers oddly or records calls; null restores the real one. */
export function setPaymentProviderForTests(provider: PaymentProvider | null): void {
  override = provider;
}

/** True when the embedded test checkout (/maksu/testi/…) may be used. */
export function isLocalProviderActive(): boolean {
  try {
    return getPaymentProvider().name === "local";
  } catch {
    return false;
  }
}
