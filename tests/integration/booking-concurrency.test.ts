import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { action } from "~/routes/varaus.yhteystiedot";
import { answerOf } from "./support/auth";
import {
  CONTEXT,
  dateInDays,
  draftQuery,
  insertDiscountCode,
  postUrl,
  seedBookingFixtures,
  validContact,
  type BookingFixtures,
} from "./support/booking";

// Customers racing each other (issue 4 "Tests that must exist": concurrency). The database is the
// arbiter: the exclusion constraint for the caregiver's time, one conditional UPDATE for the
// discount's last use. With DATABASE_URL set these run on PostgreSQL with a pool of connections,
// so the submits really overlap; on PGlite they are serialised, which must give the same result.

let f: BookingFixtures;

beforeAll(async () => {
  f = await seedBookingFixtures();
});

function submit(query: string, fields: Record<string, string>) {
  return answerOf(() => action({ request: postUrl("/varaus/yhteystiedot", query, fields), params: {}, context: CONTEXT }));
}

describe("simultaneous bookings", () => {
  it("20 simultaneous submits for the same caregiver at overlapping times create exactly one order", async () => {
    const date = dateInDays(12);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submit(
          // Start hours 10:00 and 11:00, 2 hours each: every pair overlaps.
          draftQuery({ date, time: i % 2 === 0 ? "10:00" : "11:00", duration: 2, service: f.serviceId, caregiver: f.topCaregiverId }),
          validContact({ email: `kilpa${i}-${Date.now()}@example.fi`, paymentMethod: i % 3 === 0 ? "online" : "invoice" }),
        ),
      ),
    );

    const placed = answers.filter((a) => a.location && (a.location.startsWith("/varaus-maksu-onnistui") || a.location.startsWith("/maksu/testi/")));
    const refused = answers.filter((a) => a.location?.startsWith("/varaus/kaveri?"));
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const answer of refused) expect(new URL(answer.location!, "http://x").searchParams.get("viesti")).toBe("caregiver_unavailable");

    const db = await getDb();
    const orders = await db
      .selectFrom("orders")
      .select(["id", "status"])
      .where("caregiver_id", "=", f.topCaregiverId)
      .where("scheduled_date", "=", date)
      .execute();
    expect(orders).toHaveLength(1);
    // Nothing of the refused bookings was left behind: one payment, one customer row per placed order.
    const payments = await db.selectFrom("payments").select("id").where("caregiver_id", "=", f.topCaregiverId).execute();
    expect(payments).toHaveLength(1);
  });

  it("a discount code with usage_limit 1 redeemed by 10 simultaneous submits is used once", async () => {
    await insertDiscountCode({ code: "VIIMEINEN", percentBp: 5000, usageLimit: 1 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        submit(
          // 'Ei väliä': no caregiver, so nothing but the code can make these collide.
          draftQuery({ date: dateInDays(14), time: "12:00", duration: 2, service: f.serviceId, caregiver: "ei-valia" }),
          validContact({ email: `alennus${i}-${Date.now()}@example.fi`, discountCode: "viimeinen" }),
        ),
      ),
    );
    const placed = answers.filter((a) => a.status === 302);
    const refused = answers.filter((a) => a.status === 400);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const answer of refused) expect(answer.data.result.error.discountCode).toEqual(["Alennuskoodi on käytetty loppuun."]);

    const db = await getDb();
    const code = await db.selectFrom("discount_codes").selectAll().where("code", "=", "VIIMEINEN").executeTakeFirstOrThrow();
    expect(code.usage_count).toBe(1);
    const redemptions = await db
      .selectFrom("discount_redemptions")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("discount_code_id", "=", code.id)
      .executeTakeFirstOrThrow();
    expect(redemptions.n).toBe(1);
    const discounted = await db.selectFrom("orders").select(["discount_cents", "total_price_cents"]).where("discount_code_id", "=", code.id).execute();
    expect(discounted).toEqual([{ discount_cents: 4000, total_price_cents: 4000 }]);
  });
});
