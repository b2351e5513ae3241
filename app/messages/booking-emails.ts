// The booking confirmation e-mail and the calendar file's texts (spec 000 §2; DESIGN.md decisions
// 8, 11, 12, 14). The service (app/services/booking-emails.server.ts) gathers the booking and
// sends; the words are here.

import type { BookingDocument } from "../domain/booking-document";
import type { EmailContent } from "../domain/email-content";
import { formatDate, formatEuros, formatHours, formatTimeRange, formatWeekdayDate } from "../domain/format";
import { formatVatRate, INVOICE_PAYMENT_TERM_DAYS } from "../domain/invoice";
import { afterHouseholdDeductionCents } from "../domain/pricing";
import { formatReferenceNumber } from "../domain/reference-number";
import { linkValidity } from "./auth-emails";
import { manageLinkTexts } from "./manage-links";
import { nextSteps } from "./next-steps";

export const ANY_CAREGIVER_TEXT = "Kaveri valitaan puolestasi";

const METHOD_LABELS: Record<string, string> = {
  card: "kortti",
  mobilepay: "MobilePay",
  klarna: "Klarna",
};

export interface ConfirmationLinks {
  /** The order's "Hallitse varausta" page, for every reader (app/services/manage-links.server.ts). */
  manageUrl: string;
  /** For a profile without a password (a guest booking): finish the profile by choosing one. */
  setPasswordUrl: string | null;
  /** Sign-in that goes on to the order (or to the orders to claim, for a guest order on an account). */
  signInUrl: string;
  contact: { email: string; phone: string };
  now: Date;
  /** The receipt of the online payment attached to the e-mail (issue 28 item 5). */
  receiptNumber?: number | null;
}

/** The confirmation e-mail of a booking. */
export function bookingConfirmationEmailContent(booking: BookingDocument, links: ConfirmationLinks): { subject: string; content: EmailContent } {
  return { subject: `Varausvahvistus ${booking.order.orderNumber} – Arkikaveri`, content: confirmationBody(booking, links) };
}

