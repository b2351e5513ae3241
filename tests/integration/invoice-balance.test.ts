import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { formatEuros as euros } from "~/domain/format";
import type { AuthUser } from "~/models/users.server";
import { loader as paymentTabLoader } from "~/routes/backoffice.orders.$orderNumber.maksu";
import { action as paymentsAction, loader as paymentsLoader } from "~/routes/backoffice.payments";
import { loader as orderLoader } from "~/routes/portal.orders.$orderNumber";
import { action as customerCancelAction, loader as customerCancelLoader } from "~/routes/portal.orders.$orderNumber_.peruuta";
import { setTestClock } from "~/services/clock.server";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { cancelOrder } from "~/services/order-cancellation.server";
import { answerOf, contextFor, createTestUser, emailCountTo, getRequest, lastEmailTo, postRequest, sessionCookieFor } from "./support/auth";
import { createTestOrder } from "./support/booking-fixtures";

// An invoice's open balance is its amount less its credit notes less its payments (issue 25 item
// 3; decision 0019), the same on the payments page, the order's payment tab, the customer's
// portal, the reminder e-mail and the payment form. Example of the issue: 240 € booked, cancelled
// late (fee one hour, 80 €; credit note 160 €): everything asks for 80 €.

let db: DB;
let admin: AuthUser;
let adminCookie = "";

beforeAll(async () => {
  db = await getDb();
  admin = await createTestUser({ email: "admin-saldo@example.fi", role: "admin" });
  adminCookie = await sessionCookieFor(admin);
});

afterEach(() => setTestClock(null));

const euroField = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
const post = (fields: Record<string, string>) =>
  answerOf(() => paymentsAction({ request: postRequest("/backoffice/payments", { ...fields, confirmed: "1" }, adminCookie), params: {}, context: contextFor() }));
const listed = async (invoiceId: string) =>
  (await answerOf(() => paymentsLoader({ request: getRequest("/backoffice/payments", adminCookie), params: {}, context: contextFor() }))).data.invoices.find(
    (row: { id: string }) => row.id === invoiceId,
  );
const paymentTab = (orderNumber: string) =>
  answerOf(() => paymentTabLoader({ request: getRequest(`/backoffice/orders/${orderNumber}/maksu`, adminCookie), params: { orderNumber }, context: contextFor() }));

let day = 0;
/**
 * A visit in the past on an invoice issued after it (so the invoice is overdue today), cancelled
 * an hour before it started (late: the fee is one hour's price) or well ahead (free).
 */
async function cancelledInvoiceOrder(options: { late: boolean; email?: string; paidFirstCents?: number }) {
  day += 1;
  const startsAt = new Date(Date.UTC(2025, 9, day, 9));
  const order = await createTestOrder({ paymentMethod: "invoice", startsAt, ...(options.email ? { email: options.email } : {}) });
  const invoice = await createInvoiceForOrder(db, order.orderId, new Date(startsAt.getTime() - 10 * 24 * 3600_000));
  if (options.paidFirstCents) await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2025-09-20", amount: euroField(options.paidFirstCents) });
  const at = options.late ? new Date(startsAt.getTime() - 3600_000) : new Date(startsAt.getTime() - 10 * 24 * 3600_000);
  const outcome = await cancelOrder(db, { actor: { id: admin.id } }, order.orderId, at);
  if (!outcome.ok) throw new Error("not cancelled");
  return { order, invoice, feeCents: outcome.feeCents, creditNote: outcome.creditNote! };
}

