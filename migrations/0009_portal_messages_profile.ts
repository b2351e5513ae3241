import { sql, type Kysely } from "kysely";

// Frozen once landed. The portal's messages and profiles (issue 10; DESIGN.md decisions 17, 21).
//
// - message_reads: one row per order and person taking part in its thread (the customer, the
//   helper): up to when they have read it, and when they were last e-mailed about a new message in
//   it, so that the e-mail goes at most once an hour per thread (decision 21). Staff read the
//   threads in the back office and keep no marker.
// - caregivers.service_cities: the towns a helper serves besides their own (decision 17), chosen
//   on their profile page.

const statements = [
  `create table message_reads (
    order_id uuid not null references orders (id) on delete cascade,
    profile_id uuid not null references profiles (id) on delete cascade,
    read_at timestamptz,
    notified_at timestamptz,
    primary key (order_id, profile_id)
  )`,
  // Unread counts walk a person's markers.
  `create index message_reads_profile_idx on message_reads (profile_id)`,

  `alter table caregivers add column service_cities text[] not null default '{}'
    check (cardinality(service_cities) <= 30)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table caregivers drop column if exists service_cities`.execute(db);
  await sql`drop table if exists message_reads`.execute(db);
}
