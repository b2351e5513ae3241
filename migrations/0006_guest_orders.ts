import { sql, type Kysely } from "kysely";

// Frozen once landed. A guest booking made with the e-mail address of an existing account
// (DESIGN.md decision 15; issue 12 finding 1): the order keeps exactly what the guest typed as the
// payer's details, and it stays out of the account's portal until the account holder confirms
// it is theirs.

const statements = [
  `alter table orders
    add column payer_name text,
    add column payer_phone text,
    add column payer_address text,
    add column payer_postal_code text,
    add column payer_city text,
    add column claimed boolean not null default true`,
  `create index orders_unclaimed_customer_idx on orders (customer_id) where not claimed`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_unclaimed_customer_idx`.execute(db);
  await sql`alter table orders
    drop column if exists claimed,
    drop column if exists payer_city,
    drop column if exists payer_postal_code,
    drop column if exists payer_address,
    drop column if exists payer_phone,
    drop column if exists payer_name`.execute(db);
}
