import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { formatEuros } from "~/domain/format";
import { loader as csvLoader } from "~/routes/backoffice.payments_.csv";
import { loader as paymentsLoader } from "~/routes/backoffice.payments";
import { startCheckout } from "~/services/payments/checkout.server";
import { applyPaymentEvent } from "~/services/payments/events.server";
import { answerOf, contextFor, createTestUser, getRequest, sessionCookieFor } from "./support/auth";
import { createTestOrder } from "./support/booking-fixtures";

// The payments page's lists (spec 001 §2; issue 25 item 8): every payment transaction (amount,
// method, status, order, customer, date; filtered by status and method) and every payout, paid
// ones too, each a page at a time and as CSV; admins only.

let db: DB;
const cookies = { admin: "", moderator: "", support: "" };

beforeAll(async () => {
  db = await getDb();
  cookies.admin = await sessionCookieFor(await createTestUser({ email: "admin-listat@example.fi", role: "admin" }));
  cookies.moderator = await sessionCookieFor(await createTestUser({ email: "mod-listat@example.fi", role: "moderator" }));
  cookies.support = await sessionCookieFor(await createTestUser({ email: "tuki-listat@example.fi", role: "support" }));
});

let day = 0;
const slot = () => new Date(Date.UTC(2027, 3, 1 + day++, 9));

async function capturedOnlineOrder() {
  const order = await createTestOrder({ paymentMethod: "online", startsAt: slot(), fullName: "Olli Verkkomaksaja" });
  const ref = (await startCheckout(db, order.orderId)).replace("/maksu/testi/", "");
  await applyPaymentEvent(db, { id: `evt-${ref}`, provider: "local", type: "checkout.completed", providerRef: ref, method: "card" });
  return order;
}

