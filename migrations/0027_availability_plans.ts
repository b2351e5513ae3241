import { sql, type Kysely } from "kysely";

// Frozen once landed. Helpers' working hours and the travel time between two visits (issue 27
// items 1–2; docs/decisions/0035-availability-plans-and-travel-time.md):
//
// - caregiver_weekly_hours: the weekly plan, one row per range of a weekday (ISO 1 = Monday), in
//   minutes of the Helsinki wall clock, on whole or half hours; 1440 is midnight at the day's end.
// - caregiver_availability_exceptions: 'away' for a date range (both ends included), or 'extra'
//   hours on one date.
// - orders.busy_during: the order's time widened by half the travel time on each side, written by
//   a trigger from the `travel_time` setting at the time the order is written (so every path that
//   inserts or moves an order gets it), and guarded by an exclusion constraint like the overlap:
//   two live orders of one helper then lie at least the travel time apart, under concurrency too.
//   Orders that existed before this migration keep their own time (margin 0): they were booked
//   under the rule of their day, and widening them could make the migration itself fail.

const statements = [
  `create table caregiver_weekly_hours (
    id uuid primary key default gen_random_uuid(),
    caregiver_id uuid not null references caregivers (id) on delete cascade,
    weekday smallint not null check (weekday between 1 and 7),
    start_minute integer not null check (start_minute between 0 and 1410 and start_minute % 30 = 0),
    end_minute integer not null check (end_minute between 30 and 1440 and end_minute % 30 = 0),
    constraint caregiver_weekly_hours_order check (start_minute < end_minute)
  )`,
  `create index caregiver_weekly_hours_caregiver_idx on caregiver_weekly_hours (caregiver_id, weekday)`,
  `create table caregiver_availability_exceptions (
    id uuid primary key default gen_random_uuid(),
    caregiver_id uuid not null references caregivers (id) on delete cascade,
    kind text not null check (kind in ('away', 'extra')),
    starts_on date not null,
    ends_on date not null,
    start_minute integer check (start_minute between 0 and 1410 and start_minute % 30 = 0),
    end_minute integer check (end_minute between 30 and 1440 and end_minute % 30 = 0),
    created_at timestamptz not null default now(),
    constraint caregiver_availability_exceptions_shape check (
      (kind = 'away' and ends_on >= starts_on and start_minute is null and end_minute is null)
      or (kind = 'extra' and ends_on = starts_on and start_minute is not null and end_minute is not null and start_minute < end_minute)
    )
  )`,
  `create index caregiver_availability_exceptions_caregiver_idx on caregiver_availability_exceptions (caregiver_id, ends_on)`,

  // Half the travel time of the settings (default 30 minutes): the margin on each side of a visit.
  `create function caregiver_travel_margin() returns interval language sql stable as $$
    select make_interval(mins => coalesce(
      (select case when jsonb_typeof(value -> 'minutes') = 'number' then (value ->> 'minutes')::integer end
       from settings where key = 'travel_time'),
      30)) / 2
  $$`,
  `alter table orders add column busy_during tstzrange`,
  `update orders set busy_during = tstzrange(starts_at, ends_at, '[)')`,
  `alter table orders alter column busy_during set not null`,
  `create function orders_set_busy_during() returns trigger language plpgsql as $$
    declare
      margin interval := caregiver_travel_margin();
    begin
      -- A change of status (a visit starting, ending) keeps the margin the order was booked with.
      if tg_op = 'UPDATE' and new.starts_at = old.starts_at and new.ends_at = old.ends_at
        and new.caregiver_id is not distinct from old.caregiver_id then
        return new;
      end if;
      new.busy_during := tstzrange(new.starts_at - margin, new.ends_at + margin, '[)');
      return new;
    end
  $$`,
  `create trigger orders_busy_during before insert or update of starts_at, ends_at, caregiver_id on orders
    for each row execute function orders_set_busy_during()`,
  `alter table orders add constraint orders_caregiver_travel_time exclude using gist (
    caregiver_id with =,
    busy_during with &&
  ) where (caregiver_id is not null and status <> 'cancelled')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint if exists orders_caregiver_travel_time`.execute(db);
  await sql`drop trigger if exists orders_busy_during on orders`.execute(db);
  await sql`drop function if exists orders_set_busy_during()`.execute(db);
  await sql`alter table orders drop column if exists busy_during`.execute(db);
  await sql`drop function if exists caregiver_travel_margin()`.execute(db);
  await sql`drop table if exists caregiver_availability_exceptions`.execute(db);
  await sql`drop table if exists caregiver_weekly_hours`.execute(db);
}
