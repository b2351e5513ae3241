// "Poista tili" (issue 29 item 3; GDPR art. 17; decision 0034): the rules, pure. The SQL is in
// app/models/account-deletions.server.ts, the flow in app/services/account-deletion.server.ts.

/** Days between the request and the erasure; the e-mailed "Peru poisto" link works until then. */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;

/** What the person types to show they mean it (compared without case or surrounding spaces). */
export const DELETION_CONFIRMATION_WORD = "POISTA";

export function isConfirmationWord(value: string): boolean {
  return value.trim().toLocaleUpperCase("fi-FI") === DELETION_CONFIRMATION_WORD;
}

/**
 * The last day an archived money document is kept: the end of the sixth year after the year of
 * the document (Kirjanpitolaki 1336/1997 2:10 §: vouchers six years from the end of the year).
 * `documentDate` is a Helsinki date 'yyyy-MM-dd'.
 */
export function archivePurgeAfter(documentDate: string): string {
  const year = Number(documentDate.slice(0, 4));
  if (!Number.isInteger(year) || year < 2000) throw new Error(`archivePurgeAfter: not a date: ${documentDate}`);
  return `${year + 6}-12-31`;
}

/** Whether an archived row's time is over on Helsinki date `today` (both 'yyyy-MM-dd'). */
export function isPastPurgeDate(purgeAfter: string, today: string): boolean {
  return today > purgeAfter;
}

/** The tombstone's address: unique (the column is), clearly not anybody's, never deliverable (RFC 2606). */
export function erasedEmailAddress(profileId: string): string {
  return `poistettu-${profileId}@poistettu.invalid`;
}

export type ErasureOfReference =
  /** The rows are deleted. */
  | "deleted"
  /** The rows stay, emptied of personal data, pointing at the tombstone (statistics, bookkeeping). */
  | "anonymised"
  /** The column is set to null: someone else's row that merely names the person. */
  | "unlinked";

/**
 * Every column that points at a person (profiles, customers, caregivers) and what the erasure
 * does with its rows, each with why. tests/integration/account-deletion.test.ts walks the
 * database's foreign keys and fails on a column missing here, so a new table cannot be forgotten;
 * for the 'deleted' and 'unlinked' ones it checks that no row points at the erased person.
 */
export const ERASURE_OF_REFERENCES: Readonly<Record<string, { erasure: ErasureOfReference; why: string }>> = {
  "user_roles.user_id": { erasure: "deleted", why: "login: a staff role (staff accounts are not erased here)" },
  "sessions.user_id": { erasure: "deleted", why: "login: every session ends" },
  "auth_tokens.user_id": { erasure: "deleted", why: "tokens" },
  "customers.profile_id": { erasure: "anonymised", why: "orders and payments point at it; the address goes, postal code and city stay" },
  "caregivers.profile_id": { erasure: "anonymised", why: "orders and payouts point at it; everything but the home town goes" },
  "caregivers.reviewed_by": { erasure: "unlinked", why: "a staff member's act on someone else's record" },
  "caregiver_services.caregiver_id": { erasure: "deleted", why: "the helper's profile" },
  "caregiver_weekly_hours.caregiver_id": { erasure: "deleted", why: "the helper's working hours (issue 27)" },
  "caregiver_availability_exceptions.caregiver_id": { erasure: "deleted", why: "the helper's days away and extra hours (issue 27)" },
  "orders.customer_id": { erasure: "anonymised", why: "statistics and bookkeeping: names, phones, street address and notes go" },
  "orders.caregiver_id": { erasure: "anonymised", why: "the helper's visits stay for the customer's and the books' sake, without the helper's data" },
  "orders.accepted_caregiver_id": { erasure: "anonymised", why: "as orders.caregiver_id" },
  "orders.created_by": { erasure: "unlinked", why: "who typed the order in" },
  "discount_redemptions.profile_id": { erasure: "anonymised", why: "a code's use counts; no personal data" },
  "payments.customer_id": { erasure: "anonymised", why: "amounts only; the payment as it was is in the accounting archive" },
  "payments.caregiver_id": { erasure: "anonymised", why: "amounts only" },
  "payouts.caregiver_id": { erasure: "anonymised", why: "amounts only; the payout as it was is in the accounting archive" },
  "order_reschedules.actor_id": { erasure: "unlinked", why: "who moved a visit" },
  "order_reschedules.old_caregiver_id": { erasure: "anonymised", why: "a visit's history, no personal data" },
  "order_reschedules.new_caregiver_id": { erasure: "anonymised", why: "a visit's history, no personal data" },
  "messages.sender_id": { erasure: "deleted", why: "messages" },
  "message_reads.profile_id": { erasure: "deleted", why: "read markers of the person's threads" },
  "notifications.user_id": { erasure: "deleted", why: "the person's notifications" },
  "reviews.customer_id": { erasure: "anonymised", why: "a deleted customer's review stays, unattributed (issue 29)" },
  "reviews.caregiver_id": { erasure: "deleted", why: "reviews of an erased helper describe the helper" },
  "saved_recipients.owner_id": { erasure: "deleted", why: "saved recipients" },
  "household_statements.customer_id": { erasure: "deleted", why: "moved to the accounting archive with the PDF" },
  "household_statement_mailings.customer_id": { erasure: "deleted", why: "the statements' e-mailing, which goes with them" },
  "contact_requests.profile_id": { erasure: "deleted", why: "name, phone and message" },
  "staff_notices.handled_by": { erasure: "unlinked", why: "a staff member's act" },
  "discount_codes.created_by": { erasure: "unlinked", why: "a staff member's act" },
  "settings.updated_by": { erasure: "unlinked", why: "a staff member's act" },
  "audit_log.actor_id": { erasure: "unlinked", why: "the audit trail stays; who did it goes" },
  "invoice_payments.recorded_by": { erasure: "unlinked", why: "a staff member's act" },
  "data_exports.profile_id": { erasure: "deleted", why: "export requests and their ZIPs" },
  "data_exports.requested_by": { erasure: "unlinked", why: "a staff member's request for someone else" },
  "account_deletions.profile_id": { erasure: "anonymised", why: "the record that the account was erased, and when" },
  "consents.profile_id": { erasure: "deleted", why: "the consent log, with the rows logged under the person's e-mail or phone (decision 0033)" },
  "order_series.customer_id": { erasure: "anonymised", why: "a series' rule stays with its visits; it is ended and its saved card forgotten (decision 0037)" },
  "order_series.caregiver_id": { erasure: "anonymised", why: "as orders.caregiver_id: no personal data in the rule" },
  "order_series.created_by": { erasure: "unlinked", why: "who booked the series" },
  "series_invoices.customer_id": { erasure: "anonymised", why: "a series' monthly invoice: numbers and amounts only, kept for the books; as it was, with its PDF, in the accounting archive (decisions 0039, 0034)" },
};
