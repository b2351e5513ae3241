import { csvAmount, toCsv } from "./csv";

// "Lataa tietoni" (issue 29 item 2; GDPR art. 15 and 20; decision 0032): what the ZIP holds and
// the rules of a request. Pure, no I/O: the rows come from app/models/data-exports.server.ts.

/** data.json's `schemaVersion`: raise it when a table or a field changes meaning. */
export const DATA_EXPORT_SCHEMA_VERSION = 1;

/** How long the e-mailed link works. */
export const DATA_EXPORT_VALID_DAYS = 7;

/** Requests per person in a rolling day (besides: one waiting request at a time). */
export const DATA_EXPORTS_PER_DAY = 3;

/**
 * Every column that points at a person (profiles, customers, caregivers) and whose rows go into
 * data.json under the table's name. The integration test tests/integration/data-export.test.ts
 * walks the database's foreign keys and fails on a column that is neither here nor in
 * NOT_EXPORTED_REFERENCES, so a new table cannot be forgotten.
 */
export const EXPORTED_REFERENCES = [
  "user_roles.user_id",
  "sessions.user_id",
  "customers.profile_id",
  "caregivers.profile_id",
  "caregiver_services.caregiver_id",
  "caregiver_weekly_hours.caregiver_id",
  "caregiver_availability_exceptions.caregiver_id",
  "orders.customer_id",
  "orders.caregiver_id",
  "orders.accepted_caregiver_id",
  "orders.created_by",
  "order_series.customer_id",
  "order_series.caregiver_id",
  "order_series.created_by",
  "discount_redemptions.profile_id",
  "payments.customer_id",
  "payouts.caregiver_id",
  "order_reschedules.actor_id",
  "order_reschedules.old_caregiver_id",
  "order_reschedules.new_caregiver_id",
  "messages.sender_id",
  "message_reads.profile_id",
  "notifications.user_id",
  "reviews.customer_id",
  "reviews.caregiver_id",
  "saved_recipients.owner_id",
  "household_statements.customer_id",
  "household_statement_mailings.customer_id",
  "contact_requests.profile_id",
  "consents.profile_id",
  "series_invoices.customer_id",
] as const;

/** Columns that point at a person but whose rows are deliberately left out, each with why. */
export const NOT_EXPORTED_REFERENCES: Readonly<Record<string, string>> = {
  // Secrets: the hash of a single-use e-mail link; the person has the link itself, if anything.
  "auth_tokens.user_id": "secret link hashes, valid for hours",
  // The export's own bookkeeping (token hash and storage key), not data about the person.
  "data_exports.profile_id": "the export requests themselves",
  "data_exports.requested_by": "the export requests themselves",
  // A deletion request: its token hash and dates, nothing about the person (decision 0034).
  "account_deletions.profile_id": "the account deletion requests themselves",
  // Staff's acts on other people's records: they say which staff member did it, they are not
  // data of the person whose record it is (that person's own rows are exported through it).
  "caregivers.reviewed_by": "the staff member who reviewed an application",
  "discount_codes.created_by": "the staff member who made a code",
  "settings.updated_by": "the staff member who changed a setting",
  "audit_log.actor_id": "staff's audit trail; the person's records carry their own state",
  "invoice_payments.recorded_by": "the staff member who recorded a payment (the payment itself is exported)",
  "staff_notices.handled_by": "the staff member who handled a notice",
  // The customer's money for a visit: the customer's data. The helper's money is in payouts.
  "payments.caregiver_id": "the customer's payment; the helper's share is in payouts",
};

/** The table names in data.json, in the order they are written. */
export function exportedTables(): string[] {
  return [...new Set(["profiles", ...EXPORTED_REFERENCES.map((reference) => reference.split(".")[0]!), "invoices", "invoice_payments", "credit_notes", "receipts", "series_invoice_lines", "emails"])];
}

/** The CSVs beside data.json: a file name and the table whose rows it holds, with its columns. */
export const EXPORT_CSVS = [
  { fileName: "tilaukset.csv", table: "orders" },
  { fileName: "laskut.csv", table: "invoices" },
  { fileName: "maksut.csv", table: "payments" },
  { fileName: "viestit.csv", table: "messages" },
  { fileName: "arviot.csv", table: "reviews" },
  { fileName: "tilitykset.csv", table: "payouts" },
  { fileName: "suostumukset.csv", table: "consents" },
] as const;

export type ExportRow = Record<string, unknown>;

/**
 * One table's rows as a CSV (app/domain/csv.ts): the columns the rows have (`columns` when there
 * are none), cents as euros with a decimal comma under a `_eur` header, times as ISO 8601.
 */
export function tableCsv(rows: readonly ExportRow[], columns: readonly string[]): string {
  const keys = rows.length > 0 ? Object.keys(rows[0]!) : [...columns];
  const headers = keys.map((key) => (key.endsWith("_cents") ? `${key.slice(0, -"_cents".length)}_eur` : key));
  return toCsv(
    headers,
    rows.map((row) => keys.map((key) => csvValue(key, row[key]))),
  );
}

function csvValue(key: string, value: unknown): string | number {
  if (value === null || value === undefined) return "";
  if (key.endsWith("_cents") && typeof value === "number" && Number.isInteger(value)) return csvAmount(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string" || typeof value === "number") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  return JSON.stringify(value);
}

/** The whole data.json: the schema version, when, and the rows by table. */
export function dataJson(input: { exportedAt: Date; profileId: string; tables: Record<string, ExportRow[]> }): string {
  return JSON.stringify(
    {
      schemaVersion: DATA_EXPORT_SCHEMA_VERSION,
      exportedAt: input.exportedAt.toISOString(),
      profileId: input.profileId,
      tables: input.tables,
    },
    null,
    2,
  );
}
