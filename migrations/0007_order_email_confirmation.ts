import { sql, type Kysely } from "kysely";

// Frozen once landed. An invoice order placed without signing in, beyond the first few for one
// e-mail address in a day, waits until that address confirms it (issue 12, finding 7): the hash of
// the link's token and the time by which it must be used. Both null for every other order.

const statements = [
  `alter table orders
    add column email_confirmation_due_at timestamptz,
    add column email_confirmation_token_hash text`,
  `create unique index orders_email_confirmation_token_idx on orders (email_confirmation_token_hash)
    where email_confirmation_token_hash is not null`,
  `create index orders_email_confirmation_due_idx on orders (email_confirmation_due_at)
    where email_confirmation_due_at is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_email_confirmation_due_idx`.execute(db);
  await sql`drop index if exists orders_email_confirmation_token_idx`.execute(db);
  await sql`alter table orders
    drop column if exists email_confirmation_token_hash,
    drop column if exists email_confirmation_due_at`.execute(db);
}
