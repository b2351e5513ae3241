// pdfkit is loaded when the first PDF is drawn, as for the invoice (app/services/invoice-pdf.server.ts).
import { formatDate, formatEuros } from "../domain/format";
import type { StatementEntry, StatementTotals, UnpaidInvoice } from "../domain/household-deduction";
import { householdStatementTexts } from "../messages/household-statement";
import { BOLD, drawFacts, drawParty, drawSellerAndName, drawSellerFooter, FONT, INK, LEFT, MUTED, RIGHT, startPdf, WIDTH, type PdfPage } from "./pdf-layout.server";

// Draws the household-deduction statement (issue 29 item 1; docs/decisions/0028): the seller with
// its Y-tunnus and prepayment register entry, the payer (name and address, never a personal
// identity code), where and for whom the work was done, one row per payment of the year with the
// work share and VAT, the totals, the estimate clearly called one, the invoices still unpaid, and
// how to enter it in OmaVero.

const t = householdStatementTexts.pdf;

export interface StatementPdfData {
  year: number;
  version: number;
  createdOn: string;
  final: boolean;
  seller: { name: string; businessId: string; address: string; postalCode: string; city: string; email: string; phone: string; prepaymentRegisterCheckedOn: string };
  payer: { name: string; addressLines: string[] };
  places: Array<{ address: string; recipientName: string | null }>;
  rows: StatementEntry[];
  totals: StatementTotals;
  unpaid: UnpaidInvoice[];
}

const COLUMNS = {
  document: { x: LEFT, width: 108 },
  workDate: { x: 160, width: 52 },
  paidOn: { x: 214, width: 52 },
  total: { x: 268, width: 70 },
  work: { x: 340, width: 70 },
  nonDeductible: { x: 412, width: 66 },
  vat: { x: 480, width: RIGHT - 480 },
} as const;

const PAGE_BOTTOM = 750;

function documentName(row: StatementEntry): string {
  if (row.documentKind === "invoice") return t.invoice(row.documentNumber);
  if (row.documentKind === "credit_note") return t.creditNote(row.documentNumber, row.creditedInvoiceNumber);
  return t.order(row.documentNumber);
}

function money(cents: number): string {
  return cents < 0 ? `-${formatEuros(-cents)}` : formatEuros(cents);
}

/** Starts a new page when `needed` points do not fit below `y`; returns where to go on. */
function room(page: PdfPage, y: number, needed: number): number {
  if (y + needed <= PAGE_BOTTOM) return y;
  page.doc.addPage();
  return 50;
}

function drawTableHead({ doc, text }: PdfPage, y: number): number {
  doc.font(BOLD).fontSize(8).fillColor(INK);
  const c = t.columns;
  let bottom = y;
  for (const [key, label] of [
    ["document", c.document],
    ["workDate", c.workDate],
    ["paidOn", c.paidOn],
    ["total", c.total],
    ["work", c.work],
    ["nonDeductible", c.nonDeductible],
    ["vat", c.vat],
  ] as const) {
    const column = COLUMNS[key];
    const align = key === "document" ? "left" : "right";
    bottom = Math.max(bottom, text(label, column.x, y, { width: column.width, align }));
  }
  bottom += 3;
  doc.moveTo(LEFT, bottom).lineTo(RIGHT, bottom).lineWidth(1).strokeColor(INK).stroke();
  return bottom + 5;
}

function drawRow({ doc, text }: PdfPage, y: number, cells: Record<keyof typeof COLUMNS, string>, strong = false): number {
  doc.font(strong ? BOLD : FONT).fontSize(9).fillColor(INK);
  let bottom = y;
  for (const key of Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>) {
    const column = COLUMNS[key];
    bottom = Math.max(bottom, text(cells[key], column.x, y, { width: column.width, align: key === "document" ? "left" : "right" }));
  }
  return bottom + 4;
}

