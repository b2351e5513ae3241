import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { loader as csvLoader } from "~/routes/backoffice.payments_.csv";
import { action as paymentsAction, loader as paymentsLoader } from "~/routes/backoffice.payments";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { answerOf, contextFor, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { auditRows } from "./support/backoffice";
import { createTestOrder, paymentRow } from "./support/booking-fixtures";

// The payments page (issue 14 "Payments"; DESIGN.md decision 18): the period's figures, the
// settlement per helper, payouts marked paid one by one and in bulk, invoices marked paid, CSV,
// every write audited, and admins only.

let db: DB;
const cookies = { admin: "", moderator: "", support: "" };

beforeAll(async () => {
  db = await getDb();
  cookies.admin = await sessionCookieFor(await createTestUser({ email: "admin-maksut@example.fi", role: "admin" }));
  cookies.moderator = await sessionCookieFor(await createTestUser({ email: "mod-maksut@example.fi", role: "moderator" }));
  cookies.support = await sessionCookieFor(await createTestUser({ email: "tuki-maksut@example.fi", role: "support" }));
});

let day = 0;
/** A completed order of a new helper, finished now, with its pending payout. */
async function completedOrder() {
  day += 1;
  const order = await createTestOrder({ paymentMethod: "invoice", status: "completed", caregiverId: true, startsAt: new Date(Date.UTC(2026, 0, day, 9)) });
  const row = await db
    .updateTable("orders")
    .set({ completed_at: sql`now()` })
    .where("id", "=", order.orderId)
    .returning(["caregiver_earnings_cents", "duration_hours"])
    .executeTakeFirstOrThrow();
  const payout = await db
    .insertInto("payouts")
    .values({ order_id: order.orderId, caregiver_id: order.caregiverId!, amount_cents: row.caregiver_earnings_cents })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ...order, payoutId: payout.id, earningsCents: row.caregiver_earnings_cents, hours: row.duration_hours };
}

const load = (query = "", who: keyof typeof cookies = "admin") =>
  answerOf(() => paymentsLoader({ request: getRequest(`/backoffice/payments${query}`, cookies[who]), params: {}, context: contextFor() }));
const post = (fields: Record<string, string>, who: keyof typeof cookies = "admin") =>
  answerOf(() => paymentsAction({ request: postRequest("/backoffice/payments", fields, cookies[who]), params: {}, context: contextFor() }));

async function payoutStatus(id: string) {
  return (await db.selectFrom("payouts").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
}

describe("the payments page", () => {
  it("shows the helper's settlement and the payout to pay, and pays it once with an audit line", async () => {
    const order = await completedOrder();
    const page = await load();
    expect(page.status).toBe(200);
    const settlement = page.data.settlement.find((row: { key: string }) => row.key === order.caregiverId);
    expect(settlement).toMatchObject({ orders: "1", hours: `${order.hours} h` });
    expect(page.data.payouts.map((row: { id: string }) => row.id)).toContain(order.payoutId);
    expect(page.data.cards.map((card: { label: string }) => card.label)).toEqual(["Myynti", "Palvelumaksut", "Kavereiden ansiot", "Maksettu kavereille"]);

    const paid = await post({ intent: "payout", payoutId: order.payoutId });
    expect(paid.status).toBe(302);
    expect(await payoutStatus(order.payoutId)).toBe("paid");
    await post({ intent: "payout", payoutId: order.payoutId });
    const audit = await auditRows("order", order.orderId);
    expect(audit.map((row) => row.action)).toEqual(["payout.paid"]);
    expect(audit[0]?.after).toMatchObject({ payout: "paid", amountCents: order.earningsCents });
  });

  it("pays every payout on screen in bulk, but not one created after the page was loaded", async () => {
    const first = await completedOrder();
    const second = await completedOrder();
    const page = await load();
    const later = await completedOrder();
    await post({ intent: "payouts", createdBefore: page.data.payoutsCreatedBefore });
    expect(await payoutStatus(first.payoutId)).toBe("paid");
    expect(await payoutStatus(second.payoutId)).toBe("paid");
    expect(await payoutStatus(later.payoutId)).toBe("pending");
  });

  it("marks an open invoice paid on the given day; its payment follows", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date("2027-05-03T09:00:00Z") });
    const invoice = await createInvoiceForOrder(db, order.orderId);
    const page = await load();
    expect(page.data.invoices.map((row: { id: string }) => row.id)).toContain(invoice.invoiceId);
    const future = await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2099-01-01" });
    expect(future.status).toBe(302);
    expect((await db.selectFrom("invoices").select("status").where("id", "=", invoice.invoiceId).executeTakeFirstOrThrow()).status).toBe("open");

    await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-11-20" });
    const row = await db.selectFrom("invoices").select(["status", "paid_at"]).where("id", "=", invoice.invoiceId).executeTakeFirstOrThrow();
    expect(row.status).toBe("paid");
    expect(row.paid_at?.toISOString()).toBe("2026-11-20T10:00:00.000Z");
    expect((await paymentRow(order.paymentId)).status).toBe("captured");
    expect((await auditRows("order", order.orderId)).map((r) => r.action)).toEqual(["invoice.paid"]);
  });

  it("downloads each list as CSV for Finnish Excel", async () => {
    const order = await completedOrder();
    for (const list of ["tilitys", "maksamattomat", "laskut"]) {
      const answer = await answerOf(() => csvLoader({ request: getRequest(`/backoffice/payments/csv?lista=${list}`, cookies.admin), params: {}, context: contextFor() }));
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      const bytes = Buffer.from(await answer.response!.arrayBuffer());
      // The byte-order mark (TextDecoder would strip it, so look at the bytes).
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString("utf8");
      expect(text.split("\r\n")[0]).toContain(";");
      if (list === "maksamattomat") expect(text).toContain(order.orderNumber);
    }
    const unknown = await answerOf(() => csvLoader({ request: getRequest("/backoffice/payments/csv?lista=kaikki", cookies.admin), params: {}, context: contextFor() }));
    expect(unknown.status).toBe(404);
  });

  it("is for admins only", async () => {
    const order = await completedOrder();
    for (const who of ["moderator", "support"] as const) {
      expect((await load("", who)).status).toBe(403);
      expect((await post({ intent: "payout", payoutId: order.payoutId }, who)).status).toBe(403);
      const csv = await answerOf(() => csvLoader({ request: getRequest("/backoffice/payments/csv?lista=tilitys", cookies[who]), params: {}, context: contextFor() }));
      expect(csv.status).toBe(403);
    }
    expect(await payoutStatus(order.payoutId)).toBe("pending");
  });
});
