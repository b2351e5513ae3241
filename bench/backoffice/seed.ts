import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../../app/db/schema";
import { seedBaseData } from "../../app/db/seed.server";

// The back office at scale (issue 14 "Scale"): 100 000 customers, 2 000 helpers and 1 000 000
// orders over about three years, written by PostgreSQL itself (generate_series, INSERT … SELECT),
// so the load takes minutes and sends almost nothing over the wire.
//
// The schema is honoured as it is: every check and foreign key applies while the rows go in. The
// orders table's secondary indexes and its exclusion constraint (no two live orders of one
// helper overlap) are dropped for the load and made again afterwards from their own definitions:
// building an index once is much cheaper than updating fifteen of them a million times, and
// adding the constraint back checks every row against it.
//
// Helpers' orders cannot overlap by construction: approved helper h takes orders g with
// g % APPROVED = h, the k-th of them (k = g / APPROVED) in its own slot of about 47 hours, and a
// visit starts 7–42 hours into its slot and lasts at most 4 hours.

export const SCALE = { customers: 100_000, caregivers: 2_000, approved: 1_700, orders: 1_000_000 } as const;

/** Common Finnish names: first × last gives 4 800 full names, so a name search finds a realistic few. */
const FIRST = [
  "Aino", "Eino", "Helmi", "Väinö", "Aada", "Leo", "Elli", "Oliver", "Sofia", "Eetu", "Venla", "Onni",
  "Emma", "Elias", "Lilja", "Toivo", "Isla", "Veeti", "Kerttu", "Niilo", "Pihla", "Aarne", "Siiri",
  "Lauri", "Iida", "Juho", "Anni", "Matti", "Sanna", "Pekka", "Liisa", "Jukka", "Tuula", "Kari",
  "Marja", "Timo", "Ritva", "Seppo", "Pirjo", "Heikki", "Anneli", "Mikko", "Kaarina", "Antti",
  "Hanna", "Jari", "Tiina", "Markku", "Päivi", "Hannu", "Riitta", "Ilkka", "Maija", "Erkki",
  "Outi", "Veikko", "Satu", "Raimo", "Eila", "Ville",
];
const LAST = [
  "Korhonen", "Virtanen", "Mäkinen", "Nieminen", "Mäkelä", "Hämäläinen", "Laine", "Heikkinen",
  "Koskinen", "Järvinen", "Lehtonen", "Lehtinen", "Saarinen", "Salminen", "Heinonen", "Niemi",
  "Heikkilä", "Kinnunen", "Salonen", "Turunen", "Salo", "Laitinen", "Tuominen", "Rantanen",
  "Karjalainen", "Jokinen", "Mattila", "Savolainen", "Lahtinen", "Ahonen", "Leppänen", "Hiltunen",
  "Kallio", "Miettinen", "Leinonen", "Pitkänen", "Aaltonen", "Manninen", "Hirvonen", "Väisänen",
  "Lindholm", "Anttila", "Laaksonen", "Huttunen", "Koivisto", "Kokkonen", "Rautio", "Hakala",
  "Kettunen", "Peltonen", "Pesonen", "Seppälä", "Kiiskinen", "Ojala", "Toivonen", "Vainio",
  "Lindroos", "Kärkkäinen", "Honkanen", "Laakso", "Räsänen", "Eskola", "Partanen", "Halonen",
  "Sirola", "Nurmi", "Kauppinen", "Räty", "Vesterinen", "Heiskanen", "Mustonen", "Moilanen",
  "Lampinen", "Suominen", "Aho", "Hyvönen", "Hietala", "Ranta", "Kivelä", "Syrjälä",
];
/** Weighted by size: Helsinki three times, the next ones twice. */
const CITIES = [
  "Helsinki", "Helsinki", "Helsinki", "Espoo", "Espoo", "Vantaa", "Tampere", "Tampere", "Turku",
  "Oulu", "Jyväskylä", "Lahti", "Kuopio", "Pori", "Joensuu", "Lappeenranta", "Hämeenlinna", "Vaasa",
  "Seinäjoki", "Rovaniemi", "Kotka", "Porvoo", "Kerava", "Järvenpää",
];

