import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { earningsSummary } from "~/models/caregiver-earnings.server";
import { loader as earningsLoader } from "~/routes/portal.earnings";
import { answerOf, contextFor, getRequest } from "./support/auth";
import { createTestOrder } from "./support/booking-fixtures";
import { signedInCustomer, signedInHelper } from "./support/portal";

// The helper's earnings page (issue 10; DESIGN.md decision 18): this Helsinki month's earnings,
// pending and paid payouts, only the helper's own.

let db: DB;

beforeAll(async () => {
  db = await getDb();
});

/** A completed order of the helper with its payout, as 'Merkitse suoritetuksi' leaves it. */
async function paidOut(caregiverId: string, options: { completedAt: Date; startsAt?: Date; status?: "pending" | "paid"; hours?: number }) {
  const order = await createTestOrder({
    paymentMethod: "invoice",
    caregiverId,
    status: "completed",
    startsAt: options.startsAt ?? new Date(options.completedAt.getTime() - (options.hours ?? 2) * 3_600_000),
    durationHours: options.hours ?? 2,
  });
  await db.updateTable("orders").set({ completed_at: options.completedAt }).where("id", "=", order.orderId).execute();
  const { caregiver_earnings_cents: amount } = await db.selectFrom("orders").select("caregiver_earnings_cents").where("id", "=", order.orderId).executeTakeFirstOrThrow();
  await db
    .insertInto("payouts")
    .values({ order_id: order.orderId, caregiver_id: caregiverId, amount_cents: amount, status: options.status ?? "pending", paid_at: options.status === "paid" ? options.completedAt : null })
    .execute();
  return { ...order, amount };
}

describe("/portal/earnings", () => {
  it("sums this month's earnings and the pending and paid payouts, and lists them", async () => {
    const helper = await signedInHelper("ansiot-kaveri@example.fi");
    const other = await signedInHelper("ansiot-toinen@example.fi");
    const now = new Date();
    const thisMonth = await paidOut(helper.caregiverId, { completedAt: new Date(now.getTime() - 60_000), hours: 3 });
    const lastYear = await paidOut(helper.caregiverId, { completedAt: new Date(now.getTime() - 400 * 24 * 3_600_000), status: "paid" });
    await paidOut(other.caregiverId, { completedAt: new Date(now.getTime() - 120_000) });

    const page = await answerOf(() => earningsLoader({ request: getRequest("/portal/earnings", helper.cookie), params: {}, context: contextFor() }));
    expect(page.status).toBe(200);
    const euros = (cents: number) => new Intl.NumberFormat("fi-FI", { style: "currency", currency: "EUR" }).format(cents / 100);
    expect(page.data.thisMonth).toEqual({ amount: euros(thisMonth.amount), count: "1 käynti" });
    expect(page.data.pending).toEqual({ amount: euros(thisMonth.amount), count: "1 käynti" });
    expect(page.data.paid).toEqual({ amount: euros(lastYear.amount), count: "1 käynti" });
    expect(page.data.pendingLines.map((line: { orderNumber: string }) => line.orderNumber)).toEqual([thisMonth.orderNumber]);
    expect(page.data.paidLines).toMatchObject([{ orderNumber: lastYear.orderNumber, amount: euros(lastYear.amount) }]);
    expect(page.data.paidLines[0].paidOn).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4}$/);
  });

  it("counts a month by Helsinki's calendar and the visit's own date", async () => {
    const helper = await signedInHelper("ansiot-kuukausi@example.fi");
    // A visit at 01.00 on 1 November in Helsinki (UTC+2) is still October in UTC: November's. (Half
    // an hour after the next one ends: the helper's travel time, decision 0035.)
    const inNovember = await paidOut(helper.caregiverId, { startsAt: new Date("2026-10-31T23:00:00Z"), completedAt: new Date("2026-11-01T00:10:00Z"), hours: 1 });
    // 23.30 on 31 October in Helsinki, marked done after midnight: October's.
    await paidOut(helper.caregiverId, { startsAt: new Date("2026-10-31T21:30:00Z"), completedAt: new Date("2026-10-31T22:45:00Z"), hours: 1 });
    // A visit on 1 December, marked done early in November: December's, not November's.
    await paidOut(helper.caregiverId, { startsAt: new Date("2026-12-01T08:00:00Z"), completedAt: new Date("2026-11-14T10:00:00Z"), hours: 1 });
    const summary = await earningsSummary(db, helper.caregiverId, new Date("2026-11-15T10:00:00Z"));
    expect(summary).toMatchObject({ thisMonthCents: inNovember.amount, thisMonthCount: 1, pendingCount: 3 });
    const december = await earningsSummary(db, helper.caregiverId, new Date("2026-12-02T10:00:00Z"));
    expect(december).toMatchObject({ thisMonthCount: 1 });
  });

  it("shows a helper without payouts zeros and empty lists", async () => {
    const helper = await signedInHelper("ansiot-uusi@example.fi");
    const page = await answerOf(() => earningsLoader({ request: getRequest("/portal/earnings", helper.cookie), params: {}, context: contextFor() }));
    expect(page.data).toMatchObject({ pendingLines: [], paidLines: [], thisMonth: { amount: "0,00\u00a0€", count: "0 käyntiä" } });
  });

  it("is for helpers only", async () => {
    const customer = await signedInCustomer("ansiot-asiakas@example.fi");
    expect((await answerOf(() => earningsLoader({ request: getRequest("/portal/earnings", customer.cookie), params: {}, context: contextFor() }))).status).toBe(403);
    const anonymous = await answerOf(() => earningsLoader({ request: getRequest("/portal/earnings"), params: {}, context: contextFor() }));
    expect(anonymous.location).toBe("/auth?redirectTo=%2Fportal%2Fearnings");
  });
});
