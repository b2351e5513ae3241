import { sql, type Kysely } from "kysely";

// Frozen once landed. The accounting archive of an erasure keeps a series' monthly invoices too
// (Kirjanpitolaki 2:10; docs/decisions/0046): their own kind, because their rows come from
// series_invoices, not invoices. Their lines' credit notes are credit_notes rows, archived under
// 'credit_note' like a single invoice's.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounting_archive drop constraint accounting_archive_kind_check`.execute(db);
  await sql`alter table accounting_archive add constraint accounting_archive_kind_check check (kind in ('invoice', 'series_invoice', 'credit_note', 'invoice_payment', 'receipt', 'payment', 'household_statement', 'payout'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from accounting_archive where kind = 'series_invoice'`.execute(db);
  await sql`alter table accounting_archive drop constraint accounting_archive_kind_check`.execute(db);
  await sql`alter table accounting_archive add constraint accounting_archive_kind_check check (kind in ('invoice', 'credit_note', 'invoice_payment', 'receipt', 'payment', 'household_statement', 'payout'))`.execute(db);
}
