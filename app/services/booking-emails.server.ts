import type { Executor } from "../db.server";
import { buildBookingIcs } from "../domain/ics";
import { env } from "../env.server";
import { getBookingDocument, type BookingDocument } from "../models/booking-documents.server";
import { getContactInfo } from "../models/settings.server";
import { bookingConfirmationEmailContent, bookingIcsTexts } from "../messages/booking-emails";
import { createSetPasswordLink } from "./auth.server";
import { renderEmail, sendEmail, type EmailAttachment } from "./email.server";
import { invoiceFileName } from "./invoices.server";
import { notifyAssignedCaregiver } from "./order-assignment.server";

// The booking confirmation e-mail (spec 000 §2 thank-you and success pages; DESIGN.md decisions
// 8, 11, 12, 14). It goes to the customer who booked and pays, also when the service is for
// someone else; it carries the summary, a calendar file, the invoice PDF for invoice orders,
// and for a profile without a password (a guest booking) a single-use link to finish the
// profile by choosing one. Queued in the caller's transaction: it exists exactly when the
// order (or the payment that confirms it) is committed.

/** A guest may take their time to finish the profile; the link still works only once. */
export const SET_PASSWORD_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;

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
    // Drawn by the job that delivers the e-mail (app/services/email-attachments.server.ts): the
    // customer's submit does not wait for the PDF, nor hold the transaction open while it is drawn.
    attachments.push({
      filename: invoiceFileName(booking.invoice.invoiceNumber),
      contentType: "application/pdf",
      content: "",
      deferred: { kind: "invoice_pdf", orderId },
    });
  }

  const setPasswordUrl = booking.customer.hasPassword
    ? null
    : await createSetPasswordLink(trx, booking.customer.profileId, SET_PASSWORD_LINK_TTL_MS);
  const contact = await getContactInfo(trx);

  const signInUrl = new URL("/auth", env().APP_URL).toString();
  const { subject, content } = bookingConfirmationEmailContent(booking, { setPasswordUrl, signInUrl, contact, now: new Date() });
  await sendEmail(trx, { to: booking.customer.email, subject, attachments, ...renderEmail(content) });
  // The order is now committed (paid, or an invoice order placed or confirmed): this is when a
  // helper the customer chose hears of it, once (staff assignments before it wait for it too).
  if (booking.caregiverName !== null) await notifyAssignedCaregiver(trx, orderId, booking);
}

/** The booking's calendar file: attached to the confirmation and downloadable from the order page. */
export function bookingIcs(booking: BookingDocument): string {
  const { order } = booking;
  return buildBookingIcs({
    uid: `${order.id}@${new URL(env().APP_URL).hostname}`,
    createdAt: new Date(),
    startsAt: order.startsAt,
    endsAt: order.endsAt,
    ...bookingIcsTexts(booking),
    // A file taken after cancelling withdraws the event from a calendar that has it.
    status: order.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
  });
}
