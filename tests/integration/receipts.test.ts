import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rememberOrder } from "~/booking/owned-orders.server";
import { getDb, type DB } from "~/db.server";
import type { EmailAttachment } from "~/db/schema";
import { formatDate, formatEuros } from "~/domain/format";
import { getCompanyInfo } from "~/models/settings.server";
import type { AuthUser } from "~/models/users.server";
import { action as webhookAction } from "~/routes/api.stripe.webhook";
import { loader as orderLoader } from "~/routes/portal.orders.$orderNumber";
import { loader as creditNoteLoader } from "~/routes/portal.orders.$orderNumber_.hyvityslasku";
import { loader as receiptLoader } from "~/routes/portal.orders.$orderNumber_.kuitti";
import { loader as successLoader } from "~/routes/varaus-maksu-onnistui";
import { setTestClock } from "~/services/clock.server";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { deliverEmail } from "~/services/mailer.server";
import { cancelOrder } from "~/services/order-cancellation.server";
import { setPaymentProviderForTests } from "~/services/payments/active-provider.server";
import { startCheckout } from "~/services/payments/checkout.server";
import { refundPayment } from "~/services/payments/refunds.server";
import { renderReceiptPdf } from "~/services/receipts.server";
import { answerOf, BASE_URL, contextFor, createTestUser, getRequest, sessionCookieFor } from "./support/auth";
import { createTestOrder, paymentRow, pdfTextContent } from "./support/booking-fixtures";
import { CONTEXT, getUrl } from "./support/booking";
import { emailsWithSubject } from "./support/portal";
import { signedStripeEvent, startFakeStripe, useFakeStripe, webhookRequest, type FakeStripe } from "./support/fake-stripe";

// Receipts and credit notes in the customer's hands (issue 28 item 5): every captured online
// payment gets one receipt, numbered in its own series, in the transaction that captures it (also
// when the webhook and the return page both confirm it); its PDF carries the seller, the payment's
// date and method, the amounts with VAT and the household deduction's work share; it is attached
// to the payment confirmation and downloaded from the portal by the order's customer only. A
// cancelled invoice order's credit note is attached to the cancellation e-mail and downloaded the
// same way.

let db: DB;
let stripe: FakeStripe;
let restoreEnv: () => void;
let owner: AuthUser;
let ownerCookie = "";
let strangerCookie = "";

beforeAll(async () => {
  db = await getDb();
  stripe = await startFakeStripe();
  restoreEnv = useFakeStripe(stripe.port);
  owner = await createTestUser({ email: "kuitin-omistaja@example.fi", fullName: "Kerttu Kuitinen" });
  ownerCookie = await sessionCookieFor(owner);
  strangerCookie = await sessionCookieFor(await createTestUser({ email: "kuitin-vieras@example.fi" }));
});

afterEach(() => {
  setPaymentProviderForTests(null);
  setTestClock(null);
});

afterAll(async () => {
  restoreEnv();
  await stripe.close();
});

let day = 0;
/** 14.00–16.00 Helsinki on a day of its own: 2 h × 40 € = 80,00 €. */
function farSlot(): Date {
  day += 1;
  return new Date(Date.UTC(2027, 8, day, 11));
}

async function orderAtStripe(options: Partial<Parameters<typeof createTestOrder>[0]> = {}) {
  const order = await createTestOrder({ paymentMethod: "online", email: owner.email, startsAt: farSlot(), ...options });
  await startCheckout(db, order.orderId);
  return { ...order, sessionId: (await paymentRow(order.paymentId)).provider_ref! };
}

/** Stripe's webhook for a paid checkout. */
async function webhookConfirms(sessionId: string, method: "card" | "mobilepay" | "klarna" = "card") {
  const session = stripe.completeSession(sessionId, { paid: true, method });
  const event = signedStripeEvent("checkout.session.completed", session);
  const response = (await webhookAction({ request: webhookRequest(event.payload, event.signature), params: {}, context: CONTEXT })) as Response;
  expect(response.status).toBe(200);
}

