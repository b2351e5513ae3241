import { sql, type Kysely } from "kysely";

// Frozen once landed. What needs staff (issue 26 items 5 and 6; DESIGN.md decision 24):
//
// - contact_requests: "Pyydä yhteydenottoa" from a helper step where nobody can do the visit:
//   who to call, and what, where and when they wanted.
// - staff_notices: the back office home's "Vaatii huomiota": a customer's message on an order
//   without a helper, a helper's rejection, a contact request. One open notice per order and kind
//   (a second message on the same order updates it), until a staff member marks it handled.
// - staff_notice_emails: when the support address was last e-mailed about a thread, so that it
//   hears of one thread at most once an hour, as helpers do of their messages.
// - caregivers_service_idx: the matching rule asks "who offers this service" for every visit.

const statements = [
  `create table contact_requests (
    id uuid primary key default gen_random_uuid(),
    full_name text not null check (char_length(full_name) between 1 and 200),
    phone text not null check (char_length(phone) between 1 and 40),
    email text check (email is null or char_length(email) <= 254),
    message text check (message is null or char_length(message) <= 1000),
    service_category_id uuid references service_categories (id) on delete set null,
    postal_code text,
    city text not null check (char_length(city) between 1 and 100),
    wanted_starts_at timestamptz,
    wanted_ends_at timestamptz,
    profile_id uuid references profiles (id) on delete set null,
    created_at timestamptz not null default now(),
    check (wanted_ends_at is null or wanted_ends_at > wanted_starts_at)
  )`,
  `create table staff_notices (
    id uuid primary key default gen_random_uuid(),
    kind text not null check (kind in ('customer_message', 'caregiver_rejection', 'contact_request')),
    order_id uuid references orders (id) on delete cascade,
    contact_request_id uuid references contact_requests (id) on delete cascade,
    summary text not null check (char_length(summary) <= 500),
    created_at timestamptz not null default now(),
    handled_at timestamptz,
    handled_by uuid references profiles (id) on delete set null,
    check ((kind = 'contact_request') = (contact_request_id is not null)),
    check ((kind = 'contact_request') = (order_id is null))
  )`,
  `create unique index staff_notices_open_order_idx on staff_notices (order_id, kind) where handled_at is null and order_id is not null`,
  `create index staff_notices_open_idx on staff_notices (created_at desc) where handled_at is null`,
  `create table staff_notice_emails (
    thread text primary key,
    notified_at timestamptz not null
  )`,
  `create index caregiver_services_service_idx on caregiver_services (service_category_id, caregiver_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists caregiver_services_service_idx`.execute(db);
  await sql`drop table if exists staff_notice_emails`.execute(db);
  await sql`drop table if exists staff_notices`.execute(db);
  await sql`drop table if exists contact_requests`.execute(db);
}
