import type { DB, Executor } from "../db.server";
import type { EmailAttachment } from "../db/schema";
import { helsinkiWallTimeToInstant, type IsoDate } from "../domain/booking-window";
import { formatDate, formatEuros } from "../domain/format";
import { invoiceAmounts, invoiceDates } from "../domain/invoice";
import { openBalanceCents } from "../domain/invoice-payment";
import { CUSTOMER_ORDERS_PATH } from "../domain/portal-paths";
import { formatReferenceNumber, referenceNumberFor } from "../domain/reference-number";
import { dueInvoiceMonths, helsinkiMonthOf, invoiceMonthName, nextMonthStart, seriesInvoiceTotals } from "../domain/series-invoice";
import { virtualBarcode } from "../domain/virtual-barcode";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { invoicePaymentTexts } from "../messages/backoffice";
import { invoicePdfTexts } from "../messages/invoice-pdfs";
import { seriesInvoiceEmailContent, seriesInvoicePdfTexts, seriesInvoiceStateTexts as st } from "../messages/series-invoices";
import { getBookingDocument, nextInvoiceNumber, type BookingDocument } from "../models/booking-documents.server";
import {
  creditSeriesInvoiceLine,
  findSeriesBillingOfOrder,
  findSeriesInvoiceByNumber,
  insertSeriesInvoice,
  listSeriesWithVisitsToInvoice,
  listOpenSeriesInvoices,
  listSeriesInvoiceCreditNotes,
  listUninvoicedSeriesVisits,
  lockSeriesForInvoicing,
  markSeriesInvoicePaid,
} from "../models/series-invoices.server";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { insertCreditNote, type CreditNoteRow } from "../models/order-cancellation.server";
import { getCompanyInfo, getContactInfo } from "../models/settings.server";
import { now as clockNow } from "./clock.server";
import { renderEmail, sendEmail } from "./email.server";
import { bookingWhen, buyerOf, discountLabelOf, servicePlace } from "./invoices.server";
import { drawSeriesInvoicePdf } from "./series-invoice-pdf.server";

// The monthly invoice of a series paid by invoice (issue 27 item 4; docs/decisions/0039). The
// series booking inserts its visits without invoices of their own and calls
// issueDueSeriesInvoices, which invoices the visits of the current Helsinki month; the hourly job
// (issueMonthlySeriesInvoices) invoices each later month from its first day on. Either way the
// invoice is one row with a line per visit, numbered from the single invoices' sequence, and is
// e-mailed to the payer with its PDF drawn by the delivery job.

export interface IssuedSeriesInvoice {
  invoiceId: string;
  invoiceNumber: number;
  referenceNumber: string;
  month: string;
  amountCents: number;
  orderIds: string[];
}

/**
 * Inside the caller's transaction: issues the invoices due at `now` for the series' live visits
 * that are on no invoice yet, one invoice per Helsinki month up to `now`'s month (later months
 * wait for their first day), and queues each one's e-mail. The series row is locked first, so
 * concurrent callers take turns and the second finds nothing left; a series paid online gets none.
 */
export async function issueDueSeriesInvoices(trx: Executor, seriesId: string, now: Date = clockNow()): Promise<IssuedSeriesInvoice[]> {
  const series = await lockSeriesForInvoicing(trx, seriesId);
  if (!series || series.paymentMethod !== "invoice") return [];
  const issued: IssuedSeriesInvoice[] = [];
  for (const { month, visits } of dueInvoiceMonths(await listUninvoicedSeriesVisits(trx, seriesId), now)) {
    const invoiceNumber = await nextInvoiceNumber(trx);
    const referenceNumber = referenceNumberFor(invoiceNumber);
    const { issueDate, dueDate } = invoiceDates(now);
    const { totalCents } = seriesInvoiceTotals(visits);
    const invoiceId = await insertSeriesInvoice(
      trx,
      { seriesId, customerId: series.customerId, month, invoiceNumber, referenceNumber, issueDate, dueDate, amountCents: totalCents },
      visits,
    );
    const invoice = { invoiceId, invoiceNumber, referenceNumber, month, amountCents: totalCents, orderIds: visits.map((visit) => visit.orderId) };
    await emailSeriesInvoice(trx, invoice, dueDate);
    issued.push(invoice);
  }
  return issued;
}

/**
 * The hourly job: every series with visits due for invoicing (a month that has begun) gets its
 * invoices, each series in a transaction of its own so one failure does not hold back the rest.
 * Run twice at once it issues each invoice once (the series lock and the lines' unique visit).
 */
export async function issueMonthlySeriesInvoices(db: DB, now: Date = clockNow()): Promise<number> {
  const monthEnd = helsinkiWallTimeToInstant(nextMonthStart(helsinkiMonthOf(now)), 0);
  if (!monthEnd) throw new Error("issueMonthlySeriesInvoices: no start for the next month");
  let issued = 0;
  for (const seriesId of await listSeriesWithVisitsToInvoice(db, monthEnd)) {
    const invoices = await db.transaction().execute((trx) => issueDueSeriesInvoices(trx, seriesId, now));
    issued += invoices.length;
  }
  if (issued > 0) logger.info({ issued }, "monthly series invoices issued");
  return issued;
}

