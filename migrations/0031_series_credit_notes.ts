import { sql, type Kysely } from "kysely";

// Frozen once landed. A numbered credit note for a credited line of a series' monthly invoice
// (docs/decisions/0044-credit-note-for-a-monthly-invoice-line.md). The note goes into
// credit_notes, the table of single invoices' credit notes, so it takes its number from the same
// credit_note_number_seq and the table's unique number guards the one numbering of both kinds.
// A note credits either a single invoice (invoice_id, one per invoice as before) or one visit's
// line of a monthly invoice (series_invoice_line_id, one per line), never both nor neither.
// Lines credited before this migration get their note here, dated the day of their credit.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table credit_notes alter column invoice_id drop not null`.execute(db);
  await sql`alter table credit_notes add column series_invoice_line_id uuid unique references series_invoice_lines (id) on delete restrict`.execute(db);
  await sql`alter table credit_notes add constraint credit_notes_one_document check (num_nonnulls(invoice_id, series_invoice_line_id) = 1)`.execute(db);
  await sql`insert into credit_notes (series_invoice_line_id, issue_date, amount_cents)
    select id, credited_on, credited_cents from series_invoice_lines where credited_on is not null order by credited_on, created_at, id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from credit_notes where series_invoice_line_id is not null`.execute(db);
  await sql`alter table credit_notes drop constraint if exists credit_notes_one_document`.execute(db);
  await sql`alter table credit_notes drop column if exists series_invoice_line_id`.execute(db);
  await sql`alter table credit_notes alter column invoice_id set not null`.execute(db);
}