/** The return page after paying, which asks Stripe itself and confirms what it hears. */
async function returnPageConfirms(orderNumber: string) {
  const cookie = (await rememberOrder(new Request(BASE_URL), orderNumber)).split(";")[0];
  const page = await answerOf(() => successLoader({ request: getUrl("/varaus-maksu-onnistui", `order_number=${orderNumber}`, cookie), params: {}, context: CONTEXT }));
  expect(page.data.order.awaitingPayment).toBe(false);
}

async function receiptsOf(orderId: string) {
  return db.selectFrom("receipts").selectAll().where("order_id", "=", orderId).execute();
}

function pdfAttachment(attachments: EmailAttachment[], prefix: string) {
  return attachments.find((a) => a.filename.startsWith(prefix) && a.filename.endsWith(".pdf"));
}

/** Delivers a queued e-mail as the job does (kept in the outbox without SMTP) and returns its drawn attachment. */
async function deliveredPdf(emailId: string, prefix: string): Promise<Buffer> {
  await deliverEmail(db, emailId, { isFinalAttempt: false });
  const delivered = await db.selectFrom("emails").selectAll().where("id", "=", emailId).executeTakeFirstOrThrow();
  const attachment = pdfAttachment(delivered.attachments, prefix);
  expect(attachment?.content).toBeTruthy();
  return Buffer.from(attachment!.content, "base64");
}

function portalArgs(path: string, orderNumber: string, cookie?: string) {
  return { request: getRequest(`/portal/orders/${orderNumber}${path}`, cookie), params: { orderNumber }, context: contextFor() };
}

