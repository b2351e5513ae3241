import { sql, type Kysely } from "kysely";

// Frozen once landed. Weekly visits with the same helper (issue 27 items 4–5;
// docs/decisions/0037-recurring-visit-series.md):
//
// - order_series: what repeats (service, helper, weekday and hour on the Helsinki wall clock,
//   duration, every one or two weeks), how it ends (after N visits, on a date, or open-ended and
//   kept 12 weeks ahead by a daily job up to `generated_until`) and how it is paid. The visit's
//   place, recipient and notes are not repeated here: each occurrence is an order of its own, and
//   a new occurrence copies them from the series' latest order.
// - orders.series_id: the series an order is an occurrence of. Every occurrence is an ordinary
//   order, so the overlap and travel-time exclusion constraints guard each one.
// - Online series keep the provider's saved card (`payment_customer_ref`, `payment_method_ref`),
//   set when the first visit's checkout completes; later visits are charged off-session.

const statements = [
  `create table order_series (
    id uuid primary key default gen_random_uuid(),
    customer_id uuid not null references customers (id),
    created_by uuid references profiles (id) on delete set null,
    caregiver_id uuid references caregivers (id),
    service_category_id uuid not null references service_categories (id),
    interval_weeks smallint not null check (interval_weeks in (1, 2)),
    start_hour smallint not null check (start_hour between 0 and 23),
    duration_hours integer not null check (duration_hours between 1 and 12),
    first_date date not null,
    end_kind text not null check (end_kind in ('count', 'date', 'open')),
    end_count smallint check (end_count between 2 and 26),
    end_date date,
    payment_method text not null check (payment_method in ('online', 'invoice')),
    payment_customer_ref text,
    payment_method_ref text,
    status text not null default 'active' check (status in ('active', 'ended', 'cancelled')),
    generated_until date not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint order_series_end check (
      (end_kind = 'count' and end_count is not null and end_date is null)
      or (end_kind = 'date' and end_date is not null and end_count is null)
      or (end_kind = 'open' and end_count is null and end_date is null)
    )
  )`,
  `create index order_series_customer_idx on order_series (customer_id)`,
  `create index order_series_open_idx on order_series (generated_until) where end_kind = 'open' and status = 'active'`,
  `alter table orders add column series_id uuid references order_series (id)`,
  `create index orders_series_idx on orders (series_id, starts_at) where series_id is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column if exists series_id`.execute(db);
  await sql`drop table if exists order_series`.execute(db);
}
