// The customer's e-mails of a helper's actions (spec 001 §4; issue 10): the helper accepted the
// order, and the visit is done (with the link to rate it). The service
// (app/services/caregiver-tasks.server.ts) sends them; the words are here.

import type { BookingDocument } from "../domain/booking-document";
import type { EmailContent } from "../domain/email-content";
import { formatTimeRange, formatWeekdayDate } from "../domain/format";
import { manageLinkTexts } from "./manage-links";
import { NOTIFICATIONS } from "./portal";

/** A helper whose name is gone, in the notices and e-mails of their actions. */
export const UNNAMED_CAREGIVER = "Kaveri";

interface Contact {
  email: string;
  phone: string;
}

/** When the visit is (weekday, date and time range), as the e-mails and notifications say it. */
export function whenOf(booking: BookingDocument): string {
  return `${formatWeekdayDate(booking.order.startsAt)} ${formatTimeRange(booking.order.startsAt, booking.order.endsAt)}`;
}

function greeting(booking: BookingDocument): string {
  return booking.customer.fullName ? `Hei ${booking.customer.fullName},` : "Hei,";
}

export function acceptedEmailContent(
  booking: BookingDocument,
  {
    caregiverName,
    contact,
    orderLink,
  }: {
    caregiverName: string;
    contact: Contact;
    /** The order in an account holder's portal, or a guest's "Hallitse varausta" page (issue 28 item 6). */
    orderLink: { url: string; inPortal: boolean };
  },
): { subject: string; content: EmailContent } {
  const { order } = booking;
  return {
    subject: `${NOTIFICATIONS.ORDER_ACCEPTED}: ${order.orderNumber} – Arkikaveri`,
    content: {
      contact,
      heading: NOTIFICATIONS.ORDER_ACCEPTED,
      paragraphs: [
        greeting(booking),
        `${caregiverName} hyväksyi tilauksesi ${order.orderNumber} ja tulee käynnille sovittuna aikana:`,
        [`Palvelu: ${booking.serviceName}`, `Aika: ${whenOf(booking)}`, `Osoite: ${order.address}, ${order.postalCode} ${order.city}`].join("\n"),
        `Kysyttävää? Vastaamme mielellämme: ${contact.email}, puh. ${contact.phone}.`,
      ],
      button: { label: orderLink.inPortal ? "Katso tilaus" : manageLinkTexts.linkLabel, url: orderLink.url },
    },
  };
}

export function completedEmailContent(
  booking: BookingDocument,
  { contact, reviewUrl }: { contact: Contact; reviewUrl: string },
): { subject: string; content: EmailContent } {
  const { order } = booking;
  return {
    subject: `${NOTIFICATIONS.ORDER_COMPLETED}: ${order.orderNumber} – Arkikaveri`,
    content: {
      contact,
      heading: NOTIFICATIONS.ORDER_COMPLETED,
      paragraphs: [
        greeting(booking),
        `${booking.caregiverName ?? UNNAMED_CAREGIVER} on merkinnyt käynnin ${order.orderNumber} (${booking.serviceName}, ${whenOf(booking)}) tehdyksi. Kiitos, että käytit Arkikaveria!`,
        "Kerro halutessasi, miten käynti sujui: arvio yhdestä viiteen tähteen vie minuutin, ja se auttaa muita valitsemaan kaverin.",
      ],
      button: { label: "Arvioi käynti", url: reviewUrl },
      afterButton: [`Jos käynnissä oli jotain korjattavaa, kerro meille: ${contact.email}, puh. ${contact.phone}. Kerro tilausnumero ${order.orderNumber}.`],
    },
  };
}
