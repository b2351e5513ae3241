import { formatEuros } from "../domain/format";
import { formatVatRate } from "../domain/invoice";
import type { SeriesInvoiceTotals } from "../domain/series-invoice";
import { invoicePdfTexts as t, serviceLineTexts } from "../messages/invoice-pdfs";
import { seriesInvoicePdfTexts as st } from "../messages/series-invoices";
import { drawPaymentBox, invoiceFacts, type InvoicePdfData } from "./invoice-pdf.server";
import {
  BOLD,
  drawFacts,
  drawParty,
  drawSellerAndName,
  drawSellerFooter,
  drawServiceHead,
  drawServiceRow,
  drawTotalRows,
  FONT,
  INK,
  LEFT,
  MUTED,
  startPdf,
  WIDTH,
  type ServiceLine,
} from "./pdf-layout.server";

// The monthly invoice of a series ('LASKU', docs/decisions/0039): the single invoice's layout
// (app/services/invoice-pdf.server.ts and pdf-layout.server.ts) with one service row per visit,
// each with its own time, place, helper, hours, price and VAT as booked, then the VAT breakdown
// by rate, the household deduction's work share and the payment box with the virtual barcode.

export interface SeriesInvoicePdfData {
  invoiceNumber: number;
  referenceNumber: string;
  issueDate: string;
  dueDate: string;
  /** 'joulukuu 2026' */
  monthName: string;
  seller: InvoicePdfData["seller"];
  buyer: InvoicePdfData["buyer"];
  lines: ServiceLine[];
  totals: SeriesInvoiceTotals;
  virtualBarcode: string;
}

/** Below this the next visit's row starts a new page (rows are at most about 70 pt high). */
const LAST_ROW_TOP = 680;

export async function drawSeriesInvoicePdf(data: SeriesInvoicePdfData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const page = await startPdf({
    title: t.title(data.invoiceNumber),
    author: data.seller.name,
    subject: st.subject(data.monthName),
    compress: options.compress,
  });
  const { doc, text } = page;

  let leftY = drawSellerAndName(page, data.seller, t.heading, { size: 24 });
  const rightY = drawFacts(page, invoiceFacts(data, [st.periodLabel, data.monthName]));
  leftY = drawParty(page, Math.max(leftY + 24, 130), t.buyer, data.buyer.name, [...data.buyer.addressLines, data.buyer.email]);

  let y = drawServiceHead(page, Math.max(leftY, rightY) + 28);
  for (const line of data.lines) {
    if (y > LAST_ROW_TOP) {
      doc.addPage();
      y = drawServiceHead(page, 50);
    }
    y = drawServiceRow(page, y, line);
  }

  const rows: Array<[string, string, boolean]> = [];
  for (const rate of data.totals.byRate) {
    const suffix = data.totals.byRate.length > 1 ? ` (${formatVatRate(rate.vatRateBp)})` : "";
    rows.push([`${serviceLineTexts.taxBase}${suffix}`, formatEuros(rate.taxBaseCents), false]);
    rows.push([serviceLineTexts.vatAmount(formatVatRate(rate.vatRateBp)), formatEuros(rate.vatCents), false]);
  }
  rows.push([t.total, formatEuros(data.totals.totalCents), true]);
  y = drawTotalRows(page, y, rows);

  // All of it is work (no travel or materials), as on a single invoice.
  doc.font(BOLD).fontSize(10).fillColor(INK);
  const rates = data.totals.byRate.map((rate) => formatVatRate(rate.vatRateBp)).join(", ");
  y = text(serviceLineTexts.workShare(formatEuros(data.totals.totalCents), rates), LEFT, y + 18, { width: WIDTH });
  doc.font(FONT).fontSize(9).fillColor(MUTED);
  y = text(t.workShareNote, LEFT, y + 2, { width: WIDTH });

  drawPaymentBox(page, y, {
    seller: data.seller,
    referenceNumber: data.referenceNumber,
    dueDate: data.dueDate,
    totalCents: data.totals.totalCents,
    virtualBarcode: data.virtualBarcode,
  });
  drawSellerFooter(page, data.seller);
  return page.finish();
}

