import type { Executor } from "../db.server";
import { LINK_LIFETIME_MS } from "../domain/auth-links";
import { buildBookingIcs } from "../domain/ics";
import { CUSTOMER_ORDERS_PATH, orderPath } from "../domain/portal-paths";
import { env } from "../env.server";
import { getBookingDocument, type BookingDocument } from "../models/booking-documents.server";
import { findReceipt } from "../models/receipts.server";
import { findSeriesBillingOfOrder } from "../models/series-invoices.server";
import { getContactInfo } from "../models/settings.server";
import { bookingConfirmationEmailContent, bookingIcsTexts, visitCalendarAlarms } from "../messages/booking-emails";
import { createSetPasswordLink } from "./auth.server";
import { icsAttachment, renderEmail, sendEmail, type EmailAttachment } from "./email.server";
import { invoiceAttachment } from "./invoices.server";
import { receiptFileName } from "./receipts.server";
import { issueManageLink } from "./manage-links.server";
import { notifyAssignedCaregiver } from "./order-assignment.server";
import { now as clockNow } from "./clock.server";
import { scheduleVisitReminders } from "./visit-reminders.server";

// The booking confirmation e-mail (spec 000 §2 thank-you and success pages; DESIGN.md decisions
// 8, 11, 12, 14). It goes to the customer who booked and pays, also when the service is for
// someone else; it carries the summary, a calendar file, the invoice PDF for invoice orders or the
// receipt PDF for paid online ones, and for a profile without a password (a guest booking) a
// single-use link to finish the profile by choosing one. Queued in the caller's transaction: it exists exactly when the
// order (or the payment that confirms it) is committed.

/** A guest may take their time to finish the profile; the link still works only once. */
export const SET_PASSWORD_LINK_TTL_MS = LINK_LIFETIME_MS.set_password;

/**
 * Inside the order transaction (invoice orders) or the payment-event transaction (online
 * orders): queues the confirmation e-mail to the customer, and tells the helper the customer
 * chose (notifyAssignedCaregiver), and queues the visit's reminders. An invoice order must have its invoice already
 * (createInvoiceForOrder), since the PDF is attached.
 */
export async function enqueueBookingConfirmation(trx: Executor, orderId: string): Promise<void> {
  const booking = await getBookingDocument(trx, orderId);
  if (!booking) throw new Error(`enqueueBookingConfirmation: order ${orderId} does not exist`);
  // A series visit paid by invoice has none of its own: its month's invoice is e-mailed apart (decision 0039).
  if (booking.order.paymentMethod === "invoice" && !booking.invoice && !(await findSeriesBillingOfOrder(trx, orderId))) {
    throw new Error(`enqueueBookingConfirmation: invoice order ${booking.order.orderNumber} has no invoice yet`);
  }

  const attachments: EmailAttachment[] = [icsAttachment(`varaus-${booking.order.orderNumber}.ics`, bookingIcs(booking))];
  // An online payment's receipt (issue 28 item 5), drawn by the delivery job like the invoice.
  const receipt = booking.order.paymentMethod === "online" ? await findReceipt(trx, { orderId }) : null;
  if (receipt) {
    attachments.push({ filename: receiptFileName(receipt.receiptNumber), contentType: "application/pdf", content: "", deferred: { kind: "receipt_pdf", receiptNumber: receipt.receiptNumber } });
  }
  if (booking.invoice) {
    // Drawn by the job that delivers the e-mail (app/services/email-attachments.server.ts): the
    // customer's submit does not wait for the PDF, nor hold the transaction open while it is drawn.
    attachments.push(invoiceAttachment(booking.invoice.invoiceNumber, orderId));
  }

  const setPasswordUrl = booking.customer.hasPassword
    ? null
    : await createSetPasswordLink(trx, booking.customer.profileId, SET_PASSWORD_LINK_TTL_MS);
  const contact = await getContactInfo(trx);

  const manageUrl = await issueManageLink(trx, orderId);
  // Sign-in goes on to the order itself; a guest order on an account waits to be claimed on the orders page.
  const signInUrl = new URL(`/auth?${new URLSearchParams({ redirectTo: booking.customer.guestOnAccount ? CUSTOMER_ORDERS_PATH : orderPath(booking.order.orderNumber) })}`, env().APP_URL).toString();
  const { subject, content } = bookingConfirmationEmailContent(booking, {
    manageUrl,
    setPasswordUrl,
    signInUrl,
    contact,
    now: clockNow(),
    receiptNumber: receipt?.receiptNumber ?? null,
  });
  await sendEmail(trx, { to: booking.customer.email, subject, attachments, ...renderEmail(content) });
  // The order is now committed (paid, or an invoice order placed or confirmed): this is when a
  // helper the customer chose hears of it, once (staff assignments before it wait for it too).
  if (booking.caregiverName !== null) await notifyAssignedCaregiver(trx, orderId, booking);
  // The same moment queues the visit's reminders, a day before it (decision 0027).
  await scheduleVisitReminders(trx, orderId, { known: booking });
}

/**
 * The booking's calendar file: attached to the confirmation and the move e-mails and downloadable
 * from the order page while the visit is on, with alarms a day and two hours before. For a
 * cancelled order it is the METHOD:CANCEL file of the cancellation e-mail, which removes the event.
 */
export function bookingIcs(booking: BookingDocument): string {
  const { order } = booking;
  const cancelled = order.status === "cancelled";
  return buildBookingIcs({
    uid: `${order.id}@${new URL(env().APP_URL).hostname}`,
    createdAt: new Date(),
    startsAt: order.startsAt,
    endsAt: order.endsAt,
    ...bookingIcsTexts(booking),
    method: cancelled ? "CANCEL" : "PUBLISH",
    // The same UID moved to a new time: a calendar that has the event updates it (RFC 5545 §3.8.7.4).
    // The cancellation is one revision later still, so no calendar takes it for an old one.
    sequence: order.visitSequence + (cancelled ? 1 : 0),
    alarms: visitCalendarAlarms(booking.serviceName),
  });
}
