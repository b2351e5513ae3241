// The reminder e-mails of a visit, sent about a day before it (issue 28 item 1; DESIGN.md decision
// 26): to the customer who pays, and to the helper. Plain words: who comes, when, where, what it
// costs, and how to cancel. The service (app/services/visit-reminders.server.ts) sends them.

import type { BookingDocument } from "../domain/booking-document";
import type { CancellationTerms } from "../domain/cancellation";
import type { EmailContent } from "../domain/email-content";
import { formatClock, formatDateTime, formatEuros, formatHours, formatTimeRange, formatWeekdayDate } from "../domain/format";
import { helsinkiClock } from "../domain/helsinki-clock";
import { firstFittingText } from "../domain/sms";
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
 * The customer's reminder, or with `reader: "recipient"` the recipient's own copy (issue 28 item 1:
 * when the booking gave their e-mail), greeting them and telling of the visit to them. `manageUrl` is the visit's "Hallitse varausta" page, where anyone with
 * the e-mail can cancel; `orderUrl` the portal page of the order for an account holder (null for a
 * guest). Customer service's phone is always there too.
 */
export function customerReminderEmail(
  booking: BookingDocument,
  {
    contact,
    manageUrl,
    orderUrl,
    terms,
    reader = "payer",
  }: { contact: Contact; manageUrl: string; orderUrl: string | null; terms: CancellationTerms; reader?: "payer" | "recipient" },
): { subject: string; content: EmailContent } {
  const { order } = booking;
  const forRecipient = reader === "recipient";
  const details = [
    `Kuka tulee: ${booking.caregiverName ? `kaveri ${booking.caregiverName}` : "kaveri valitaan puolestasi. Kerromme nimen heti, kun se on selvillä."}`,
    `Milloin: ${when(order)} (${formatHours(order.durationHours)})`,
    `Missä: ${where(order)}`,
    `Palvelu: ${booking.serviceName}`,
    `Hinta: ${formatEuros(order.totalPriceCents)} (sis. alv ${formatVatRate(order.vatRateBp)})`,
  ];
  if (order.bookingFor === "other") details.push(forRecipient ? `Varauksen tehnyt: ${booking.customer.fullName}` : `Palvelun saaja: ${visitPerson(booking)}`);
  const rule = terms.free
    ? `Voit perua käynnin maksutta ${formatDateTime(terms.freeUntil)} asti. Sen jälkeen perumisesta veloitetaan yhden tunnin hinta, ${formatEuros(terms.feeCents || Math.min(order.unitPriceCents, order.totalPriceCents))}.`
    : `Jos perut käynnin nyt, veloitamme yhden tunnin hinnan, ${formatEuros(terms.feeCents)}.`;
  const howToCancel = `${rule} Voit perua käynnin alla olevasta linkistä "${manageLinkTexts.linkLabel}"${orderUrl ? " tai tilauksesi sivulla" : ""} tai soittamalla asiakaspalveluun: puh. ${contact.phone}. Kerro tilausnumero ${order.orderNumber}.`;
  const content: EmailContent = {
    contact,
    heading: "Muistutus tulevasta käynnistä",
    paragraphs: forRecipient
      ? [greeting(order.recipientFirstName ?? ""), `muistutamme käynnistä, jonka ${booking.customer.fullName} on varannut sinulle (tilaus ${order.orderNumber}).`, details.join("\n"), howToCancel]
      : [greeting(booking.customer.fullName), `muistutamme varauksestasi ${order.orderNumber}.`, details.join("\n"), howToCancel],
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

const SHORT_WEEKDAYS = ["ma", "ti", "ke", "to", "pe", "la", "su"] as const;

/** "12" on the hour, "12.30" otherwise: a text counts every character. */
function shortClock(at: Date): string {
  const { hour, minute } = helsinkiClock(at);
  return minute === 0 ? String(hour) : formatClock(at);
}

/**
 * The reminder as a text message (issue 28 item 2; docs/decisions/0031), to the recipient's or the
 * customer's mobile: who comes, when, where, and the short "Hallitse varausta" link to cancel or
 * look. Aims at one GSM-7 message (160 characters): the first of the versions below that fits is
 * sent, dropping the street address, then the helper's name; an en dash is not in GSM-7, so a hyphen.
 */
export function reminderText(booking: BookingDocument, { manageUrl }: { manageUrl: string }): string {
  const { order } = booking;
  const { day, month, weekday } = helsinkiClock(order.startsAt);
  const when = `${SHORT_WEEKDAYS[weekday]} ${day}.${month}. klo ${shortClock(order.startsAt)}-${shortClock(order.endsAt)}`;
  const helper = booking.caregiverName?.trim().split(/\s+/)[0];
  const who = helper ? `kaveri ${helper} tulee` : "kaveri tulee";
  const link = `Peru tai katso: ${manageUrl}`;
  return firstFittingText([
    `Arkikaveri: ${who} ${when}, ${order.address}. ${link}`,
    `Arkikaveri: ${who} ${when}. ${link}`,
    `Arkikaveri: käynti ${when}. ${link}`,
    `Arkikaveri: käynti ${day}.${month}. klo ${shortClock(order.startsAt)}. ${manageUrl}`,
  ]);
}
