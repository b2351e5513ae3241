import type { Env } from "../../env.server";
import type { OutgoingText, SmsProvider } from "./provider";

// Twilio's Messages API over fetch (docs/decisions/0031 for why not its npm client): one POST per
// text, form-encoded, HTTP Basic with the account SID and auth token. TWILIO_API_URL points it at
// a local stand-in in tests, as STRIPE_API_HOST does for Stripe.

const TIMEOUT_MS = 15_000;

export class SmsProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "SmsProviderError";
  }
}

type TwilioConfig = Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM" | "TWILIO_API_URL">;

export function twilioSmsProvider(config: TwilioConfig): SmsProvider {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: from, TWILIO_API_URL: apiUrl } = config;
  if (!sid || !token || !from) throw new Error("twilioSmsProvider: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are required");
  const endpoint = new URL(`/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`, apiUrl).toString();
  const authorization = `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`;
  return {
    name: "twilio",
    async send(text: OutgoingText) {
      const form = new URLSearchParams({ To: text.to, Body: text.body });
      // A Messaging Service picks its own sender; otherwise the number or alphanumeric sender given.
      if (/^MG[0-9a-f]{32}$/i.test(from)) form.set("MessagingServiceSid", from);
      else form.set("From", from);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: { authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: form,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsProviderError(`Twilio could not be reached: ${error instanceof Error ? error.message : String(error)}`, null);
      }
      const answer = (await response.json().catch(() => null)) as { sid?: unknown; message?: unknown; code?: unknown } | null;
      if (!response.ok || typeof answer?.sid !== "string") {
        const detail = typeof answer?.message === "string" ? answer.message : `HTTP ${response.status}`;
        throw new SmsProviderError(`Twilio refused the text: ${detail}${answer?.code ? ` (code ${String(answer.code)})` : ""}`, response.status);
      }
      return { providerRef: answer.sid };
    },
  };
}
