import { sql, type Kysely } from "kysely";

// Frozen once landed. Cancelling an order (DESIGN.md decision 16): the fee kept, the amount
// refunded online, and credit notes for invoice orders, numbered in their own series.

const statements = [
  // The fee kept when the order was cancelled late (0 when free or waived by staff).
  `alter table orders add column cancellation_fee_cents integer check (cancellation_fee_cents >= 0)`,
  // A refund may be partial (the price less the fee): how much went back, not only that it did.
  `alter table payments add column refunded_cents integer check (refunded_cents >= 0)`,

  `create sequence credit_note_number_seq start with 5001`,
  `create table credit_notes (
    id uuid primary key default gen_random_uuid(),
    invoice_id uuid not null unique references invoices (id) on delete restrict,
    credit_note_number integer not null unique default nextval('credit_note_number_seq'),
    issue_date date not null,
    amount_cents integer not null check (amount_cents >= 0),
    created_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists credit_notes`.execute(db);
  await sql`drop sequence if exists credit_note_number_seq`.execute(db);
  await sql`alter table payments drop column if exists refunded_cents`.execute(db);
  await sql`alter table orders drop column if exists cancellation_fee_cents`.execute(db);
}
