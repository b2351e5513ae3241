import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { formatIban } from "~/domain/business-identifiers";
import { formatEuros } from "~/domain/format";
import { isValidReferenceNumber, formatReferenceNumber, referenceNumberFor } from "~/domain/reference-number";
import { virtualBarcode } from "~/domain/virtual-barcode";
import { getCompanyInfo } from "~/models/settings.server";
import { loader as invoiceDownloadLoader } from "~/routes/lasku.$orderNumber";
import { rememberOrder } from "~/booking/owned-orders.server";
import { createInvoiceForOrder, renderInvoicePdf } from "~/services/invoices.server";
import { answerOf, contextFor, createTestUser, getRequest, sessionCookieFor } from "./support/auth";
import { createTestCaregiver, createTestOrder, pdfTextContent, type TestOrder } from "./support/booking-fixtures";

let db: DB;

beforeAll(async () => {
  db = await getDb();
});

async function invoicedOrder(options: Partial<Parameters<typeof createTestOrder>[0]> = {}, now?: Date) {
  const order = await createTestOrder({ paymentMethod: "invoice", ...options });
  const invoice = await db.transaction().execute((trx) => createInvoiceForOrder(trx, order.orderId, now));
  return { order, invoice };
}

describe("creating an invoice in the order transaction", () => {
  it("numbers invoices from the sequence and derives a valid reference number", async () => {
    const first = await invoicedOrder();
    const second = await invoicedOrder();
    expect(first.invoice.invoiceNumber).toBeGreaterThanOrEqual(1001);
    expect(second.invoice.invoiceNumber).toBe(first.invoice.invoiceNumber + 1);
    for (const { invoice } of [first, second]) {
      expect(invoice.referenceNumber).toBe(referenceNumberFor(invoice.invoiceNumber));
      expect(isValidReferenceNumber(invoice.referenceNumber)).toBe(true);
    }
    const row = await db.selectFrom("invoices").selectAll().where("id", "=", first.invoice.invoiceId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      order_id: first.order.orderId,
      amount_cents: first.order.totalPriceCents,
      status: "open",
      reference_number: first.invoice.referenceNumber,
    });
  });

  it("dates the invoice today in Helsinki and makes it due 14 days later", async () => {
    // 22.30 UTC on 28 March 2026 is already 29 March in Helsinki (and the clocks go forward that night).
    const { invoice } = await invoicedOrder({}, new Date("2026-03-28T22:30:00Z"));
    const row = await db.selectFrom("invoices").select(["issue_date", "due_date"]).where("id", "=", invoice.invoiceId).executeTakeFirstOrThrow();
    expect(row).toEqual({ issue_date: "2026-03-29", due_date: "2026-04-12" });
    expect(invoice.dueDate).toBe("2026-04-12");
  });

  it("returns the existing invoice when asked twice for one order", async () => {
    const { order, invoice } = await invoicedOrder();
    const again = await db.transaction().execute((trx) => createInvoiceForOrder(trx, order.orderId));
    expect(again).toEqual(invoice);
  });

  it("disappears with the order transaction when that rolls back", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice" });
    await expect(
      db.transaction().execute(async (trx) => {
        await createInvoiceForOrder(trx, order.orderId);
        throw new Error("booking failed later");
      }),
    ).rejects.toThrow("booking failed later");
    expect(await db.selectFrom("invoices").select("id").where("order_id", "=", order.orderId).execute()).toHaveLength(0);
  });
});

