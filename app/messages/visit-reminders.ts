// The reminder e-mails of a visit, sent about a day before it (issue 28 item 1; DESIGN.md decision
// 26): to the customer who pays, and to the helper. Plain words: who comes, when, where, what it
// costs, and how to cancel. The service (app/services/visit-reminders.server.ts) sends them.

import type { BookingDocument } from "../domain/booking-document";
import type { CancellationTerms } from "../domain/cancellation";
import type { EmailContent } from "../domain/email-content";
import { formatDateTime, formatEuros, formatHours, formatTimeRange, formatWeekdayDate } from "../domain/format";
import { formatVatRate } from "../domain/invoice";
import { visitPerson, visitPhone } from "./order-assignment-emails";
import { manageLinkTexts } from "./manage-links";

interface Contact {
  email: string;
  phone: string;
}

const greeting = (name: string) => (name ? `Hei ${name},` : "Hei,");
const when = (order: BookingDocument["order"]) => `${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}`;
const where = (order: BookingDocument["order"]) => `${order.address}, ${order.postalCode} ${order.city}`;

/**
 * The customer's reminder. `manageUrl` is the visit's "Hallitse varausta" page, where anyone with
 * the e-mail can cancel; `orderUrl` the portal page of the order for an account holder (null for a
 * guest). Customer service's phone is always there too.
 */
export function customerReminderEmail(
  booking: BookingDocument,
  { contact, manageUrl, orderUrl, terms }: { contact: Contact; manageUrl: string; orderUrl: string | null; terms: CancellationTerms },
): { subject: string; content: EmailContent } {
  const { order } = booking;
  const details = [
    `Kuka tulee: ${booking.caregiverName ? `kaveri ${booking.caregiverName}` : "kaveri valitaan puolestasi. Kerromme nimen heti, kun se on selvillä."}`,
    `Milloin: ${when(order)} (${formatHours(order.durationHours)})`,
    `Missä: ${where(order)}`,
    `Palvelu: ${booking.serviceName}`,
    `Hinta: ${formatEuros(order.totalPriceCents)} (sis. alv ${formatVatRate(order.vatRateBp)})`,
  ];
  if (order.bookingFor === "other") details.push(`Palvelun saaja: ${visitPerson(booking)}`);
  const rule = terms.free
    ? `Voit perua käynnin maksutta ${formatDateTime(terms.freeUntil)} asti. Sen jälkeen perumisesta veloitetaan yhden tunnin hinta, ${formatEuros(terms.feeCents || Math.min(order.unitPriceCents, order.totalPriceCents))}.`
    : `Jos perut käynnin nyt, veloitamme yhden tunnin hinnan, ${formatEuros(terms.feeCents)}.`;
  const howToCancel = `${rule} Voit perua käynnin alla olevasta linkistä "${manageLinkTexts.linkLabel}"${orderUrl ? " tai tilauksesi sivulla" : ""} tai soittamalla asiakaspalveluun: puh. ${contact.phone}. Kerro tilausnumero ${order.orderNumber}.`;
  const content: EmailContent = {
    contact,
    heading: "Muistutus tulevasta käynnistä",
    paragraphs: [greeting(booking.customer.fullName), `muistutamme varauksestasi ${order.orderNumber}.`, details.join("\n"), howToCancel],
    afterButton: [`Kysyttävää? Vastaamme mielellämme: ${contact.email}, puh. ${contact.phone}.`],
  };
  content.button = { label: manageLinkTexts.linkLabel, url: manageUrl };
  if (orderUrl) content.links = [{ text: "Kirjautuneena näet kaikki tilauksesi omalla sivullasi.", label: "Avaa tilauksesi", url: orderUrl }];
  return { subject: `Muistutus: käynti ${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)} – Arkikaveri`, content };
}

/** The helper's reminder: whom they meet, when and where, and where their tasks are. */
export function caregiverReminderEmail(
  booking: BookingDocument,
  { caregiverName, contact, tasksUrl }: { caregiverName: string; contact: Contact; tasksUrl: string },
): { subject: string; content: EmailContent } {
  const { order } = booking;
  const phone = visitPhone(booking);
  const details = [
    `Milloin: ${when(order)} (${formatHours(order.durationHours)})`,
    `Missä: ${where(order)}`,
    `Kenen luo: ${visitPerson(booking)}, puh. ${phone ?? "ei puhelinta"}`,
    `Palvelu: ${booking.serviceName}`,
    `Tilausnumero: ${order.orderNumber}`,
  ];
  if (order.specialNotes) details.push(`Lisätietoja kaverille: ${order.specialNotes}`);
  return {
    subject: `Muistutus: käynti ${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)} – Arkikaveri`,
    content: {
      contact,
      heading: "Muistutus tulevasta käynnistä",
      paragraphs: [
        greeting(caregiverName),
        "muistutamme tulevasta käynnistäsi:",
        details.join("\n"),
        `Jos et pääse, soita heti asiakaspalveluun: puh. ${contact.phone}. Etsimme tilalle toisen kaverin.`,
      ],
      button: { label: "Avaa kaverin tehtävät", url: tasksUrl },
    },
  };
}
