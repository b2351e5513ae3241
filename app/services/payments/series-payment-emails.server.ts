import type { Executor } from "../../db.server";
import { formatDateTime, formatEuros, formatTimeRange, formatWeekdayDate } from "../../domain/format";
import type { BookingDocument } from "../../domain/booking-document";
import { seriesPaymentDeadline } from "../../domain/series-payment";
import { getBookingDocument } from "../../models/booking-documents.server";
import { findReceipt } from "../../models/receipts.server";
import { seriesChargeFailedEmail, seriesChargeFailedSummary, seriesVisitPaidEmail } from "../../messages/series-payments";
import { renderEmail, sendEmail } from "../email.server";
import { receiptFileName } from "../receipts.server";
import { tellStaff } from "../staff-notices.server";
import { payLinkUrl } from "./pay-link.server";

// What the payer and staff hear about a later visit of a series paid online (docs/decisions/0040),
// queued in the caller's transaction: the receipt when the saved card (or a payment link) paid it,
// and the payment link with a staff notice when the card was declined.

async function documentOf(trx: Executor, orderId: string): Promise<BookingDocument> {
  const booking = await getBookingDocument(trx, orderId);
  if (!booking) throw new Error(`series payment e-mail: order ${orderId} does not exist`);
  return booking;
}

function visitLine(booking: BookingDocument) {
  const { order } = booking;
  return {
    orderNumber: order.orderNumber,
    serviceName: booking.serviceName,
    when: `${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}`,
    amount: formatEuros(order.totalPriceCents),
  };
}

/** The visit is paid: the payer gets its receipt (the booking itself was confirmed with the series). */
export async function sendSeriesVisitPaid(trx: Executor, orderId: string, paymentId: string): Promise<void> {
  const booking = await documentOf(trx, orderId);
  const receipt = await findReceipt(trx, { paymentId });
  const { subject, content } = seriesVisitPaidEmail(visitLine(booking));
  await sendEmail(trx, {
    to: booking.customer.email,
    subject,
    // Drawn by the delivery job, like the booking confirmation's receipt.
    attachments: receipt
      ? [{ filename: receiptFileName(receipt.receiptNumber), contentType: "application/pdf", content: "", deferred: { kind: "receipt_pdf", receiptNumber: receipt.receiptNumber } }]
      : [],
    ...renderEmail(content),
  });
}

/** The saved card was declined: the payer gets a payment link, staff a notice on "Vaatii huomiota". */
export async function sendSeriesChargeFailed(trx: Executor, orderId: string, reason: string): Promise<void> {
  const booking = await documentOf(trx, orderId);
  const line = visitLine(booking);
  const deadline = formatDateTime(seriesPaymentDeadline(booking.order.startsAt));
  const { subject, content } = seriesChargeFailedEmail({ ...line, deadline }, payLinkUrl(line.orderNumber, orderId));
  await sendEmail(trx, { to: booking.customer.email, subject, ...renderEmail(content) });
  await tellStaff(trx, {
    kind: "series_charge_failed",
    orderId,
    contactRequestId: null,
    orderNumber: line.orderNumber,
    summary: seriesChargeFailedSummary({ orderNumber: line.orderNumber, customerName: booking.customer.fullName, when: line.when, reason: reason.slice(0, 80) }),
  });
}
