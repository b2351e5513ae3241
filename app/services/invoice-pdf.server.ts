// pdfkit is loaded when the first PDF is drawn, not with the server: most processes never draw one.
import { formatIban } from "../domain/business-identifiers";
import { formatDate, formatEuros } from "../domain/format";
import type { InvoiceAmounts } from "../domain/invoice";
import { formatReferenceNumber } from "../domain/reference-number";
import { invoicePdfTexts as t } from "../messages/invoice-pdfs";
import {
  BOLD,
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
  MONO,
  MUTED,
  startPdf,
  WIDTH,
  type PdfPage,
} from "./pdf-layout.server";

// Draws the invoice PDF ('LASKU') with pdfkit: a Finnish VAT invoice with everything the Tax
// Administration lists (date, unique number, seller's Y-tunnus, both parties, what was done and
// when, unit price without VAT, discount, tax base, VAT rate and amount), the household-deduction
// work share on its own line, and the bank transfer details with the virtual barcode.
//
// Fonts: pdfkit's built-in Helvetica and Courier need no font files and use WinAnsiEncoding,
// which covers Finnish and Swedish (ä ö å, š ž) and the € sign. Text outside it (a name in
// another script) is reduced to its base letters by `pdfText`, never printed as wrong glyphs.

export interface InvoicePdfData {
  invoiceNumber: number;
  referenceNumber: string;
  issueDate: string;
  dueDate: string;
  orderNumber: string;
  seller: {
    name: string;
    businessId: string;
    address: string;
    postalCode: string;
    city: string;
    iban: string;
    bic: string;
    email: string;
    phone: string;
  };
  buyer: { name: string; addressLines: string[]; email: string };
  /** Who received the service, when it was booked for someone else (DESIGN.md decision 14). */
  recipient: { name: string; phone: string | null; addressLines: string[] } | null;
  service: {
    name: string;
    /** 'lauantai 21.11.2026 klo 14.00–16.00' */
    when: string;
    /** Where the work was done. */
    place: string;
    /** 'Kaveri: Aino Virtanen' or the any-helper text. */
    caregiver: string;
  };
  discountLabel: string | null;
  vatRateBp: number;
  amounts: InvoiceAmounts;
  /** The 54-digit version 4 virtual barcode. */
  virtualBarcode: string;
}

export async function drawInvoicePdf(data: InvoicePdfData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const page = await startPdf({
    title: t.title(data.invoiceNumber),
    author: data.seller.name,
    subject: t.subject(data.service.name, data.orderNumber),
    compress: options.compress,
  });

  // ---------------------------------------------------------------- seller, title and invoice facts
  let leftY = drawSellerAndName(page, data.seller, t.heading, { size: 24 });
  const rightY = drawFacts(page, invoiceFacts(data, [t.orderNumber, data.orderNumber]));

  // ---------------------------------------------------------------- buyer and recipient (left)
  leftY = drawParty(page, Math.max(leftY + 24, 130), t.buyer, data.buyer.name, [...data.buyer.addressLines, data.buyer.email]);
  if (data.recipient) {
    const lines = [...data.recipient.addressLines, ...(data.recipient.phone ? [t.phone(data.recipient.phone)] : [])];
    leftY = drawParty(page, leftY + 12, t.recipient, data.recipient.name, lines);
  }

  // ---------------------------------------------------------------- service lines, totals, work share
  const linesBottom = drawServiceLines(page, Math.max(leftY, rightY) + 28, {
    name: data.service.name,
    details: [t.when(data.service.when), t.place(data.service.place), data.service.caregiver],
    discountLabel: data.discountLabel,
    vatRateBp: data.vatRateBp,
    amounts: data.amounts,
  });
  const totalsBottom = drawTotals(page, linesBottom, data.amounts, data.vatRateBp, t.total);
  const y = drawWorkShare(page, totalsBottom, data.amounts, data.vatRateBp, t.workShareNote);

  // ---------------------------------------------------------------- payment details
  drawPaymentBox(page, y, {
    seller: data.seller,
    referenceNumber: data.referenceNumber,
    dueDate: data.dueDate,
    totalCents: data.amounts.totalCents,
    virtualBarcode: data.virtualBarcode,
  });

  // ---------------------------------------------------------------- footer
  drawSellerFooter(page, data.seller);

  return page.finish();
}

/** The invoice's facts in the right column, with what it is for (the order, or the month) before the late interest. */
export function invoiceFacts(
  data: { invoiceNumber: number; issueDate: string; dueDate: string; referenceNumber: string },
  subject: [label: string, value: string],
): Array<[string, string]> {
  return [
    [t.invoiceNumber, String(data.invoiceNumber)],
    [t.issueDate, formatDate(data.issueDate)],
    [t.dueDate, formatDate(data.dueDate)],
    [t.paymentTermLabel, t.paymentTerm],
    [t.referenceNumber, formatReferenceNumber(data.referenceNumber)],
    subject,
    [t.lateInterestLabel, t.lateInterest],
  ];
}

/**
 * The bank transfer box (IBAN, BIC, payee, reference, due date, euros and the virtual barcode)
 * at least 24 pt below `y`, low on the page, or on a new page when it would not fit.
 */
export function drawPaymentBox(
  page: PdfPage,
  y: number,
  data: { seller: InvoicePdfData["seller"]; referenceNumber: string; dueDate: string; totalCents: number; virtualBarcode: string },
): void {
  const { doc, text } = page;
  const boxHeight = 150;
  let boxTop = Math.max(y + 24, 560);
  if (boxTop + boxHeight > 760) {
    doc.addPage();
    boxTop = 50;
  }
  doc.rect(LEFT, boxTop, WIDTH, boxHeight).lineWidth(1).strokeColor(INK).stroke();
  doc.font(BOLD).fontSize(11).fillColor(INK);
  text(t.paymentDetails, LEFT + 12, boxTop + 10, { width: WIDTH - 24 });
  const payment: Array<[string, string]> = [
    [t.iban, formatIban(data.seller.iban)],
    [t.bic, data.seller.bic],
    [t.payee, data.seller.name],
    [t.referenceNumber, formatReferenceNumber(data.referenceNumber)],
    [t.dueDate, formatDate(data.dueDate)],
    [t.euros, formatEuros(data.totalCents)],
  ];
  payment.forEach(([label, value], index) => {
    const column = index % 2;
    const row = Math.floor(index / 2);
    const x = LEFT + 12 + column * (WIDTH / 2);
    const rowY = boxTop + 32 + row * 26;
    doc.font(FONT).fontSize(8).fillColor(MUTED);
    text(label, x, rowY, { width: WIDTH / 2 - 24 });
    doc.font(BOLD).fontSize(10).fillColor(INK);
    text(value, x, rowY + 10, { width: WIDTH / 2 - 24 });
  });
  doc.font(FONT).fontSize(8).fillColor(MUTED);
  text(t.virtualBarcode, LEFT + 12, boxTop + 112, { width: WIDTH - 24 });
  doc.font(MONO).fontSize(10).fillColor(INK);
  text(data.virtualBarcode, LEFT + 12, boxTop + 123, { width: WIDTH - 24, lineBreak: false });
}