describe("a receipt for every captured online payment", () => {
  it("is written once when the return page and then the webhook both confirm the payment, and once when they race", async () => {
    const first = await orderAtStripe();
    stripe.completeSession(first.sessionId, { paid: true, method: "mobilepay" });
    await returnPageConfirms(first.orderNumber);
    await webhookConfirms(first.sessionId, "mobilepay");
    await returnPageConfirms(first.orderNumber);
    const [receipt, ...more] = await receiptsOf(first.orderId);
    expect(more).toHaveLength(0);
    expect(receipt).toMatchObject({ payment_id: first.paymentId, method: "mobilepay", total_price_cents: 8000, net_amount_cents: 6375, vat_amount_cents: 1625, vat_rate_bp: 2550 });

    const second = await orderAtStripe();
    stripe.completeSession(second.sessionId, { paid: true, method: "card" });
    await Promise.all([returnPageConfirms(second.orderNumber), webhookConfirms(second.sessionId), webhookConfirms(second.sessionId)]);
    const receipts = await receiptsOf(second.orderId);
    expect(receipts).toHaveLength(1);
    // Numbered in their own series, one after the other: a repeated confirmation drew no number.
    expect(receipts[0].receipt_number).toBe(receipt.receipt_number + 1);
  });

  it("has no receipt while the payment is not captured", async () => {
    const order = await orderAtStripe();
    expect(await receiptsOf(order.orderId)).toHaveLength(0);
    const page = await answerOf(() => orderLoader(portalArgs("", order.orderNumber, ownerCookie)));
    expect(page.data.order.receiptHref).toBeNull();
    expect((await answerOf(() => receiptLoader(portalArgs("/kuitti", order.orderNumber, ownerCookie)))).status).toBe(404);
  });

  it("says in its PDF who sold what, when and how it was paid, the VAT breakdown and the work share for the household deduction", async () => {
    setTestClock(new Date("2027-03-14T10:30:00Z"));
    const order = await orderAtStripe();
    // The return page asks Stripe, which tells the method (the webhook's event does not).
    stripe.completeSession(order.sessionId, { paid: true, method: "card" });
    await returnPageConfirms(order.orderNumber);
    const [receipt] = await receiptsOf(order.orderId);
    const rendered = await renderReceiptPdf(db, { orderId: order.orderId }, { compress: false });
    expect(rendered?.receiptNumber).toBe(receipt.receipt_number);
    const text = pdfTextContent(rendered!.pdf);
    const company = await getCompanyInfo(db);

    expect(text).toContain("KUITTI");
    expect(text).toContain(company.name);
    expect(text).toContain(`Y-tunnus ${company.businessId}`);
    expect(text).toContain("Kuitin numero");
    expect(text).toContain(String(receipt.receipt_number));
    expect(text).toContain("Maksupäivä");
    expect(text).toContain(formatDate("2027-03-14"));
    expect(text).toContain("Maksutapa");
    expect(text).toContain("Kortti");
    expect(text).toContain(order.orderNumber);
    expect(text).toContain("Kerttu Kuitinen");
    expect(text).toContain("Asiointiapu");
    expect(text).toContain("2 h");
    // 80,00 € with VAT 25,5 %: 63,75 € + 16,25 €.
    expect(text).toContain("Veron peruste (alv 0 %)");
    expect(text).toContain(formatEuros(6375));
    expect(text).toContain("Arvonlisävero 25,5 %");
    expect(text).toContain(formatEuros(1625));
    expect(text).toContain("Maksettu yhteensä");
    expect(text).toContain(formatEuros(8000));
    expect(text).toContain(`Kotitalousvähennykseen oikeuttava työn osuus: ${formatEuros(8000)} (sis. alv 25,5 %)`);
    expect(text).not.toContain("Eräpäivä");
  });

  it("shows a discount's line and keeps the receipt as it was after a refund", async () => {
    const order = await orderAtStripe({ discount: { code: "KUITTI10", amountCents: 800 } });
    stripe.completeSession(order.sessionId, { paid: true, method: "klarna" });
    await returnPageConfirms(order.orderNumber);
    expect(await refundPayment(db, order.paymentId)).toBe("refunded");

    const [receipt] = await receiptsOf(order.orderId);
    expect(receipt).toMatchObject({ original_price_cents: 8000, discount_cents: 800, total_price_cents: 7200 });
    const text = pdfTextContent((await renderReceiptPdf(db, { receiptNumber: receipt.receipt_number }, { compress: false }))!.pdf);
    expect(text).toContain("Alennus (koodi KUITTI10)");
    expect(text).toContain("Klarna");
    expect(text).toContain(formatEuros(7200));
    expect(text).toContain(`Kotitalousvähennykseen oikeuttava työn osuus: ${formatEuros(7200)}`);

    // The order page shows the refund as before, and the receipt beside it.
    const page = await answerOf(() => orderLoader(portalArgs("", order.orderNumber, ownerCookie)));
    expect(page.data.order.receiptHref).toBe(`/portal/orders/${order.orderNumber}/kuitti`);
    expect(page.data.order.paymentState).toMatch(/palautettu/i);
    expect((await answerOf(() => receiptLoader(portalArgs("/kuitti", order.orderNumber, ownerCookie)))).status).toBe(200);
  });

  it("is attached to the payment confirmation e-mail, drawn by the delivery job", async () => {
    const order = await orderAtStripe();
    await webhookConfirms(order.sessionId);
    const [receipt] = await receiptsOf(order.orderId);
    const [email, ...others] = await emailsWithSubject(owner.email, `Varausvahvistus ${order.orderNumber}`);
    expect(others).toHaveLength(0);
    expect(pdfAttachment(email.attachments, "kuitti-")).toEqual({
      filename: `kuitti-${receipt.receipt_number}.pdf`,
      contentType: "application/pdf",
      content: "",
      deferred: { kind: "receipt_pdf", receiptNumber: receipt.receipt_number },
    });
    expect(email.text).toContain(`Kuitti ${receipt.receipt_number} on tämän viestin liitteenä (PDF).`);
    const pdf = await deliveredPdf(email.id, "kuitti-");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfTextContent(pdf);
    expect(text).toContain(String(receipt.receipt_number));
    // Stripe's event does not name the method: the receipt says what is known.
    expect(text).toContain("Verkkomaksu");
  });

  it("is downloaded from the portal by the order's customer only; another customer gets 404 and a visitor signs in", async () => {
    const order = await orderAtStripe();
    await webhookConfirms(order.sessionId);
    const [receipt] = await receiptsOf(order.orderId);

    const page = await answerOf(() => orderLoader(portalArgs("", order.orderNumber, ownerCookie)));
    expect(page.data.order).toMatchObject({ receiptHref: `/portal/orders/${order.orderNumber}/kuitti`, creditNoteHref: null });

    const mine = await answerOf(() => receiptLoader(portalArgs("/kuitti", order.orderNumber, ownerCookie)));
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("application/pdf");
    expect(mine.headers.get("Content-Disposition")).toBe(`attachment; filename="kuitti-${receipt.receipt_number}.pdf"`);
    expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await mine.response!.arrayBuffer()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    expect((await answerOf(() => receiptLoader(portalArgs("/kuitti", order.orderNumber, strangerCookie)))).status).toBe(404);
    const anonymous = await answerOf(() => receiptLoader(portalArgs("/kuitti", order.orderNumber)));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(`/auth?redirectTo=${encodeURIComponent(`/portal/orders/${order.orderNumber}/kuitti`)}`);
  });
});

