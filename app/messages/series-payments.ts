// The words of a weekly series paid online (issue 27 item 4; docs/decisions/0040): the e-mails of
// a later visit's saved-card charge, the payment-link page and staff's notice. The service
// (app/services/payments/series-charges.server.ts) decides when.

import type { EmailContent } from "../domain/email-content";

interface VisitLine {
  orderNumber: string;
  serviceName: string;
  /** "ma 7.12.2026 klo 10.00–12.00" */
  when: string;
  amount: string;
}

const visitLine = (v: VisitLine) => `${v.serviceName} ${v.when} (tilaus ${v.orderNumber}), ${v.amount}.`;

/** A later visit was charged to the saved card: the receipt is attached. */
export function seriesVisitPaidEmail(v: VisitLine): { subject: string; content: EmailContent } {
  return {
    subject: `Käynti maksettu – ${v.orderNumber}`,
    content: {
      heading: "Toistuvan käynnin maksu onnistui",
      paragraphs: [`Veloitimme tallennetulta kortiltasi seuraavan käynnin:`, visitLine(v), "Kuitti on liitteenä."],
    },
  };
}

/** The saved card was declined: the payer pays the visit by the link, or it is cancelled 2 h before. */
export function seriesChargeFailedEmail(v: VisitLine & { deadline: string }, url: string): { subject: string; content: EmailContent } {
  return {
    subject: `Käynnin maksu epäonnistui – ${v.orderNumber}`,
    content: {
      heading: "Käynnin maksu epäonnistui",
      paragraphs: [
        "Emme saaneet veloitettua seuraavaa käyntiä tallennetulta kortiltasi:",
        visitLine(v),
        `Maksa käynti viimeistään ${v.deadline}. Jos käyntiä ei ole maksettu silloin, se perutaan.`,
      ],
      button: { label: "Maksa käynti", url },
      afterButton: ["Linkki avaa maksusivun, jolla voit maksaa käynnin kortilla tai muulla verkkomaksutavalla."],
    },
  };
}

export function seriesChargeFailedSummary(o: { orderNumber: string; customerName: string; when: string; reason: string }): string {
  return `Toistuvan käynnin ${o.orderNumber} (${o.when}) veloitus tallennetulta kortilta epäonnistui (${o.reason}). ${o.customerName || "Asiakkaalle"} lähetettiin maksulinkki; käynti perutaan, jos sitä ei ole maksettu 2 tuntia ennen alkua.`;
}

/** Why an unpaid visit was cancelled, told in the cancellation e-mails and the audit line. */
export const SERIES_UNPAID_CANCEL_REASON = "Käyntiä ei maksettu viimeistään 2 tuntia ennen sen alkua.";

export const seriesPayLinkTexts = {
  title: "Maksa käynti",
  intro: "Tämä toistuvan varauksesi käynti on vielä maksamatta.",
  orderNumber: "Tilausnumero",
  visit: "Käynti",
  amount: "Maksettava",
  deadline: (when: string) => `Maksa käynti viimeistään ${when}, muuten se perutaan.`,
  pay: "Siirry maksamaan",
  paying: "Siirrytään maksamaan…",
  paid: "Käynti on jo maksettu. Kiitos!",
  cancelled: "Tämä käynti on peruttu, eikä sitä voi enää maksaa.",
  invalid: "Maksulinkki ei ole voimassa. Tarkista, että kopioit koko linkin sähköpostista, tai ota yhteyttä asiakaspalveluun.",
} as const;

/** A visit's payment on the customer's order page and series page (app/domain/series-payment.ts seriesVisitPayment). */
export const seriesVisitPaymentTexts = {
  // The booking's own words for the later visits (app/messages/series.ts), said of one visit.
  notCharged: "Veloitetaan tallentamaltasi kortilta vuorokautta ennen käyntiä.",
  declined: "Kortin veloitus epäonnistui. Käynti on maksamatta.",
  /** The same deadline as on the payment-link page and in its e-mail. */
  deadline: seriesPayLinkTexts.deadline,
  pay: seriesPayLinkTexts.title,
  paid: "Maksettu.",
} as const;
