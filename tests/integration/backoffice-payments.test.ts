import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { csvAmount } from "~/domain/csv";
import { formatDate, formatEuros } from "~/domain/format";
import { formatReferenceNumber } from "~/domain/reference-number";
import { loader as csvLoader } from "~/routes/backoffice.payments_.csv";
import { loader as dashboardLoader } from "~/routes/backoffice._index";
import { action as paymentsAction, loader as paymentsLoader } from "~/routes/backoffice.payments";
import { loader as paymentTabLoader } from "~/routes/backoffice.orders.$orderNumber.maksu";
import { setTestClock } from "~/services/clock.server";
import { createInvoiceForOrder, invoiceFileName } from "~/services/invoices.server";
import { deliverEmail } from "~/services/mailer.server";
import { cancelOrder } from "~/services/order-cancellation.server";
import { issueDueSeriesInvoices } from "~/services/series-invoices.server";
import { answerOf, contextFor, createTestUser, emailCountTo, getRequest, lastEmailTo, postRequest, sessionCookieFor } from "./support/auth";
import { auditRows } from "./support/backoffice";
import { createTestOrder, paymentRow, pdfTextContent } from "./support/booking-fixtures";
import { createInvoiceSeries } from "./support/series-invoices";

// The payments page (issue 14 "Payments"; DESIGN.md decision 18): the period's figures, the
// settlement per helper, payouts marked paid one by one and in bulk, invoices paid in full or in
// parts (a day and an amount), CSV,
// every write audited, and admins only.

let db: DB;
const cookies = { admin: "", moderator: "", support: "" };
let adminId = "";

