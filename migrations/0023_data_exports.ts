import { sql, type Kysely } from "kysely";

// Frozen once landed. "Lataa tietoni" (issue 29 item 2, GDPR art. 15 and 20; DESIGN.md decision 27,
// docs/decisions/0032-personal-data-export.md):
//
// - data_exports: one row per request, by the person or by staff for them (requested_by). A job
//   builds the ZIP into stored_objects (object_key) and only then the row becomes 'ready' with the
//   hash of the link's random token and expires_at (7 days); the housekeeping job deletes expired
//   rows with their ZIP. At most one pending request per person (the partial unique index).

const statements = [
  `create table data_exports (
    id uuid primary key default gen_random_uuid(),
    profile_id uuid not null references profiles (id) on delete cascade,
    requested_by uuid references profiles (id) on delete set null,
    status text not null default 'pending' check (status in ('pending', 'ready')),
    token_hash text unique,
    object_key text,
    byte_size integer,
    created_at timestamptz not null,
    ready_at timestamptz,
    expires_at timestamptz,
    constraint data_exports_ready_has_link check (
      status = 'pending' or (token_hash is not null and object_key is not null and expires_at is not null)
    )
  )`,
  `create unique index data_exports_one_pending_idx on data_exports (profile_id) where status = 'pending'`,
  `create index data_exports_profile_idx on data_exports (profile_id, created_at)`,
  `create index data_exports_expires_idx on data_exports (expires_at) where expires_at is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists data_exports`.execute(db);
}
