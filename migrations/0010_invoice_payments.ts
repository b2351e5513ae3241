import { sql, type Kysely } from "kysely";

// Frozen once landed. Invoices paid in parts and reminded of (issue 14 "Payments").
//
// - invoice_payments: each payment an admin records against an invoice (the day it was paid and
//   the amount in cents). The invoice turns 'paid' when their sum reaches its amount; until then
//   the back office shows it as partly paid. Invoices marked paid before this table existed have
//   no rows: their status says they were paid in full.
// - invoices.reminder_sent_at: when the customer was last sent a reminder of an overdue invoice.

const statements = [
  `create table invoice_payments (
    id uuid primary key default gen_random_uuid(),
    invoice_id uuid not null references invoices (id) on delete cascade,
    amount_cents integer not null check (amount_cents > 0),
    paid_on date not null,
    recorded_by uuid references profiles (id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  `create index invoice_payments_invoice_idx on invoice_payments (invoice_id)`,
  `alter table invoices add column reminder_sent_at timestamptz`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table invoices drop column if exists reminder_sent_at`.execute(db);
  await sql`drop table if exists invoice_payments`.execute(db);
}
