import { sql, type Kysely } from "kysely";

// Frozen once landed. Rescheduling a visit ("Muuta aikaa", DESIGN.md decision 23,
// docs/decisions/0020-rescheduling-money.md):
//
// - orders.visit_sequence: raised by one each time the visit's time changes. The calendar file's
//   SEQUENCE (RFC 5545) is this number, so a calendar that has the event moves it instead of
//   adding a second one; the confirm form carries it, so a second, stale confirmation is refused.
// - An unpaid invoice is replaced: the old one is credited in full and detached from the order
//   (order_id null, replaced_order_id set), so every "the order's invoice" join keeps meaning the
//   one current invoice while the old invoice and its credit note stay in the books.
// - order_reschedules: one row per change, with the money it moved. A refund of the difference is
//   made after the transaction (a network call); its state here makes it happen once.

const statements = [
  `alter table orders add column visit_sequence integer not null default 0 check (visit_sequence >= 0)`,

  `alter table invoices alter column order_id drop not null`,
  `alter table invoices add column replaced_order_id uuid references orders (id) on delete restrict`,
  `alter table invoices add constraint invoices_of_an_order check (order_id is not null or replaced_order_id is not null)`,
  `create index invoices_replaced_order_idx on invoices (replaced_order_id) where replaced_order_id is not null`,

  `create table order_reschedules (
    id uuid primary key default gen_random_uuid(),
    order_id uuid not null references orders (id) on delete cascade,
    visit_sequence integer not null check (visit_sequence > 0),
    actor_id uuid references profiles (id) on delete set null,
    by_staff boolean not null,
    old_starts_at timestamptz not null,
    old_ends_at timestamptz not null,
    new_starts_at timestamptz not null,
    new_ends_at timestamptz not null,
    old_caregiver_id uuid references caregivers (id) on delete set null,
    new_caregiver_id uuid references caregivers (id) on delete set null,
    old_total_cents integer not null check (old_total_cents >= 0),
    new_total_cents integer not null check (new_total_cents >= 0),
    credited_invoice_id uuid references invoices (id) on delete set null,
    new_invoice_id uuid references invoices (id) on delete set null,
    payment_id uuid references payments (id) on delete set null,
    refund_cents integer not null default 0 check (refund_cents >= 0),
    refund_status text not null default 'none'
      check (refund_status in ('none', 'pending', 'refunding', 'refunded', 'failed', 'manual')),
    refunded_at timestamptz,
    created_at timestamptz not null default now(),
    constraint order_reschedules_once_per_version unique (order_id, visit_sequence),
    constraint order_reschedules_refund_has_payment check (refund_cents = 0 or payment_id is not null)
  )`,
  `create index order_reschedules_refund_idx on order_reschedules (refund_status) where refund_status in ('pending', 'failed')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists order_reschedules`.execute(db);
  await sql`drop index if exists invoices_replaced_order_idx`.execute(db);
  await sql`alter table invoices drop constraint if exists invoices_of_an_order`.execute(db);
  await sql`alter table invoices drop column if exists replaced_order_id`.execute(db);
  await sql`alter table orders drop column if exists visit_sequence`.execute(db);
}
