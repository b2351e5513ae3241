// The reminder of an overdue invoice (issue 14 "Payments"), a single one or a series' monthly one
// (decision 0039): polite, with what is still unpaid and how to pay it. The service
// (app/services/backoffice-money.server.ts) sends; the words are here.

import type { EmailContent } from "../domain/email-content";

export interface InvoiceReminderFacts {
  name: string;
  invoiceNumber: number;
  /** What the invoice is for: a single order, or a series' month ('tammikuu 2027'). */
  about: { orderNumber: string } | { month: string };
  /** Already formatted for Finnish readers: '12.11.2026', '120,00 €', '12345 67890'. */
  dueDate: string;
  unpaid: string;
  /** What was paid already, when a part was; null when nothing was. */
  paid: string | null;
  /** The credit notes that took a part off (a late cancellation: all but the fee), or null. */
  credit: { numbers: number[]; amount: string; invoiceAmount: string } | null;
  reference: string;
  payee: string;
  iban: string;
  bic: string;
  contact: { email: string; phone: string };
}

const listed = new Intl.ListFormat("fi", { type: "conjunction" });

export function invoiceReminderEmailContent(facts: InvoiceReminderFacts): { subject: string; content: EmailContent } {
  const about = "orderNumber" in facts.about ? `tilaus ${facts.about.orderNumber}` : `toistuvat käynnit ${facts.about.month}`;
  const notes = facts.credit?.numbers ?? [];
  const creditNotes = notes.length === 1 ? `hyvityslasku ${notes[0]}` : `hyvityslaskut ${listed.format(notes.map(String))}`;
  return {
    subject: `Muistutus: lasku ${facts.invoiceNumber} on erääntynyt – Arkikaveri`,
    content: {
      contact: facts.contact,
      heading: "Ystävällinen muistutus laskusta",
      paragraphs: [
        facts.name ? `Hei ${facts.name},` : "Hei,",
        `kiitos, että käytit Arkikaverin palveluja. Laskumme ${facts.invoiceNumber} (${about}) eräpäivä oli ${facts.dueDate}, emmekä ole vielä saaneet siitä koko maksua.`,
        ...(facts.credit
          ? [`Laskun ${facts.credit.invoiceAmount} summasta on hyvitetty ${facts.credit.amount} (${creditNotes}), joten sitä ei tarvitse maksaa.`]
          : []),
        facts.paid
          ? `Olet jo maksanut laskusta ${facts.paid} – kiitos! Maksamatta on vielä ${facts.unpaid}.`
          : `Maksettavaa on ${facts.unpaid}.`,
        `Maksathan sen, kun ehdit:\nSaaja: ${facts.payee}\nTilinumero: ${facts.iban} (BIC ${facts.bic})\nViitenumero: ${facts.reference}\nSumma: ${facts.unpaid}`,
        "Lasku on tämän viestin liitteenä.",
      ],
      afterButton: [
        "Jos olet jo maksanut laskun, tämä muistutus on aiheeton. Kiitos maksustasi!",
        `Kysyttävää laskusta? Autamme mielellämme: ${facts.contact.email}, puh. ${facts.contact.phone}.`,
      ],
    },
  };
}
