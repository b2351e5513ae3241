// Texts of a series' monthly invoice (issue 27 item 4; docs/decisions/0039): its PDF, the e-mail
// it is sent with and the order page's link. The service (app/services/series-invoices.server.ts)
// draws and sends; the words are here. Amounts and dates come in formatted.

import type { EmailContent } from "../domain/email-content";

export const seriesInvoicePdfTexts = {
  /** Visits of '<month>' as the PDF's subject: 'Käynnit joulukuu 2026'. */
  subject: (month: string) => `Käynnit ${month}`,
  /** The facts' line naming the month the invoice is for. */
  periodLabel: "Laskutuskausi",
  /** One visit's line: its order number under the time, place and helper. */
  order: (orderNumber: string) => `Tilaus ${orderNumber}`,
  /** A visit cancelled after the invoice was issued, under its line. */
  credited: (date: string, amount: string) => `Peruttu ${date}, hyvitetty ${amount}`,
} as const;

export interface SeriesInvoiceEmailFacts {
  name: string;
  invoiceNumber: number;
  /** 'joulukuu 2026' */
  month: string;
  visits: number;
  /** Already formatted for Finnish readers. */
  total: string;
  dueDate: string;
  reference: string;
  ordersUrl: string;
  contact: { email: string; phone: string };
}

export function seriesInvoiceEmailContent(facts: SeriesInvoiceEmailFacts): { subject: string; content: EmailContent } {
  return {
    subject: `Lasku ${facts.invoiceNumber}: toistuvat käynnit ${facts.month} – Arkikaveri`,
    content: {
      contact: facts.contact,
      heading: `Lasku toistuvista käynneistä, ${facts.month}`,
      paragraphs: [
        `Hei ${facts.name},`,
        `liitteenä on lasku ${facts.invoiceNumber} toistuvista käynneistäsi ${facts.month}: ${facts.visits === 1 ? "1 käynti" : `${facts.visits} käyntiä`}, kukin omalla rivillään.`,
        `Maksettavaa on ${facts.total}. Eräpäivä on ${facts.dueDate} ja viitenumero ${facts.reference}.`,
        `Kysyttävää laskusta? Asiakaspalvelumme auttaa: ${facts.contact.email}, ${facts.contact.phone}.`,
      ],
      button: { label: "Katso tilauksesi", url: facts.ordersUrl },
    },
  };
}

/** The order page's payment state of a series visit paid by invoice. */
export const seriesInvoiceStateTexts = {
  notYet: "Käynti laskutetaan kuukausilaskulla, joka lähetetään sähköpostiisi käyntikuukauden alussa.",
  open: (invoiceNumber: number, month: string, open: string, dueDate: string, reference: string) =>
    `Kuukausilasku ${invoiceNumber} (${month}), avoin. Maksettavaa on ${open}. Eräpäivä ${dueDate}, viitenumero ${reference}.`,
  paid: (invoiceNumber: number, month: string) => `Kuukausilasku ${invoiceNumber} (${month}), maksettu.`,
  closed: (invoiceNumber: number, month: string) => `Kuukausilasku ${invoiceNumber} (${month}), hyvitetty.`,
  /** The download link. */
  link: (invoiceNumber: number) => `Lataa kuukausilasku ${invoiceNumber} (PDF)`,
} as const;

/** The back office's payments page: the open monthly invoices, marked paid in full. */
export const seriesInvoiceBackofficeTexts = {
  title: "Avoimet kuukausilaskut (toistuvat käynnit)",
  empty: "Ei avoimia kuukausilaskuja.",
  headers: ["Lasku", "Asiakas", "Summa", "Eräpäivä", "Merkitse maksetuksi"],
  invoice: (invoiceNumber: number, month: string, visits: number) => `${invoiceNumber} (${month}, ${visits === 1 ? "1 käynti" : `${visits} käyntiä`})`,
  balance: (amount: string) => `Maksettavaa ${amount}`,
  overdue: "Erääntynyt",
  paidOn: "Maksupäivä",
  forInvoice: (invoiceNumber: number) => ` laskulle ${invoiceNumber}`,
  submit: "Merkitse maksetuksi",
  busy: "Merkitään…",
  badDate: "Anna maksupäivä muodossa pp.kk.vvvv, viimeistään tänään.",
  done: (invoiceNumber: number) => `Kuukausilasku ${invoiceNumber} merkitty maksetuksi`,
  notOpen: "Kuukausilasku oli jo maksettu tai hyvitetty.",
  /** A credited visit's credit note (decision 0044), its PDF's link. */
  creditNote: (creditNoteNumber: number, orderNumber: string) => `Lataa hyvityslasku ${creditNoteNumber} (käynti ${orderNumber}, PDF)`,
} as const;
