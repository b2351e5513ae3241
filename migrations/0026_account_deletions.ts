import { sql, type Kysely } from "kysely";

// Frozen once landed. "Poista tili" (issue 29 item 3, GDPR art. 17;
// docs/decisions/0034-account-deletion-and-accounting-archive.md):
//
// - account_deletions: one row per request. 'pending' for the 7-day grace period (at most one per
//   person: the partial unique index), then 'cancelled' through the e-mailed link (only the SHA-256
//   of its token kept) or 'done' when the job has erased the account. The row outlives the person:
//   it holds no personal data, only that the id was erased and when.
// - profiles.deleted_at: the person's row stays as an empty tombstone (no name, address, phone,
//   password; a made-up address) because orders, payments and reviews still point at it.
// - accounting_archive: the money documents of an erased person as they were (the fields with the
//   person's name and address, and the PDF where there is one) until purge_after, the end of the
//   sixth year after the document's year (Kirjanpitolaki 2:10); a housekeeping job deletes them
//   after that. No foreign keys: an archived document must outlive the rows it was drawn from.

const statements = [
  `alter table profiles add column deleted_at timestamptz`,
  `create table account_deletions (
    id uuid primary key default gen_random_uuid(),
    profile_id uuid not null references profiles (id) on delete cascade,
    status text not null default 'pending' check (status in ('pending', 'cancelled', 'done')),
    token_hash text not null unique,
    requested_at timestamptz not null,
    delete_after timestamptz not null,
    cancelled_at timestamptz,
    done_at timestamptz
  )`,
  `create unique index account_deletions_one_pending_idx on account_deletions (profile_id) where status = 'pending'`,
  `create index account_deletions_profile_idx on account_deletions (profile_id, requested_at)`,
  `create table accounting_archive (
    id uuid primary key default gen_random_uuid(),
    kind text not null check (kind in ('invoice', 'credit_note', 'invoice_payment', 'receipt', 'payment', 'household_statement', 'payout')),
    source_id text not null,
    document_date date not null,
    purge_after date not null,
    data jsonb not null,
    pdf bytea,
    archived_at timestamptz not null,
    unique (kind, source_id)
  )`,
  `create index accounting_archive_purge_idx on accounting_archive (purge_after)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists accounting_archive`.execute(db);
  await sql`drop table if exists account_deletions`.execute(db);
  await sql`alter table profiles drop column if exists deleted_at`.execute(db);
}
