// What the invoice and the credit note PDFs share (app/services/invoice-pdf.server.ts,
// credit-note-pdf.server.ts): an A4 page in Finnish collected into a buffer, text the standard
// fonts can print, and the blocks both draw alike (the seller and the document's name at the top,
// its facts on the right, a party such as the buyer on the left). pdfkit is loaded when the first
// PDF is drawn.

import { vatNumberOf } from "../domain/invoice";
import { pdfLayoutTexts } from "../messages/invoice-pdfs";

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
