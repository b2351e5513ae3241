// pdfkit is loaded when the first PDF is drawn, as for the invoice (app/services/invoice-pdf.server.ts).
import { formatDate, formatEuros } from "../domain/format";
import { formatVatRate } from "../domain/invoice";
import { formatReferenceNumber } from "../domain/reference-number";
import { creditNotePdfTexts as t } from "../messages/invoice-pdfs";
import { BOLD, drawFacts, drawParty, drawSellerAndName, drawSellerFooter, drawTotalRows, FONT, INK, LEFT, MUTED, RIGHT, startPdf, WIDTH } from "./pdf-layout.server";

// Draws the credit note PDF ('HYVITYSLASKU') of a cancelled invoice order (issue 14): its own
// number from the credit note series, the invoice it credits (number, date, reference), both
// parties, what was credited with the tax base and VAT as negative amounts, and what is left to
// pay of the invoice (a late cancellation's fee) or that nothing is. A note of one visit's line of
// a series' monthly invoice (decision 0044) is the same document: the invoice is the monthly one,
// the VAT the line's, and what is left is of that line, since the invoice's other visits remain.

export interface CreditNotePdfData {
  creditNoteNumber: number;
  issueDate: string;
  invoice: { invoiceNumber: number; issueDate: string; referenceNumber: string; amountCents: number };
  orderNumber: string;
  seller: { name: string; businessId: string; address: string; postalCode: string; city: string; email: string; phone: string };
  buyer: { name: string; addressLines: string[]; email: string };
  service: { name: string; when: string };
  vatRateBp: number;
  creditedCents: number;
  /** The visit's line when the note credits a line of a monthly invoice, not a whole invoice. */
  monthlyLine?: { amountCents: number } | null;
}

/** The credited gross amount split into its tax base and VAT at the order's rate. */
export function creditSplit(grossCents: number, vatRateBp: number): { netCents: number; vatCents: number } {
  const netCents = Math.round((grossCents * 10_000) / (10_000 + vatRateBp));
  return { netCents, vatCents: grossCents - netCents };
}

export async function drawCreditNotePdf(data: CreditNotePdfData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const page = await startPdf({
    title: t.title(data.creditNoteNumber),
    author: data.seller.name,
    subject: t.subject(data.invoice.invoiceNumber, data.orderNumber),
    compress: options.compress,
  });
  const { doc, text } = page;
  const minus = (cents: number) => (cents === 0 ? formatEuros(0) : `-${formatEuros(cents)}`);

  const sellerBottom = drawSellerAndName(page, data.seller, t.heading, { size: 22, x: 300 });
  const facts: Array<[string, string]> = [
    [t.creditNoteNumber, String(data.creditNoteNumber)],
    [t.issueDate, formatDate(data.issueDate)],
    [t.invoiceNumber, String(data.invoice.invoiceNumber)],
    [t.invoiceDate, formatDate(data.invoice.issueDate)],
    [t.invoiceReference, formatReferenceNumber(data.invoice.referenceNumber)],
    [t.orderNumber, data.orderNumber],
  ];
  const rightY = drawFacts(page, facts, { labelX: 320, valueX: 440 });
  const buyerLines = [...data.buyer.addressLines, data.buyer.email];
  const leftY = drawParty(page, Math.max(sellerBottom + 24, 130), t.buyer, data.buyer.name, buyerLines);

  // The credited line.
  let y = Math.max(leftY, rightY) + 28;
  const vatText = formatVatRate(data.vatRateBp);
  const { netCents, vatCents } = creditSplit(data.creditedCents, data.vatRateBp);
  doc.font(BOLD).fontSize(9).fillColor(INK);
  text(t.description, LEFT, y, { width: 300 });
  text(t.vat, 360, y, { width: 60, align: "right" });
  y = text(t.lineTotal, 425, y, { width: RIGHT - 425, align: "right" }) + 4;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(1).strokeColor(INK).stroke();
  y += 6;
  doc.font(BOLD).fontSize(10);
  const rowTop = y;
  let rowBottom = text(t.line(data.service.name), LEFT, y, { width: 300 });
  doc.font(FONT).fontSize(9);
  rowBottom = text(t.cancelledVisit(data.service.when), LEFT, rowBottom + 1, { width: 300 });
  doc.font(FONT).fontSize(10);
  text(vatText, 360, rowTop, { width: 60, align: "right" });
  text(minus(netCents), 425, rowTop, { width: RIGHT - 425, align: "right" });
  y = rowBottom + 8;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(MUTED).stroke();
  y += 8;

  y = drawTotalRows(page, y, [
    [t.taxBase, minus(netCents), false],
    [t.vatAmount(vatText), minus(vatCents), false],
    [t.total, minus(data.creditedCents), true],
  ]);

  y += 18;
  doc.font(FONT).fontSize(10).fillColor(INK);
  text(closingText(data), LEFT, y, { width: WIDTH });

  drawSellerFooter(page, data.seller);

  return page.finish();
}

/** What is left to pay after the note: of the invoice, or of the visit's line of a monthly invoice. */
function closingText({ invoice, orderNumber, creditedCents, monthlyLine }: CreditNotePdfData): string {
  const leftToPay = (monthlyLine?.amountCents ?? invoice.amountCents) - creditedCents;
  const reference = formatReferenceNumber(invoice.referenceNumber);
  if (monthlyLine) {
    return leftToPay > 0
      ? t.lineLeftToPay(invoice.invoiceNumber, orderNumber, formatEuros(creditedCents), formatEuros(leftToPay), reference)
      : t.lineNothingToPay(invoice.invoiceNumber, orderNumber);
  }
  return leftToPay > 0 ? t.leftToPay(invoice.invoiceNumber, formatEuros(creditedCents), formatEuros(leftToPay), reference) : t.nothingToPay(invoice.invoiceNumber);
}
