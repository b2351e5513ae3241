import { env, isTextOutboxEnabled } from "../../env.server";
import type { SmsProvider } from "./provider";
import { twilioSmsProvider } from "./twilio-provider.server";

// Which SMS provider is active (docs/decisions/0031): Twilio when configured, otherwise the
// embedded outbox, whose texts stay in the database for /dev/tekstiviestit.

const outboxProvider: SmsProvider = {
  name: "outbox",
  send: async () => ({ providerRef: null }),
};

let override: SmsProvider | null = null;

/** The provider texts go through now; null in production without one (nothing would be sent). */
export function getSmsProvider(): SmsProvider | null {
  if (override) return override;
  const config = env();
  if (config.TWILIO_ACCOUNT_SID) return twilioSmsProvider(config);
  return isTextOutboxEnabled() ? outboxProvider : null;
}

/** Whether the booking offers "Muistutus tekstiviestinä": some provider can take the texts. */
export function isSmsAvailable(): boolean {
  return getSmsProvider() !== null;
}

/** Tests swap in a provider that fails or records calls; null restores the real one. */
export function setSmsProviderForTests(provider: SmsProvider | null): void {
  override = provider;
}
