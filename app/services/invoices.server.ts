import type { Executor } from "../db.server";
import type { EmailAttachment } from "../db/schema";
import { formatDate, formatTime, formatTimeRange, formatWeekdayDate, helsinkiDateString } from "../domain/format";
import { invoiceAmounts, invoiceDates } from "../domain/invoice";
import { referenceNumberFor } from "../domain/reference-number";
import { virtualBarcode } from "../domain/virtual-barcode";
import {
  findInvoiceByOrderId,
  getBookingDocument,
  insertInvoice,
  nextInvoiceNumber,
  orderTotalCents,
  type BookingDocument,
} from "../models/booking-documents.server";
import { creditNotePdfTexts, invoicePdfTexts } from "../messages/invoice-pdfs";
import { findCreditNoteOfOrder } from "../models/order-cancellation.server";
import { findSeriesInvoiceOfOrder } from "../models/series-invoices.server";
import { getCompanyInfo, getContactInfo } from "../models/settings.server";
import { drawCreditNotePdf } from "./credit-note-pdf.server";
import { drawInvoicePdf, type InvoicePdfData } from "./invoice-pdf.server";
import { now as clockNow } from "./clock.server";

// Invoices of invoice orders (DESIGN.md decision 11): the row is created inside the booking
// transaction, the PDF is drawn from the row and the order whenever it is needed (attached to
// the confirmation e-mail, downloaded later), so the two never disagree.

export interface CreatedInvoice {
  invoiceId: string;
  invoiceNumber: number;
  referenceNumber: string;
  dueDate: string;
}

/**
 * Inside the order transaction: creates the order's invoice. The invoice number comes from the
 * invoice sequence, the reference number is that number with its 7-3-1 check digit, the issue
 * date is today in Helsinki and the due date 14 days later; the amount is the order's total.
 * Calling it again for the same order returns the existing invoice.
 */
export async function createInvoiceForOrder(trx: Executor, orderId: string, now: Date = clockNow()): Promise<CreatedInvoice> {
  const existing = await findInvoiceByOrderId(trx, orderId);
  if (existing) return toCreated(existing);

  const amountCents = await orderTotalCents(trx, orderId);
  if (amountCents === null) throw new Error(`createInvoiceForOrder: order ${orderId} does not exist`);
  return issueInvoice(trx, orderId, amountCents, now);
}

/**
 * Inside the caller's transaction: a new invoice of `amountCents` for the order, which must have
 * no current invoice (a rescheduling detaches the one it replaces first).
 */
export async function issueInvoice(trx: Executor, orderId: string, amountCents: number, now: Date): Promise<CreatedInvoice> {
  const invoiceNumber = await nextInvoiceNumber(trx);
  const { issueDate, dueDate } = invoiceDates(now);
  const invoice = await insertInvoice(trx, {
    orderId,
    invoiceNumber,
    referenceNumber: referenceNumberFor(invoiceNumber),
    issueDate,
    dueDate,
    amountCents,
  });
  return toCreated(invoice);
}

function toCreated(invoice: { id: string; invoiceNumber: number; referenceNumber: string; dueDate: string }): CreatedInvoice {
  return {
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    referenceNumber: invoice.referenceNumber,
    dueDate: invoice.dueDate,
  };
}

/**
 * The invoice PDF of an order (which must have an invoice): downloaded, and attached to the
 * booking confirmation by the job that delivers it.
 */
export async function renderInvoicePdf(executor: Executor, orderId: string, options: { compress?: boolean } = {}): Promise<Buffer> {
  const booking = await getBookingDocument(executor, orderId);
  if (!booking) throw new Error(`renderInvoicePdf: order ${orderId} does not exist`);
  if (!booking.invoice) throw new Error(`renderInvoicePdf: order ${booking.order.id} has no invoice`);
  const company = await getCompanyInfo(executor);
  const contact = await getContactInfo(executor);
  return drawInvoicePdf(invoicePdfData(booking, { ...company, ...contact }), options);
}

/**
 * The credit note PDF of an invoice order that was cancelled (its own number, referencing the
 * invoice), or of a series visit whose line on a monthly invoice was credited (decision 0044,
 * referencing that invoice, at the line's VAT rate); null when the order has no credit note.
 */