beforeAll(async () => {
  db = await getDb();
  const admin = await createTestUser({ email: "admin-maksut@example.fi", role: "admin" });
  adminId = admin.id;
  cookies.admin = await sessionCookieFor(admin);
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
/** A press of a button and, for the money actions, of its confirm step's (confirmed=1). */
const post = (fields: Record<string, string>, who: keyof typeof cookies = "admin") =>
  answerOf(() => paymentsAction({ request: postRequest("/backoffice/payments", { ...fields, confirmed: "1" }, cookies[who]), params: {}, context: contextFor() }));
/** The first press only: what the confirm step asks. */
const ask = (fields: Record<string, string>) =>
  answerOf(() => paymentsAction({ request: postRequest("/backoffice/payments", fields, cookies.admin), params: {}, context: contextFor() }));

const euros = formatEuros;
const euroField = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

async function invoicePayments(invoiceId: string) {
  return db.selectFrom("invoice_payments").selectAll().where("invoice_id", "=", invoiceId).orderBy("paid_on").execute();
}

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

  it("asks before paying a payout, one or all, stating the amount, and pays nothing until confirmed", async () => {
    const order = await completedOrder();
    const one = await ask({ intent: "payout", payoutId: order.payoutId, returnTo: "/backoffice/payments" });
    expect(one.status).toBe(200);
    expect(one.data.confirm.title).toBe("Merkitäänkö tilitys maksetuksi?");
    expect(one.data.confirm.lines[0]).toContain(`${euros(order.earningsCents)} tilauksesta ${order.orderNumber}`);
    expect(one.data.confirm.confirmLabel).toBe(`Kyllä, merkitse maksetuksi (${euros(order.earningsCents)})`);
    expect(one.data.confirm.fields).toEqual([["intent", "payout"], ["payoutId", order.payoutId], ["returnTo", "/backoffice/payments"]]);
    expect(one.data.confirm.cancelHref).toBe("/backoffice/payments");
    expect(await payoutStatus(order.payoutId)).toBe("pending");

    const page = await load();
    const pending = await db.selectFrom("payouts").select(["amount_cents"]).where("status", "=", "pending").where("created_at", "<", new Date(page.data.payoutsCreatedBefore)).execute();
    const total = pending.reduce((sum, row) => sum + row.amount_cents, 0);
    const all = await ask({ intent: "payouts", createdBefore: page.data.payoutsCreatedBefore });
    expect(all.status).toBe(200);
    expect(all.data.confirm.confirmLabel).toBe(`Merkitse kaikki ${pending.length} maksetuiksi (${euros(total)})`);
    expect(await payoutStatus(order.payoutId)).toBe("pending");
    expect(await auditRows("order", order.orderId)).toHaveLength(0);
  });

  it("asks before recording an invoice payment, stating the amount and the balance after it", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date("2027-05-07T09:00:00Z") });
    const invoice = await createInvoiceForOrder(db, order.orderId);
    const asked = await ask({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-11-20", amount: "10" });
    expect(asked.status).toBe(200);
    expect(asked.data.confirm.title).toBe(`Kirjataanko maksu laskulle ${invoice.invoiceNumber}?`);
    expect(asked.data.confirm.lines).toEqual([
      `Kirjataan ${euros(1000)}, maksupäivä 20.11.2026. Asiakas Sirkka Mäkelä, tilaus ${order.orderNumber}.`,
      `Avoin saldo on ${euros(order.totalPriceCents)}. Maksun jälkeen maksamatta jää ${euros(order.totalPriceCents - 1000)}.`,
    ]);
    expect(asked.data.confirm.confirmLabel).toBe(`Kirjaa maksu ${euros(1000)}`);
    expect(await invoicePayments(invoice.invoiceId)).toEqual([]);
    // The confirm step's button posts the same fields with confirmed=1, and that records it.
    const confirmed = await answerOf(() =>
      paymentsAction({ request: postRequest("/backoffice/payments", Object.fromEntries([...asked.data.confirm.fields, ["confirmed", "1"]]), cookies.admin), params: {}, context: contextFor() }),
    );
    expect(confirmed.status).toBe(302);
    expect((await invoicePayments(invoice.invoiceId)).map((p) => p.amount_cents)).toEqual([1000]);
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

  it("marks an open invoice paid in full on the given day; its payment follows", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date("2027-05-03T09:00:00Z") });
    const invoice = await createInvoiceForOrder(db, order.orderId);
    const page = await load();
    const listed = page.data.invoices.find((row: { id: string }) => row.id === invoice.invoiceId);
    // The form starts with the whole amount, in Finnish notation.
    expect(listed).toMatchObject({ remaining: euroField(order.totalPriceCents), partial: null });

    await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-11-20", amount: euroField(order.totalPriceCents) });
    const row = await db.selectFrom("invoices").select(["status", "paid_at"]).where("id", "=", invoice.invoiceId).executeTakeFirstOrThrow();
    expect(row.status).toBe("paid");
    expect(row.paid_at?.toISOString()).toBe("2026-11-20T10:00:00.000Z");
    expect((await paymentRow(order.paymentId)).status).toBe("captured");
    const audit = await auditRows("order", order.orderId);
    expect(audit.map((r) => r.action)).toEqual(["invoice.paid"]);
    expect(audit[0]?.after).toMatchObject({ invoice: "paid", paidCents: order.totalPriceCents, paidOn: "2026-11-20" });
    expect((await load()).data.invoices.map((r: { id: string }) => r.id)).not.toContain(invoice.invoiceId);

    // A second press finds the invoice paid and records nothing.
    const again = await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-11-21", amount: "1" });
    expect(again.status).toBe(302);
    expect(await invoicePayments(invoice.invoiceId)).toHaveLength(1);
  });

  it("records partial payments, shows them as such, refuses more than is unpaid, and is paid when they reach the amount", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date("2027-05-04T09:00:00Z") });
    const invoice = await createInvoiceForOrder(db, order.orderId);
    const total = order.totalPriceCents;

    const first = await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-11-02", amount: "50" });
    expect(first.status).toBe(302);
    let row = await db.selectFrom("invoices").select(["status", "paid_at"]).where("id", "=", invoice.invoiceId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "open", paid_at: null });
    expect((await paymentRow(order.paymentId)).status).toBe("pending");
    const listed = (await load()).data.invoices.find((r: { id: string }) => r.id === invoice.invoiceId);
    expect(listed.partial).toBe(`Osittain maksettu: ${euros(5000)} / ${euros(total)}`);
    expect(listed.remaining).toBe(euroField(total - 5000));
    const tab = await answerOf(() =>
      paymentTabLoader({ request: getRequest(`/backoffice/orders/${order.orderNumber}/maksu`, cookies.admin), params: { orderNumber: order.orderNumber }, context: contextFor() }),
    );
    expect(tab.data.invoice.facts).toContainEqual({ label: "Tila", value: `Osittain maksettu: ${euros(5000)} / ${euros(total)}` });
    expect(tab.data.invoice.payments).toEqual([expect.objectContaining({ date: "2.11.2026", amount: euros(5000) })]);

    // More than what is left: refused on the amount field, in Finnish, nothing recorded.
    const tooMuch = await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-11-03", amount: euroField(total) });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.data.invoiceId).toBe(invoice.invoiceId);
    expect(tooMuch.data.result.error.amount).toEqual([`Summa on suurempi kuin avoin saldo ${euros(total - 5000)}. Kirjaa enintään ${euros(total - 5000)}.`]);
    // The confirm step refuses it already, before asking.
    expect((await ask({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-11-03", amount: euroField(total) })).status).toBe(400);
    expect(await invoicePayments(invoice.invoiceId)).toHaveLength(1);

    await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-11-09", amount: euroField(total - 5000) });
    row = await db.selectFrom("invoices").select(["status", "paid_at"]).where("id", "=", invoice.invoiceId).executeTakeFirstOrThrow();
    expect(row.status).toBe("paid");
    // Paid on the day of the payment that completed it.
    expect(row.paid_at?.toISOString()).toBe("2026-11-09T10:00:00.000Z");
    expect((await paymentRow(order.paymentId)).status).toBe("captured");
    expect((await invoicePayments(invoice.invoiceId)).map((p) => [p.paid_on, p.amount_cents])).toEqual([
      ["2026-11-02", 5000],
      ["2026-11-09", total - 5000],
    ]);
    const audit = await auditRows("order", order.orderId);
    expect(audit.map((r) => r.action)).toEqual(["invoice.payment", "invoice.paid"]);
    expect(audit[0]?.before).toMatchObject({ paidCents: 0 });
    expect(audit[0]?.after).toMatchObject({ invoice: "open", paymentCents: 5000, paidCents: 5000 });
    expect(audit[1]?.after).toMatchObject({ invoice: "paid", paymentCents: total - 5000, paidCents: total });
  });

  it("offers admins the payment form on the order's payment tab, and a payment posted from there leads back to it", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date("2027-05-06T09:00:00Z") });
    const invoice = await createInvoiceForOrder(db, order.orderId);
    const tabPath = `/backoffice/orders/${order.orderNumber}/maksu`;
    const tab = (who: keyof typeof cookies) =>
      answerOf(() => paymentTabLoader({ request: getRequest(tabPath, cookies[who]), params: { orderNumber: order.orderNumber }, context: contextFor() }));

    const forAdmin = await tab("admin");
    expect(forAdmin.data.paymentForm).toMatchObject({ invoice: { id: invoice.invoiceId, remaining: euroField(order.totalPriceCents) }, returnTo: tabPath });
    // Support and moderators see the invoice but record nothing (the payments page is the admin's).
    expect((await tab("support")).data.paymentForm).toBeNull();
    expect((await tab("moderator")).data.paymentForm).toBeNull();

    const paid = await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-11-20", amount: euroField(order.totalPriceCents), returnTo: tabPath });
    expect(paid.status).toBe(302);
    expect(paid.location).toBe(tabPath);
    // Paid: no form any more.
    expect((await tab("admin")).data.paymentForm).toBeNull();
  });

  it("says in Finnish what is wrong with the day or the amount, and records nothing", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date("2027-05-05T09:00:00Z") });
    const invoice = await createInvoiceForOrder(db, order.orderId);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ amount: "10" }, "paidOn", "Anna maksupäivä."],
      [{ paidOn: "20.11.2026", amount: "10" }, "paidOn", "Anna maksupäivä muodossa pp.kk.vvvv."],
      [{ paidOn: "2099-01-01", amount: "10" }, "paidOn", "Maksupäivä ei voi olla tulevaisuudessa."],
      [{ paidOn: "2026-11-20" }, "amount", "Anna maksettu summa."],
      [{ paidOn: "2026-11-20", amount: "kymppi" }, "amount", "Anna summa euroina, esimerkiksi 50 tai 49,90."],
      [{ paidOn: "2026-11-20", amount: "0,00" }, "amount", "Anna summa euroina, esimerkiksi 50 tai 49,90."],
      [{ paidOn: "2026-11-20", amount: "-5" }, "amount", "Anna summa euroina, esimerkiksi 50 tai 49,90."],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await post({ intent: "invoice", invoiceId: invoice.invoiceId, ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.data.result.error[field], JSON.stringify(fields)).toEqual([message]);
    }
    // '12,5 €' with a space and the sign is understood.
    expect((await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-11-20", amount: "12,5 €" })).status).toBe(302);
    expect((await invoicePayments(invoice.invoiceId)).map((p) => p.amount_cents)).toEqual([1250]);
    expect((await post({ intent: "invoice", invoiceId: "ei-tunniste", paidOn: "2026-11-20", amount: "1" })).status).toBe(400);
  });

  it("sends the customer of an overdue invoice a polite reminder through the outbox, once a day, and shows when", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", status: "completed", startsAt: new Date("2025-11-20T09:00:00Z") });
    // Issued 1.12.2025, due 14 days later: long overdue.
    const invoice = await createInvoiceForOrder(db, order.orderId, new Date("2025-12-01T10:00:00Z"));
    await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-01-05", amount: "20" });
    const before = (await load()).data.invoices.find((r: { id: string }) => r.id === invoice.invoiceId);
    expect(before).toMatchObject({ overdue: true, reminderSent: null });

    const sent = await post({ intent: "reminder", invoiceId: invoice.invoiceId });
    expect(sent.status).toBe(302);
    const email = await lastEmailTo(order.email);
    expect(email?.subject).toBe(`Muistutus: lasku ${invoice.invoiceNumber} on erääntynyt – Arkikaveri`);
    expect(email?.text).toContain(`Laskumme ${invoice.invoiceNumber} (tilaus ${order.orderNumber}) eräpäivä oli 15.12.2025`);
    expect(email?.text).toContain(`Olet jo maksanut laskusta ${euros(2000)}`);
    expect(email?.text).toContain(`Maksamatta on vielä ${euros(order.totalPriceCents - 2000)}.`);
    expect(email?.text).toContain(`Viitenumero: ${formatReferenceNumber(invoice.referenceNumber)}`);
    expect(email?.text).toContain("Tilinumero: FI2112345600000785");
    expect(email?.html).toContain('lang="fi"');
    // The invoice itself comes along, drawn by the delivery job.
    expect(email?.attachments).toEqual([
      { filename: invoiceFileName(invoice.invoiceNumber), contentType: "application/pdf", content: "", deferred: { kind: "invoice_pdf", orderId: order.orderId } },
    ]);
    const job = await db.selectFrom("jobs").select("payload").where(sql<string>`payload->>'emailId'`, "=", email!.id).executeTakeFirst();
    expect(job).toBeDefined();

    const row = await db.selectFrom("invoices").select("reminder_sent_at").where("id", "=", invoice.invoiceId).executeTakeFirstOrThrow();
    expect(row.reminder_sent_at).not.toBeNull();
    const after = (await load()).data.invoices.find((r: { id: string }) => r.id === invoice.invoiceId);
    expect(after.reminderSent).toBe(`Muistutus lähetetty ${formatDate(new Date())}`);
    const audit = (await auditRows("order", order.orderId)).filter((r) => r.action === "invoice.reminder");
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ invoiceNumber: invoice.invoiceNumber, to: order.email });

    // A second press the same day sends nothing more.
    expect((await post({ intent: "reminder", invoiceId: invoice.invoiceId })).status).toBe(302);
    expect(await emailCountTo(order.email)).toBe(1);
    expect((await auditRows("order", order.orderId)).filter((r) => r.action === "invoice.reminder")).toHaveLength(1);
  });

  it("sends no reminder of an invoice that is not yet due, nor of a paid one", async () => {
    const notDue = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date("2027-05-06T09:00:00Z") });
    const open = await createInvoiceForOrder(db, notDue.orderId);
    expect((await post({ intent: "reminder", invoiceId: open.invoiceId })).status).toBe(302);
    const paidOrder = await createTestOrder({ paymentMethod: "invoice", status: "completed", startsAt: new Date("2025-11-21T09:00:00Z") });
    const paid = await createInvoiceForOrder(db, paidOrder.orderId, new Date("2025-12-01T10:00:00Z"));
    await post({ intent: "invoice", invoiceId: paid.invoiceId, paidOn: "2026-01-05", amount: euroField(paidOrder.totalPriceCents) });
    expect((await post({ intent: "reminder", invoiceId: paid.invoiceId })).status).toBe(302);
    expect(await emailCountTo(notDue.email)).toBe(0);
    expect(await emailCountTo(paidOrder.email)).toBe(0);
    const reminded = await db.selectFrom("invoices").select("reminder_sent_at").where("id", "in", [open.invoiceId, paid.invoiceId]).execute();
    expect(reminded.map((r) => r.reminder_sent_at)).toEqual([null, null]);
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

  it("reads the period from the server's clock, on the page and in the download", async () => {
    setTestClock(new Date("2027-03-15T10:00:00Z"));
    try {
      expect((await load("")).data.form).toEqual({ from: "2027-03-01", to: "2027-03-15" });
      const csv = await answerOf(() => csvLoader({ request: getRequest("/backoffice/payments/csv", cookies.admin), params: {}, context: contextFor() }));
      expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="tilitys-2027-03-01-2027-03-15.csv"');
    } finally {
      setTestClock(null);
    }
  });

  it("is for admins only", async () => {
    const order = await completedOrder();
    const invoice = await createInvoiceForOrder(db, order.orderId);
    for (const who of ["moderator", "support"] as const) {
      expect((await load("", who)).status).toBe(403);
      expect((await post({ intent: "payout", payoutId: order.payoutId }, who)).status).toBe(403);
      expect((await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-11-20", amount: "1" }, who)).status).toBe(403);
      expect((await post({ intent: "reminder", invoiceId: invoice.invoiceId }, who)).status).toBe(403);
      const csv = await answerOf(() => csvLoader({ request: getRequest("/backoffice/payments/csv?lista=tilitys", cookies[who]), params: {}, context: contextFor() }));
      expect(csv.status).toBe(403);
    }
    expect(await payoutStatus(order.payoutId)).toBe("pending");
    expect(await invoicePayments(invoice.invoiceId)).toEqual([]);
  });
});