const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}]::text[]`);

export interface SeedTimings {
  step: string;
  ms: number;
}

export async function seedAtScale(db: Kysely<Database>, log: (line: string) => void = () => {}): Promise<SeedTimings[]> {
  const timings: SeedTimings[] = [];
  const step = async (name: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    const ms = performance.now() - started;
    timings.push({ step: name, ms });
    log(`  ${name}: ${(ms / 1000).toFixed(1)} s`);
  };

  await step("settings and services", () => seedBaseData(db));

  // One connection for the rest: the session settings below hold for every statement. One core:
  // no parallel workers (the machine is shared); memory for the sorts and the index builds.
  await db.connection().execute(async (conn) => {
    const run = <T>(query: RawBuilder<T>) => query.execute(conn);
    await run(sql`set max_parallel_workers_per_gather = 0`);
    await run(sql`set max_parallel_maintenance_workers = 0`);
    await run(sql`set maintenance_work_mem = '512MB'`);
    await run(sql`set work_mem = '256MB'`);
    await run(sql`set synchronous_commit = off`);

    const first = textArray(FIRST);
    const last = textArray(LAST);
    const cities = textArray(CITIES);

    await step("customers (100 000 profiles and customers)", async () => {
      await run(sql`create temp table bench_customers as
        select n,
               gen_random_uuid() as profile_id,
               gen_random_uuid() as customer_id,
               (${first})[1 + (n * 31) % ${FIRST.length}] as first_name,
               (${last})[1 + (n * 17 + n / ${FIRST.length}) % ${LAST.length}] as last_name,
               (${cities})[1 + (n * 7) % ${CITIES.length}] as city,
               now() - interval '1100 days' + (n::float8 / ${SCALE.customers}) * interval '1100 days' as created_at
          from generate_series(1, ${SCALE.customers}) as n`);
      await run(sql`alter table bench_customers add primary key (n)`);
      await run(sql`insert into profiles (id, email, full_name, phone, user_type, email_confirmed_at, created_at, updated_at)
        select profile_id,
               lower(translate(first_name || '.' || last_name, 'äöåÄÖÅ', 'aoaAOA')) || n || '@example.fi',
               first_name || ' ' || last_name,
               '+35840' || lpad(n::text, 7, '0'),
               'customer', created_at, created_at, created_at
          from bench_customers`);
      await run(sql`insert into customers (id, profile_id, address, postal_code, city, status, created_at, updated_at)
        select customer_id, profile_id, 'Kotikatu ' || (1 + n % 150), lpad(((n * 37) % 99999)::text, 5, '0'), city,
               case when n % 50 = 0 then 'suspended' else 'active' end, created_at, created_at
          from bench_customers`);
    });

    await step("helpers (2 000 profiles and helpers)", async () => {
      await run(sql`create temp table bench_caregivers as
        select n,
               gen_random_uuid() as profile_id,
               gen_random_uuid() as caregiver_id,
               (${first})[1 + (n * 7 + 3) % ${FIRST.length}] as first_name,
               (${last})[1 + (n * 13 + n / ${LAST.length}) % ${LAST.length}] as last_name,
               (${cities})[1 + (n * 5) % ${CITIES.length}] as city,
               case when n <= ${SCALE.approved} then 'approved'
                    when n <= 1850 then 'pending'
                    when n <= 1950 then 'rejected'
                    else 'suspended' end as status,
               case when n <= ${SCALE.approved} then now() - interval '1120 days' + (n::float8 / ${SCALE.approved}) * interval '700 days'
                    else now() - interval '90 days' + ((n - ${SCALE.approved})::float8 / 300) * interval '89 days' end as created_at
          from generate_series(1, ${SCALE.caregivers}) as n`);
      await run(sql`alter table bench_caregivers add primary key (n)`);
      await run(sql`insert into profiles (id, email, full_name, phone, user_type, email_confirmed_at, created_at, updated_at)
        select profile_id,
               'kaveri.' || lower(translate(first_name || '.' || last_name, 'äöåÄÖÅ', 'aoaAOA')) || n || '@example.fi',
               first_name || ' ' || last_name,
               '+35850' || lpad(n::text, 7, '0'),
               'caregiver', created_at, created_at, created_at
          from bench_caregivers`);
      await run(sql`insert into caregivers (id, profile_id, city, postal_code, bio, languages, has_drivers_license, has_car,
                                           date_of_birth, status, average_rating, total_orders, identity_verified,
                                           background_check, interview_done, references_checked, rejection_reason,
                                           suspended_at, suspension_reason, reviewed_at, created_at, updated_at)
        select caregiver_id, profile_id, city, lpad(((n * 53) % 99999)::text, 5, '0'),
               'Autan mielelläni arjen asioissa.', array['fi'], n % 3 <> 0, n % 4 = 0,
               date '1960-01-01' + (n * 97) % 14000,
               status,
               case when status in ('approved', 'suspended') then 3.5 + (n % 16) / 10.0 end,
               case when n <= ${SCALE.approved} then ${Math.round(SCALE.orders / SCALE.approved)} else 0 end,
               status <> 'pending', status in ('approved', 'suspended'), status in ('approved', 'suspended'), status in ('approved', 'suspended'),
               case when status = 'rejected' then 'Hakemuksesta puuttui suosittelijat.' end,
               case when status = 'suspended' then created_at + interval '60 days' end,
               case when status = 'suspended' then 'Toistuvia peruutuksia.' end,
               case when status <> 'pending' then created_at + interval '3 days' end,
               created_at, created_at
          from bench_caregivers`);
      await run(sql`insert into caregiver_services (caregiver_id, service_category_id)
        select cg.caregiver_id, sc.id
          from bench_caregivers cg
          join (select id, row_number() over (order by sort_order, id) as r from service_categories) sc
            on (cg.n + sc.r) % 3 <> 0`);
    });

    // The orders table as built by the migrations, minus what the load is faster without.
    const orderIndexes = await run(sql<{ name: string; definition: string }>`
      select indexname as name, indexdef as definition
        from pg_indexes
       where schemaname = current_schema() and tablename = 'orders'
         and indexname not in (select conindid::regclass::text from pg_constraint where conrelid = 'orders'::regclass and conindid <> 0)`);
    const orderExclusions = await run(sql<{ name: string; definition: string }>`
      select conname as name, pg_get_constraintdef(oid) as definition
        from pg_constraint where conrelid = 'orders'::regclass and contype = 'x'`);

    await step(`orders (${SCALE.orders.toLocaleString("en")} rows)`, async () => {
      for (const constraint of orderExclusions.rows) await run(sql`alter table orders drop constraint ${sql.id(constraint.name)}`);
      for (const index of orderIndexes.rows) await run(sql`drop index ${sql.id(index.name)}`);
      await run(sql`create temp table bench_categories as
        select row_number() over (order by sort_order, id) - 1 as r, id from service_categories`);
      const categoryCount = Number((await run(sql<{ n: number }>`select count(*)::int as n from bench_categories`)).rows[0]!.n);
      // Three years back and sixty days ahead, one slot of about 47 hours per helper per order.
      await run(sql`create temp table bench_orders as
        with slots as (
          select g,
                 g % ${SCALE.approved} as h,
                 g / ${SCALE.approved} as k,
                 (array[1, 2, 2, 3, 2, 1, 3, 4, 2, 2])[1 + (g * 7) % 10] as hours,
                 1 + ((g::bigint * 7919) % ${SCALE.customers})::int as customer_n
            from generate_series(0, ${SCALE.orders - 1}) as g
        ), timed as (
          select s.*,
                 date_trunc('hour', date_trunc('day', now()) - interval '1095 days'
                   + s.k * (interval '1155 days' / ${Math.ceil(SCALE.orders / SCALE.approved)}))
                   + ((s.h + s.k) % 2) * interval '24 hours' + (7 + (s.h * 7 + s.k * 13) % 12) * interval '1 hour' as starts_at
            from slots s
        ), dated as (
          select t.*,
                 t.starts_at + t.hours * interval '1 hour' as ends_at,
                 least(t.starts_at - (1 + (t.g * 11) % 20) * interval '1 day' - ((t.g * 37) % 600) * interval '1 minute',
                       now() - ((t.g * 37) % 20160) * interval '1 minute') as created_at,
                 case when (t.g * 3) % 10 < 3 then 'invoice' else 'online' end as payment_method,
                 (t.g * 13) % 100 as roll
            from timed t
        )
        select d.*,
               case when d.ends_at < now() then case when d.roll < 12 then 'cancelled' else 'completed' end
                    when d.starts_at <= now() then 'in_progress'
                    when d.roll < 10 then 'cancelled'
                    when d.roll < 25 and d.payment_method = 'online' then 'pending_payment'
                    else 'pending' end as status
          from dated d`);
      await run(sql`insert into orders (
          order_number, customer_id, caregiver_id, service_category_id, starts_at, ends_at, scheduled_date,
          scheduled_start, scheduled_end, duration_hours, address, postal_code, city, description,
          payment_method, unit_price_cents, original_price_cents, discount_cents, total_price_cents,
          net_amount_cents, vat_amount_cents, platform_fee_cents, caregiver_earnings_cents, status,
          cancelled_at, completed_at, created_at, updated_at, cancellation_fee_cents)
        select 'ORD-' || (100000 + row_number() over (order by o.created_at, o.g)),
               c.customer_id,
               case when o.status in ('pending', 'pending_payment') and (o.g * 29) % 100 < 35 then null
                    when o.status = 'cancelled' and o.g % 3 = 0 then null
                    else cg.caregiver_id end,
               cat.id,
               o.starts_at, o.ends_at,
               (o.starts_at at time zone 'Europe/Helsinki')::date,
               (o.starts_at at time zone 'Europe/Helsinki')::time,
               (o.ends_at at time zone 'Europe/Helsinki')::time,
               o.hours,
               'Kotikatu ' || (1 + c.n % 150), lpad(((c.n * 37) % 99999)::text, 5, '0'), c.city,
               case when o.g % 4 = 0 then 'Kauppareissu ja kahvittelu.' end,
               o.payment_method,
               3990, 3990 * o.hours, 0, 3990 * o.hours,
               3990 * o.hours - round(3990 * o.hours * 2550 / 12550.0)::int,
               round(3990 * o.hours * 2550 / 12550.0)::int,
               round((3990 * o.hours - round(3990 * o.hours * 2550 / 12550.0)) * 0.2)::int,
               (3990 * o.hours - round(3990 * o.hours * 2550 / 12550.0)::int) - round((3990 * o.hours - round(3990 * o.hours * 2550 / 12550.0)) * 0.2)::int,
               o.status,
               case when o.status = 'cancelled' then o.created_at + interval '1 hour' end,
               case when o.status = 'completed' then o.ends_at + interval '1 hour' end,
               o.created_at,
               case when o.status = 'completed' then o.ends_at + interval '1 hour'
                    when o.status = 'cancelled' then o.created_at + interval '1 hour'
                    else o.created_at end,
               case when o.status = 'cancelled' then 0 end
          from bench_orders o
          join bench_customers c on c.n = o.customer_n
          join bench_caregivers cg on cg.n = o.h + 1
          join bench_categories cat on cat.r = o.g % ${categoryCount}`);
      await run(sql`select setval('order_number_seq', ${100000 + SCALE.orders})`);
    });

    await step("orders: indexes and the exclusion constraint made again", async () => {
      for (const index of orderIndexes.rows) await run(sql.raw(index.definition));
      for (const constraint of orderExclusions.rows) {
        await run(sql`alter table orders add constraint ${sql.id(constraint.name)} ${sql.raw(constraint.definition)}`);
      }
    });

    await step("payouts of completed orders", () =>
      run(sql`insert into payouts (order_id, caregiver_id, amount_cents, status, paid_at, created_at)
        select id, caregiver_id, caregiver_earnings_cents,
               case when completed_at < now() - interval '14 days' then 'paid' else 'pending' end,
               case when completed_at < now() - interval '14 days' then completed_at + interval '10 days' end,
               completed_at
          from orders where status = 'completed' and caregiver_id is not null`),
    );

    await run(sql`drop table bench_orders, bench_categories, bench_caregivers, bench_customers`);
    // As a database that has been running for a while: visibility map set, statistics current.
    await step("vacuum analyze", () => run(sql`vacuum (analyze) profiles, customers, caregivers, caregiver_services, orders, payouts`));
  });
  return timings;
}
