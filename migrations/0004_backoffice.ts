import { sql, type Kysely } from "kysely";

// Frozen once landed. The back office (issue 14 part A): what staff record about a helper's
// application, and the indexes that keep the staff lists fast at a million orders
// (README.md, Performance, "Back office at scale").

const statements = [
  // ---------------------------------------------------------------- helper review (DESIGN.md decision 5)
  // identity_verified (identity checked) and background_check (criminal record extract seen) exist
  // since 0001; the interview and the references are new checks staff tick.
  `alter table caregivers
     add column interview_done boolean not null default false,
     add column references_checked boolean not null default false,
     add column rejection_reason text check (length(rejection_reason) between 1 and 1000),
     add column suspended_at timestamptz,
     add column suspension_reason text check (length(suspension_reason) between 1 and 1000)`,
  // The work queue: applications in the order they came.
  `create index caregivers_status_created_idx on caregivers (status, created_at)`,
  // Who may take an order in a city (staff assignment offers approved helpers of the visit's city).
  // Best rated first, so the search stops after the first free ones.
  `create index caregivers_approved_city_idx on caregivers (lower(city), average_rating desc nulls last, id) where status = 'approved'`,

  // ---------------------------------------------------------------- orders list
  // Searching orders by the helper's name looks among helpers only (2 000, not 100 000 names).
  `create index profiles_caregiver_name_trgm on profiles using gin (full_name gin_trgm_ops) where user_type = 'caregiver'`,
  // Status filter with the visit-date range (the list sorts by visit date when a range is given).
  `create index orders_status_starts_at_idx on orders (status, starts_at desc)`,
  // 'Avoimet' (pending + pending_payment) and the unassigned queue, newest first: small partial
  // indexes instead of sorting every open order.
  `create index orders_open_created_idx on orders (created_at desc) where status in ('pending', 'pending_payment')`,
  `create index orders_unassigned_created_idx on orders (created_at desc)
     where caregiver_id is null and status in ('pending', 'pending_payment')`,
  // Revenue of completed orders over the last days (dashboard).
  `create index orders_completed_at_idx on orders (completed_at) where status = 'completed'`,

  // ---------------------------------------------------------------- customers list
  `create index customers_city_trgm on customers using gin (city gin_trgm_ops)`,
  `create index customers_status_created_idx on customers (status, created_at desc)`,

  // ---------------------------------------------------------------- dashboard: what needs attention
  `create index invoices_open_due_idx on invoices (due_date) where status = 'open'`,
  `create index payouts_pending_idx on payouts (created_at) where status = 'pending'`,

  // ---------------------------------------------------------------- audit log list
  `create index audit_log_actor_idx on audit_log (actor_id, created_at desc)`,
  `create index audit_log_action_idx on audit_log (action, created_at desc)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    "audit_log_action_idx",
    "audit_log_actor_idx",
    "payouts_pending_idx",
    "invoices_open_due_idx",
    "customers_status_created_idx",
    "customers_city_trgm",
    "orders_completed_at_idx",
    "orders_unassigned_created_idx",
    "orders_open_created_idx",
    "orders_status_starts_at_idx",
    "profiles_caregiver_name_trgm",
    "caregivers_approved_city_idx",
    "caregivers_status_created_idx",
  ]) {
    await sql.raw(`drop index if exists ${index}`).execute(db);
  }
  await sql`alter table caregivers
    drop column if exists suspension_reason,
    drop column if exists suspended_at,
    drop column if exists rejection_reason,
    drop column if exists references_checked,
    drop column if exists interview_done`.execute(db);
}