// The same reminder of a series' monthly invoice (docs/decisions/0039): one service for both kinds.
describe("the reminder of an overdue monthly invoice", () => {
  /** A series with two visits in `month` ('2025-10'), its month's invoice issued on its first day. */
  async function monthlyInvoice(month: string) {
    const series = await createInvoiceSeries([new Date(`${month}-07T08:00:00Z`), new Date(`${month}-14T08:00:00Z`)]);
    const [issued] = await db.transaction().execute((trx) => issueDueSeriesInvoices(trx, series.seriesId, new Date(`${month}-01T08:00:00Z`)));
    if (!issued) throw new Error("no monthly invoice was issued");
    const row = await db.selectFrom("series_invoices").selectAll().where("id", "=", issued.invoiceId).executeTakeFirstOrThrow();
    return { series, invoice: row };
  }
  const remind = (invoiceId: string, who: keyof typeof cookies = "admin") => post({ intent: "reminder", kind: "monthly", invoiceId }, who);
  const reminders = async (to: string) =>
    db.selectFrom("emails").selectAll().where("to_address", "=", to).where("subject", "like", "Muistutus:%").execute();
  const reminderSentAt = async (invoiceId: string) =>
    (await db.selectFrom("series_invoices").select("reminder_sent_at").where("id", "=", invoiceId).executeTakeFirstOrThrow()).reminder_sent_at;

  it("sends the payer what is still open after the credited visit, with the invoice PDF, once a day, audited and shown", async () => {
    const { series, invoice } = await monthlyInvoice("2025-10");
    // A visit cancelled late after the invoice: all but the fee credited, with a credit note.
    const visit = series.visits[1]!;
    const cancelled = await cancelOrder(db, { actor: { id: adminId } }, visit.orderId, new Date(visit.startsAt.getTime() - 12 * 3600_000));
    if (!cancelled.ok || !cancelled.creditNote) throw new Error("the visit was not credited");
    const creditedCents = visit.totalPriceCents - cancelled.feeCents;
    const before = (await load()).data.seriesInvoices.find((r: { id: string }) => r.id === invoice.id);
    expect(before).toMatchObject({ overdue: true, reminderSent: null });

    const sent = await remind(invoice.id);
    expect(sent.status).toBe(302);
    const [email, ...more] = await reminders(series.email);
    expect(more).toEqual([]);
    expect(email!.subject).toBe(`Muistutus: lasku ${invoice.invoice_number} on erääntynyt – Arkikaveri`);
    expect(email!.text).toContain(`Laskumme ${invoice.invoice_number} (toistuvat käynnit lokakuu 2025) eräpäivä oli ${formatDate(invoice.due_date)}`);
    expect(email!.text).toContain(
      `Laskun ${euros(invoice.amount_cents)} summasta on hyvitetty ${euros(creditedCents)} (hyvityslasku ${cancelled.creditNote.creditNoteNumber})`,
    );
    expect(email!.text).toContain(`Maksettavaa on ${euros(invoice.amount_cents - creditedCents)}.`);
    expect(email!.text).toContain(`Viitenumero: ${formatReferenceNumber(invoice.reference_number)}`);
    expect(email!.text).toContain("Tilinumero: FI2112345600000785");
    // The monthly invoice's own PDF, drawn when the e-mail is delivered.
    expect(email!.attachments).toEqual([
      { filename: invoiceFileName(invoice.invoice_number), contentType: "application/pdf", content: "", deferred: { kind: "series_invoice_pdf", invoiceNumber: invoice.invoice_number } },
    ]);
    await deliverEmail(db, email!.id, { isFinalAttempt: false });
    const delivered = await db.selectFrom("emails").select("attachments").where("id", "=", email!.id).executeTakeFirstOrThrow();
    const pdf = pdfTextContent(Buffer.from(delivered.attachments[0]!.content, "base64")).replace(/\s+/g, " ");
    expect(pdf).toContain(String(invoice.invoice_number));
    expect(pdf).toContain(formatReferenceNumber(invoice.reference_number));
    expect(pdf).toContain(visit.orderNumber);

    expect(await reminderSentAt(invoice.id)).not.toBeNull();
    const after = (await load()).data.seriesInvoices.find((r: { id: string }) => r.id === invoice.id);
    expect(after.reminderSent).toBe(`Muistutus lähetetty ${formatDate(new Date())}`);
    const audit = (await auditRows("order_series", series.seriesId)).filter((r) => r.action === "invoice.reminder");
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ invoiceNumber: invoice.invoice_number, to: series.email });

    // A second press the same day sends nothing more.
    expect((await remind(invoice.id)).status).toBe(302);
    expect(await reminders(series.email)).toHaveLength(1);
    expect((await auditRows("order_series", series.seriesId)).filter((r) => r.action === "invoice.reminder")).toHaveLength(1);
  });

  it("sends none of a monthly invoice not yet due, nor of a paid one, nor of one named as the other kind", async () => {
    const notDue = await monthlyInvoice("2027-03");
    const paid = await monthlyInvoice("2025-09");
    expect((await post({ intent: "series-invoice", invoiceId: paid.invoice.id, paidOn: "2025-10-01" })).status).toBe(302);
    const overdue = await monthlyInvoice("2025-08");
    for (const { invoice } of [notDue, paid]) expect((await remind(invoice.id)).status).toBe(302);
    // A monthly invoice's id as a single invoice's finds no invoice; an unknown kind is a bad form.
    expect((await post({ intent: "reminder", kind: "single", invoiceId: overdue.invoice.id })).status).toBe(302);
    expect((await post({ intent: "reminder", kind: "kaikki", invoiceId: overdue.invoice.id })).status).toBe(400);
    for (const { series, invoice } of [notDue, paid, overdue]) {
      expect(await reminders(series.email)).toEqual([]);
      expect(await reminderSentAt(invoice.id)).toBeNull();
      expect((await auditRows("order_series", series.seriesId)).filter((r) => r.action === "invoice.reminder")).toEqual([]);
    }
  });

  it("is counted among the dashboard's overdue invoices and downloads in its own CSV, as single ones do", async () => {
    const overdue = await monthlyInvoice("2025-06");
    const notDue = await monthlyInvoice("2027-04");
    const paid = await monthlyInvoice("2025-05");
    expect((await post({ intent: "series-invoice", invoiceId: paid.invoice.id, paidOn: "2025-06-01" })).status).toBe(302);

    const dashboard = await answerOf(() => dashboardLoader({ request: getRequest("/backoffice", cookies.admin), params: {}, context: contextFor() }));
    const group = dashboard.data.groups.find((g: { id: string }) => g.id === "overdue");
    const labels = group.items.map((item: { label: string }) => item.label);
    expect(group.items).toContainEqual(
      expect.objectContaining({ label: `Kuukausilasku ${overdue.invoice.invoice_number} (kesäkuu 2025)`, href: "/backoffice/payments#series-invoices-heading" }),
    );
    for (const other of [notDue, paid]) expect(labels.join()).not.toContain(String(other.invoice.invoice_number));

    const csv = await answerOf(() => csvLoader({ request: getRequest("/backoffice/payments/csv?lista=kuukausilaskut", cookies.admin), params: {}, context: contextFor() }));
    expect(csv.status).toBe(200);
    const lines = (await csv.response!.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Lasku;Kuukausi;Käyntejä;Asiakas;Summa (€);Hyvitetty (€);Eräpäivä;Erääntynyt;Muistutus lähetetty");
    const rowOf = (number: number) => lines.find((line) => line.startsWith(`${number};`));
    expect(rowOf(overdue.invoice.invoice_number)).toBe(
      [overdue.invoice.invoice_number, "kesäkuu 2025", 2, "Sirkka Mäkelä", csvAmount(overdue.invoice.amount_cents), "0,00", formatDate(overdue.invoice.due_date), "kyllä", ""].join(";"),
    );
    expect(rowOf(notDue.invoice.invoice_number)).toContain(";ei;");
    expect(rowOf(paid.invoice.invoice_number)).toBeUndefined();
  });

  it("is for admins only", async () => {
    const { series, invoice } = await monthlyInvoice("2025-07");
    for (const who of ["moderator", "support"] as const) expect((await remind(invoice.id, who)).status).toBe(403);
    expect(await reminders(series.email)).toEqual([]);
    expect(await reminderSentAt(invoice.id)).toBeNull();
  });
});
