// pdfkit is loaded when the first PDF is drawn, as for the invoice (app/services/invoice-pdf.server.ts).
import { formatDate, formatEuros } from "../domain/format";
import type { InvoiceAmounts } from "../domain/invoice";
import { receiptPdfTexts as t } from "../messages/invoice-pdfs";
import {
  drawFacts,
  drawParty,
  drawSellerAndName,
  drawSellerFooter,
  drawServiceLines,
  drawTotals,
  drawWorkShare,
  FONT,
  INK,
  LEFT,
  startPdf,
  WIDTH,
} from "./pdf-layout.server";

// Draws the receipt PDF ('KUITTI') of a captured online payment (issue 28 item 5): the seller
// with its Y-tunnus, the receipt's own number, the payment's date and method, what was paid for
// with the VAT breakdown, and the household deduction's work share, which is why a family that
// paid by card needs it. The same service line, totals and work share as the invoice.

export interface ReceiptPdfData {
  receiptNumber: number;
  /** Helsinki date of the payment, '2026-11-21'. */
  paymentDate: string;
  method: "card" | "mobilepay" | "klarna" | null;
  orderNumber: string;
  seller: { name: string; businessId: string; address: string; postalCode: string; city: string; email: string; phone: string };
  buyer: { name: string; addressLines: string[]; email: string };
  /** The service's name and its detail lines (when, where, who). */
  service: { name: string; details: string[] };
  discountLabel: string | null;
  vatRateBp: number;
  amounts: InvoiceAmounts;
}

export async function drawReceiptPdf(data: ReceiptPdfData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const page = await startPdf({
    title: t.title(data.receiptNumber),
    author: data.seller.name,
    subject: t.subject(data.service.name, data.orderNumber),
    compress: options.compress,
  });
  const method = (data.method && t.methods[data.method]) || t.onlinePayment;

  const sellerBottom = drawSellerAndName(page, data.seller, t.heading, { size: 24 });
  const rightY = drawFacts(page, [
    [t.receiptNumber, String(data.receiptNumber)],
    [t.paymentDate, formatDate(data.paymentDate)],
    [t.paymentMethod, method],
    [t.orderNumber, data.orderNumber],
  ]);
  const leftY = drawParty(page, Math.max(sellerBottom + 24, 130), t.buyer, data.buyer.name, [...data.buyer.addressLines, data.buyer.email]);

  const linesBottom = drawServiceLines(page, Math.max(leftY, rightY) + 28, {
    name: data.service.name,
    details: data.service.details,
    discountLabel: data.discountLabel,
    vatRateBp: data.vatRateBp,
    amounts: data.amounts,
  });
  let y = drawTotals(page, linesBottom, data.amounts, data.vatRateBp, t.total);
  page.doc.font(FONT).fontSize(10).fillColor(INK);
  y = page.text(t.paid(formatDate(data.paymentDate), method, formatEuros(data.amounts.totalCents)), LEFT, y + 14, { width: WIDTH });
  drawWorkShare(page, y, data.amounts, data.vatRateBp, t.workShareNote);

  drawSellerFooter(page, data.seller);
  return page.finish();
}
