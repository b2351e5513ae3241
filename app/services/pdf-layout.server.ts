// What the invoice, credit note and receipt PDFs share (app/services/invoice-pdf.server.ts,
// credit-note-pdf.server.ts, receipt-pdf.server.ts): an A4 page in Finnish collected into a buffer,
// text the standard fonts can print, and the blocks they draw alike (the seller and the document's
// name at the top, its facts on the right, a party such as the buyer on the left, the service line
// with its VAT breakdown and the household deduction's work share). pdfkit is loaded when the
// first PDF is drawn.

import { formatEuros } from "../domain/format";
import { formatVatRate, vatNumberOf, type InvoiceAmounts } from "../domain/invoice";
import { pdfLayoutTexts, serviceLineTexts as lines } from "../messages/invoice-pdfs";

export const FONT = "Helvetica";
export const BOLD = "Helvetica-Bold";
export const MONO = "Courier";
export const LEFT = 50;
export const RIGHT = 545;
export const WIDTH = RIGHT - LEFT;
export const INK = "#111827";
export const MUTED = "#4b5563";

// The characters WinAnsiEncoding has beyond Latin-1's printable range.
const WIN_ANSI_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const REPLACEMENTS: Record<string, string> = {
  "\u2212": "-", // minus sign (Intl's negative numbers)
  "\u202f": "\u00a0", // narrow no-break space
  "\u2009": " ",
  "\u2010": "-",
  "\u2011": "-",
  // Letters whose base letter Unicode decomposition does not reveal.
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
};

/** Text the standard PDF fonts can print: unknown letters lose their accents, the rest become '?'. */
export function pdfText(value: string): string {
  let result = "";
  for (const char of value.normalize("NFC")) {
    const replaced = REPLACEMENTS[char] ?? char;
    const code = replaced.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(replaced) || replaced === "\n") {
      result += replaced;
      continue;
    }
    const base = replaced.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    result += [...base].every((c) => (c.codePointAt(0) ?? 0) >= 0x20 && (c.codePointAt(0) ?? 0) <= 0x7e) && base ? base : "?";
  }
  return result;
}

export interface PdfPage {
  doc: PDFKit.PDFDocument;
  /** Draws `value` at (x, y) and returns the y below it. */
  text: (value: string, x: number, y: number, opts?: PDFKit.Mixins.TextOptions) => number;
  /** Ends the document and resolves to its bytes. */
  finish: () => Promise<Buffer>;
}

/** A new A4 document with its title, author and subject, compressed unless told otherwise. */
export async function startPdf(info: { title: string; author: string; subject: string; compress?: boolean }): Promise<PdfPage> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 50, bottom: 40, left: LEFT, right: 595 - RIGHT },
    compress: info.compress ?? true,
    lang: "fi-FI",
    displayTitle: true,
    info: { Title: pdfText(info.title), Author: pdfText(info.author), Subject: pdfText(info.subject), Creator: "Arkikaveri" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const text = (value: string, x: number, y: number, opts: PDFKit.Mixins.TextOptions = {}) => {
    doc.text(pdfText(value), x, y, { lineBreak: true, ...opts });
    return doc.y;
  };
  return {
    doc,
    text,
    finish: () => {
      doc.end();
      return done;
    },
  };
}

/** The seller's name and address top left and the document's name top right; returns the y below the address. */
export function drawSellerAndName(
  { doc, text }: PdfPage,
  seller: { name: string; address: string; postalCode: string; city: string; businessId: string },
  name: string,
  { size, x = 330 }: { size: number; x?: number },
): number {
  doc.fillColor(INK).font(BOLD).fontSize(16);
  text(seller.name, LEFT, 50, { width: 280 });
  doc.font(FONT).fontSize(10);
  const below = text(`${seller.address}\n${seller.postalCode} ${seller.city}\n${pdfLayoutTexts.businessId} ${seller.businessId}`, LEFT, doc.y + 2, { width: 280 });
  doc.font(BOLD).fontSize(size);
  text(name, x, 46, { width: RIGHT - x, align: "right" });
  return below;
}

/** Label and value pairs in the right column from y 90 (labels from `labelX`, values from `valueX`); returns the y below them. */
export function drawFacts({ doc, text }: PdfPage, facts: Array<[string, string]>, { labelX = 330, valueX = 435 } = {}): number {
  let y = 90;
  doc.fontSize(10);
  for (const [label, value] of facts) {
    doc.font(FONT).fillColor(MUTED);
    text(label, labelX, y, { width: valueX - labelX });
    doc.font(BOLD).fillColor(INK);
    y = Math.max(text(value, valueX, y, { width: RIGHT - valueX, align: "right" }), y + 14) + 2;
  }
  return y;
}

/** A party in the left column ('LASKUTETTAVA', its name, its lines) from `y`; returns the y below it. */
export function drawParty({ doc, text }: PdfPage, y: number, heading: string, name: string, lines: string[]): number {
  doc.font(BOLD).fontSize(9).fillColor(MUTED);
  let below = text(heading, LEFT, y, { width: 260 }) + 2;
  doc.font(BOLD).fontSize(11).fillColor(INK);
  below = text(name, LEFT, below, { width: 260 });
  doc.font(FONT).fontSize(10);
  return text(lines.join("\n"), LEFT, below + 1, { width: 260 });
}

/** The seller's name, address, Y-tunnus, VAT number and contacts at the foot of the page. */
export function drawSellerFooter(
  { doc, text }: PdfPage,
  seller: { name: string; address: string; postalCode: string; city: string; businessId: string; email: string; phone: string },
): void {
  doc.font(FONT).fontSize(8).fillColor(MUTED);
  text(
    [
      `${seller.name}, ${seller.address}, ${seller.postalCode} ${seller.city}`,
      `${pdfLayoutTexts.businessId} ${seller.businessId} · ${pdfLayoutTexts.vatNumber} ${vatNumberOf(seller.businessId)} · ${seller.email} · ${seller.phone}`,
    ].join("\n"),
    LEFT,
    770,
    { width: WIDTH, align: "center" },
  );
}

