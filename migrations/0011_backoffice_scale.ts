import { sql, type Kysely } from "kysely";

// Frozen once landed. The back office at a million orders (issue 14 "Scale"), as measured by
// `npm run bench:backoffice` (README "Back office at scale"):
//
// - A status filter walked the newest orders and threw away those of other statuses (10 000 rows
//   read for 20 completed ones): the list is keyset-paged on (created_at, id), and an index with
//   the id too gives the page straight from the index, so the planner takes it. It replaces
//   orders_status_idx (its first two columns).
// - Searching by a helper's or a customer's name reads the orders of the people found: with
//   (person, created_at, id) that is an index-only scan of their entries instead of a heap read of
//   every order they have.
// - The settlement and the money cards sum the completed orders of a period: the index of
//   completion times now carries the summed columns (an index-only scan), and replaces
//   orders_completed_at_idx. Payouts paid in a period had no index at all (a scan of every payout).

const statements = [
  `create index orders_status_created_id_idx on orders (status, created_at desc, id desc)`,
  `drop index orders_status_idx`,
  `create index orders_caregiver_created_idx on orders (caregiver_id, created_at desc, id desc) where caregiver_id is not null`,
  `create index orders_customer_created_idx on orders (customer_id, created_at desc, id desc)`,
  `create index orders_completed_money_idx on orders (completed_at)
     include (id, caregiver_id, duration_hours, total_price_cents, platform_fee_cents, caregiver_earnings_cents)
     where status = 'completed'`,
  `drop index orders_completed_at_idx`,
  `create index payouts_paid_at_idx on payouts (paid_at) include (amount_cents) where status = 'paid'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists payouts_paid_at_idx`.execute(db);
  await sql`create index if not exists orders_completed_at_idx on orders (completed_at) where status = 'completed'`.execute(db);
  await sql`drop index if exists orders_completed_money_idx`.execute(db);
  await sql`drop index if exists orders_customer_created_idx`.execute(db);
  await sql`drop index if exists orders_caregiver_created_idx`.execute(db);
  await sql`create index if not exists orders_status_idx on orders (status, created_at desc)`.execute(db);
  await sql`drop index if exists orders_status_created_id_idx`.execute(db);
}
