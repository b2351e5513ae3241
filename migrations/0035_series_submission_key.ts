import { sql, type Kysely } from "kysely";

// Frozen once landed. A series' preview form carries a key of its own (docs/decisions/0037,
// "Sent twice"): the series it books keeps it, unique, so the same form sent twice (a double
// click without JavaScript, a resend after a lost answer) books one series, and the second answer
// leads to the series the first booked.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_series add column submission_key uuid`.execute(db);
  await sql`create unique index order_series_submission_key_idx on order_series (submission_key) where submission_key is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists order_series_submission_key_idx`.execute(db);
  await sql`alter table order_series drop column if exists submission_key`.execute(db);
}
