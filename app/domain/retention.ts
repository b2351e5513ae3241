// How long the housekeeping job keeps what the privacy notice (app/routes/tietosuoja.tsx,
// "7. Säilytysajat") promises to delete; decision 0045. Pure: each rule is the instant before
// which a row is old enough to go, given the server clock's `now`.
import { subDays, subMonths, subYears } from "date-fns";

/** "Yhteydenottolomakkeen viestit säilytämme kaksi vuotta": a contact request from its creation. */
export const CONTACT_REQUEST_RETENTION_YEARS = 2;

/** "Hylättyjen kaverihakemusten tiedot poistetaan kuuden kuukauden kuluttua päätöksestä." */
export const REJECTED_APPLICATION_RETENTION_MONTHS = 6;

/** Sent e-mails and texts: as long as the technical logs ("enintään 90 päivää"). */
export const OUTBOX_RETENTION_DAYS = 90;

export interface RetentionCutoffs {
  /** Contact requests created before this go (unless staff still have them open). */
  contactRequestsBefore: Date;
  /** Applications rejected (caregivers.reviewed_at) before this are erased. */
  rejectedApplicationsBefore: Date;
  /** Finished e-mails and texts (sent, or sent_at missing: created) before this go. */
  outboxBefore: Date;
}

export function retentionCutoffs(now: Date): RetentionCutoffs {
  return {
    contactRequestsBefore: subYears(now, CONTACT_REQUEST_RETENTION_YEARS),
    rejectedApplicationsBefore: subMonths(now, REJECTED_APPLICATION_RETENTION_MONTHS),
    outboxBefore: subDays(now, OUTBOX_RETENTION_DAYS),
  };
}