export async function drawStatementPdf(data: StatementPdfData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const page = await startPdf({
    title: t.title(data.year),
    author: data.seller.name,
    subject: t.subject(data.year, data.payer.name),
    compress: options.compress,
  });
  const { doc, text } = page;

  // ---------------------------------------------------------------- seller, name and facts
  let leftY = drawSellerAndName(page, data.seller, t.heading, { size: 13 });
  doc.font(BOLD).fontSize(10).fillColor(INK);
  leftY = text(t.prepaymentRegister(formatDate(data.seller.prepaymentRegisterCheckedOn)), LEFT, leftY + 2, { width: 270 });
  const rightY = drawFacts(page, [
    [t.year, String(data.year)],
    [t.version, String(data.version)],
    [t.created, formatDate(data.createdOn)],
    [t.state, data.final ? t.stateFinal : t.stateSoFar],
  ], { labelX: 330, valueX: 400 });

  // ---------------------------------------------------------------- payer and places
  leftY = drawParty(page, Math.max(leftY + 18, 150), t.payer, data.payer.name, data.payer.addressLines);
  if (data.places.length > 0) {
    doc.font(BOLD).fontSize(9).fillColor(MUTED);
    leftY = text(t.placesHeading, LEFT, leftY + 12, { width: WIDTH }) + 2;
    doc.font(FONT).fontSize(10).fillColor(INK);
    for (const place of data.places) {
      leftY = text(`${place.address}: ${place.recipientName ? t.forRecipient(place.recipientName) : t.ownHome}`, LEFT, leftY, { width: WIDTH });
    }
    if (data.places.some((place) => place.recipientName)) {
      doc.font(FONT).fontSize(8).fillColor(MUTED);
      leftY = text(t.relationNote, LEFT, leftY + 2, { width: WIDTH });
    }
  }

  // ---------------------------------------------------------------- the payments
  let y = Math.max(leftY, rightY) + 20;
  if (!data.final) {
    doc.font(BOLD).fontSize(11).fillColor(INK);
    y = text(t.soFarNote(data.year), LEFT, y, { width: WIDTH }) + 10;
  }
  if (data.rows.length === 0) {
    doc.font(BOLD).fontSize(11).fillColor(INK);
    y = text(t.noPayments(data.year), LEFT, y, { width: WIDTH }) + 8;
  } else {
    y = drawTableHead(page, y);
    for (const row of data.rows) {
      const next = room(page, y, 16);
      if (next !== y) y = drawTableHead(page, next);
      y = drawRow(page, y, {
        document: documentName(row),
        workDate: formatDate(row.workDate),
        paidOn: formatDate(row.paidOn),
        total: money(row.totalCents),
        work: money(row.workCents),
        nonDeductible: money(row.nonDeductibleCents),
        vat: money(row.vatCents),
      });
    }
    y = room(page, y, 24);
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(MUTED).stroke();
    y = drawRow(page, y + 4, {
      document: t.totals,
      workDate: "",
      paidOn: "",
      total: money(data.totals.totalCents),
      work: money(data.totals.workCents),
      nonDeductible: money(data.totals.nonDeductibleCents),
      vat: money(data.totals.vatCents),
    }, true);
    if (data.totals.nonDeductibleCents !== 0) {
      doc.font(FONT).fontSize(8).fillColor(MUTED);
      y = text(t.nonDeductibleNote, LEFT, y, { width: WIDTH });
    }
  }

  // ---------------------------------------------------------------- the estimate
  y = room(page, y + 14, 80);
  doc.rect(LEFT, y, WIDTH, 66).lineWidth(1.5).strokeColor(INK).stroke();
  doc.font(BOLD).fontSize(10).fillColor(INK);
  text(t.estimateHeading, LEFT + 10, y + 8, { width: WIDTH - 20 });
  doc.font(BOLD).fontSize(14);
  text(t.estimateLine(formatEuros(data.totals.estimateCents)), LEFT + 10, y + 22, { width: WIDTH - 20 });
  doc.font(FONT).fontSize(8).fillColor(MUTED);
  text(t.estimateNote, LEFT + 10, y + 41, { width: WIDTH - 20 });
  y += 78;

  // ---------------------------------------------------------------- unpaid invoices
  if (data.unpaid.length > 0) {
    y = room(page, y, 30 + data.unpaid.length * 12);
    doc.font(BOLD).fontSize(10).fillColor(INK);
    y = text(t.unpaidHeading, LEFT, y, { width: WIDTH }) + 2;
    doc.font(FONT).fontSize(9);
    for (const invoice of data.unpaid) {
      y = text(t.unpaidLine(invoice.invoiceNumber, formatDate(invoice.workDate), formatEuros(invoice.openCents)), LEFT, y, { width: WIDTH });
    }
    y += 10;
  }

  // ---------------------------------------------------------------- OmaVero
  y = room(page, y, 90);
  doc.font(BOLD).fontSize(10).fillColor(INK);
  y = text(t.omaVeroHeading, LEFT, y, { width: WIDTH }) + 2;
  doc.font(FONT).fontSize(9);
  y = text(t.omaVero.join("\n"), LEFT, y, { width: WIDTH });

  drawSellerFooter(page, data.seller);
  return page.finish();
}
