import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { formatEuros } from "~/domain/format";
import { formatReferenceNumber } from "~/domain/reference-number";
import type { AuthUser } from "~/models/users.server";
import { loader as paymentTabLoader } from "~/routes/backoffice.orders.$orderNumber.maksu";
import { loader as creditNoteLoader } from "~/routes/hyvityslasku.$orderNumber";
import { creditSplit } from "~/services/credit-note-pdf.server";
import { createInvoiceForOrder, renderCreditNotePdf } from "~/services/invoices.server";
import { cancelOrder } from "~/services/order-cancellation.server";
import { answerOf, contextFor, createTestUser, getRequest, sessionCookieFor } from "./support/auth";
import { createTestOrder, pdfTextContent } from "./support/booking-fixtures";

// The credit note of a cancelled invoice order as a PDF of its own (issue 14): its number from
// the credit note series, the invoice it credits, the credited amount with its tax base and VAT,
// what is left to pay; downloadable on the invoice's terms and linked from the payment tab.

let db: DB;
let admin: AuthUser;

beforeAll(async () => {
  db = await getDb();
  admin = await createTestUser({ email: "admin-hyvitys@example.fi", role: "admin" });
});

let slot = 0;
const farSlot = () => new Date(Date.UTC(2027, 7, 1 + slot++, 9));

async function cancelledInvoiceOrder(options: { email?: string; late?: boolean } = {}) {
  const order = await createTestOrder({ paymentMethod: "invoice", startsAt: farSlot(), ...(options.email ? { email: options.email } : {}) });
  const invoice = await createInvoiceForOrder(db, order.orderId);
  const at = options.late ? new Date(order.startsAt.getTime() - 60 * 60 * 1000) : new Date("2027-01-01T00:00:00Z");
  const outcome = await cancelOrder(db, { actor: { id: admin.id } }, order.orderId, at);
  if (!outcome.ok || !outcome.creditNote) throw new Error("expected a credit note");
  return { order, invoice, creditNote: outcome.creditNote };
}

describe("the credit note PDF", () => {
  it("has its own number, references the invoice and credits the whole amount of a free cancellation", async () => {
    const { order, invoice, creditNote } = await cancelledInvoiceOrder();
    const rendered = await renderCreditNotePdf(db, order.orderId, { compress: false });
    expect(rendered?.creditNoteNumber).toBe(creditNote.creditNoteNumber);
    const text = pdfTextContent(rendered!.pdf);
    expect(text).toContain("HYVITYSLASKU");
    expect(text).toContain(String(creditNote.creditNoteNumber));
    expect(text).toContain("Hyvitettävä lasku");
    expect(text).toContain(String(invoice.invoiceNumber));
    expect(text).toContain(formatReferenceNumber(invoice.referenceNumber));
    expect(text).toContain(order.orderNumber);
    const { netCents, vatCents } = creditSplit(order.totalPriceCents, 2550);
    expect(netCents + vatCents).toBe(order.totalPriceCents);
    expect(text).toContain(`-${formatEuros(netCents)}`);
    expect(text).toContain(`-${formatEuros(vatCents)}`);
    expect(text).toContain(`Hyvitys yhteensä`);
    expect(text).toContain(`-${formatEuros(order.totalPriceCents)}`);
    expect(text).toContain(`Tämä hyvityslasku hyvittää laskun ${invoice.invoiceNumber} kokonaan. Laskua ei tarvitse maksaa.`);
  });

  it("says what is left to pay after a late cancellation", async () => {
    const { order, invoice } = await cancelledInvoiceOrder({ late: true });
    const text = pdfTextContent((await renderCreditNotePdf(db, order.orderId, { compress: false }))!.pdf);
    expect(text).toContain(`Maksettavaksi jää peruutusmaksu ${formatEuros(order.totalPriceCents / 2)}`);
    expect(text).toContain(formatReferenceNumber(invoice.referenceNumber));
  });

  it("is downloaded by the customer and order staff, linked from the payment tab; others get 404", async () => {
    const owner = await createTestUser({ email: "hyvityksen-omistaja@example.fi" });
    const { order, creditNote } = await cancelledInvoiceOrder({ email: owner.email });
    const args = (cookie?: string) => ({ request: getRequest(`/hyvityslasku/${order.orderNumber}`, cookie), params: { orderNumber: order.orderNumber }, context: contextFor() });

    const ownerCookie = await sessionCookieFor(owner);
    const mine = await answerOf(() => creditNoteLoader(args(ownerCookie)));
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("application/pdf");
    expect(mine.headers.get("Content-Disposition")).toContain(`hyvityslasku-${creditNote.creditNoteNumber}.pdf`);
    expect(Buffer.from(await mine.response!.arrayBuffer()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const support = await sessionCookieFor(await createTestUser({ email: "tuki-hyvitys@example.fi", role: "support" }));
    expect((await answerOf(() => creditNoteLoader(args(support)))).status).toBe(200);
    const stranger = await sessionCookieFor(await createTestUser({ email: "vieras-hyvitys@example.fi" }));
    expect((await answerOf(() => creditNoteLoader(args(stranger)))).status).toBe(404);
    const anonymous = await answerOf(() => creditNoteLoader(args()));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);

    const tab = await answerOf(() =>
      paymentTabLoader({ request: getRequest(`/backoffice/orders/${order.orderNumber}/maksu`, support), params: { orderNumber: order.orderNumber }, context: contextFor() }),
    );
    expect(tab.data.creditNote).toMatchObject({ number: creditNote.creditNoteNumber, pdfHref: `/hyvityslasku/${order.orderNumber}` });
  });

  it("is 404 for an invoice order that was not credited", async () => {
    const owner = await createTestUser({ email: "ei-hyvitysta@example.fi" });
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: farSlot(), email: owner.email });
    await createInvoiceForOrder(db, order.orderId);
    const ownerCookie = await sessionCookieFor(owner);
    expect((await answerOf(() => creditNoteLoader({ request: getRequest(`/hyvityslasku/${order.orderNumber}`, ownerCookie), params: { orderNumber: order.orderNumber }, context: contextFor() }))).status).toBe(404);
    const staff = await sessionCookieFor(await createTestUser({ email: "admin-ei-hyvitysta@example.fi", role: "admin" }));
    expect((await answerOf(() => creditNoteLoader({ request: getRequest(`/hyvityslasku/${order.orderNumber}`, staff), params: { orderNumber: order.orderNumber }, context: contextFor() }))).status).toBe(404);
  });
});
