import { sql, type Kysely } from "kysely";

// Frozen once landed. "Käyttäjätili … Poistamme tiedot viimeistään kahden vuoden kuluttua
// viimeisestä käytöstä" (privacy notice; docs/decisions/0047): the profile's last use, written
// at sign-in, on a session's use (at most once a day) and on a booking, and when housekeeping
// warned of the coming erasure (cleared again by a use).
//
// Backfill: the newest of the profile's creation, its sessions' last activity (a session's expiry
// is set 30 days ahead whenever it is written, so expiry minus 30 days is its last write) and the
// end of its newest order as customer or helper; never later than now.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table profiles add column last_active_at timestamptz`.execute(db);
  await sql`alter table profiles add column inactivity_warned_at timestamptz`.execute(db);
  await sql`
    update profiles set last_active_at = least(now(), greatest(
      profiles.created_at,
      (select max(greatest(sessions.created_at, sessions.expires_at - interval '30 days')) from sessions where sessions.user_id = profiles.id),
      (select max(orders.ends_at) from orders join customers on customers.id = orders.customer_id where customers.profile_id = profiles.id),
      (select max(orders.ends_at) from orders join caregivers on caregivers.id = orders.caregiver_id where caregivers.profile_id = profiles.id)
    ))`.execute(db);
  await sql`alter table profiles alter column last_active_at set default now()`.execute(db);
  await sql`alter table profiles alter column last_active_at set not null`.execute(db);
  // Housekeeping looks for the long unused ones.
  await sql`create index profiles_last_active_at_idx on profiles (last_active_at) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists profiles_last_active_at_idx`.execute(db);
  await sql`alter table profiles drop column inactivity_warned_at`.execute(db);
  await sql`alter table profiles drop column last_active_at`.execute(db);
}