describe("the credit note in the customer's hands", () => {
  it("is attached to the cancellation e-mail and downloaded from the portal by the order's customer only", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", email: owner.email, startsAt: farSlot() });
    const invoice = await createInvoiceForOrder(db, order.orderId);
    const outcome = await cancelOrder(db, { actor: { id: owner.id }, customerProfileId: owner.id }, order.orderId, new Date("2027-01-01T00:00:00Z"));
    if (!outcome.ok || !outcome.creditNote) throw new Error("expected a credit note");
    const { creditNoteNumber } = outcome.creditNote;

    const [email] = (await emailsWithSubject(owner.email, order.orderNumber)).filter((e) => pdfAttachment(e.attachments, "hyvityslasku-"));
    expect(pdfAttachment(email.attachments, "hyvityslasku-")).toEqual({
      filename: `hyvityslasku-${creditNoteNumber}.pdf`,
      contentType: "application/pdf",
      content: "",
      deferred: { kind: "credit_note_pdf", orderId: order.orderId },
    });
    expect(email.text).toContain(`Hyvityslasku ${creditNoteNumber} on tämän viestin liitteenä (PDF).`);
    const attached = pdfTextContent(await deliveredPdf(email.id, "hyvityslasku-"));
    expect(attached).toContain("HYVITYSLASKU");
    expect(attached).toContain(String(invoice.invoiceNumber));

    const page = await answerOf(() => orderLoader(portalArgs("", order.orderNumber, ownerCookie)));
    expect(page.data.order).toMatchObject({ creditNoteHref: `/portal/orders/${order.orderNumber}/hyvityslasku`, creditNoteNumber, receiptHref: null });
    const mine = await answerOf(() => creditNoteLoader(portalArgs("/hyvityslasku", order.orderNumber, ownerCookie)));
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Disposition")).toBe(`attachment; filename="hyvityslasku-${creditNoteNumber}.pdf"`);
    expect(pdfTextContent(Buffer.from(await mine.response!.arrayBuffer()))).toContain(String(creditNoteNumber));
    expect((await answerOf(() => creditNoteLoader(portalArgs("/hyvityslasku", order.orderNumber, strangerCookie)))).status).toBe(404);
    expect((await answerOf(() => creditNoteLoader(portalArgs("/hyvityslasku", order.orderNumber)))).status).toBe(302);
  });

  it("is 404 for an order that has none, and the cancellation e-mail of an online order carries no credit note", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", email: owner.email, startsAt: farSlot() });
    await createInvoiceForOrder(db, order.orderId);
    expect((await answerOf(() => creditNoteLoader(portalArgs("/hyvityslasku", order.orderNumber, ownerCookie)))).status).toBe(404);

    const online = await orderAtStripe();
    await webhookConfirms(online.sessionId);
    await cancelOrder(db, { actor: { id: owner.id }, customerProfileId: owner.id }, online.orderId, new Date("2027-01-01T00:00:00Z"));
    const emails = await emailsWithSubject(owner.email, online.orderNumber);
    expect(emails.length).toBeGreaterThanOrEqual(2);
    expect(emails.some((e) => pdfAttachment(e.attachments, "hyvityslasku-"))).toBe(false);
    // The refund leaves the receipt where it was.
    expect((await paymentRow(online.paymentId)).status).toBe("refunded");
    expect(await receiptsOf(online.orderId)).toHaveLength(1);
  });
});