const SERVICE_COLUMNS = {
  description: { x: LEFT, width: 215 },
  quantity: { x: 270, width: 45 },
  unit: { x: 320, width: 75 },
  vat: { x: 400, width: 40 },
  total: { x: 445, width: RIGHT - 445 },
};

export interface ServiceLine {
  name: string;
  details: string[];
  discountLabel: string | null;
  vatRateBp: number;
  amounts: InvoiceAmounts;
}

/**
 * The service line table from `y`: the column heads, the service with its detail lines, hours,
 * the hourly price and the line without VAT, and the discount's line when there is one; returns
 * the y below its closing rule.
 */
export function drawServiceLines(page: PdfPage, y: number, line: ServiceLine): number {
  return drawServiceRow(page, drawServiceHead(page, y), line);
}

/** The service table's column heads and the rule under them from `y`; returns the y of the first row. */
export function drawServiceHead({ doc, text }: PdfPage, y: number): number {
  const columns = SERVICE_COLUMNS;
  doc.font(BOLD).fontSize(9).fillColor(INK);
  text(lines.description, columns.description.x, y, { width: columns.description.width });
  text(lines.quantity, columns.quantity.x, y, { width: columns.quantity.width, align: "right" });
  text(lines.unitPrice, columns.unit.x, y, { width: columns.unit.width, align: "right" });
  text(lines.vat, columns.vat.x, y, { width: columns.vat.width, align: "right" });
  y = text(lines.lineTotal, columns.total.x, y, { width: columns.total.width, align: "right" }) + 4;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(1).strokeColor(INK).stroke();
  return y + 6;
}

/** One service row (and its discount's) under the heads from `y`; returns the y below its closing rule. */
export function drawServiceRow({ doc, text }: PdfPage, y: number, line: ServiceLine): number {
  const columns = SERVICE_COLUMNS;
  const { amounts } = line;
  const vatText = formatVatRate(line.vatRateBp);
  doc.font(BOLD).fontSize(10).fillColor(INK);
  const rowTop = y;
  let rowBottom = text(line.name, columns.description.x, y, { width: columns.description.width });
  doc.font(FONT).fontSize(9);
  rowBottom = text(line.details.join("\n"), columns.description.x, rowBottom + 1, { width: columns.description.width });
  doc.font(FONT).fontSize(10);
  text(lines.hours(amounts.quantityHours), columns.quantity.x, rowTop, { width: columns.quantity.width, align: "right" });
  text(formatEuros(amounts.unitNetCents), columns.unit.x, rowTop, { width: columns.unit.width, align: "right" });
  text(vatText, columns.vat.x, rowTop, { width: columns.vat.width, align: "right" });
  text(formatEuros(amounts.lineNetCents), columns.total.x, rowTop, { width: columns.total.width, align: "right" });
  y = rowBottom + 8;

  if (amounts.discountGrossCents > 0) {
    doc.font(FONT).fontSize(10);
    const discountBottom = text(line.discountLabel ?? lines.discount, columns.description.x, y, { width: columns.description.width });
    text(vatText, columns.vat.x, y, { width: columns.vat.width, align: "right" });
    text(`-${formatEuros(amounts.discountNetCents)}`, columns.total.x, y, { width: columns.total.width, align: "right" });
    y = discountBottom + 8;
  }
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(MUTED).stroke();
  return y + 8;
}

/** Label and amount rows right-aligned under a table (the last one `strong` in bigger type); returns the y below them. */
export function drawTotalRows({ doc, text }: PdfPage, y: number, rows: Array<[label: string, value: string, strong: boolean]>): number {
  for (const [label, value, strong] of rows) {
    doc.font(strong ? BOLD : FONT).fontSize(strong ? 12 : 10).fillColor(INK);
    text(label, 280, y, { width: 160 });
    y = Math.max(text(value, 445, y, { width: RIGHT - 445, align: "right" }), y) + 4;
  }
  return y;
}

/** The VAT breakdown (tax base, VAT, total under `totalLabel`) and the price before a discount; returns the y below. */
export function drawTotals(page: PdfPage, y: number, amounts: InvoiceAmounts, vatRateBp: number, totalLabel: string): number {
  const vatText = formatVatRate(vatRateBp);
  y = drawTotalRows(page, y, [
    [lines.taxBase, formatEuros(amounts.taxBaseCents), false],
    [lines.vatAmount(vatText), formatEuros(amounts.vatCents), false],
    [totalLabel, formatEuros(amounts.totalCents), true],
  ]);
  if (amounts.discountGrossCents > 0) {
    page.doc.font(FONT).fontSize(9).fillColor(MUTED);
    y = page.text(lines.beforeDiscount(formatEuros(amounts.lineGrossCents), formatEuros(amounts.discountGrossCents)), 280, y, { width: RIGHT - 280 });
  }
  return y;
}

/** The household deduction's work share in bold and `note` under it, from 18 pt below `y`; returns the y below. */
export function drawWorkShare({ doc, text }: PdfPage, y: number, amounts: InvoiceAmounts, vatRateBp: number, note: string): number {
  doc.font(BOLD).fontSize(10).fillColor(INK);
  y = text(lines.workShare(formatEuros(amounts.workShareCents), formatVatRate(vatRateBp)), LEFT, y + 18, { width: WIDTH });
  doc.font(FONT).fontSize(9).fillColor(MUTED);
  return text(note, LEFT, y + 2, { width: WIDTH });
}