async function payoutOf(status: "pending" | "paid") {
  const order = await createTestOrder({ paymentMethod: "invoice", status: "completed", caregiverId: true, startsAt: slot() });
  const payout = await db
    .insertInto("payouts")
    .values({ order_id: order.orderId, caregiver_id: order.caregiverId!, amount_cents: 5100, status, paid_at: status === "paid" ? sql`now()` : null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ...order, payoutId: payout.id };
}

const load = (query = "", who: keyof typeof cookies = "admin") =>
  answerOf(() => paymentsLoader({ request: getRequest(`/backoffice/payments${query}`, cookies[who]), params: {}, context: contextFor() }));
const csv = async (query: string, who: keyof typeof cookies = "admin") => {
  const answer = await answerOf(() => csvLoader({ request: getRequest(`/backoffice/payments/csv${query}`, cookies[who]), params: {}, context: contextFor() }));
  return { status: answer.status, text: answer.status === 200 ? Buffer.from(await answer.response!.arrayBuffer()).toString("utf8") : "" };
};

describe("the payments page's lists", () => {
  it("lists payment transactions with amount, method, status, order and customer, filtered by status and method", async () => {
    const online = await capturedOnlineOrder();
    const invoice = await createTestOrder({ paymentMethod: "invoice", startsAt: slot(), fullName: "Irma Laskulla" });
    const all = (await load()).data.lists.transactions.rows;
    const onlineRow = all.find((row: { orderNumber: string }) => row.orderNumber === online.orderNumber);
    expect(onlineRow).toMatchObject({ amount: formatEuros(online.totalPriceCents), method: "Kortti", status: "Maksettu", customerName: "Olli Verkkomaksaja" });
    expect(all.find((row: { orderNumber: string }) => row.orderNumber === invoice.orderNumber)).toMatchObject({ method: "Lasku", status: "Odottaa", customerName: "Irma Laskulla" });

    const captured = (await load("?maksun_tila=captured")).data.lists.transactions.rows.map((row: { orderNumber: string }) => row.orderNumber);
    expect(captured).toContain(online.orderNumber);
    expect(captured).not.toContain(invoice.orderNumber);
    const byInvoice = (await load("?maksutapa=invoice")).data.lists.transactions.rows.map((row: { orderNumber: string }) => row.orderNumber);
    expect(byInvoice).toContain(invoice.orderNumber);
    expect(byInvoice).not.toContain(online.orderNumber);
    // An unknown filter value is ignored, not an error.
    expect((await load("?maksun_tila=kaikki&maksutapa=bitcoin")).status).toBe(200);
  });

  it("pages the transactions 10 at a time, newest first, without skipping or repeating a row", async () => {
    for (let i = 0; i < 12; i++) await createTestOrder({ paymentMethod: "invoice", startsAt: slot() });
    const total = Number((await db.selectFrom("payments").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow()).n);
    const seen: string[] = [];
    let query = "";
    for (let guard = 0; guard < 20; guard++) {
      const lists = (await load(query)).data.lists;
      expect(lists.transactions.rows.length).toBeLessThanOrEqual(10);
      seen.push(...lists.transactions.rows.map((row: { id: string }) => row.id));
      if (!lists.transactions.pager.next) break;
      expect(lists.transactions.pager.next).toMatch(/^\?maksut_jalkeen=.+#transactions-heading$/);
      query = lists.transactions.pager.next.replace(/#.*$/, "");
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    // Going back from the second page gives the first page again.
    const firstPage = (await load()).data.lists.transactions;
    const second = (await load(firstPage.pager.next.replace(/#.*$/, ""))).data.lists.transactions;
    const back = (await load(second.pager.previous.replace(/#.*$/, ""))).data.lists.transactions.rows.map((row: { id: string }) => row.id);
    expect(back).toEqual(seen.slice(0, 10));
  });

  it("lists payouts, paid ones included, filtered by status", async () => {
    const pending = await payoutOf("pending");
    const paid = await payoutOf("paid");
    const orderNumbers = (query: string) => load(query).then((answer) => answer.data.lists.payouts.rows.map((row: { orderNumber: string }) => row.orderNumber));
    expect(await orderNumbers("")).toEqual(expect.arrayContaining([pending.orderNumber, paid.orderNumber]));
    expect(await orderNumbers("?tilityksen_tila=paid")).toContain(paid.orderNumber);
    expect(await orderNumbers("?tilityksen_tila=paid")).not.toContain(pending.orderNumber);
    const paidRow = (await load("?tilityksen_tila=paid")).data.lists.payouts.rows.find((row: { orderNumber: string }) => row.orderNumber === paid.orderNumber);
    expect(paidRow.status).toMatch(/^Maksettu \d+\.\d+\.\d{4}$/);
    expect(paidRow.amount).toBe(formatEuros(5100));
  });

  it("downloads both lists as CSV with the page's filters", async () => {
    const online = await capturedOnlineOrder();
    const paid = await payoutOf("paid");
    const pending = await payoutOf("pending");
    const payments = await csv("?lista=maksutapahtumat&maksun_tila=captured");
    expect(payments.status).toBe(200);
    expect(payments.text.split("\r\n")[0]).toContain("Päivä;Summa (€);Maksutapa;Tila;Palautettu (€);Tilaus;Asiakas");
    expect(payments.text).toContain(online.orderNumber);
    expect(payments.text).not.toContain(";Odottaa;");
    const payouts = await csv("?lista=tilitykset&tilityksen_tila=paid");
    expect(payouts.text).toContain(paid.orderNumber);
    expect(payouts.text).not.toContain(pending.orderNumber);
  });

  it("is for admins only, the lists and their CSV alike", async () => {
    for (const who of ["moderator", "support"] as const) {
      expect((await load("?maksun_tila=captured", who)).status).toBe(403);
      expect((await csv("?lista=maksutapahtumat", who)).status).toBe(403);
      expect((await csv("?lista=tilitykset", who)).status).toBe(403);
    }
  });
});
