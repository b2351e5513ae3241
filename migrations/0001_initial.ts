import { sql, type Kysely } from "kysely";

// Frozen once landed: later changes go in new migrations. Written as plain SQL so that what
// PostgreSQL 15 and PGlite run is exactly what a reader sees.

const statements = [
  `create extension if not exists btree_gist`,
  `create extension if not exists pg_trgm`,

  // ---------------------------------------------------------------- people and access
  `create table profiles (
    id uuid primary key default gen_random_uuid(),
    email text not null check (length(email) between 3 and 255),
    full_name text not null default '',
    phone text,
    user_type text not null default 'customer' check (user_type in ('customer', 'caregiver')),
    password_hash text,
    email_confirmed_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index profiles_email_key on profiles (lower(email))`,
  `create index profiles_full_name_trgm on profiles using gin (full_name gin_trgm_ops)`,
  `create index profiles_email_trgm on profiles using gin (lower(email) gin_trgm_ops)`,

  `create table user_roles (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null unique references profiles (id) on delete cascade,
    role text not null check (role in ('admin', 'moderator', 'support')),
    created_at timestamptz not null default now()
  )`,

  `create table sessions (
    id text primary key,
    user_id uuid references profiles (id) on delete cascade,
    data jsonb not null default '{}'::jsonb,
    expires_at timestamptz not null,
    created_at timestamptz not null default now(),
    user_agent text,
    ip text
  )`,
  `create index sessions_user_id_idx on sessions (user_id)`,
  `create index sessions_expires_at_idx on sessions (expires_at)`,

  // Single-use, expiring links: e-mail confirmation, password reset, finishing a guest profile.
  `create table auth_tokens (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references profiles (id) on delete cascade,
    purpose text not null check (purpose in ('confirm_email', 'reset_password', 'set_password')),
    token_hash text not null unique,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index auth_tokens_user_idx on auth_tokens (user_id, purpose)`,

  // ---------------------------------------------------------------- customers and helpers
  `create table customers (
    id uuid primary key default gen_random_uuid(),
    profile_id uuid not null unique references profiles (id) on delete cascade,
    address text,
    postal_code text check (postal_code ~ '^[0-9]{5}$'),
    city text,
    status text not null default 'active' check (status in ('active', 'suspended')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index customers_created_at_idx on customers (created_at desc)`,

  `create table service_categories (
    id uuid primary key default gen_random_uuid(),
    slug text not null unique,
    name text not null,
    description text not null default '',
    icon text not null default 'ShoppingCart',
    sort_order integer not null default 0,
    is_active boolean not null default true,
    created_at timestamptz not null default now()
  )`,

  `create table caregivers (
    id uuid primary key default gen_random_uuid(),
    profile_id uuid not null unique references profiles (id) on delete cascade,
    city text not null,
    location text,
    postal_code text check (postal_code ~ '^[0-9]{5}$'),
    bio text not null default '',
    radius_km integer not null default 20 check (radius_km between 0 and 500),
    languages text[] not null default '{}',
    has_drivers_license boolean not null default false,
    has_car boolean not null default false,
    allergies_restrictions text,
    hourly_rate_cents integer check (hourly_rate_cents between 1500 and 20000),
    date_of_birth date,
    profile_image_url text,
    status text not null default 'pending'
      check (status in ('pending', 'approved', 'rejected', 'suspended')),
    average_rating double precision check (average_rating between 1 and 5),
    total_orders integer not null default 0 check (total_orders >= 0),
    identity_verified boolean not null default false,
    background_check boolean not null default false,
    insurance_verified boolean not null default false,
    education_verified boolean not null default false,
    reviewed_at timestamptz,
    reviewed_by uuid references profiles (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index caregivers_status_rating_idx on caregivers (status, average_rating desc)`,
  `create index caregivers_created_at_idx on caregivers (created_at desc)`,

  `create table caregiver_services (
    caregiver_id uuid not null references caregivers (id) on delete cascade,
    service_category_id uuid not null references service_categories (id) on delete cascade,
    primary key (caregiver_id, service_category_id)
  )`,

  // ---------------------------------------------------------------- discounts
  `create table discount_codes (
    id uuid primary key default gen_random_uuid(),
    code text not null check (code ~ '^[A-Z0-9]{3,20}$'),
    type text not null check (type in ('percentage', 'fixed_amount')),
    percent_bp integer check (percent_bp between 1 and 10000),
    amount_cents integer check (amount_cents > 0),
    min_order_cents integer check (min_order_cents >= 0),
    max_discount_cents integer check (max_discount_cents > 0),
    valid_from date not null,
    valid_until date not null,
    usage_limit integer check (usage_limit > 0),
    per_user_limit integer check (per_user_limit > 0),
    usage_count integer not null default 0 check (usage_count >= 0),
    is_active boolean not null default true,
    created_by uuid references profiles (id) on delete set null,
    created_at timestamptz not null default now(),
    constraint discount_codes_value_matches_type check (
      (type = 'percentage' and percent_bp is not null and amount_cents is null)
      or (type = 'fixed_amount' and amount_cents is not null and percent_bp is null
          and max_discount_cents is null)
    ),
    constraint discount_codes_usage_within_limit check (usage_limit is null or usage_count <= usage_limit),
    constraint discount_codes_valid_range check (valid_until >= valid_from)
  )`,
  `create unique index discount_codes_code_key on discount_codes (upper(code))`,

  // ---------------------------------------------------------------- orders
  `create sequence order_number_seq start with 100001`,
  `create table orders (
    id uuid primary key default gen_random_uuid(),
    order_number text not null unique default ('ORD-' || nextval('order_number_seq')::text),
    customer_id uuid not null references customers (id) on delete restrict,
    caregiver_id uuid references caregivers (id) on delete set null,
    service_category_id uuid not null references service_categories (id) on delete restrict,
    booking_for text not null default 'self' check (booking_for in ('self', 'other')),
    recipient_first_name text,
    recipient_last_name text,
    recipient_phone text,
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    scheduled_date date not null,
    scheduled_start time not null,
    scheduled_end time not null,
    duration_hours integer not null check (duration_hours between 1 and 24),
    address text not null,
    postal_code text not null check (postal_code ~ '^[0-9]{5}$'),
    city text not null,
    description text,
    special_notes text,
    payment_method text not null check (payment_method in ('online', 'invoice')),
    unit_price_cents integer not null check (unit_price_cents > 0),
    vat_rate_bp integer not null default 2550,
    commission_rate_bp integer not null default 2000,
    original_price_cents integer not null check (original_price_cents >= 0),
    discount_cents integer not null default 0 check (discount_cents >= 0),
    total_price_cents integer not null check (total_price_cents >= 0),
    net_amount_cents integer not null,
    vat_amount_cents integer not null,
    platform_fee_cents integer not null,
    caregiver_earnings_cents integer not null,
    discount_code_id uuid references discount_codes (id) on delete set null,
    status text not null default 'pending'
      check (status in ('pending', 'pending_payment', 'in_progress', 'completed', 'cancelled')),
    created_by uuid references profiles (id) on delete set null,
    cancelled_at timestamptz,
    completed_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint orders_time_range check (ends_at > starts_at),
    constraint orders_total_is_price_less_discount check (total_price_cents = original_price_cents - discount_cents),
    constraint orders_net_plus_vat_is_total check (net_amount_cents + vat_amount_cents = total_price_cents),
    constraint orders_fee_plus_earnings_is_net check (platform_fee_cents + caregiver_earnings_cents = net_amount_cents),
    -- The database is the arbiter against double booking: no two live orders of one helper overlap.
    constraint orders_no_caregiver_overlap exclude using gist (
      caregiver_id with =,
      tstzrange(starts_at, ends_at, '[)') with &&
    ) where (caregiver_id is not null and status <> 'cancelled')
  )`,
  `create index orders_created_at_idx on orders (created_at desc)`,
  `create index orders_status_idx on orders (status, created_at desc)`,
  `create index orders_customer_idx on orders (customer_id, starts_at)`,
  `create index orders_caregiver_idx on orders (caregiver_id, starts_at)`,
  `create index orders_starts_at_idx on orders (starts_at)`,
  `create index orders_order_number_trgm on orders using gin (order_number gin_trgm_ops)`,

  `create table discount_redemptions (
    id uuid primary key default gen_random_uuid(),
    discount_code_id uuid not null references discount_codes (id) on delete cascade,
    profile_id uuid not null references profiles (id) on delete cascade,
    order_id uuid not null unique references orders (id) on delete cascade,
    amount_cents integer not null check (amount_cents >= 0),
    created_at timestamptz not null default now()
  )`,
  `create index discount_redemptions_code_profile_idx on discount_redemptions (discount_code_id, profile_id)`,

  // ---------------------------------------------------------------- money
  `create table payments (
    id uuid primary key default gen_random_uuid(),
    order_id uuid not null references orders (id) on delete cascade,
    customer_id uuid not null references customers (id) on delete restrict,
    caregiver_id uuid references caregivers (id) on delete set null,
    amount_cents integer not null check (amount_cents >= 0),
    status text not null default 'pending'
      check (status in ('pending', 'authorized', 'captured', 'refunded', 'failed')),
    provider text not null check (provider in ('local', 'stripe', 'invoice')),
    method text check (method in ('card', 'mobilepay', 'klarna', 'invoice')),
    provider_ref text,
    refunded_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index payments_order_idx on payments (order_id)`,
  `create index payments_created_at_idx on payments (created_at desc)`,
  `create unique index payments_provider_ref_key on payments (provider, provider_ref) where provider_ref is not null`,

  // Webhook events seen once: a redelivered event id hits the primary key and changes nothing.
  `create table payment_events (
    id text primary key,
    provider text not null,
    type text not null,
    received_at timestamptz not null default now()
  )`,

  `create table payouts (
    id uuid primary key default gen_random_uuid(),
    order_id uuid not null unique references orders (id) on delete restrict,
    caregiver_id uuid not null references caregivers (id) on delete restrict,
    amount_cents integer not null check (amount_cents >= 0),
    status text not null default 'pending' check (status in ('pending', 'paid')),
    paid_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index payouts_caregiver_idx on payouts (caregiver_id, created_at desc)`,

  `create sequence invoice_number_seq start with 1001`,
  `create table invoices (
    id uuid primary key default gen_random_uuid(),
    order_id uuid not null unique references orders (id) on delete restrict,
    invoice_number integer not null unique default nextval('invoice_number_seq'),
    reference_number text not null unique check (reference_number ~ '^[0-9]{4,20}$'),
    issue_date date not null,
    due_date date not null,
    amount_cents integer not null check (amount_cents >= 0),
    status text not null default 'open' check (status in ('open', 'paid', 'cancelled')),
    paid_at timestamptz,
    created_at timestamptz not null default now(),
    constraint invoices_due_after_issue check (due_date >= issue_date)
  )`,

  // ---------------------------------------------------------------- conversation and feedback
  `create table messages (
    id uuid primary key default gen_random_uuid(),
    order_id uuid not null references orders (id) on delete cascade,
    sender_id uuid references profiles (id) on delete set null,
    message_text text not null check (length(message_text) between 1 and 5000),
    created_at timestamptz not null default now()
  )`,
  `create index messages_order_idx on messages (order_id, created_at)`,

  `create table notifications (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references profiles (id) on delete cascade,
    type text not null,
    title text not null,
    message text not null default '',
    related_id uuid,
    read_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index notifications_user_idx on notifications (user_id, created_at desc)`,

  `create table reviews (
    id uuid primary key default gen_random_uuid(),
    order_id uuid not null unique references orders (id) on delete cascade,
    caregiver_id uuid not null references caregivers (id) on delete cascade,
    customer_id uuid not null references customers (id) on delete cascade,
    rating integer not null check (rating between 1 and 5),
    comment text check (length(comment) <= 2000),
    created_at timestamptz not null default now()
  )`,
  `create index reviews_caregiver_idx on reviews (caregiver_id)`,

  // ---------------------------------------------------------------- platform
  `create table settings (
    key text primary key,
    value jsonb not null,
    updated_at timestamptz not null default now(),
    updated_by uuid references profiles (id) on delete set null
  )`,

  `create table audit_log (
    id uuid primary key default gen_random_uuid(),
    actor_id uuid references profiles (id) on delete set null,
    action text not null,
    entity_type text not null,
    entity_id text,
    before jsonb,
    after jsonb,
    ip text,
    created_at timestamptz not null default now()
  )`,
  `create index audit_log_entity_idx on audit_log (entity_type, entity_id, created_at desc)`,
  `create index audit_log_created_at_idx on audit_log (created_at desc)`,

  // The outbox and job queue: rows taken with FOR UPDATE SKIP LOCKED by any number of workers.
  `create table jobs (
    id uuid primary key default gen_random_uuid(),
    type text not null,
    payload jsonb not null default '{}'::jsonb,
    status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
    attempts integer not null default 0,
    max_attempts integer not null default 8 check (max_attempts > 0),
    run_at timestamptz not null default now(),
    locked_at timestamptz,
    locked_by text,
    last_error text,
    created_at timestamptz not null default now(),
    finished_at timestamptz
  )`,
  `create index jobs_due_idx on jobs (run_at) where status = 'pending'`,
  `create index jobs_running_idx on jobs (locked_at) where status = 'running'`,

  // Every e-mail the service sends, written in the sender's transaction; delivered by a job.
  `create table emails (
    id uuid primary key default gen_random_uuid(),
    to_address text not null,
    from_address text not null,
    reply_to text,
    subject text not null,
    html text not null,
    text text not null,
    attachments jsonb not null default '[]'::jsonb,
    status text not null default 'queued' check (status in ('queued', 'sent', 'kept', 'failed')),
    sent_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index emails_created_at_idx on emails (created_at desc)`,

  // Multi-step forms that must survive without JavaScript keep their state here, keyed by a
  // signed cookie (e.g. helper registration step 1 with its uploaded photo).
  `create table form_drafts (
    id uuid primary key default gen_random_uuid(),
    kind text not null,
    data jsonb not null default '{}'::jsonb,
    expires_at timestamptz not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index form_drafts_expires_idx on form_drafts (expires_at)`,

  // Bot-check answers accepted once: the hash of a used token is kept until it would expire anyway.
  `create table used_challenges (
    token_hash text primary key,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  `create index used_challenges_expires_idx on used_challenges (expires_at)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    "used_challenges", "form_drafts", "emails", "jobs", "audit_log", "settings", "reviews",
    "notifications", "messages", "invoices", "payouts", "payment_events", "payments",
    "discount_redemptions", "orders", "discount_codes", "caregiver_services", "caregivers",
    "service_categories", "customers", "auth_tokens", "sessions", "user_roles", "profiles",
  ];
  for (const table of tables) await sql.raw(`drop table if exists ${table} cascade`).execute(db);
  await sql.raw(`drop sequence if exists invoice_number_seq`).execute(db);
  await sql.raw(`drop sequence if exists order_number_seq`).execute(db);
}
