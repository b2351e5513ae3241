import type { Executor } from "../db.server";
import { buildBookingIcs } from "../domain/ics";
import { formatDate, formatEuros, formatHours, formatTimeRange, formatWeekdayDate } from "../domain/format";
import { formatVatRate, INVOICE_PAYMENT_TERM_DAYS } from "../domain/invoice";
import { afterHouseholdDeductionCents } from "../domain/pricing";
import { formatReferenceNumber } from "../domain/reference-number";
import { env } from "../env.server";
import { getBookingDocument, type BookingDocument } from "../models/booking-documents.server";
import { getContactInfo } from "../models/settings.server";
import { nextSteps } from "../messages/next-steps";
import { createSetPasswordLink } from "./auth.server";
import { renderEmail, sendEmail, type EmailAttachment } from "./email.server";
import { invoiceFileName, renderInvoicePdfFor } from "./invoices.server";
import { notifyAssignedCaregiver } from "./order-assignment.server";

// The booking confirmation e-mail (spec 000 §2 thank-you and success pages; DESIGN.md decisions
// 8, 11, 12, 14). It goes to the customer who booked and pays, also when the service is for
// someone else; it carries the summary, a calendar file, the invoice PDF for invoice orders,
// and for a profile without a password (a guest booking) a single-use link to finish the
// profile by choosing one. Queued in the caller's transaction: it exists exactly when the
// order (or the payment that confirms it) is committed.

/** A guest may take their time to finish the profile; the link still works only once. */
export const SET_PASSWORD_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export const ANY_CAREGIVER_TEXT = "Kaveri valitaan puolestasi";

const METHOD_LABELS: Record<string, string> = {
  card: "kortti",
  mobilepay: "MobilePay",
  klarna: "Klarna",
};

/**
 * Inside the order transaction (invoice orders) or the payment-event transaction (online
 * orders): queues the confirmation e-mail to the customer, and tells the helper the customer
 * chose (notifyAssignedCaregiver). An invoice order must have its invoice already
 * (createInvoiceForOrder), since the PDF is attached.
 */
export async function enqueueBookingConfirmation(trx: Executor, orderId: string): Promise<void> {
  const booking = await getBookingDocument(trx, orderId);
  if (!booking) throw new Error(`enqueueBookingConfirmation: order ${orderId} does not exist`);
  if (booking.order.paymentMethod === "invoice" && !booking.invoice) {
    throw new Error(`enqueueBookingConfirmation: invoice order ${booking.order.orderNumber} has no invoice yet`);
  }

  const attachments: EmailAttachment[] = [
    {
      filename: `varaus-${booking.order.orderNumber}.ics`,
      contentType: "text/calendar; charset=utf-8; method=PUBLISH",
      content: Buffer.from(bookingIcs(booking), "utf8").toString("base64"),
    },
  ];
  if (booking.invoice) {
    const pdf = await renderInvoicePdfFor(trx, booking);
    attachments.push({
      filename: invoiceFileName(booking.invoice.invoiceNumber),
      contentType: "application/pdf",
      content: pdf.toString("base64"),
    });
  }

  const setPasswordUrl = booking.customer.hasPassword
    ? null
    : await createSetPasswordLink(trx, booking.customer.profileId, SET_PASSWORD_LINK_TTL_MS);
  const contact = await getContactInfo(trx);

  await sendEmail(trx, {
    to: booking.customer.email,
    subject: `Varausvahvistus ${booking.order.orderNumber} – Arkikaveri`,
    attachments,
    ...renderEmail(confirmationContent(booking, { setPasswordUrl, contact })),
  });
  // The order is now committed (paid, or an invoice order placed or confirmed): this is when a
  // helper the customer chose hears of it, once (staff assignments before it wait for it too).
  if (booking.caregiverName !== null) await notifyAssignedCaregiver(trx, orderId);
}

function confirmationContent(
  booking: BookingDocument,
  { setPasswordUrl, contact }: { setPasswordUrl: string | null; contact: { email: string; phone: string } },
) {
  const { order, customer } = booking;
  const isInvoice = order.paymentMethod === "invoice";
  const recipientName = [order.recipientFirstName, order.recipientLastName].filter(Boolean).join(" ");
  const next = nextSteps(
    { startsAt: order.startsAt, caregiverName: booking.caregiverName, bookingFor: order.bookingFor, recipientName: recipientName || null, orderNumber: order.orderNumber },
    contact,
    new Date(),
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
    : `Maksutapa: verkkomaksu${booking.payment?.method && METHOD_LABELS[booking.payment.method] ? ` (${METHOD_LABELS[booking.payment.method]})` : ""}${booking.payment?.status === "captured" ? ", maksettu" : ""}.`;

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

  if (setPasswordUrl) {
    paragraphs.push(
      "Viimeistele profiilisi valitsemalla itsellesi salasana. Sen jälkeen voit kirjautua sisään, nähdä varauksesi ja varata helpommin seuraavalla kerralla.",
    );
    return {
      heading: "Kiitos varauksestasi!",
      paragraphs,
      button: { label: "Viimeistele profiilisi", url: setPasswordUrl },
      afterButton: ["Linkki on voimassa 14 päivää, ja sen voi käyttää kerran.", help],
    };
  }
  return {
    heading: "Kiitos varauksestasi!",
    paragraphs,
    button: { label: "Kirjaudu ja katso varauksesi", url: new URL("/auth", env().APP_URL).toString() },
    afterButton: [help],
  };
}

/** The booking's calendar file: attached to the confirmation and downloadable from the order page. */
export function bookingIcs(booking: BookingDocument): string {
  const { order } = booking;
  const recipientName = [order.recipientFirstName, order.recipientLastName].filter(Boolean).join(" ");
  const description = [
    `Tilaus ${order.orderNumber}: ${booking.serviceName}, ${formatHours(order.durationHours)}.`,
    booking.caregiverName ? `Kaveri: ${booking.caregiverName}.` : `${ANY_CAREGIVER_TEXT}.`,
    ...(order.bookingFor === "other" ? [`Palvelun saaja: ${recipientName}${order.recipientPhone ? `, puh. ${order.recipientPhone}` : ""}.`] : []),
  ].join("\n");
  return buildBookingIcs({
    uid: `${order.id}@${new URL(env().APP_URL).hostname}`,
    createdAt: new Date(),
    startsAt: order.startsAt,
    endsAt: order.endsAt,
    summary: `Arkikaveri: ${booking.serviceName}`,
    location: `${order.address}, ${order.postalCode} ${order.city}`,
    description,
    // A file taken after cancelling withdraws the event from a calendar that has it.
    status: order.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
  });
}
