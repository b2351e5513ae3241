// How long the housekeeping job keeps what the privacy notice (app/routes/tietosuoja.tsx,
// "7. Säilytysajat") promises to delete; decision 0045. Pure: each rule is the instant before
// which a row is old enough to go, given the server clock's `now`.
import { addDays, addYears, subDays, subMonths, subYears } from "date-fns";

/** "Yhteydenottolomakkeen viestit säilytämme kaksi vuotta": a contact request from its creation. */
export const CONTACT_REQUEST_RETENTION_YEARS = 2;

/** "Hylättyjen kaverihakemusten tiedot poistetaan kuuden kuukauden kuluttua päätöksestä." */
export const REJECTED_APPLICATION_RETENTION_MONTHS = 6;

/** Sent e-mails and texts: as long as the technical logs ("enintään 90 päivää"). */
export const OUTBOX_RETENTION_DAYS = 90;

/**
 * "Käyttäjätili … Poistamme tiedot viimeistään kahden vuoden kuluttua viimeisestä käytöstä"
 * (decision 0047): an account unused this long is erased.
 */
export const INACTIVE_ACCOUNT_RETENTION_YEARS = 2;

/** The warning e-mail goes this long before the erasure, and the erasure waits at least this long after it. */
export const INACTIVITY_WARNING_DAYS = 30;

/** A session's use writes the profile's last use at most this often (page views do not write each time). */
export const ACTIVITY_WRITE_INTERVAL_HOURS = 24;

/** Is the stored last use old enough that a use at `at` should be written? */
export function activityIsStale(lastActiveAt: Date, at: Date): boolean {
  return at.getTime() - lastActiveAt.getTime() > ACTIVITY_WRITE_INTERVAL_HOURS * 60 * 60 * 1000;
}

export interface RetentionCutoffs {
  /** Contact requests created before this go (unless staff still have them open). */
  contactRequestsBefore: Date;
  /** Applications rejected (caregivers.reviewed_at) before this are erased. */
  rejectedApplicationsBefore: Date;
  /** Finished e-mails and texts (sent, or sent_at missing: created) before this go. */
  outboxBefore: Date;
  /** An account last used before this and not yet warned gets the warning e-mail. */
  warnUnusedBefore: Date;
  /** An account last used before this ... */
  eraseUnusedBefore: Date;
  /** ... and warned before this is erased (unless a visit or an open invoice stands in the way). */
  eraseWarnedBefore: Date;
}

export function retentionCutoffs(now: Date): RetentionCutoffs {
  return {
    contactRequestsBefore: subYears(now, CONTACT_REQUEST_RETENTION_YEARS),
    rejectedApplicationsBefore: subMonths(now, REJECTED_APPLICATION_RETENTION_MONTHS),
    outboxBefore: subDays(now, OUTBOX_RETENTION_DAYS),
    warnUnusedBefore: addDays(subYears(now, INACTIVE_ACCOUNT_RETENTION_YEARS), INACTIVITY_WARNING_DAYS),
    eraseUnusedBefore: subYears(now, INACTIVE_ACCOUNT_RETENTION_YEARS),
    eraseWarnedBefore: subDays(now, INACTIVITY_WARNING_DAYS),
  };
}

/**
 * The date the warning e-mail names: two years after the last use, but never sooner than the
 * warning period after the warning itself (an account found late, e.g. on the rule's first run).
 */
export function inactiveAccountErasureDate(lastUse: Date, warnedAt: Date): Date {
  const byUse = addYears(lastUse, INACTIVE_ACCOUNT_RETENTION_YEARS);
  const byWarning = addDays(warnedAt, INACTIVITY_WARNING_DAYS);
  return byUse.getTime() > byWarning.getTime() ? byUse : byWarning;
}
