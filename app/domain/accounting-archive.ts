// The back office's reading of the accounting archive (decision 0048): which field of an archived
// row is its document number, and the name its PDF downloads with. The archive itself is written
// by the erasure (decision 0034).

/** What an archived document was; 'series_invoice' is a monthly invoice of a series (migration 0033). */
export const ARCHIVED_DOCUMENT_KINDS = [
  "invoice",
  "series_invoice",
  "credit_note",
  "receipt",
  "invoice_payment",
  "payment",
  "household_statement",
  "payout",
] as const;

export type ArchivedDocumentKind = (typeof ARCHIVED_DOCUMENT_KINDS)[number];

/**
 * The field of the archived row (`data.document`) that holds the document's own number. A credit
 * note's row also carries the number of the invoice it credits, so the field is chosen by kind.
 * Payments, invoice payments, payouts and statements have no number of their own.
 */
export const ARCHIVED_DOCUMENT_NUMBER_FIELDS: Partial<Record<ArchivedDocumentKind, string>> = {
  invoice: "invoice_number",
  series_invoice: "invoice_number",
  credit_note: "credit_note_number",
  receipt: "receipt_number",
};

export function isArchivedDocumentKind(value: unknown): value is ArchivedDocumentKind {
  return typeof value === "string" && (ARCHIVED_DOCUMENT_KINDS as readonly string[]).includes(value);
}

/** A document number as typed in the archive's search: digits only, else null. */
export function documentNumberQuery(value: string | null | undefined): { typed: string; number: number | null; invalid: boolean } {
  const typed = (value ?? "").trim();
  if (typed === "") return { typed, number: null, invalid: false };
  const number = /^\d{1,12}$/.test(typed) ? Number(typed) : null;
  return { typed, number, invalid: number === null };
}
