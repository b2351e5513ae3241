// The consent log's rules (issue 29 item 4; decision 0033). Pure: the rows come from
// app/models/consents.server.ts, the wordings from app/messages/consent-wordings.ts.

/**
 * What a consent is for. Marketing e-mail and text-message reminders are given and withdrawn by
 * the person; the helper's data-processing consent is given once, at registration.
 * Service e-mails (confirmations, invoices, reminders by e-mail) never depend on any of these.
 */
export const CONSENT_PURPOSES = ["markkinointi", "tekstiviestimuistutukset", "tietojenkäsittely"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** The purposes a person gives and withdraws in their profile, one POST each. */
export const SELF_SERVICE_PURPOSES = ["markkinointi", "tekstiviestimuistutukset"] as const satisfies readonly ConsentPurpose[];
export type SelfServicePurpose = (typeof SELF_SERVICE_PURPOSES)[number];

/** Where a consent was given or withdrawn. */
export const CONSENT_METHODS = ["rekisteröityminen", "profiili", "varauslomake", "hallintalinkki"] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/**
 * Whose consent: a signed-in person by profile id, or a guest by the e-mail address or the phone
 * number they booked with (normalised: see consentSubject).
 */
export type ConsentSubject = { profileId: string } | { email: string } | { phone: string };

/** A subject in the form the log keys it by: e-mail in lower case, phone in the +358 form without spaces. */
export function consentSubject(subject: ConsentSubject): ConsentSubject {
  if ("email" in subject) return { email: subject.email.trim().toLowerCase() };
  if ("phone" in subject) return { phone: normaliseConsentPhone(subject.phone) };
  return subject;
}

/**
 * "040 123 4567", "+358 40-123 4567" and "0401234567" → "+358401234567": one number however it
 * was written, so a withdrawal given with one spelling stops reminders booked with another.
 */
export function normaliseConsentPhone(phone: string): string {
  const digits = phone.replace(/[\s-]+/g, "");
  return digits.startsWith("0") ? `+358${digits.slice(1)}` : digits;
}

export function isSelfServicePurpose(value: unknown): value is SelfServicePurpose {
  return typeof value === "string" && (SELF_SERVICE_PURPOSES as readonly string[]).includes(value);
}

export interface ConsentEvent {
  purpose: ConsentPurpose;
  given: boolean;
  textVersion: string;
  method: ConsentMethod;
  createdAt: Date;
}

/** The newest event of each purpose (events in any order; a later id wins a tie in time). */
export function currentStates<T extends ConsentEvent & { id: string }>(events: readonly T[]): Map<ConsentPurpose, T> {
  const latest = new Map<ConsentPurpose, T>();
  for (const event of events) {
    const previous = latest.get(event.purpose);
    if (!previous || isNewer(event, previous)) latest.set(event.purpose, event);
  }
  return latest;
}

/** Whether event `a` came after `b` (a later id wins a tie in time). */
export function isNewer(a: ConsentEvent & { id: string }, b: ConsentEvent & { id: string }): boolean {
  const difference = a.createdAt.getTime() - b.createdAt.getTime();
  if (difference !== 0) return difference > 0;
  return BigInt(a.id) > BigInt(b.id);
}
