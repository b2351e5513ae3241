// The words of rescheduling a visit, "Muuta aikaa" (DESIGN.md decision 23): the pages of the
// customer and of staff, the refusals and the e-mails. The service
// (app/services/order-reschedule.server.ts) and the routes use them; the rules are in
// app/domain/reschedule.ts.

import type { EmailContent } from "../domain/email-content";
import { formatDateTime, formatEuros, formatTimeRange, formatWeekdayDate } from "../domain/format";
import { rescheduleDeadline } from "../domain/reschedule";
import { manageLinkTexts } from "./manage-links";

export const RESCHEDULE_TEXTS = {
  action: "Muuta aikaa",
  timeTitle: "Valitse uusi aika",
  caregiverTitle: "Valitse kaveri uudelle ajalle",
  confirmTitle: "Tarkista ja vahvista uusi aika",
  confirmButton: "Vahvista uusi aika",
  back: "Takaisin tilaukseen",
  oldTime: "Nykyinen aika",
  newTime: "Uusi aika",
  caregiver: "Kaveri",
  noCaregiver: "Ei vielä kaveria: asiakaspalvelu valitsee kaverin",
  noCaregiverStaff: "Ei kaveria: jää odottamaan valintaa (näkyy kohdassa Vaatii huomiota)",
  oldPrice: "Nykyinen hinta",
  newPrice: "Uusi hinta",
  difference: "Erotus",
  done: "Aika on muutettu.",
  doneDetail: "Lähetimme uuden ajan sähköpostiisi.",
  doneStaff: "Aika on muutettu. Asiakkaalle ja kaverille lähti sähköposti.",
} as const;

/** When the customer may move the visit, on the order page; after their deadline, staff still can by phone. */
export function rescheduleHint(startsAt: Date, now: Date): string {
  const deadline = rescheduleDeadline(startsAt, "customer");
  return now.getTime() <= deadline.getTime()
    ? `Voit muuttaa aikaa itse ${formatDateTime(deadline)} asti. Sen jälkeen aikaa voi muuttaa soittamalla asiakaspalveluun.`
    : "Aikaa voi vielä muuttaa soittamalla asiakaspalveluun.";
}

/** The helper step's notice when the order's own helper cannot come at the new time. */
export function caregiverNotFreeNotice(name: string, staff: boolean): string {
  return staff
    ? `${name} ei pääse uutena aikana. Valitse toinen kaveri tai jätä tilaus ilman kaveria.`
    : `${name} ei pääse uutena aikana. Valitse toinen kaveri tai ”Ei väliä”, niin valitsemme sopivan kaverin.`;
}

export type RescheduleRefusalReason =
  | "not_found"
  | "not_reschedulable"
  | "awaiting_payment"
  | "too_late"
  | "stale"
  | "same_time"
  | "time_invalid"
  | "caregiver_busy"
  | "caregiver_unavailable"
  | "invoice_paid"
  | "monthly_invoiced";

export const RESCHEDULE_REFUSALS: Record<RescheduleRefusalReason, string> = {
  not_found: "Tilausta ei löytynyt.",
  not_reschedulable: "Tämän tilauksen aikaa ei voi enää muuttaa: se on peruutettu, alkanut tai valmis.",
  awaiting_payment: "Tilauksen maksu on kesken. Maksa tai peru tilaus ensin, sitten voit muuttaa aikaa.",
  too_late: "Aikaa ei voi enää muuttaa itse. Soita asiakaspalveluun, niin autamme.",
  stale: "Tilauksen aikaa muutettiin juuri toisaalla. Tarkista tilaus ja valitse aika uudelleen.",
  same_time: "Valitsit saman ajan kuin nyt. Valitse toinen päivä, kellonaika tai kesto.",
  time_invalid: "Valittu aika ei käy enää. Valitse uusi aika.",
  caregiver_busy: "Kaveri ehti saada toisen käynnin tälle ajalle. Valitse toinen aika tai kaveri.",
  caregiver_unavailable: "Valittu kaveri ei voi tulla tälle ajalle. Valitse toinen kaveri.",
  invoice_paid: "Laskuun on jo kirjattu maksu, joten hinnan muutos tehdään käsin. Soita asiakaspalveluun.",
  monthly_invoiced: "Käynti on jo kuukausilaskulla, joten hinnan muutos tehdään käsin. Soita asiakaspalveluun.",
};

export interface RescheduleMoneyView {
  paymentMethod: "online" | "invoice";
  replaceInvoice: boolean;
  newInvoiceCents: number;
  refundCents: number;
  differenceCents: number;
}

