import { env } from "../../env.server";
import { localPaymentProvider } from "./local-provider.server";
import type { PaymentProvider } from "./provider";
import { stripePaymentProvider } from "./stripe-provider.server";

// Which payment provider is active (DESIGN.md decision 11): the interface is in provider.ts, so
// the implementations do not import the module that chooses between them.

let override: PaymentProvider | null = null;

/**
 * The active provider: `stripe` when STRIPE_SECRET_KEY is set (env() then insists on
 * STRIPE_WEBHOOK_SECRET too), otherwise the embedded `local` test checkout.
 */
export function getPaymentProvider(): PaymentProvider {
  if (override) return override;
  const config = env();
  if (config.STRIPE_SECRET_KEY) return stripePaymentProvider(config);
  return localPaymentProvider;
}

/** Tests swap in a provider that fails, answers oddly or records calls; null restores the real one. */
export function setPaymentProviderForTests(provider: PaymentProvider | null): void {
  override = provider;
}

/**
 * True when the embedded test checkout (/maksu/testi/…) may be used: never in production, where
 * it would confirm orders that nobody paid (DESIGN.md decision 20).
 */
export function isLocalProviderActive(): boolean {
  if (env().NODE_ENV === "production" && !override) return false;
  try {
    return getPaymentProvider().name === "local";
  } catch {
    return false;
  }
}

/** Whether customers are offered online payment: Stripe is set up, or the test checkout is allowed. */
export function isOnlinePaymentAvailable(): boolean {
  return Boolean(env().STRIPE_SECRET_KEY) || isLocalProviderActive();
}
