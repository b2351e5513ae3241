// pdfkit is loaded when the first PDF is drawn, not with the server: most processes never draw one.
import { formatIban } from "../domain/business-identifiers";
import { formatDate, formatEuros } from "../domain/format";
import { formatVatRate, vatNumberOf, type InvoiceAmounts } from "../domain/invoice";
import { formatReferenceNumber } from "../domain/reference-number";

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

const FONT = "Helvetica";
const BOLD = "Helvetica-Bold";
const MONO = "Courier";
const LEFT = 50;
const RIGHT = 545;
const WIDTH = RIGHT - LEFT;
const INK = "#111827";
const MUTED = "#4b5563";

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

function negativeEuros(cents: number): string {
  return `-${formatEuros(cents)}`;
}

export async function drawInvoicePdf(data: InvoicePdfData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const title = `Lasku ${data.invoiceNumber}`;
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 50, bottom: 40, left: LEFT, right: 595 - RIGHT },
    compress: options.compress ?? true,
    lang: "fi-FI",
    displayTitle: true,
    info: {
      Title: pdfText(title),
      Author: pdfText(data.seller.name),
      Subject: pdfText(`${data.service.name}, tilaus ${data.orderNumber}`),
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

  // ---------------------------------------------------------------- seller and title
  doc.fillColor(INK).font(BOLD).fontSize(16);
  text(data.seller.name, LEFT, 50, { width: 280 });
  doc.font(FONT).fontSize(10);
  let leftY = text(`${data.seller.address}\n${data.seller.postalCode} ${data.seller.city}\nY-tunnus ${data.seller.businessId}`, LEFT, doc.y + 2, {
    width: 280,
  });

  doc.font(BOLD).fontSize(24);
  text("LASKU", 330, 46, { width: RIGHT - 330, align: "right" });

  // ---------------------------------------------------------------- invoice facts (right)
  const facts: Array<[string, string]> = [
    ["Laskun numero", String(data.invoiceNumber)],
    ["Laskun päivämäärä", formatDate(data.issueDate)],
    ["Eräpäivä", formatDate(data.dueDate)],
    ["Maksuehto", "14 päivää netto"],
    ["Viitenumero", formatReferenceNumber(data.referenceNumber)],
    ["Tilausnumero", data.orderNumber],
    ["Viivästyskorko", "korkolain mukaan"],
  ];
  let rightY = 90;
  doc.fontSize(10);
  for (const [label, value] of facts) {
    doc.font(FONT).fillColor(MUTED);
    text(label, 330, rightY, { width: 105 });
    doc.font(BOLD).fillColor(INK);
    rightY = Math.max(text(value, 435, rightY, { width: RIGHT - 435, align: "right" }), rightY + 14) + 2;
  }

  // ---------------------------------------------------------------- buyer and recipient (left)
  leftY = Math.max(leftY + 24, 130);
  doc.font(BOLD).fontSize(9).fillColor(MUTED);
  leftY = text("LASKUTETTAVA", LEFT, leftY, { width: 260 }) + 2;
  doc.font(BOLD).fontSize(11).fillColor(INK);
  leftY = text(data.buyer.name, LEFT, leftY, { width: 260 });
  doc.font(FONT).fontSize(10);
  leftY = text([...data.buyer.addressLines, data.buyer.email].join("\n"), LEFT, leftY + 1, { width: 260 });

  if (data.recipient) {
    leftY += 12;
    doc.font(BOLD).fontSize(9).fillColor(MUTED);
    leftY = text("PALVELUN SAAJA", LEFT, leftY, { width: 260 }) + 2;
    doc.font(BOLD).fontSize(11).fillColor(INK);
    leftY = text(data.recipient.name, LEFT, leftY, { width: 260 });
    doc.font(FONT).fontSize(10);
    const lines = [...data.recipient.addressLines, ...(data.recipient.phone ? [`puh. ${data.recipient.phone}`] : [])];
    leftY = text(lines.join("\n"), LEFT, leftY + 1, { width: 260 });
  }

  // ---------------------------------------------------------------- service lines
  const columns = {
    description: { x: LEFT, width: 215 },
    quantity: { x: 270, width: 45 },
    unit: { x: 320, width: 75 },
    vat: { x: 400, width: 40 },
    total: { x: 445, width: RIGHT - 445 },
  };
  let y = Math.max(leftY, rightY) + 28;
  doc.font(BOLD).fontSize(9).fillColor(INK);
  text("Kuvaus", columns.description.x, y, { width: columns.description.width });
  text("Määrä", columns.quantity.x, y, { width: columns.quantity.width, align: "right" });
  text("À-hinta\n(alv 0 %)", columns.unit.x, y, { width: columns.unit.width, align: "right" });
  text("Alv", columns.vat.x, y, { width: columns.vat.width, align: "right" });
  y = text("Yhteensä\n(alv 0 %)", columns.total.x, y, { width: columns.total.width, align: "right" }) + 4;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(1).strokeColor(INK).stroke();
  y += 6;

  const { amounts } = data;
  const vatText = formatVatRate(data.vatRateBp);
  doc.font(BOLD).fontSize(10);
  const rowTop = y;
  let rowBottom = text(data.service.name, columns.description.x, y, { width: columns.description.width });
  doc.font(FONT).fontSize(9);
  rowBottom = text(
    [`Ajankohta: ${data.service.when}`, `Paikka: ${data.service.place}`, data.service.caregiver].join("\n"),
    columns.description.x,
    rowBottom + 1,
    { width: columns.description.width },
  );
  doc.font(FONT).fontSize(10);
  text(`${amounts.quantityHours} h`, columns.quantity.x, rowTop, { width: columns.quantity.width, align: "right" });
  text(formatEuros(amounts.unitNetCents), columns.unit.x, rowTop, { width: columns.unit.width, align: "right" });
  text(vatText, columns.vat.x, rowTop, { width: columns.vat.width, align: "right" });
  text(formatEuros(amounts.lineNetCents), columns.total.x, rowTop, { width: columns.total.width, align: "right" });
  y = rowBottom + 8;

  if (amounts.discountGrossCents > 0) {
    doc.font(FONT).fontSize(10);
    const discountBottom = text(data.discountLabel ?? "Alennus", columns.description.x, y, { width: columns.description.width });
    text(vatText, columns.vat.x, y, { width: columns.vat.width, align: "right" });
    text(negativeEuros(amounts.discountNetCents), columns.total.x, y, { width: columns.total.width, align: "right" });
    y = discountBottom + 8;
  }
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(MUTED).stroke();
  y += 8;

  // ---------------------------------------------------------------- totals
  const totals: Array<[string, string, boolean]> = [
    ["Veron peruste (alv 0 %)", formatEuros(amounts.taxBaseCents), false],
    [`Arvonlisävero ${vatText}`, formatEuros(amounts.vatCents), false],
    ["Maksettava yhteensä", formatEuros(amounts.totalCents), true],
  ];
  for (const [label, value, strong] of totals) {
    doc.font(strong ? BOLD : FONT).fontSize(strong ? 12 : 10).fillColor(INK);
    text(label, 280, y, { width: 160 });
    y = Math.max(text(value, 445, y, { width: RIGHT - 445, align: "right" }), y) + 4;
  }
  if (amounts.discountGrossCents > 0) {
    doc.font(FONT).fontSize(9).fillColor(MUTED);
    y = text(
      `Hinta ennen alennusta ${formatEuros(amounts.lineGrossCents)} (sis. alv), alennus ${formatEuros(amounts.discountGrossCents)} (sis. alv).`,
      280,
      y,
      { width: RIGHT - 280 },
    );
  }

  // ---------------------------------------------------------------- household deduction
  y += 18;
  doc.font(BOLD).fontSize(10).fillColor(INK);
  y = text(`Kotitalousvähennykseen oikeuttava työn osuus: ${formatEuros(amounts.workShareCents)} (sis. alv ${vatText})`, LEFT, y, {
    width: WIDTH,
  });
  doc.font(FONT).fontSize(9).fillColor(MUTED);
  y = text(
    "Koko laskun summa on työtä: laskussa ei ole matka- eikä tarvikekuluja. Kotitalousvähennys lasketaan maksetusta työn osuudesta sen vuoden verotuksessa, jona lasku maksetaan.",
    LEFT,
    y + 2,
    { width: WIDTH },
  );

  // ---------------------------------------------------------------- payment details
  const boxHeight = 150;
  let boxTop = Math.max(y + 24, 560);
  if (boxTop + boxHeight > 760) {
    doc.addPage();
    boxTop = 50;
  }
  doc.rect(LEFT, boxTop, WIDTH, boxHeight).lineWidth(1).strokeColor(INK).stroke();
  doc.font(BOLD).fontSize(11).fillColor(INK);
  text("Maksutiedot", LEFT + 12, boxTop + 10, { width: WIDTH - 24 });
  const payment: Array<[string, string]> = [
    ["Saajan tilinumero (IBAN)", formatIban(data.seller.iban)],
    ["BIC", data.seller.bic],
    ["Saaja", data.seller.name],
    ["Viitenumero", formatReferenceNumber(data.referenceNumber)],
    ["Eräpäivä", formatDate(data.dueDate)],
    ["Euroa", formatEuros(amounts.totalCents)],
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
  text("Virtuaaliviivakoodi", LEFT + 12, boxTop + 112, { width: WIDTH - 24 });
  doc.font(MONO).fontSize(10).fillColor(INK);
  text(data.virtualBarcode, LEFT + 12, boxTop + 123, { width: WIDTH - 24, lineBreak: false });

  // ---------------------------------------------------------------- footer
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