describe("the invoice PDF", () => {
  let order: TestOrder;
  let invoice: Awaited<ReturnType<typeof createInvoiceForOrder>>;
  let pdf: Buffer;
  let text: string;

  beforeAll(async () => {
    const caregiverId = await createTestCaregiver(db, "Aino Äijälä");
    ({ order, invoice } = await invoicedOrder(
      { caregiverId, fullName: "Sirkka Mäkelä", durationHours: 3, discount: { code: "KEVAT10", amountCents: 1000 } },
      new Date("2026-11-20T10:00:00Z"),
    ));
    pdf = await renderInvoicePdf(db, order.orderId);
    text = pdfTextContent(pdf);
  });

  it("is a PDF", () => {
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toMatch(/%%EOF/);
  });

  it("is titled LASKU and names both parties with the seller's business ID", async () => {
    const company = await getCompanyInfo(db);
    expect(text).toContain("LASKU");
    expect(text).toContain(company.name);
    expect(text).toContain(`Y-tunnus ${company.businessId}`);
    expect(text).toContain("Sirkka Mäkelä");
    expect(text).toContain("Kotikatu 3 B 7");
    expect(text).toContain("00500 Helsinki");
  });

  it("carries the invoice number, dates and the reference number in groups of five", () => {
    expect(text).toContain(String(invoice.invoiceNumber));
    expect(text).toContain("20.11.2026");
    expect(text).toContain("4.12.2026");
    expect(text).toContain(formatReferenceNumber(invoice.referenceNumber));
    expect(formatReferenceNumber(invoice.referenceNumber)).toMatch(/^\d{1,5}( \d{5})*$/);
    expect(text).toContain(order.orderNumber);
  });

  it("describes the service: what, when, how long, and the helper", () => {
    expect(text).toContain("Asiointiapu");
    expect(text).toContain("lauantai 5.12.2026 klo 14.00–17.00");
    expect(text).toContain("3 h");
    expect(text).toContain("Kaveri: Aino Äijälä");
  });

  it("shows the unit price without VAT, the discount, tax base, VAT 25,5 % and the total", () => {
    // 3 h × 40,00 € = 120,00 €, less 10,00 € = 110,00 €; net 87,65 €, VAT 22,35 €.
    expect(text).toContain(formatEuros(3187)); // 40,00 € without VAT
    expect(text).toContain(formatEuros(9562)); // 120,00 € without VAT
    expect(text).toContain(`-${formatEuros(797)}`); // the discount without VAT: 95,62 − 87,65
    expect(text).toContain("Veron peruste (alv 0 %)");
    expect(text).toContain(formatEuros(8765));
    expect(text).toContain("Arvonlisävero 25,5 %");
    expect(text).toContain(formatEuros(2235));
    expect(text).toContain("Maksettava yhteensä");
    expect(text).toContain(formatEuros(11000));
    expect(text).toContain("KEVAT10");
  });

  it("puts the household-deduction work share on its own line", () => {
    expect(text).toContain(`Kotitalousvähennykseen oikeuttava työn osuus: ${formatEuros(11000)}`);
  });

  it("gives the bank details and prints the virtual barcode as digits", async () => {
    const company = await getCompanyInfo(db);
    expect(text).toContain(formatIban(company.iban));
    expect(text).toContain(company.bic);
    expect(text).toContain("Virtuaaliviivakoodi");
    const barcode = virtualBarcode({
      iban: company.iban,
      amountCents: 11000,
      referenceNumber: invoice.referenceNumber,
      dueDate: "2026-12-04",
    });
    expect(barcode).toHaveLength(54);
    expect(text).toContain(barcode);
  });

  it("names the recipient when the service was booked for someone else", async () => {
    const other = await invoicedOrder({ bookingFor: "other" });
    const otherText = pdfTextContent(await renderInvoicePdf(db, other.order.orderId));
    expect(otherText).toContain("PALVELUN SAAJA");
    expect(otherText).toContain("Väinö Öhman");
    expect(otherText).toContain("Vanhustentie 9");
    expect(otherText).toContain("Kaveri: Arkikaverin valitsema");
  });
});

describe("downloading the invoice (/lasku/:orderNumber)", () => {
  const args = (orderNumber: string, cookie?: string) => ({
    request: getRequest(`/lasku/${orderNumber}`, cookie),
    params: { orderNumber },
    context: contextFor(),
  });

  it("gives the PDF to the customer who booked it and to order staff only", async () => {
    const owner = await createTestUser({ email: "laskun-omistaja@example.fi" });
    const { order, invoice } = await invoicedOrder({ email: owner.email });

    const ownerCookie = await sessionCookieFor(owner);
    const mine = await answerOf(() => invoiceDownloadLoader(args(order.orderNumber, ownerCookie)));
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("application/pdf");
    expect(mine.headers.get("Content-Disposition")).toContain(`lasku-${invoice.invoiceNumber}.pdf`);
    const body = Buffer.from(await mine.response!.arrayBuffer());
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const stranger = await createTestUser({ email: "vieras-asiakas@example.fi" });
    const strangerCookie = await sessionCookieFor(stranger);
    const theirs = await answerOf(() => invoiceDownloadLoader(args(order.orderNumber, strangerCookie)));
    expect(theirs.status).toBe(404);

    const support = await createTestUser({ email: "laskutuki@example.fi", role: "support" });
    const supportCookie = await sessionCookieFor(support);
    const staff = await answerOf(() => invoiceDownloadLoader(args(order.orderNumber, supportCookie)));
    expect(staff.status).toBe(200);

    const anonymous = await answerOf(() => invoiceDownloadLoader(args(order.orderNumber)));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);
  });

  it("gives the PDF to the guest browser that made the booking", async () => {
    const { order } = await invoicedOrder({ hasPassword: false });
    const setCookie = await rememberOrder(getRequest("/"), order.orderNumber);
    const cookie = setCookie.split(";")[0];
    const answer = await answerOf(() => invoiceDownloadLoader(args(order.orderNumber, cookie)));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");

    const otherBrowser = await rememberOrder(getRequest("/"), "ORD-999999");
    const denied = await answerOf(() => invoiceDownloadLoader(args(order.orderNumber, otherBrowser.split(";")[0])));
    expect(denied.status).toBe(302);
  });

  it("answers 404 for an order without an invoice", async () => {
    const owner = await createTestUser({ email: "verkkomaksaja@example.fi" });
    const order = await createTestOrder({ paymentMethod: "online", email: owner.email });
    const cookie = await sessionCookieFor(owner);
    const answer = await answerOf(() => invoiceDownloadLoader(args(order.orderNumber, cookie)));
    expect(answer.status).toBe(404);
  });
});
