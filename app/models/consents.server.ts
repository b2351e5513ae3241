import type { Executor } from "../db.server";
import { consentSubject, isNewer, type ConsentEvent, type ConsentMethod, type ConsentPurpose, type ConsentSubject } from "../domain/consents";

// The consent log (issue 29 item 4; migration 0025; decision 0033): append-only rows, the newest
// of a subject and purpose being its state. Every change is a new row, never an update, so the
// log shows what was given or withdrawn, when, how and with which wording.

export interface ConsentRow extends ConsentEvent {
  id: string;
}

const columns = ["id", "purpose", "given", "text_version as textVersion", "method", "created_at as createdAt"] as const;

function subjectColumns(subject: ConsentSubject) {
  const keyed = consentSubject(subject);
  return {
    profile_id: "profileId" in keyed ? keyed.profileId : null,
    email: "email" in keyed ? keyed.email : null,
    phone: "phone" in keyed ? keyed.phone : null,
  };
}

/**
 * Logs one act of giving (`given: true`) or withdrawing a consent. Call it in the transaction of
 * what the person did (the registration, the booking, the profile's form). `at` defaults to the
 * database's now(); pass the app's clock where the caller has it.
 */
export async function recordConsent(
  executor: Executor,
  input: { subject: ConsentSubject; purpose: ConsentPurpose; given: boolean; textVersion: string; method: ConsentMethod; at?: Date },
): Promise<ConsentRow> {
  return executor
    .insertInto("consents")
    .values({
      ...subjectColumns(input.subject),
      purpose: input.purpose,
      given: input.given,
      text_version: input.textVersion,
      method: input.method,
      ...(input.at ? { created_at: input.at } : {}),
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** The newest row of a subject's purpose: its current state; null when nothing was ever logged. */
export async function currentConsent(executor: Executor, subject: ConsentSubject, purpose: ConsentPurpose): Promise<ConsentRow | null> {
  const keyed = subjectColumns(subject);
  let query = executor.selectFrom("consents").select(columns).where("purpose", "=", purpose);
  if (keyed.profile_id) query = query.where("profile_id", "=", keyed.profile_id);
  else if (keyed.email) query = query.where("email", "=", keyed.email);
  else query = query.where("phone", "=", keyed.phone!);
  return (await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst()) ?? null;
}

/**
 * May a text-message reminder go out? False when the newest row of "tekstiviestimuistutukset"
 * among the person's (`userId`) and the phone number's is a withdrawal; true otherwise, since the
 * choice made on the booking form (kept on the order) is what asks for the reminder. The newest
 * choice wins: a box ticked on a new booking (logged for the number) after a withdrawal in the
 * profile asks again, and a withdrawal after it stops every text. Checks text reminders only:
 * confirmations and e-mails never depend on it.
 */
export async function textRemindersAllowed(executor: Executor, who: { userId?: string | null; phone?: string | null }): Promise<boolean> {
  const subjects: ConsentSubject[] = [];
  if (who.userId) subjects.push({ profileId: who.userId });
  if (who.phone) subjects.push({ phone: who.phone });
  let newest: ConsentRow | null = null;
  for (const subject of subjects) {
    const state = await currentConsent(executor, subject, "tekstiviestimuistutukset");
    if (state && (!newest || isNewer(state, newest))) newest = state;
  }
  return newest?.given ?? true;
}

/** Every row of a person, newest first (the profile's and the back office's list, the export). */
export async function listConsentsOf(executor: Executor, profileId: string): Promise<ConsentRow[]> {
  return executor
    .selectFrom("consents")
    .select(columns)
    .where("profile_id", "=", profileId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/**
 * The rows of a person for the data export: their own, and those logged for a guest booking
 * with their e-mail address or phone number.
 */
export async function consentRowsForExport(executor: Executor, person: { profileId: string; email: string; phone: string | null }) {
  const email = subjectColumns({ email: person.email }).email!;
  const phone = person.phone ? subjectColumns({ phone: person.phone }).phone : null;
  return executor
    .selectFrom("consents")
    .selectAll()
    .where((eb) => eb.or([eb("profile_id", "=", person.profileId), eb("email", "=", email), ...(phone ? [eb("phone", "=", phone)] : [])]))
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Erasure: a person's rows and a guest's rows under their e-mail address or phone number. */
export async function deleteConsentsOf(executor: Executor, person: { profileId: string; email: string; phone: string | null }): Promise<number> {
  const email = subjectColumns({ email: person.email }).email!;
  const phone = person.phone ? subjectColumns({ phone: person.phone }).phone : null;
  const result = await executor
    .deleteFrom("consents")
    .where((eb) => eb.or([eb("profile_id", "=", person.profileId), eb("email", "=", email), ...(phone ? [eb("phone", "=", phone)] : [])]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
