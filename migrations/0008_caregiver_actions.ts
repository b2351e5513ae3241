import { sql, type Kysely } from "kysely";

// Frozen once landed. A helper accepts an order assigned to them (spec 001 §4 "Caregiver
// actions"; issue 10): who accepted and when are kept on the order, so 'Hyväksy' and 'Aloita
// tehtävä' know where the order stands and a second tap changes nothing. The order counts as
// accepted only while its helper is the one who accepted it, so any change of helper, by any
// code path, leaves it waiting for the new helper's acceptance.
// The portal's bell counts unread notifications of one user; the partial index keeps that cheap.

const statements = [
  `alter table orders
     add column accepted_caregiver_id uuid references caregivers (id) on delete set null,
     add column caregiver_accepted_at timestamptz`,
  `create index notifications_unread_idx on notifications (user_id) where read_at is null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists notifications_unread_idx`.execute(db);
  await sql`alter table orders drop column if exists caregiver_accepted_at, drop column if exists accepted_caregiver_id`.execute(db);
}
