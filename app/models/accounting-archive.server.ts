import { sql, type RawBuilder } from "kysely";
import type { ArchivedDocumentKind } from "../db/schema";
import type { Executor } from "../db.server";
import { ARCHIVED_DOCUMENT_NUMBER_FIELDS } from "../domain/accounting-archive";
import { keysetPage, type Cursor, type PageDirection } from "../domain/list-query";

// Reading the accounting archive for the back office (decision 0048); it is written by the
// erasure and purged by housekeeping (app/models/account-deletions.server.ts, decision 0034).

export const ARCHIVE_PAGE_SIZE = 25;

/** The document's own number as text (null for a kind without one), chosen by kind from the snapshot. */
function documentNumber(): RawBuilder<string | null> {
  const cases = Object.entries(ARCHIVED_DOCUMENT_NUMBER_FIELDS).map(
    ([kind, field]) => sql`when ${kind} then ${sql.ref("data")} -> 'document' ->> ${field}`,
  );
  return sql<string | null>`(case ${sql.ref("kind")} ${sql.join(cases, sql` `)} end)`;
}

/**
 * The list is newest first by the document's date, then by id. A cursor carries the date as the
 * microseconds of its UTC midnight (the list helpers' cursors are timestamps), turned back into the
 * date here, so the comparison stays a plain date one.
 */
function cursorOf(row: { document_date: string; id: string }): Cursor {
  return { micros: Date.parse(`${row.document_date}T00:00:00Z`) * 1000, id: row.id };
}

function dateOfCursor(cursor: Cursor): string | null {
  const date = new Date(cursor.micros / 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

/**
 * The document's sum in cents as archived: its amount, or a receipt's total; null for a kind
 * without one (a household statement).
 */
const documentAmount = sql<string | null>`coalesce(data -> 'document' ->> 'amount_cents', data -> 'document' ->> 'total_price_cents')`;

/** Whose document it was: the erased person's name as it was (or their address when they gave no name). */
const partyName = sql<string | null>`coalesce(nullif(data -> 'party' ->> 'fullName', ''), data -> 'party' ->> 'email')`;

export interface ArchiveListFilters {
  kind: ArchivedDocumentKind | null;
  number: number | null;
  page: PageDirection;
  pageSize?: number;
}

export interface ArchivedDocumentRow {
  id: string;
  kind: ArchivedDocumentKind;
  number: number | null;
  documentDate: string;
  purgeAfter: string;
  hasPdf: boolean;
  amountCents: number | null;
  partyName: string | null;
}

export async function listArchivedDocuments(
  db: Executor,
  filters: ArchiveListFilters,
): Promise<{ rows: ArchivedDocumentRow[]; next: string | null; previous: string | null }> {
  const pageSize = filters.pageSize ?? ARCHIVE_PAGE_SIZE;
  const backwards = filters.page !== null && "before" in filters.page;
  const cursor = filters.page ? ("before" in filters.page ? filters.page.before : filters.page.after) : null;
  const cursorDate = cursor ? dateOfCursor(cursor) : null;
  const direction = backwards ? "asc" : "desc";
  let query = db
    .selectFrom("accounting_archive")
    .select([
      "id",
      "kind",
      "document_date",
      "purge_after",
      sql<boolean>`pdf is not null`.as("has_pdf"),
      documentNumber().as("number"),
      documentAmount.as("amount"),
      partyName.as("party_name"),
    ]);
  if (filters.kind) query = query.where("kind", "=", filters.kind);
  if (filters.number !== null) query = query.where(documentNumber(), "=", String(filters.number));
  if (cursor && cursorDate) {
    query = query.where(sql<boolean>`(document_date, id) ${sql.raw(backwards ? ">" : "<")} (${cursorDate}::date, ${cursor.id}::uuid)`);
  }
  const rows = await query.orderBy("document_date", direction).orderBy("id", direction).limit(pageSize + 1).execute();
  const page = keysetPage(rows, pageSize, cursorDate ? filters.page : null, cursorOf);
  return {
    rows: page.rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      number: row.number === null ? null : Number(row.number),
      documentDate: row.document_date,
      purgeAfter: row.purge_after,
      hasPdf: row.has_pdf,
      amountCents: row.amount === null ? null : Number(row.amount),
      partyName: row.party_name,
    })),
    next: page.next,
    previous: page.previous,
  };
}

/** One archived document's PDF with what its file name needs; null if there is no such row or no PDF. */
export async function findArchivedPdf(db: Executor, id: string): Promise<{ kind: ArchivedDocumentKind; number: number | null; documentDate: string; pdf: Buffer } | null> {
  const row = await db
    .selectFrom("accounting_archive")
    .select(["kind", "document_date", "pdf", documentNumber().as("number")])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row?.pdf) return null;
  return { kind: row.kind, number: row.number === null ? null : Number(row.number), documentDate: row.document_date, pdf: row.pdf };
}
