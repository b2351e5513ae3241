import { sql, type Kysely } from "kysely";

// Frozen once landed. Many processes on one PostgreSQL (issue 30, decision 0023):
//
// - An e-mail is marked 'sending' with its Message-ID before it is handed to SMTP, and keeps that
//   Message-ID when it is sent again after a crash, so the receiving side can recognise a copy.
// - Uploaded files (helper photos) live in the database that every process reaches, not in one
//   machine's folder: re-encoded photos are tens of kilobytes.

const statements = [
  `alter table emails add column message_id text`,
  `alter table emails drop constraint emails_status_check`,
  `alter table emails add constraint emails_status_check check (status in ('queued', 'sending', 'sent', 'kept', 'failed'))`,
  `create table stored_objects (
    key text primary key,
    content_type text not null,
    bytes bytea not null,
    created_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists stored_objects`.execute(db);
  await sql`update emails set status = 'queued' where status = 'sending'`.execute(db);
  await sql`alter table emails drop constraint emails_status_check`.execute(db);
  await sql`alter table emails add constraint emails_status_check check (status in ('queued', 'sent', 'kept', 'failed'))`.execute(db);
  await sql`alter table emails drop column if exists message_id`.execute(db);
}
