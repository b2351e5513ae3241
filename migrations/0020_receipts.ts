import { sql, type Kysely } from "kysely";

// Frozen once landed. Receipts ("Kuitti") of captured online payments (issue 28 item 5, DESIGN.md
// decision 27, docs/decisions/0029-receipts-and-credit-notes-for-the-customer.md):
//
// - receipts: one per captured payment (unique payment_id), numbered in a series of its own, written
//   in the transaction that marks the payment captured. It keeps what was paid for as it was then
//   (the amounts, the VAT rate and the visit's time), so a later rescheduling or refund never
//   rewrites a receipt already given: a refund is shown beside it, not in it.

const statements = [
  `create sequence receipt_number_seq start with 7001`,
  `create table receipts (
    id uuid primary key default gen_random_uuid(),
    receipt_number integer not null unique default nextval('receipt_number_seq'),
    payment_id uuid not null unique references payments (id) on delete restrict,
    order_id uuid not null references orders (id) on delete restrict,
    paid_at timestamptz not null,
    method text check (method is null or method in ('card', 'mobilepay', 'klarna')),
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    duration_hours integer not null check (duration_hours > 0),
    unit_price_cents integer not null check (unit_price_cents >= 0),
    original_price_cents integer not null check (original_price_cents >= 0),
    discount_cents integer not null check (discount_cents >= 0),
    total_price_cents integer not null check (total_price_cents >= 0),
    net_amount_cents integer not null check (net_amount_cents >= 0),
    vat_amount_cents integer not null check (vat_amount_cents >= 0),
    vat_rate_bp integer not null check (vat_rate_bp >= 0),
    created_at timestamptz not null default now(),
    constraint receipts_amounts_add_up check (
      original_price_cents - discount_cents = total_price_cents and net_amount_cents + vat_amount_cents = total_price_cents
    )
  )`,
  `create index receipts_order_idx on receipts (order_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists receipts`.execute(db);
  await sql`drop sequence if exists receipt_number_seq`.execute(db);
}
