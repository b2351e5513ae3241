import { sql, type Kysely } from "kysely";

// Frozen once landed. Issue 26 items 1–2 (DESIGN.md decisions 14, 15; docs/decisions/0022):
//
// - saved_recipients: the people a signed-in customer has booked for ("Aiemmat saajat": a son's
//   mother), kept per owner so that the next booking offers them with one tap; edited or removed
//   in the profile. One row per owner and person at an address.
// - orders.contact_phone: the phone the visit was booked with (the customer's own, for oneself), so
//   that the helper's card shows the order's number and not whatever the profile says later.

const statements = [
  `create table saved_recipients (
    id uuid primary key default gen_random_uuid(),
    owner_id uuid not null references profiles (id) on delete cascade,
    first_name text not null check (char_length(first_name) between 1 and 100),
    last_name text not null check (char_length(last_name) between 1 and 100),
    phone text not null check (char_length(phone) between 1 and 30),
    address text not null check (char_length(address) between 1 and 200),
    postal_code text not null check (postal_code ~ '^[0-9]{5}$'),
    city text not null check (char_length(city) between 1 and 100),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (owner_id, first_name, last_name, address)
  )`,
  `alter table orders add column contact_phone text check (contact_phone is null or char_length(contact_phone) <= 30)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column if exists contact_phone`.execute(db);
  await sql`drop table if exists saved_recipients`.execute(db);
}