describe("an invoice's open balance", () => {
  it("after a late cancellation asks for the fee only: the list, the payment tab, the form and the reminder e-mail", async () => {
    const { order, invoice, feeCents, creditNote } = await cancelledInvoiceOrder({ late: true });
    expect(feeCents).toBeGreaterThan(0);
    expect(creditNote.amountCents).toBe(order.totalPriceCents - feeCents);

    const row = await listed(invoice.invoiceId);
    expect(row).toMatchObject({ remaining: euroField(feeCents), balance: `Avoin saldo ${euros(feeCents)}`, overdue: true });
    const tab = await paymentTab(order.orderNumber);
    expect(tab.data.invoice.facts).toContainEqual({ label: "Avoin saldo", value: euros(feeCents) });
    expect(tab.data.invoice.facts).toContainEqual({ label: "Hyvitetty", value: `${euros(creditNote.amountCents)} (hyvityslasku ${creditNote.creditNoteNumber})` });
    expect(tab.data.paymentForm.invoice.remaining).toBe(euroField(feeCents));

    await post({ intent: "reminder", invoiceId: invoice.invoiceId });
    const email = await lastEmailTo(order.email);
    expect(email?.text).toContain(`Maksettavaa on ${euros(feeCents)}.`);
    expect(email?.text).toContain(`Summa: ${euros(feeCents)}`);
    expect(email?.text).toContain(`on hyvitetty ${euros(creditNote.amountCents)} (hyvityslasku ${creditNote.creditNoteNumber})`);
    expect(email?.text).not.toContain(`Maksettavaa on ${euros(order.totalPriceCents)}`);
  });

  it("refuses a payment above the balance, in Finnish with the balance, and is paid when the fee is", async () => {
    const { order, invoice, feeCents } = await cancelledInvoiceOrder({ late: true });
    // The case: more than the fee the credit note leaves (there 160 € on an 80 € balance).
    const tooMuch = await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-01-05", amount: euroField(feeCents + 1) });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.data.result.error.amount).toEqual([`Summa on suurempi kuin avoin saldo ${euros(feeCents)}. Kirjaa enintään ${euros(feeCents)}.`]);
    expect(await db.selectFrom("invoice_payments").select("id").where("invoice_id", "=", invoice.invoiceId).execute()).toEqual([]);

    // Paid in two parts: the first leaves the rest of the fee open, the second closes it.
    await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-01-05", amount: "10" });
    expect(await listed(invoice.invoiceId)).toMatchObject({ remaining: euroField(feeCents - 1000), partial: `Osittain maksettu: ${euros(1000)} / ${euros(feeCents)}` });
    await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-01-06", amount: euroField(feeCents - 1000) });
    const after = await db.selectFrom("invoices").select("status").where("id", "=", invoice.invoiceId).executeTakeFirstOrThrow();
    expect(after.status).toBe("paid");
    expect(await listed(invoice.invoiceId)).toBeUndefined();
    expect((await paymentTab(order.orderNumber)).data.paymentForm).toBeNull();
  });

  it("closes a fully credited invoice: not listed, not overdue, no reminder, nothing payable", async () => {
    const { order, invoice, feeCents } = await cancelledInvoiceOrder({ late: false });
    expect(feeCents).toBe(0);
    expect((await db.selectFrom("invoices").select("status").where("id", "=", invoice.invoiceId).executeTakeFirstOrThrow()).status).toBe("cancelled");
    expect(await listed(invoice.invoiceId)).toBeUndefined();
    await post({ intent: "reminder", invoiceId: invoice.invoiceId });
    expect(await emailCountTo(order.email)).toBe(1); // the cancellation e-mail only
    await post({ intent: "invoice", invoiceId: invoice.invoiceId, paidOn: "2026-01-05", amount: "1" });
    expect(await db.selectFrom("invoice_payments").select("id").where("invoice_id", "=", invoice.invoiceId).execute()).toEqual([]);
    const tab = await paymentTab(order.orderNumber);
    expect(tab.data.paymentForm).toBeNull();
    expect(tab.data.invoice.facts).toContainEqual({ label: "Avoin saldo", value: euros(0) });
  });

  it("marks the invoice paid when part-payments already cover the fee a late cancellation leaves", async () => {
    const first = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date(Date.UTC(2025, 10, 1, 9)) });
    const unitPrice = (await db.selectFrom("orders").select("unit_price_cents").where("id", "=", first.orderId).executeTakeFirstOrThrow()).unit_price_cents;
    const { invoice } = await cancelledInvoiceOrder({ late: true, paidFirstCents: unitPrice });
    const row = await db.selectFrom("invoices").select(["status"]).where("id", "=", invoice.invoiceId).executeTakeFirstOrThrow();
    expect(row.status).toBe("paid");
    expect(await listed(invoice.invoiceId)).toBeUndefined();
  });

  it("tells the customer on the portal what is left to pay", async () => {
    const customer = await createTestUser({ email: "saldo-asiakas@example.fi" });
    const { order, feeCents } = await cancelledInvoiceOrder({ late: true, email: customer.email });
    const cookie = await sessionCookieFor(customer);
    const page = await answerOf(() =>
      orderLoader({ request: getRequest(`/portal/orders/${order.orderNumber}`, cookie), params: { orderNumber: order.orderNumber }, context: contextFor() }),
    );
    expect(page.data.order.paymentState).toContain(`Maksettavaa on ${euros(feeCents)}.`);
  });

  it("follows the server's clock: the customer's late cancellation and the reminder of its overdue fee (decision 0018)", async () => {
    const customer = await createTestUser({ email: "kello-saldo@example.fi" });
    const cookie = await sessionCookieFor(customer);
    // Two months ahead, invoiced today: free to cancel and not overdue by the real time.
    const startsAt = new Date(Math.ceil(Date.now() / 3600_000) * 3600_000 + 60 * 24 * 3600_000);
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt, email: customer.email });
    const invoice = await createInvoiceForOrder(db, order.orderId, new Date());
    const unitPrice = (await db.selectFrom("orders").select("unit_price_cents").where("id", "=", order.orderId).executeTakeFirstOrThrow()).unit_price_cents;
    await post({ intent: "reminder", invoiceId: invoice.invoiceId });
    expect(await emailCountTo(order.email)).toBe(0);

    // Two hours before the visit by the server's clock: the fee of one hour, and the invoice is overdue.
    setTestClock(new Date(startsAt.getTime() - 2 * 3600_000));
    const params = { orderNumber: order.orderNumber };
    const here = `/portal/orders/${order.orderNumber}/peruuta`;
    const page = await answerOf(() => customerCancelLoader({ request: getRequest(here, cookie), params, context: contextFor() }));
    expect(page.data.feeCents).toBe(unitPrice);
    await answerOf(() =>
      customerCancelAction({ request: postRequest(here, { intent: "cancel", orderId: order.orderId, feeCents: String(unitPrice) }, cookie), params, context: contextFor() }),
    );
    expect((await db.selectFrom("orders").select("cancellation_fee_cents").where("id", "=", order.orderId).executeTakeFirstOrThrow()).cancellation_fee_cents).toBe(unitPrice);
    expect(await listed(invoice.invoiceId)).toMatchObject({ remaining: euroField(unitPrice), overdue: true });

    await post({ intent: "reminder", invoiceId: invoice.invoiceId });
    const email = await lastEmailTo(order.email);
    expect(email?.subject).toMatch(/^Muistutus: lasku \d+ on erääntynyt/);
    expect(email?.text).toContain(`Maksettavaa on ${euros(unitPrice)}.`);
  });
});