export async function renderCreditNotePdf(
  executor: Executor,
  orderId: string,
  options: { compress?: boolean } = {},
): Promise<{ pdf: Buffer; creditNoteNumber: number } | null> {
  const [booking, note] = await Promise.all([getBookingDocument(executor, orderId), findCreditNoteOfOrder(executor, { orderId })]);
  if (!booking || !note) return null;
  const invoice = note.monthlyLine ? await findSeriesInvoiceOfOrder(executor, orderId) : booking.invoice;
  if (!invoice) return null;
  const [company, contact] = await Promise.all([getCompanyInfo(executor), getContactInfo(executor)]);
  const { order } = booking;
  const pdf = await drawCreditNotePdf(
    {
      creditNoteNumber: note.creditNoteNumber,
      issueDate: note.issueDate,
      invoice: { invoiceNumber: invoice.invoiceNumber, issueDate: invoice.issueDate, referenceNumber: invoice.referenceNumber, amountCents: invoice.amountCents },
      orderNumber: order.orderNumber,
      seller: { ...company, ...contact },
      buyer: buyerOf(booking),
      service: { name: booking.serviceName, when: bookingWhen(order) },
      vatRateBp: note.monthlyLine?.vatRateBp ?? order.vatRateBp,
      creditedCents: note.amountCents,
      monthlyLine: note.monthlyLine,
    },
    options,
  );
  return { pdf, creditNoteNumber: note.creditNoteNumber };
}

export function creditNoteFileName(creditNoteNumber: number): string {
  return creditNotePdfTexts.fileName(creditNoteNumber);
}

/** The credit note as an e-mail attachment the delivery job draws (app/services/email-attachments.server.ts). */
export function creditNoteAttachment(orderId: string, creditNoteNumber: number): EmailAttachment {
  return { filename: creditNoteFileName(creditNoteNumber), contentType: "application/pdf", content: "", deferred: { kind: "credit_note_pdf", orderId } };
}

/** The order's invoice as an e-mail attachment the delivery job draws from the rows as they are then. */
export function invoiceAttachment(invoiceNumber: number, orderId: string): EmailAttachment {
  return { filename: invoiceFileName(invoiceNumber), contentType: "application/pdf", content: "", deferred: { kind: "invoice_pdf", orderId } };
}

/** The file name the invoice is attached and downloaded under. */
export function invoiceFileName(invoiceNumber: number): string {
  return invoicePdfTexts.fileName(invoiceNumber);
}

function invoicePdfData(booking: BookingDocument, seller: InvoicePdfData["seller"]): InvoicePdfData {
  const { order } = booking;
  const invoice = booking.invoice!;
  const forOther = order.bookingFor === "other";
  const recipientName = [order.recipientFirstName, order.recipientLastName].filter(Boolean).join(" ");
  return {
    invoiceNumber: invoice.invoiceNumber,
    referenceNumber: invoice.referenceNumber,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    orderNumber: order.orderNumber,
    seller,
    buyer: buyerOf(booking),
    recipient: forOther
      ? { name: recipientName, phone: order.recipientPhone, addressLines: [order.address, `${order.postalCode} ${order.city}`] }
      : null,
    service: {
      name: booking.serviceName,
      when: bookingWhen(order),
      place: servicePlace(order),
      caregiver: invoicePdfTexts.caregiver(booking.caregiverName),
    },
    discountLabel: discountLabelOf(booking),
    vatRateBp: order.vatRateBp,
    amounts: invoiceAmounts(order),
    virtualBarcode: virtualBarcode({
      iban: seller.iban,
      amountCents: invoice.amountCents,
      referenceNumber: invoice.referenceNumber,
      dueDate: invoice.dueDate,
    }),
  };
}

/** The payer on a money document: the customer's own address, or the visit's when booked for oneself. */
export function buyerOf({ order, customer }: BookingDocument): { name: string; addressLines: string[]; email: string } {
  const addressLines =
    customer.address && customer.postalCode && customer.city
      ? [customer.address, `${customer.postalCode} ${customer.city}`]
      : // Booking for oneself, the service address is the customer's own.
        order.bookingFor !== "other"
        ? [order.address, `${order.postalCode} ${order.city}`]
        : [];
  return { name: customer.fullName || customer.email, addressLines, email: customer.email };
}

/** Where the work was done: 'Kotikatu 1, 00100 Helsinki'. */
export function servicePlace(order: { address: string; postalCode: string; city: string }): string {
  return `${order.address}, ${order.postalCode} ${order.city}`;
}

/** The discount line's label, with the code when the order had one. */
export function discountLabelOf(booking: BookingDocument): string {
  return booking.discountCode ? invoicePdfTexts.discountWithCode(booking.discountCode) : invoicePdfTexts.discount;
}

/**
 * 'lauantai 21.11.2026 klo 14.00–16.00'; a visit that ends on the next day says so:
 * 'lauantai 21.11.2026 klo 23.00 – 22.11.2026 klo 01.00'.
 */
export function bookingWhen(order: { startsAt: Date; endsAt: Date }): string {
  const sameDay = helsinkiDateString(order.startsAt) === helsinkiDateString(order.endsAt);
  const weekdayDate = formatWeekdayDate(order.startsAt);
  if (sameDay) return `${weekdayDate} ${formatTimeRange(order.startsAt, order.endsAt)}`;
  return `${weekdayDate} ${formatTime(order.startsAt)} – ${formatDate(order.endsAt)} ${formatTime(order.endsAt)}`;
}
