import type { DB, Executor } from "../db.server";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { helsinkiToday, helsinkiWallTimeToInstant, type IsoDate } from "../domain/booking-window";
import { invoicePaymentProblem, invoicePaymentState, isInvoiceOpen, openBalanceCents, payableCents } from "../domain/invoice-payment";
import { formatDate, formatEuros } from "../domain/format";
import { formatReferenceNumber } from "../domain/reference-number";
import { invoiceMonthName } from "../domain/series-invoice";
import { invoiceReminderEmailContent, type InvoiceReminderFacts } from "../messages/invoice-emails";
import { lockSeriesInvoiceToRemind, markSeriesInvoiceReminderSent } from "../models/series-invoices.server";
import {
  insertInvoicePayment,
  lockInvoiceToPay,
  lockInvoiceToRemind,
  markInvoicePaid,
  markPayoutsPaid,
  markReminderSent,
  type InvoiceToRemind,
} from "../models/backoffice-payments.server";
import { getCompanyInfo, getContactInfo } from "../models/settings.server";
import { renderEmail, sendEmail, type EmailAttachment } from "./email.server";
import { invoiceAttachment } from "./invoices.server";
import { seriesInvoiceAttachment } from "./series-invoices.server";
import { markInvoicePaymentCaptured } from "../models/payments.server";
import { now as clockNow } from "./clock.server";

// An admin records money that moved outside the app (DESIGN.md decisions 18 and 19): payouts paid
// to helpers by bank transfer, and invoices the customer paid (in full or in parts). Each change and its audit lines
// are one transaction; what was paid already is left alone, so a second press changes nothing.

export async function payPayouts(db: DB, actor: AuditActor, which: { ids: string[] } | { createdBefore: Date }): Promise<{ count: number; amountCents: number }> {
  return db.transaction().execute(async (trx) => {
    const paid = await markPayoutsPaid(trx, which);
    for (const payout of paid) {
      await writeAudit(trx, actor, {
        action: "payout.paid",
        entityType: "order",
        entityId: payout.orderId,
        before: { payout: "pending" },
        after: { payout: "paid", amountCents: payout.amountCents },
      });
    }
    return { count: paid.length, amountCents: paid.reduce((total, payout) => total + payout.amountCents, 0) };
  });
}

export type InvoicePaymentOutcome =
  | { ok: true; invoiceNumber: number; fullyPaid: boolean; paidCents: number; amountCents: number }
  | { ok: false; reason: "not_found" | "not_open" | "not_positive" }
  | { ok: false; reason: "too_much"; remainingCents: number };

/**
 * Records a payment the customer made against an invoice, maybe a part of it. When the payments
 * reach the invoice's amount the invoice is paid (on the day of the last one) and its payment row
 * captured. The payment and its audit line are one transaction; the invoice is locked meanwhile,
 * so two admins recording at once never together pay more than the invoice.
 */
export async function recordInvoicePayment(
  db: DB,
  actor: AuditActor,
  input: { invoiceId: string; amountCents: number; paidOn: IsoDate },
): Promise<InvoicePaymentOutcome> {
  return db.transaction().execute(async (trx): Promise<InvoicePaymentOutcome> => {
    const invoice = await lockInvoiceToPay(trx, input.invoiceId);
    if (!invoice) return { ok: false, reason: "not_found" };
    if (invoice.status !== "open") return { ok: false, reason: "not_open" };
    const problem = invoicePaymentProblem(invoice, input.amountCents);
    if (problem === "too_much") return { ok: false, reason: "too_much", remainingCents: openBalanceCents(invoice) };
    if (problem) return { ok: false, reason: "not_positive" };
    await insertInvoicePayment(trx, { invoiceId: invoice.id, amountCents: input.amountCents, paidOn: input.paidOn, recordedBy: actor.id });
    const paidCents = invoice.paidCents + input.amountCents;
    const fullyPaid = invoicePaymentState({ ...invoice, paidCents }) === "paid";
    if (fullyPaid) {
      await markInvoicePaid(trx, invoice.id, helsinkiWallTimeToInstant(input.paidOn, 12) ?? new Date());
      await markInvoicePaymentCaptured(trx, invoice.orderId);
    }
    await writeAudit(trx, actor, {
      action: fullyPaid ? "invoice.paid" : "invoice.payment",
      entityType: "order",
      entityId: invoice.orderId,
      before: { invoice: "open", paidCents: invoice.paidCents },
      after: {
        invoice: fullyPaid ? "paid" : "open",
        invoiceNumber: invoice.invoiceNumber,
        paymentCents: input.amountCents,
        paidCents,
        amountCents: payableCents(invoice),
        paidOn: input.paidOn,
      },
    });
    // "Paid x of y" counts against what is payable after the credit notes, as the balance does.
    return { ok: true, invoiceNumber: invoice.invoiceNumber, fullyPaid, paidCents, amountCents: payableCents(invoice) };
  });
}