/** What happens with the money, in words, on the confirm page and in the e-mail. */
export function rescheduleMoneyLines(money: RescheduleMoneyView): string[] {
  const lines: string[] = [];
  if (money.differenceCents === 0) lines.push("Hinta pysyy samana.");
  else if (money.differenceCents > 0) lines.push(`Uusi hinta on ${formatEuros(money.differenceCents)} suurempi.`);
  else lines.push(`Uusi hinta on ${formatEuros(-money.differenceCents)} pienempi.`);
  if (money.replaceInvoice) lines.push("Nykyinen lasku hyvitetään hyvityslaskulla kokonaan.");
  if (money.newInvoiceCents > 0) {
    lines.push(
      money.paymentMethod === "invoice" || money.replaceInvoice
        ? `Saat uuden laskun ${formatEuros(money.newInvoiceCents)} sähköpostiisi.`
        : `Erotus ${formatEuros(money.newInvoiceCents)} laskutetaan: saat laskun sähköpostiisi.`,
    );
  }
  if (money.refundCents > 0) lines.push(`Palautamme ${formatEuros(money.refundCents)} samalle maksutavalle, jolla maksoit.`);
  return lines;
}

interface MovedOrder {
  orderNumber: string;
  serviceName: string;
  city: string;
}

interface Email {
  subject: string;
  content: EmailContent;
}

function when(interval: { startsAt: Date; endsAt: Date }): string {
  return `${formatWeekdayDate(interval.startsAt)} ${formatTimeRange(interval.startsAt, interval.endsAt)}`;
}

export function rescheduleEmails(
  order: MovedOrder,
  input: {
    customerName: string;
    old: { startsAt: Date; endsAt: Date };
    next: { startsAt: Date; endsAt: Date };
    caregiverName: string | null;
    money: RescheduleMoneyView;
    contact: { email: string; phone: string };
    /** A "Hallitse varausta" link of this e-mail's own (earlier e-mails' links keep working). */
    manageUrl: string;
    /** The order in the portal, for an account holder (issue 28 item 6); null for a guest. */
    orderUrl: string | null;
  },
): { customer: Email; sameCaregiver: (name: string) => Email; removedCaregiver: (name: string) => Email } {
  const help = `Kysyttävää? Vastaamme mielellämme: ${input.contact.email}, puh. ${input.contact.phone}.`;
  const greeting = (name: string) => (name ? `Hei ${name},` : "Hei,");
  return {
    customer: {
      subject: `Tilauksen ${order.orderNumber} aika on muutettu – Arkikaveri`,
      content: {
        heading: "Uusi aika on vahvistettu",
        paragraphs: [
          greeting(input.customerName),
          `tilauksesi ${order.orderNumber} (${order.serviceName}) uusi aika on ${when(input.next)}. Aiempi aika oli ${when(input.old)}.`,
          input.caregiverName ? `Kaverisi on ${input.caregiverName}.` : "Valitsemme sinulle kaverin ja kerromme, kuka tulee.",
          ...rescheduleMoneyLines(input.money),
          "Liitteenä on päivitetty kalenteritiedosto: se siirtää käynnin kalenterissasi.",
        ],
        button: { label: manageLinkTexts.linkLabel, url: input.manageUrl },
        afterButton: [manageLinkTexts.linkHelp, help],
        ...(input.orderUrl ? { links: [{ text: "Kirjautuneena näet kaikki tilauksesi omalla sivullasi.", label: "Avaa tilauksesi", url: input.orderUrl }] } : {}),
      },
    },
    sameCaregiver: (name) => ({
      subject: `Käynnin ${order.orderNumber} aika on muutettu – Arkikaveri`,
      content: {
        heading: "Käynnin aika on muutettu",
        paragraphs: [
          greeting(name),
          `käynnin ${order.orderNumber} (${order.serviceName}, ${order.city}) uusi aika on ${when(input.next)}. Aiempi aika oli ${when(input.old)}.`,
          "Vahvista uusi aika tehtävissäsi. Liitteenä on päivitetty kalenteritiedosto.",
          help,
        ],
      },
    }),
    removedCaregiver: (name) => ({
      subject: `Käynti ${order.orderNumber} ei ole enää sinulla – Arkikaveri`,
      content: {
        heading: "Käynnin aika muuttui",
        paragraphs: [
          greeting(name),
          `käynti ${order.orderNumber} (${order.serviceName}, ${when(input.old)}, ${order.city}) siirtyi aikaan, jolloin et ole vapaana. Sinun ei tarvitse mennä käynnille.`,
          help,
        ],
      },
    }),
  };
}
