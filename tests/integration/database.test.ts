import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { connect, getDb, openDatabase, useDatabase } from "~/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { migrations } from "../../migrations";
import { loader as healthz } from "~/routes/healthz";

async function insertOrderFixtures() {
  const db = await getDb();
  const profile = await db
    .insertInto("profiles")
    .values({ email: `c${Math.random()}@example.fi`, full_name: "Testi Asiakas" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const customer = await db.insertInto("customers").values({ profile_id: profile.id }).returning("id").executeTakeFirstOrThrow();
  const helperProfile = await db
    .insertInto("profiles")
    .values({ email: `k${Math.random()}@example.fi`, full_name: "Testi Kaveri", user_type: "caregiver" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const caregiver = await db
    .insertInto("caregivers")
    .values({ profile_id: helperProfile.id, city: "Helsinki", status: "approved" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const category = await db
    .insertInto("service_categories")
    .values({ slug: `s${Math.random()}`, name: "Asiointiapu" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { customerId: customer.id, caregiverId: caregiver.id, categoryId: category.id };
}

function orderValues(ids: Awaited<ReturnType<typeof insertOrderFixtures>>, startsAt: string, endsAt: string) {
  return {
    customer_id: ids.customerId,
    caregiver_id: ids.caregiverId,
    service_category_id: ids.categoryId,
    starts_at: startsAt,
    ends_at: endsAt,
    scheduled_date: startsAt.slice(0, 10),
    scheduled_start: "10:00",
    scheduled_end: "12:00",
    duration_hours: 2,
    address: "Testikatu 1",
    postal_code: "00100",
    city: "Helsinki",
    payment_method: "invoice" as const,
    unit_price_cents: 4000,
    original_price_cents: 8000,
    total_price_cents: 8000,
    net_amount_cents: 6375,
    vat_amount_cents: 1625,
    platform_fee_cents: 1275,
    caregiver_earnings_cents: 5100,
  };
}

describe("database", () => {
  it("has applied every migration", async () => {
    const db = await getDb();
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });

  it("serialises concurrent transactions so read-modify-write never loses an update", async () => {
    const db = await getDb();
    await sql`create table if not exists counter_test (id int primary key, n int not null)`.execute(db);
    await sql`insert into counter_test values (1, 0) on conflict (id) do update set n = 0`.execute(db);
    // Each transaction reads, yields to the event loop, then writes. On PGlite's single connection
    // interleaved statements would lose updates; on PostgreSQL the row lock makes them wait.
    await Promise.all(
      Array.from({ length: 25 }, () =>
        db.transaction().execute(async (trx) => {
          const row = await sql<{ n: number }>`select n from counter_test where id = 1 for update`.execute(trx);
          await new Promise((resolve) => setTimeout(resolve, 2));
          await sql`update counter_test set n = ${row.rows[0]!.n + 1} where id = 1`.execute(trx);
        }),
      ),
    );
    const final = await sql<{ n: number }>`select n from counter_test where id = 1`.execute(db);
    expect(final.rows[0]!.n).toBe(25);
  });

  it("rolls back a failed transaction without affecting concurrent ones", async () => {
    const db = await getDb();
    await sql`create table if not exists rollback_test (id int primary key)`.execute(db);
    const results = await Promise.allSettled([
      db.transaction().execute(async (trx) => {
        await sql`insert into rollback_test values (1)`.execute(trx);
        throw new Error("boom");
      }),
      db.transaction().execute(async (trx) => {
        await sql`insert into rollback_test values (2)`.execute(trx);
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled"]);
    const rows = await sql<{ id: number }>`select id from rollback_test order by id`.execute(db);
    expect(rows.rows.map((r) => r.id)).toEqual([2]);
  });

  it("refuses two live orders of one helper at overlapping times or without the travel time, but not after a cancellation", async () => {
    const db = await getDb();
    const ids = await insertOrderFixtures();
    const first = await db
      .insertInto("orders")
      .values(orderValues(ids, "2027-01-10T08:00:00Z", "2027-01-10T10:00:00Z"))
      .returning(["id", "order_number"])
      .executeTakeFirstOrThrow();
    expect(first.order_number).toMatch(/^ORD-\d+$/);

    await expect(
      db.insertInto("orders").values(orderValues(ids, "2027-01-10T09:00:00Z", "2027-01-10T11:00:00Z")).execute(),
    ).rejects.toThrow(/orders_no_caregiver_overlap/);

    // Back to back is refused too: the helper needs the travel time between visits (30 minutes by
    // default, decision 0035); with it the next visit fits.
    await expect(
      db.insertInto("orders").values(orderValues(ids, "2027-01-10T10:00:00Z", "2027-01-10T11:00:00Z")).execute(),
    ).rejects.toThrow(/orders_caregiver_travel_time/);
    await db.insertInto("orders").values(orderValues(ids, "2027-01-10T10:30:00Z", "2027-01-10T11:30:00Z")).execute();

    await db.updateTable("orders").set({ status: "cancelled" }).where("id", "=", first.id).execute();
    await db.insertInto("orders").values(orderValues(ids, "2027-01-10T08:30:00Z", "2027-01-10T09:30:00Z")).execute();
  });

  it("lets only one of many simultaneous overlapping bookings of a helper through", async () => {
    const db = await getDb();
    const ids = await insertOrderFixtures();
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction().execute((trx) =>
          trx
            .insertInto("orders")
            .values(orderValues(ids, `2027-02-01T0${i % 3}:00:00Z`, "2027-02-01T04:00:00Z"))
            .execute(),
        ),
      ),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
  });

  it("keeps money consistent with check constraints", async () => {
    const db = await getDb();
    const ids = await insertOrderFixtures();
    await expect(
      db
        .insertInto("orders")
        .values({ ...orderValues(ids, "2027-03-01T08:00:00Z", "2027-03-01T10:00:00Z"), vat_amount_cents: 1 })
        .execute(),
    ).rejects.toThrow(/orders_net_plus_vat_is_total/);
  });

  it("treats e-mail addresses and discount codes as unique regardless of letter case", async () => {
    const db = await getDb();
    await db.insertInto("profiles").values({ email: "Sama@Example.fi" }).execute();
    await expect(db.insertInto("profiles").values({ email: "sama@example.fi" }).execute()).rejects.toThrow(
      /profiles_email_key/,
    );
  });

  it("finds orders by a fragment of the order number through the trigram index", async () => {
    const db = await getDb();
    const rows = await db
      .selectFrom("orders")
      .select("order_number")
      .where(sql<boolean>`order_number ilike ${"%ORD-1%"}`)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    // Enough orders that an index pays off, as in production; the planner ignores it for a few rows.
    await sql`
      insert into orders (customer_id, service_category_id, starts_at, ends_at, scheduled_date, scheduled_start,
        scheduled_end, duration_hours, address, postal_code, city, payment_method, unit_price_cents,
        original_price_cents, total_price_cents, net_amount_cents, vat_amount_cents, platform_fee_cents,
        caregiver_earnings_cents, status)
      select c.id, s.id, now() + n * interval '1 hour', now() + (n + 1) * interval '1 hour', current_date, '10:00',
        '11:00', 1, 'Testikatu 1', '00100', 'Helsinki', 'invoice', 4000, 4000, 4000, 3187, 813, 637, 2550, 'completed'
      from generate_series(1, 20000) as n,
        (select id from customers limit 1) as c,
        (select id from service_categories limit 1) as s`.execute(db);
    await sql`analyze orders`.execute(db);
    const plan = await db.transaction().execute(async (trx) => {
      // A selective fragment (the digits of one order), as staff type when they search.
      const fragment = `%${rows[0]!.order_number.slice(-5)}%`;
      const result = await sql<{ "QUERY PLAN": string }>`explain select order_number from orders where order_number ilike ${fragment}`.execute(trx);
      return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("orders_order_number_trgm");
  });

  it("returns dates as Helsinki calendar strings, not shifted Date objects", async () => {
    const db = await getDb();
    const row = await sql<{ d: unknown; t: unknown }>`select date '2026-11-21' as d, time '14:00' as t`.execute(db);
    expect(row.rows[0]).toEqual({ d: "2026-11-21", t: "14:00:00" });
  });

  it("runs every migration on a second, empty embedded database", async () => {
    const handle = await openDatabase({ kind: "pglite", dataDir: null });
    try {
      const result = await migrateToLatest(handle.db);
      expect(result.results?.every((r) => r.status === "Success")).toBe(true);
    } finally {
      await handle.close();
    }
  });
});

describe("GET /healthz", () => {
  it("answers 200 when the database is reachable", async () => {
    const response = (await healthz()) as Response;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });

  it("answers 503 when the database is not reachable", async () => {
    const current = await connect();
    // Nothing listens on port 1: every query fails like a database that has gone away.
    const unreachable = await openDatabase({
      kind: "postgres",
      connectionString: "postgres://postgres@127.0.0.1:1/none",
      poolSize: 1,
    });
    useDatabase(unreachable);
    try {
      const response = (await healthz()) as Response;
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: "unavailable" });
    } finally {
      useDatabase(current);
      await unreachable.close();
    }
  });
});
