// The e-mails of a helper's assignment (spec 001 §4; issue 10): the helper's new task with the
// visit's details, the helper taken off an order, and the customer told who is coming. The
// service (app/services/order-assignment.server.ts) sends them; the words are here.

import type { BookingDocument } from "../domain/booking-document";
import type { EmailContent } from "../domain/email-content";
import { formatHours, formatTimeRange, formatWeekdayDate } from "../domain/format";
import { manageLinkTexts } from "./manage-links";

interface Contact {
  email: string;
  phone: string;
}

const greeting = (name: string) => (name ? `Hei ${name},` : "Hei,");
const visitTime = (order: BookingDocument["order"]) => `${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}`;

/** Whose phone the helper calls: the recipient's when the visit is for someone else. */
export function visitPhone(booking: BookingDocument): string | null {
  return booking.order.bookingFor === "other" ? booking.order.recipientPhone : booking.customer.phone;
}

/** Whom the helper meets. */
export function visitPerson(booking: BookingDocument): string {
  const recipient = [booking.order.recipientFirstName, booking.order.recipientLastName].filter(Boolean).join(" ");
  return booking.order.bookingFor === "other" && recipient ? recipient : booking.customer.fullName || "Ei nimeä";
}

/** The helper's new task: the e-mail, and the texts of its calendar file. */
export function assignedCaregiverEmail(
  booking: BookingDocument,
  { caregiverName, contact, tasksUrl }: { caregiverName: string; contact: Contact; tasksUrl: string },
): { subject: string; content: EmailContent; calendarFileName: string; calendar: { summary: string; location: string; description: string } } {
  const { order } = booking;
  const phone = visitPhone(booking);
  const details = [
    `Tilausnumero: ${order.orderNumber}`,
    `Palvelu: ${booking.serviceName}`,
    `Päivä: ${formatWeekdayDate(order.startsAt)}`,
    `Aika: ${formatTimeRange(order.startsAt, order.endsAt)} (${formatHours(order.durationHours)})`,
    `Osoite: ${order.address}, ${order.postalCode} ${order.city}`,
    `${order.bookingFor === "other" ? "Palvelun saaja" : "Asiakas"}: ${visitPerson(booking)}`,
    `Puhelin: ${phone ?? "Ei puhelinta"}`,
  ];
  if (order.description) details.push(`Kuvaus: ${order.description}`);
  if (order.specialNotes) details.push(`Lisätietoja kaverille: ${order.specialNotes}`);
  const calendarFileName = `kaynti-${order.orderNumber}.ics`;
  return {
    subject: `Uusi tilaus: ${booking.serviceName} ${formatWeekdayDate(order.startsAt)} – Arkikaveri`,
    content: {
      contact,
      heading: "Sinulle on uusi tilaus",
      paragraphs: [
        greeting(caregiverName),
        "sinut on valittu kaveriksi tähän käyntiin. Tässä sen tiedot:",
        details.join("\n"),
        "Hyväksy tehtävä Kaverin tehtävät -sivulla mahdollisimman pian, niin asiakas tietää sinun tulevan. Jos et pääse, hylkää tehtävä samalla sivulla, niin etsimme tilalle toisen kaverin.",
        `Kalenterimerkintä on liitteenä (${calendarFileName}).`,
      ],
      button: { label: "Avaa kaverin tehtävät", url: tasksUrl },
      afterButton: [`Kysyttävää? Vastaamme mielellämme: ${contact.email}, puh. ${contact.phone}. Kerro tilausnumero ${order.orderNumber}.`],
    },
    calendarFileName,
    calendar: {
      summary: `Arkikaveri: ${booking.serviceName}, ${visitPerson(booking)}`,
      location: `${order.address}, ${order.postalCode} ${order.city}`,
      description: `Tilaus ${order.orderNumber}. Puhelin: ${phone ?? "ei puhelinta"}.`,
    },
  };
}

/** A helper taken off an order must know not to go. */
export function removedCaregiverEmail(booking: BookingDocument, { caregiverName, contact }: { caregiverName: string; contact: Contact }): { subject: string; content: EmailContent } {
  const { order } = booking;
  return {
    subject: `Tilaus ${order.orderNumber} ei ole enää sinulla – Arkikaveri`,
    content: {
      contact,
      heading: "Tilaus on siirretty",
      paragraphs: [
        greeting(caregiverName),
        `tilaus ${order.orderNumber} (${booking.serviceName}, ${visitTime(order)}, ${order.city}) ei ole enää sinulla. Sinun ei tarvitse mennä tälle käynnille.`,
        `Kysyttävää? Vastaamme mielellämme: ${contact.email}, puh. ${contact.phone}.`,
      ],
    },
  };
}

/** The customer learns who is coming (an 'Ei väliä' order gets its helper, or the helper changes). */
export function customerCaregiverEmail(
  booking: BookingDocument,
  { caregiverName, contact, manageUrl }: { caregiverName: string; contact: Contact; /** The e-mail's own "Hallitse varausta" link (decision 0030). */ manageUrl: string },
): { subject: string; content: EmailContent } {
  const { order } = booking;
  return {
    subject: `Kaverisi tilaukseen ${order.orderNumber} – Arkikaveri`,
    content: {
      contact,
      heading: "Kaverisi on valittu",
      paragraphs: [
        greeting(booking.customer.fullName),
        `tilauksesi ${order.orderNumber} (${booking.serviceName}, ${visitTime(order)}) kaveriksi tulee ${caregiverName}.`,
        "Kaverisi on sinuun yhteydessä ennen käyntiä.",
        `Kysyttävää? Vastaamme mielellämme: ${contact.email}, puh. ${contact.phone}. Kerro tilausnumero ${order.orderNumber}.`,
      ],
      button: { label: manageLinkTexts.linkLabel, url: manageUrl },
      afterButton: [manageLinkTexts.linkHelp],
    },
  };
}