async function emailSeriesInvoice(trx: Executor, invoice: IssuedSeriesInvoice, dueDate: string): Promise<void> {
  const booking = await getBookingDocument(trx, invoice.orderIds[0]!);
  if (!booking) throw new Error(`emailSeriesInvoice: order ${invoice.orderIds[0]} does not exist`);
  const buyer = buyerOf(booking);
  const contact = await getContactInfo(trx);
  const { subject, content } = seriesInvoiceEmailContent({
    name: buyer.name,
    invoiceNumber: invoice.invoiceNumber,
    month: invoiceMonthName(invoice.month),
    visits: invoice.orderIds.length,
    total: formatEuros(invoice.amountCents),
    dueDate: formatDate(dueDate),
    reference: formatReferenceNumber(invoice.referenceNumber),
    ordersUrl: new URL(CUSTOMER_ORDERS_PATH, env().APP_URL).toString(),
    contact,
  });
  await sendEmail(trx, { to: buyer.email, subject, attachments: [seriesInvoiceAttachment(invoice.invoiceNumber)], ...renderEmail(content) });
}

/** The monthly invoice as an e-mail attachment, drawn by the delivery job (app/services/email-attachments.server.ts). */
export function seriesInvoiceAttachment(invoiceNumber: number): EmailAttachment {
  return { filename: invoicePdfTexts.fileName(invoiceNumber), contentType: "application/pdf", content: "", deferred: { kind: "series_invoice_pdf", invoiceNumber } };
}

/** The monthly invoice's PDF as issued: a row per visit with its own amounts, the credits noted under their rows. */
export async function renderSeriesInvoicePdf(executor: Executor, invoiceNumber: number, options: { compress?: boolean } = {}): Promise<Buffer | null> {
  const found = await findSeriesInvoiceByNumber(executor, invoiceNumber);
  if (!found) return null;
  const { invoice, lines } = found;
  const bookings = [];
  for (const line of lines) {
    const booking = await getBookingDocument(executor, line.orderId);
    if (!booking) throw new Error(`renderSeriesInvoicePdf: order ${line.orderId} does not exist`);
    bookings.push({ line, booking });
  }
  const [company, contact] = [await getCompanyInfo(executor), await getContactInfo(executor)];
  const seller = { ...company, ...contact };
  return drawSeriesInvoicePdf(
    {
      invoiceNumber: invoice.invoiceNumber,
      referenceNumber: invoice.referenceNumber,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      monthName: invoiceMonthName(invoice.month),
      seller,
      buyer: buyerOf(bookings[0]!.booking),
      lines: bookings.map(({ line, booking }) => ({
        name: booking.serviceName,
        details: [
          invoicePdfTexts.when(bookingWhen(booking.order)),
          invoicePdfTexts.place(servicePlace(booking.order)),
          invoicePdfTexts.caregiver(booking.caregiverName),
          seriesInvoicePdfTexts.order(booking.order.orderNumber),
          ...(line.creditedOn ? [seriesInvoicePdfTexts.credited(formatDate(line.creditedOn), formatEuros(line.creditedCents))] : []),
        ],
        discountLabel: discountLabelOf(booking),
        vatRateBp: line.vatRateBp,
        amounts: lineAmounts(booking.order, line),
      })),
      totals: seriesInvoiceTotals(lines),
      virtualBarcode: virtualBarcode({ iban: seller.iban, amountCents: invoice.amountCents, referenceNumber: invoice.referenceNumber, dueDate: invoice.dueDate }),
    },
    options,
  );
}

/**
 * Inside a cancellation's transaction: a visit of a series already on its monthly invoice has all
 * but the fee taken off its line and gets a numbered credit note for it, from the numbering of
 * single invoices' credit notes (decision 0044). Null when the visit is on no monthly invoice (a
 * visit of a month not yet invoiced simply never gets on one). A second call (a repeated cancel)
 * changes nothing and returns the first note.
 */
export async function creditCancelledSeriesVisit(trx: Executor, orderId: string, feeCents: number, now: Date): Promise<CreditNoteRow | null> {
  const credit = await creditSeriesInvoiceLine(trx, { orderId, feeCents, creditedOn: invoiceDates(now).issueDate });
  if (!credit) return null;
  return insertCreditNote(trx, { seriesInvoiceLineId: credit.lineId }, { amountCents: credit.creditedCents, issueDate: credit.creditedOn });
}

/**
 * A line's amounts for the PDF: the visit's own breakdown (with its discount) while it matches
 * what was invoiced; a visit whose price changed since keeps the invoiced amount, undiscounted.
 */
