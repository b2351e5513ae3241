import { sql, type Kysely } from "kysely";

// Frozen once landed. The household-deduction statement, "Kotitalousvähennysyhteenveto" (issue 29
// item 1, docs/decisions/0028):
//
// - payments.captured_at: when an online payment was captured. The deduction goes to the year of
//   payment (Helsinki date), and updated_at moves again at a refund. Older captured payments get
//   their last change (captured) or their creation (refunded since: the checkout is minutes old).
// - household_statements: every version of a payer's statement of a year that was handed out,
//   with the SHA-256 of its canonical data. A change in the data behind it makes the next one
//   version n + 1; the old rows stay.
// - household_statement_mailings: the yearly e-mail of 2 January, once per payer and year (the
//   primary key decides between workers).

const statements = [
  `alter table payments add column captured_at timestamptz`,
  `update payments set captured_at = case when status = 'captured' then updated_at else created_at end
    where provider in ('local', 'stripe') and status in ('captured', 'refunded')`,
  `create table household_statements (
    id uuid primary key default gen_random_uuid(),
    customer_id uuid not null references customers (id) on delete cascade,
    year integer not null check (year between 2000 and 2100),
    version integer not null check (version >= 1),
    data_sha256 text not null check (data_sha256 ~ '^[0-9a-f]{64}$'),
    created_at timestamptz not null default now(),
    unique (customer_id, year, version)
  )`,
  `create table household_statement_mailings (
    customer_id uuid not null references customers (id) on delete cascade,
    year integer not null,
    statement_id uuid references household_statements (id) on delete set null,
    email_id uuid,
    created_at timestamptz not null default now(),
    primary key (customer_id, year)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists household_statement_mailings`.execute(db);
  await sql`drop table if exists household_statements`.execute(db);
  await sql`alter table payments drop column if exists captured_at`.execute(db);
}
