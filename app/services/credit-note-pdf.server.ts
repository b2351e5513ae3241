// pdfkit is loaded when the first PDF is drawn, as for the invoice (app/services/invoice-pdf.server.ts).
import { formatDate, formatEuros } from "../domain/format";
import { formatVatRate, vatNumberOf } from "../domain/invoice";
import { formatReferenceNumber } from "../domain/reference-number";
import { pdfText } from "./invoice-pdf.server";

// Draws the credit note PDF ('HYVITYSLASKU') of a cancelled invoice order (issue 14): its own
// number from the credit note series, the invoice it credits (number, date, reference), both
// parties, what was credited with the tax base and VAT as negative amounts, and what is left to
// pay of the invoice (a late cancellation's fee) or that nothing is.

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
}

const FONT = "Helvetica";
const BOLD = "Helvetica-Bold";
const LEFT = 50;
const RIGHT = 545;
const WIDTH = RIGHT - LEFT;
const INK = "#111827";
const MUTED = "#4b5563";

/** The credited gross amount split into its tax base and VAT at the order's rate. */
export function creditSplit(grossCents: number, vatRateBp: number): { netCents: number; vatCents: number } {
  const netCents = Math.round((grossCents * 10_000) / (10_000 + vatRateBp));
  return { netCents, vatCents: grossCents - netCents };
}

export async function drawCreditNotePdf(data: CreditNotePdfData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 50, bottom: 40, left: LEFT, right: 595 - RIGHT },
    compress: options.compress ?? true,
    lang: "fi-FI",
    displayTitle: true,
    info: {
      Title: pdfText(`Hyvityslasku ${data.creditNoteNumber}`),
      Author: pdfText(data.seller.name),
      Subject: pdfText(`Hyvitys laskulle ${data.invoice.invoiceNumber}, tilaus ${data.orderNumber}`),
      Creator: "Arkikaveri",
    },
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
  const minus = (cents: number) => (cents === 0 ? formatEuros(0) : `-${formatEuros(cents)}`);

  // Seller and title.
  doc.fillColor(INK).font(BOLD).fontSize(16);
  text(data.seller.name, LEFT, 50, { width: 280 });
  doc.font(FONT).fontSize(10);
  let leftY = text(`${data.seller.address}\n${data.seller.postalCode} ${data.seller.city}\nY-tunnus ${data.seller.businessId}`, LEFT, doc.y + 2, { width: 280 });
  doc.font(BOLD).fontSize(22);
  text("HYVITYSLASKU", 300, 46, { width: RIGHT - 300, align: "right" });

  const facts: Array<[string, string]> = [
    ["Hyvityslaskun numero", String(data.creditNoteNumber)],
    ["Päivämäärä", formatDate(data.issueDate)],
    ["Hyvitettävä lasku", String(data.invoice.invoiceNumber)],
    ["Laskun päivämäärä", formatDate(data.invoice.issueDate)],
    ["Laskun viitenumero", formatReferenceNumber(data.invoice.referenceNumber)],
    ["Tilausnumero", data.orderNumber],
  ];
  let rightY = 90;
  doc.fontSize(10);
  for (const [label, value] of facts) {
    doc.font(FONT).fillColor(MUTED);
    text(label, 320, rightY, { width: 120 });
    doc.font(BOLD).fillColor(INK);
    rightY = Math.max(text(value, 440, rightY, { width: RIGHT - 440, align: "right" }), rightY + 14) + 2;
  }

  // Buyer.
  leftY = Math.max(leftY + 24, 130);
  doc.font(BOLD).fontSize(9).fillColor(MUTED);
  leftY = text("ASIAKAS", LEFT, leftY, { width: 260 }) + 2;
  doc.font(BOLD).fontSize(11).fillColor(INK);
  leftY = text(data.buyer.name, LEFT, leftY, { width: 260 });
  doc.font(FONT).fontSize(10);
  leftY = text([...data.buyer.addressLines, data.buyer.email].join("\n"), LEFT, leftY + 1, { width: 260 });

  // The credited line.
  let y = Math.max(leftY, rightY) + 28;
  const vatText = formatVatRate(data.vatRateBp);
  const { netCents, vatCents } = creditSplit(data.creditedCents, data.vatRateBp);
  doc.font(BOLD).fontSize(9).fillColor(INK);
  text("Kuvaus", LEFT, y, { width: 300 });
  text("Alv", 360, y, { width: 60, align: "right" });
  y = text("Yhteensä (alv 0 %)", 425, y, { width: RIGHT - 425, align: "right" }) + 4;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(1).strokeColor(INK).stroke();
  y += 6;
  doc.font(BOLD).fontSize(10);
  const rowTop = y;
  let rowBottom = text(`Hyvitys: ${data.service.name}`, LEFT, y, { width: 300 });
  doc.font(FONT).fontSize(9);
  rowBottom = text(`Peruttu käynti ${data.service.when}`, LEFT, rowBottom + 1, { width: 300 });
  doc.font(FONT).fontSize(10);
  text(vatText, 360, rowTop, { width: 60, align: "right" });
  text(minus(netCents), 425, rowTop, { width: RIGHT - 425, align: "right" });
  y = rowBottom + 8;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(MUTED).stroke();
  y += 8;

  const totals: Array<[string, string, boolean]> = [
    ["Veron peruste (alv 0 %)", minus(netCents), false],
    [`Arvonlisävero ${vatText}`, minus(vatCents), false],
    ["Hyvitys yhteensä", minus(data.creditedCents), true],
  ];
  for (const [label, value, strong] of totals) {
    doc.font(strong ? BOLD : FONT).fontSize(strong ? 12 : 10).fillColor(INK);
    text(label, 280, y, { width: 160 });
    y = Math.max(text(value, 445, y, { width: RIGHT - 445, align: "right" }), y) + 4;
  }

  y += 18;
  const leftToPay = data.invoice.amountCents - data.creditedCents;
  doc.font(FONT).fontSize(10).fillColor(INK);
  text(
    leftToPay > 0
      ? `Tämä hyvityslasku hyvittää laskusta ${data.invoice.invoiceNumber} ${formatEuros(data.creditedCents)}. Maksettavaksi jää peruutusmaksu ${formatEuros(leftToPay)} laskun ${data.invoice.invoiceNumber} viitenumerolla ${formatReferenceNumber(data.invoice.referenceNumber)}.`
      : `Tämä hyvityslasku hyvittää laskun ${data.invoice.invoiceNumber} kokonaan. Laskua ei tarvitse maksaa.`,
    LEFT,
    y,
    { width: WIDTH },
  );

  doc.font(FONT).fontSize(8).fillColor(MUTED);
  text(
    [
      `${data.seller.name}, ${data.seller.address}, ${data.seller.postalCode} ${data.seller.city}`,
      `Y-tunnus ${data.seller.businessId} · ALV-tunniste ${vatNumberOf(data.seller.businessId)} · ${data.seller.email} · ${data.seller.phone}`,
    ].join("\n"),
    LEFT,
    770,
    { width: WIDTH, align: "center" },
  );

  doc.end();
  return done;
}
