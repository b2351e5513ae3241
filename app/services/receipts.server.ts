import type { Executor } from "../db.server";
import { helsinkiDateString } from "../domain/format";
import { invoiceAmounts } from "../domain/invoice";
import { invoicePdfTexts, receiptPdfTexts } from "../messages/invoice-pdfs";
import { getBookingDocument } from "../models/booking-documents.server";
import { ensureReceiptOfPayment, findReceipt, type ReceiptRow } from "../models/receipts.server";
import { getCompanyInfo, getContactInfo } from "../models/settings.server";
import { bookingWhen, buyerOf, discountLabelOf, servicePlace } from "./invoices.server";
import { drawReceiptPdf } from "./receipt-pdf.server";

// Receipts ("Kuitti") of captured online payments (issue 28 item 5, DESIGN.md decision 27): the
// row is written where the payment is marked captured (app/services/payments/events.server.ts,
// and the demo seed through the same function), in that transaction; the PDF is drawn from the row
// whenever it is needed (attached to the payment confirmation by the job that delivers it,
// downloaded from the portal), so the two never disagree. A later refund leaves the receipt as it
// is: the order page shows the refund beside it.

/** Inside the transaction that marks the payment captured: its receipt, once however often it is called. */
export async function issueReceipt(trx: Executor, paymentId: string, paidAt: Date): Promise<ReceiptRow> {
  return ensureReceiptOfPayment(trx, { paymentId, paidAt });
}

/** The receipt PDF by its number, or the newest of an order; null when there is none. */
export async function renderReceiptPdf(
  executor: Executor,
  by: { receiptNumber: number } | { orderId: string },
  options: { compress?: boolean } = {},
): Promise<{ pdf: Buffer; receiptNumber: number } | null> {
  const receipt = await findReceipt(executor, by);
  if (!receipt) return null;
  const booking = await getBookingDocument(executor, receipt.orderId);
  if (!booking) return null;
  const [company, contact] = await Promise.all([getCompanyInfo(executor), getContactInfo(executor)]);
  // What was paid for as it was when it was paid (a later change of time does not rewrite it).
  const paidFor = { ...booking.order, startsAt: receipt.startsAt, endsAt: receipt.endsAt };
  const pdf = await drawReceiptPdf(
    {
      receiptNumber: receipt.receiptNumber,
      paymentDate: helsinkiDateString(receipt.paidAt),
      method: receipt.method,
      orderNumber: booking.order.orderNumber,
      seller: { ...company, ...contact },
      buyer: buyerOf(booking),
      service: {
        name: booking.serviceName,
        details: [
          invoicePdfTexts.when(bookingWhen(paidFor)),
          invoicePdfTexts.place(servicePlace(booking.order)),
          invoicePdfTexts.caregiver(booking.caregiverName),
        ],
      },
      discountLabel: discountLabelOf(booking),
      vatRateBp: receipt.vatRateBp,
      amounts: invoiceAmounts(receipt),
    },
    options,
  );
  return { pdf, receiptNumber: receipt.receiptNumber };
}

/** The file name the receipt is attached and downloaded under. */
export function receiptFileName(receiptNumber: number): string {
  return receiptPdfTexts.fileName(receiptNumber);
}
