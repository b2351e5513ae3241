import { sql, type Kysely } from "kysely";

// Frozen once landed. The monthly invoice of a series paid by invoice (issue 27 item 4;
// docs/decisions/0039-monthly-invoice-for-a-visit-series.md):
//
// - series_invoices: one invoice of a series for one Helsinki calendar month (`month` is its first
//   day). Its number is drawn from invoice_number_seq, the sequence of single invoices, so every
//   invoice the business issues has a unique number; its viitenumero is that number with its check
//   digit. The status and payment columns are those of `invoices`.
// - series_invoice_lines: one line per visit (order) with the visit's own amounts as booked. The
//   unique order_id is what makes a visit invoiced once, however many workers issue at once.
//   A visit cancelled after its invoice was issued keeps its line; `credited_cents` is what the
//   cancellation took off it (all but the cancellation fee), as a credit note does for a single
//   invoice.

const statements = [
  `create table series_invoices (
    id uuid primary key default gen_random_uuid(),
    series_id uuid not null references order_series (id) on delete restrict,
    customer_id uuid not null references customers (id),
    month date not null check (extract(day from month) = 1),
    invoice_number integer not null unique,
    reference_number text not null unique,
    issue_date date not null,
    due_date date not null,
    amount_cents integer not null check (amount_cents >= 0),
    status text not null default 'open' check (status in ('open', 'paid', 'cancelled')),
    paid_at timestamptz,
    reminder_sent_at timestamptz,
    created_at timestamptz not null default now(),
    constraint series_invoices_due_after_issue check (due_date >= issue_date)
  )`,
  `create index series_invoices_series_idx on series_invoices (series_id, month)`,
  `create index series_invoices_customer_idx on series_invoices (customer_id)`,
  `create index series_invoices_open_due_idx on series_invoices (due_date) where status = 'open'`,
  `create table series_invoice_lines (
    id uuid primary key default gen_random_uuid(),
    series_invoice_id uuid not null references series_invoices (id) on delete cascade,
    order_id uuid not null unique references orders (id) on delete restrict,
    amount_cents integer not null check (amount_cents >= 0),
    net_amount_cents integer not null,
    vat_amount_cents integer not null,
    vat_rate_bp integer not null,
    credited_cents integer not null default 0 check (credited_cents between 0 and amount_cents),
    credited_on date,
    created_at timestamptz not null default now()
  )`,
  `create index series_invoice_lines_invoice_idx on series_invoice_lines (series_invoice_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists series_invoice_lines`.execute(db);
  await sql`drop table if exists series_invoices`.execute(db);
}