function lineAmounts(order: BookingDocument["order"], line: { amountCents: number; netAmountCents: number; vatAmountCents: number }) {
  if (order.totalPriceCents === line.amountCents && order.netAmountCents === line.netAmountCents) return invoiceAmounts(order);
  return invoiceAmounts({
    unitPriceCents: Math.round(line.amountCents / order.durationHours),
    durationHours: order.durationHours,
    originalPriceCents: line.amountCents,
    discountCents: 0,
    totalPriceCents: line.amountCents,
    netAmountCents: line.netAmountCents,
    vatAmountCents: line.vatAmountCents,
  });
}

/**
 * What a series visit's order page says of its payment and where its monthly invoice downloads
 * (`<order page>/kuukausilasku`, which checks the customer again); null for any other order.
 */
export async function seriesBillingView(executor: Executor, orderId: string, orderPagePath: string) {
  const billing = await findSeriesBillingOfOrder(executor, orderId);
  if (!billing) return null;
  const { invoice } = billing;
  if (!invoice) return { paymentState: st.notYet, invoiceHref: null, invoiceLinkText: null };
  const month = invoiceMonthName(invoice.month);
  const open = openBalanceCents({ amountCents: invoice.amountCents, creditedCents: invoice.creditedCents, paidCents: invoice.status === "paid" ? invoice.amountCents : 0 });
  const paymentState =
    invoice.status === "paid"
      ? st.paid(invoice.invoiceNumber, month)
      : open === 0
        ? st.closed(invoice.invoiceNumber, month)
        : st.open(invoice.invoiceNumber, month, formatEuros(open), formatDate(invoice.dueDate), formatReferenceNumber(invoice.referenceNumber));
  return { paymentState, invoiceHref: `${orderPagePath}/kuukausilasku`, invoiceLinkText: st.link(invoice.invoiceNumber) };
}

/** The monthly invoice a series visit is on, drawn; null when it is on none. */
export async function renderSeriesInvoiceOfOrder(executor: Executor, orderId: string): Promise<{ pdf: Buffer; invoiceNumber: number } | null> {
  const billing = await findSeriesBillingOfOrder(executor, orderId);
  if (!billing?.invoice) return null;
  const pdf = await renderSeriesInvoicePdf(executor, billing.invoice.invoiceNumber);
  return pdf ? { pdf, invoiceNumber: billing.invoice.invoiceNumber } : null;
}

/**
 * An admin marks a monthly invoice paid in full on `paidOn` (the customer's bank transfer), with
 * its audit line in the same transaction; a second press finds it paid and changes nothing.
 */
export async function markSeriesInvoicePaidByStaff(db: DB, actor: AuditActor, input: { invoiceId: string; paidOn: IsoDate }) {
  return db.transaction().execute(async (trx) => {
    const paid = await markSeriesInvoicePaid(trx, input.invoiceId, helsinkiWallTimeToInstant(input.paidOn, 12) ?? new Date());
    if (!paid) return null;
    await writeAudit(trx, actor, {
      action: "invoice.paid",
      entityType: "order_series",
      entityId: paid.seriesId,
      before: { invoice: "open" },
      after: { invoice: "paid", invoiceNumber: paid.invoiceNumber, amountCents: paid.amountCents, paidOn: input.paidOn },
    });
    return paid;
  });
}

/** The open monthly invoices as the back office's payments page shows them, with their lines' credit notes. */
export async function openSeriesInvoicesView(executor: Executor, today: IsoDate) {
  const rows = await listOpenSeriesInvoices(executor);
  const notes = await listSeriesInvoiceCreditNotes(executor, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    month: invoiceMonthName(row.month),
    customerName: row.customerName,
    visits: row.visits,
    amount: formatEuros(row.amountCents),
    balance: formatEuros(openBalanceCents({ amountCents: row.amountCents, creditedCents: row.creditedCents, paidCents: 0 })),
    dueDate: formatDate(row.dueDate),
    overdue: row.dueDate < today,
    reminderSent: row.reminderSentAt ? invoicePaymentTexts.reminderSent(formatDate(row.reminderSentAt)) : null,
    // Downloaded where staff download any order's credit note (the order's own /hyvityslasku).
    creditNotes: notes
      .filter((note) => note.seriesInvoiceId === row.id)
      .map((note) => ({ creditNoteNumber: note.creditNoteNumber, orderNumber: note.orderNumber, pdfHref: `/hyvityslasku/${encodeURIComponent(note.orderNumber)}` })),
  }));
}

/** How a move sees a series visit's billing (decision 0039): on its month's invoice yet or not; null for other orders. */
export async function monthlyInvoiceOf(executor: Executor, orderId: string): Promise<{ onInvoice: boolean } | null> {
  const billing = await findSeriesBillingOfOrder(executor, orderId);
  return billing ? { onInvoice: billing.invoice !== null } : null;
}