export type ReminderOutcome =
  | { ok: true; invoiceNumber: number; to: string }
  | { ok: false; reason: "not_found" | "not_overdue" | "already_today" };

/** Which invoice a reminder is of: a single order's, or a series' monthly one (decision 0039). */
export type InvoiceKind = "single" | "monthly";

/**
 * An invoice locked for its reminder, either kind in the same terms: its balance, its payer, what
 * it is for, its PDF, the row its audit line is about and how its reminder's time is kept.
 */
type Remindable = Omit<InvoiceToRemind, "id" | "orderId" | "orderNumber" | "creditNoteNumber"> & {
  creditNoteNumbers: number[];
  about: InvoiceReminderFacts["about"];
  attachment: EmailAttachment;
  audit: { entityType: "order" | "order_series"; entityId: string };
  markSent: (at: Date) => Promise<void>;
};

async function lockRemindable(trx: Executor, kind: InvoiceKind, invoiceId: string): Promise<Remindable | null> {
  if (kind === "monthly") {
    const invoice = await lockSeriesInvoiceToRemind(trx, invoiceId);
    if (!invoice) return null;
    return {
      ...invoice,
      // A monthly invoice is marked paid in full at once; it has no part payments.
      paidCents: 0,
      about: { month: invoiceMonthName(invoice.month) },
      attachment: seriesInvoiceAttachment(invoice.invoiceNumber),
      audit: { entityType: "order_series", entityId: invoice.seriesId },
      markSent: (at) => markSeriesInvoiceReminderSent(trx, invoice.id, at),
    };
  }
  const invoice = await lockInvoiceToRemind(trx, invoiceId);
  if (!invoice) return null;
  return {
    ...invoice,
    creditNoteNumbers: invoice.creditNoteNumber === null ? [] : [invoice.creditNoteNumber],
    about: { orderNumber: invoice.orderNumber },
    attachment: invoiceAttachment(invoice.invoiceNumber, invoice.orderId),
    audit: { entityType: "order", entityId: invoice.orderId },
    markSent: (at) => markReminderSent(trx, invoice.id, at),
  };
}

/**
 * Sends the customer a polite reminder of an overdue invoice (open, its due date passed), a single
 * or a monthly one, through the outbox with the invoice's PDF, and keeps when it was sent. The
 * e-mail, the time and the audit line are one transaction; a second reminder the same day is
 * refused, so a double press sends one.
 */
export async function sendInvoiceReminder(
  db: DB,
  actor: AuditActor,
  input: { invoiceId: string; kind?: InvoiceKind; now?: Date },
): Promise<ReminderOutcome> {
  const now = input.now ?? clockNow();
  const today = helsinkiToday(now);
  return db.transaction().execute(async (trx): Promise<ReminderOutcome> => {
    const invoice = await lockRemindable(trx, input.kind ?? "single", input.invoiceId);
    if (!invoice) return { ok: false, reason: "not_found" };
    if (invoice.status !== "open" || !isInvoiceOpen(invoice) || invoice.dueDate >= today) return { ok: false, reason: "not_overdue" };
    if (invoice.reminderSentAt && helsinkiToday(invoice.reminderSentAt) === today) return { ok: false, reason: "already_today" };
    const [company, contact] = await Promise.all([getCompanyInfo(trx), getContactInfo(trx)]);
    const { subject, content } = invoiceReminderEmailContent({
      name: invoice.customerName,
      invoiceNumber: invoice.invoiceNumber,
      about: invoice.about,
      dueDate: formatDate(invoice.dueDate),
      unpaid: formatEuros(openBalanceCents(invoice)),
      paid: invoice.paidCents > 0 ? formatEuros(invoice.paidCents) : null,
      credit:
        invoice.creditedCents > 0 && invoice.creditNoteNumbers.length > 0
          ? { numbers: invoice.creditNoteNumbers, amount: formatEuros(invoice.creditedCents), invoiceAmount: formatEuros(invoice.amountCents) }
          : null,
      reference: formatReferenceNumber(invoice.referenceNumber),
      payee: company.name,
      iban: company.iban,
      bic: company.bic,
      contact,
    });
    await sendEmail(trx, { to: invoice.customerEmail, subject, attachments: [invoice.attachment], ...renderEmail(content) });
    await invoice.markSent(now);
    await writeAudit(trx, actor, {
      action: "invoice.reminder",
      ...invoice.audit,
      before: { reminderSentAt: invoice.reminderSentAt?.toISOString() ?? null },
      after: { reminderSentAt: now.toISOString(), invoiceNumber: invoice.invoiceNumber, to: invoice.customerEmail },
    });
    return { ok: true, invoiceNumber: invoice.invoiceNumber, to: invoice.customerEmail };
  });
}