function confirmationBody(booking: BookingDocument, { manageUrl, setPasswordUrl, signInUrl, contact, now, receiptNumber }: ConfirmationLinks): EmailContent {
  const { order, customer } = booking;
  const isInvoice = order.paymentMethod === "invoice";
  const recipientName = [order.recipientFirstName, order.recipientLastName].filter(Boolean).join(" ");
  const next = nextSteps(
    {
      startsAt: order.startsAt,
      caregiverName: booking.caregiverName,
      bookingFor: order.bookingFor,
      recipientName: recipientName || null,
      orderNumber: order.orderNumber,
      reader: customer.hasPassword && !customer.guestOnAccount ? "account" : "guest",
    },
    contact,
    now,
  );

  const summary = [
    `Tilausnumero: ${order.orderNumber}`,
    `Palvelu: ${booking.serviceName}`,
    `Päivä: ${formatWeekdayDate(order.startsAt)}`,
    `Aika: ${formatTimeRange(order.startsAt, order.endsAt)}`,
    `Kesto: ${formatHours(order.durationHours)}`,
    `Osoite: ${order.address}, ${order.postalCode} ${order.city}`,
    booking.caregiverName ? `Kaveri: ${booking.caregiverName}` : ANY_CAREGIVER_TEXT,
  ];
  if (order.description) summary.push(`Kuvaus: ${order.description}`);
  // What the customer wrote for the helper (door code, pets, whom to call): they see what the helper will see.
  if (order.specialNotes) summary.push(`Lisätietoja kaverille: ${order.specialNotes}`);

  const prices = [`Hinta: ${formatEuros(order.originalPriceCents)} (${order.durationHours} h × ${formatEuros(order.unitPriceCents)})`];
  if (order.discountCents > 0) {
    const label = booking.discountCode ? `Alennus (${booking.discountCode})` : "Alennus";
    prices.push(`${label}: -${formatEuros(order.discountCents)}`);
  }
  prices.push(
    `Yhteensä: ${formatEuros(order.totalPriceCents)} (sis. alv ${formatVatRate(order.vatRateBp)})`,
    `Hinta kotitalousvähennyksen jälkeen (arvio): ${formatEuros(afterHouseholdDeductionCents(order.totalPriceCents))}`,
  );

  const payment = isInvoice
    ? [
        `Maksutapa: lasku, maksuaika ${INVOICE_PAYMENT_TERM_DAYS} päivää.`,
        booking.invoice
          ? `Eräpäivä ${formatDate(booking.invoice.dueDate)}, viitenumero ${formatReferenceNumber(booking.invoice.referenceNumber)}. Lasku on tämän viestin liitteenä (PDF).`
          : "",
      ]
        .filter(Boolean)
        .join("\n")
    : `Maksutapa: verkkomaksu${booking.payment?.method && METHOD_LABELS[booking.payment.method] ? ` (${METHOD_LABELS[booking.payment.method]})` : ""}${booking.payment?.status === "captured" ? ", maksettu" : ""}.${receiptNumber ? ` Kuitti ${receiptNumber} on tämän viestin liitteenä (PDF).` : ""}`;

  const paragraphs = [
    customer.fullName ? `Hei ${customer.fullName},` : "Hei,",
    "kiitos varauksestasi! Olemme vastaanottaneet sen. Tässä varauksesi tiedot:",
    summary.join("\n"),
  ];
  if (order.bookingFor === "other") {
    paragraphs.push(
      [
        `Palvelun saaja: ${recipientName}${order.recipientPhone ? `, puh. ${order.recipientPhone}` : ""}`,
        "Kaveri tulee palvelun saajan luo yllä olevaan osoitteeseen. Vahvistukset ja laskut lähetämme sinulle varaajana.",
      ].join("\n"),
    );
  }
  paragraphs.push(
    prices.join("\n"),
    payment,
    `Kalenterimerkintä on liitteenä (varaus-${order.orderNumber}.ics): avaamalla sen saat käynnin kalenteriisi.`,
    ["Mitä tapahtuu seuraavaksi:", next.helper, next.contact, next.cancellation, next.howToCancel].join("\n"),
  );
  if (customer.guestOnAccount) {
    paragraphs.push(
      "Varaus tehtiin kirjautumatta tällä sähköpostiosoitteella, jolla on jo Arkikaveri-tili. Jos varaus on sinun, kirjaudu sisään ja vahvista se omalla sivullasi kohdassa Tilaukset: sen jälkeen näet sen siellä. Jos et tehnyt varausta, ota yhteyttä asiakaspalveluun.",
    );
  }

  const help = `Kysyttävää varauksesta? Vastaamme mielellämme: ${contact.email}, puh. ${contact.phone}. Kerro viestissäsi tilausnumero ${order.orderNumber}.`;

  const manage = { contact, heading: "Kiitos varauksestasi!", paragraphs, button: { label: manageLinkTexts.linkLabel, url: manageUrl } };
  if (setPasswordUrl) {
    // Separately from managing this visit: the offer of an account (DESIGN.md decision 8).
    return {
      ...manage,
      afterButton: [manageLinkTexts.linkHelp, help],
      links: [
        {
          text: `Halutessasi voit myös viimeistellä profiilisi valitsemalla itsellesi salasanan. Sen jälkeen voit kirjautua sisään, nähdä kaikki varauksesi ja varata helpommin seuraavalla kerralla. ${linkValidity("set_password")}`,
          label: "Viimeistele profiilisi",
          url: setPasswordUrl,
        },
      ],
    };
  }
  return {
    ...manage,
    afterButton: [manageLinkTexts.linkHelp, help],
    links: [{ text: "Varaus on myös omalla sivullasi kohdassa Tilaukset.", label: "Kirjaudu ja katso varauksesi", url: signInUrl }],
  };
}

/**
 * The calendar's own reminders of a visit (issue 28 item 4): a day and two hours before, what a
 * phone or a desktop calendar shows then.
 */
export function visitCalendarAlarms(serviceName: string): Array<{ minutesBefore: number; description: string }> {
  return [
    { minutesBefore: 24 * 60, description: `Huomenna: Arkikaveri, ${serviceName}` },
    { minutesBefore: 2 * 60, description: `Kahden tunnin päästä: Arkikaveri, ${serviceName}` },
  ];
}

/** The calendar event's title, place and description. */
export function bookingIcsTexts(booking: BookingDocument): { summary: string; location: string; description: string } {
  const { order } = booking;
  const recipientName = [order.recipientFirstName, order.recipientLastName].filter(Boolean).join(" ");
  const description = [
    `Tilaus ${order.orderNumber}: ${booking.serviceName}, ${formatHours(order.durationHours)}.`,
    booking.caregiverName ? `Kaveri: ${booking.caregiverName}.` : `${ANY_CAREGIVER_TEXT}.`,
    ...(order.bookingFor === "other" ? [`Palvelun saaja: ${recipientName}${order.recipientPhone ? `, puh. ${order.recipientPhone}` : ""}.`] : []),
  ].join("\n");
  return { summary: `Arkikaveri: ${booking.serviceName}`, location: `${order.address}, ${order.postalCode} ${order.city}`, description };
}
