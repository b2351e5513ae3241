// What an SMS provider is (issue 28 item 2; docs/decisions/0031), like the payment providers of
// ../payments/provider.ts: everything outside this folder talks to this interface, and which one
// is active is chosen in active-provider.server.ts. The embedded `outbox` provider keeps texts in
// the database for /dev/tekstiviestit; `twilio` sends them through Twilio's HTTP API.

export interface OutgoingText {
  /** The text's row in text_messages: the same on every attempt. */
  id: string;
  /** E.164, e.g. +358401234567. */
  to: string;
  body: string;
}

export interface SmsProvider {
  readonly name: "outbox" | "twilio";
  /**
   * Hands the text to the network and returns the provider's id for it; null for the embedded
   * outbox, which sends nothing. A network call for real providers: NEVER inside a transaction.
   * Throws when the provider refuses or cannot be reached (the job is then retried).
   */
  send(text: OutgoingText): Promise<{ providerRef: string | null }>;
}
