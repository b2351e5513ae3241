import type { DB, Executor } from "../db.server";
import { cancellationTerms, type CancellationTerms } from "../domain/cancellation";
import { invoiceDates } from "../domain/invoice";
import { isInvoiceOpen } from "../domain/invoice-payment";
import { markInvoicePaid, sumInvoiceDeductions } from "../models/backoffice-payments.server";
import { canCustomerCancel, canStaffCancel } from "../domain/order-status";
import { logger } from "../logger.server";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { findInvoiceByOrderId, getBookingDocument } from "../models/booking-documents.server";
import {
  creditInvoice,
  findOnlinePaymentOfOrderId,
  lockOrderToCancel,
  markOrderCancelled,
  markPendingPaymentFailed,
  type CreditNoteRow,
  type OrderToCancel,
} from "../models/order-cancellation.server";
import { getContactInfo } from "../models/settings.server";
import { bookingIcsTexts } from "../messages/booking-emails";
import { cancellationEmails } from "../messages/order-cancellation-emails";
import { bookingIcs } from "./booking-emails.server";
import { now as clockNow } from "./clock.server";
import { icsAttachment, renderEmail, sendEmail } from "./email.server";
import { creditNoteAttachment } from "./invoices.server";
import { creditCancelledSeriesVisit } from "./series-invoices.server";
import { caregiverVisitIcs } from "./order-assignment.server";
import { RefundError, refundPayment } from "./payments/refunds.server";
import { withdrawVisitReminders } from "./visit-reminders.server";

// Cancelling an order (DESIGN.md decision 16; issue 14 "Cancel"): the order is cancelled, its
// helper's time released, an invoice credited, the customer and the helper e-mailed and the
// change audited, all in one transaction. A paid online order is then refunded through the
// payment provider: a network call that cannot sit inside the transaction, and that may fail.
// Calling this again for a cancelled order only retries that refund, so pressing the button
// twice (or retrying after a provider failure) never refunds twice nor cancels twice.

export type RefundState =
  /** Nothing to refund: invoice, unpaid, or the fee takes it all. */
  | "none"
  | "refunded"
  | "already_refunded"
  /** Another request is refunding it right now. */
  | "in_progress"
  /** The provider failed; the order is cancelled and the refund can be retried. */
  | "failed"
  /** The provider cannot refund this payment (made with another provider): staff refund it by hand. */
  | "manual";

export type CancelOutcome =
  | {
      ok: true;
      orderNumber: string;
      /** False when the order had been cancelled before (only the refund was retried). */
      cancelledNow: boolean;
      feeCents: number;
      refund: RefundState;
      refundCents: number;
      creditNote: CreditNoteRow | null;
    }
  | { ok: false; reason: "not_found" | "not_cancellable" };

export interface Canceller {
  /** "system": a job cancels (an unpaid series visit, docs/decisions/0040); audited without a user. */
  actor: AuditActor | "system";
  /** Staff may waive the late fee (the company cancels, or a goodwill gesture). */
  waiveFee?: boolean;
  /** Why staff cancel (required on the staff page): kept in the audit line, told in the customer's e-mail. */
  reason?: string;
  /**
   * Staff may refund a paid online order a part of its payment (0 … paid) instead of the rule's
   * amount; what is kept becomes the order's cancellation fee, so a retried refund is the same.
   */
  refundCents?: number;
  /**
   * The customer cancelling their own order from the portal (issue 10): only an order of theirs,
   * only while canCustomerCancel allows it, checked on the locked row; the fee is never waived.
   */
  customerProfileId?: string;
  /** Cancel only an online order whose payment is still pending (checked on the locked row). */
  onlyIfUnpaid?: boolean;
}

/** The fee and refund the cancellation page shows before the button is pressed. */
export function termsFor(order: OrderToCancel, now: Date, waiveFee = false): CancellationTerms {
  const terms = cancellationTerms(order, now);
  return waiveFee ? { ...terms, feeCents: 0, refundCents: order.totalPriceCents } : terms;
}

export async function cancelOrder(db: DB, canceller: Canceller, orderId: string, now: Date = clockNow()): Promise<CancelOutcome> {
  const cancelled = await db.transaction().execute((trx) => cancelOrderInTransaction(trx, canceller, orderId, now));
  if (!cancelled.ok) return cancelled;
  return finishCancellation(db, cancelled);
}

/** What the cancelling transaction decided, before any refund. */
export type CancelledInTransaction =
  | { ok: true; order: OrderToCancel; cancelledNow: boolean; feeCents: number; creditNote: CreditNoteRow | null }
  | { ok: false; reason: "not_found" | "not_cancellable" };

/**
 * The cancellation's database half inside the caller's transaction (a series' "Peru tämä ja
 * kaikki tulevat" cancels each visit in one). `customerEmail: false` leaves the customer's e-mail
 * to the caller, who tells them of several visits at once; the helper's is sent as ever.
 */
export async function cancelOrderInTransaction(
  trx: Executor,
  canceller: Canceller,
  orderId: string,
  now: Date,
  options: { customerEmail?: boolean } = {},
): Promise<CancelledInTransaction> {
  const order = await lockOrderToCancel(trx, orderId);
  if (!order) return { ok: false, reason: "not_found" } as const;
  const byCustomer = canceller.customerProfileId !== undefined;
  if (byCustomer && order.customer.profileId !== canceller.customerProfileId) return { ok: false, reason: "not_found" } as const;
  if (order.status === "cancelled") {
    return { ok: true, order, cancelledNow: false, feeCents: order.cancellationFeeCents ?? 0, creditNote: null } as const;
  }
  if (byCustomer ? !canCustomerCancel(order, now) : !canStaffCancel(order.status)) return { ok: false, reason: "not_cancellable" } as const;

  const payment = await findOnlinePaymentOfOrderId(trx, order.id);
  if (canceller.onlyIfUnpaid && payment?.status !== "pending") return { ok: false, reason: "not_cancellable" } as const;
  const chosenRefund =
    !byCustomer && canceller.refundCents !== undefined && order.paymentMethod === "online" && payment?.status === "captured"
      ? Math.min(Math.max(0, canceller.refundCents), payment.amountCents - payment.refundedCents)
      : null;
  // What a rescheduling already gave back is not the customer's to be refunded again.
  const feeCents = chosenRefund !== null && payment ? payment.amountCents - payment.refundedCents - chosenRefund : termsFor(order, now, !byCustomer && canceller.waiveFee).feeCents;
  const reason = byCustomer ? undefined : canceller.reason?.trim() || undefined;
  await markOrderCancelled(trx, order.id, feeCents);
  await withdrawVisitReminders(trx, order.id);
  const creditNote = await creditInvoiceOf(trx, order, feeCents, now);
  if (payment && (payment.status === "pending" || payment.status === "authorized")) await markPendingPaymentFailed(trx, payment.id);
  await writeAudit(trx, canceller.actor, {
    action: "order.cancel",
    entityType: "order",
    entityId: order.id,
    before: { status: order.status },
    after: {
      status: "cancelled",
      feeCents,
      ...(canceller.waiveFee && !byCustomer && chosenRefund === null ? { feeWaived: true } : {}),
      ...(chosenRefund !== null ? { refundCents: chosenRefund } : {}),
      ...(reason ? { reason } : {}),
      ...(creditNote ? { creditNoteNumber: creditNote.creditNoteNumber, creditedCents: creditNote.amountCents } : {}),
    },
  });
  const refundDueCents = payment?.status === "captured" ? Math.max(0, payment.amountCents - payment.refundedCents - feeCents) : 0;
  await sendCancellationEmails(trx, order, { feeCents, refundDueCents, creditNote, reason, refundChosen: chosenRefund !== null }, options.customerEmail ?? true);
  return { ok: true, order, cancelledNow: true, feeCents, creditNote } as const;
}

/** After the commit: a paid online order's refund, which may fail and be retried by cancelling again. */
export async function finishCancellation(db: DB, cancelled: Extract<CancelledInTransaction, { ok: true }>): Promise<CancelOutcome> {
  const { order, feeCents } = cancelled;
  const { refund, refundCents } = await refundOnline(db, order, feeCents);
  return { ok: true, orderNumber: order.orderNumber, cancelledNow: cancelled.cancelledNow, feeCents, refund, refundCents, creditNote: cancelled.creditNote };
}

/** Refunds a captured online payment less the fee; a provider failure leaves it to be retried. */
async function refundOnline(db: DB, order: OrderToCancel, feeCents: number): Promise<{ refund: RefundState; refundCents: number }> {
  if (order.paymentMethod !== "online") return { refund: "none", refundCents: 0 };
  const payment = await findOnlinePaymentOfOrderId(db, order.id);
  if (!payment) return { refund: "none", refundCents: 0 };
  // What a rescheduling already gave back is not given twice.
  const refundCents = Math.max(0, payment.amountCents - payment.refundedCents - feeCents);
  if (payment.status === "refunded") return { refund: "already_refunded", refundCents };
  if (payment.status !== "captured" || refundCents === 0) return { refund: "none", refundCents: 0 };
  try {
    return { refund: await refundPayment(db, payment.id, { amountCents: refundCents }), refundCents };
  } catch (error) {
    logger.error({ err: error, orderId: order.id }, "the order is cancelled but its refund failed");
    return { refund: error instanceof RefundError ? "manual" : "failed", refundCents };
  }
}

/** An invoice order's invoice is credited by what the customer no longer owes (all but the fee). */
async function creditInvoiceOf(trx: Executor, order: OrderToCancel, feeCents: number, now: Date): Promise<CreditNoteRow | null> {
  if (order.paymentMethod !== "invoice") return null;
  const invoice = await findInvoiceByOrderId(trx, order.id);
  // A series visit has no invoice of its own: its line on the monthly invoice is credited instead.
  if (!invoice) return creditCancelledSeriesVisit(trx, order.id, feeCents, now);
  const amountCents = Math.max(0, invoice.amountCents - feeCents);
  const note = await creditInvoice(trx, {
    invoiceId: invoice.id,
    amountCents,
    issueDate: invoiceDates(now).issueDate,
    closesInvoice: amountCents === invoice.amountCents,
  });
  // Part-payments may already cover the fee that is left: then nothing is owed and the invoice is
  // paid, so it is never overdue nor reminded (the open balance rule, decision 0019).
  const { paidCents, creditedCents } = await sumInvoiceDeductions(trx, invoice.id);
  if (paidCents > 0 && !isInvoiceOpen({ amountCents: invoice.amountCents, creditedCents, paidCents })) await markInvoicePaid(trx, invoice.id, now);
  return note;
}

// ---------------------------------------------------------------- e-mails

async function sendCancellationEmails(
  trx: Executor,
  order: OrderToCancel,
  money: { feeCents: number; refundDueCents: number; creditNote: CreditNoteRow | null; reason?: string; refundChosen?: boolean },
  toCustomer: boolean,
) {
  const contact = await getContactInfo(trx);
  const emails = cancellationEmails(order, money, contact);
  // Read after the cancel: its calendar files are the METHOD:CANCEL ones that remove the visit.
  const booking = await getBookingDocument(trx, order.id);
  if (!booking) throw new Error(`sendCancellationEmails: order ${order.id} vanished inside its transaction`);
  if (toCustomer) {
    const customerCalendar = icsAttachment(`varaus-${order.orderNumber}.ics`, bookingIcs(booking));
    // The credit note of an invoice order (issue 28 item 5), drawn by the delivery job like the invoice.
    const creditNote = money.creditNote ? [creditNoteAttachment(order.id, money.creditNote.creditNoteNumber)] : [];
    await sendEmail(trx, {
      to: order.customer.email,
      subject: emails.customer.subject,
      attachments: [customerCalendar, ...creditNote],
      ...renderEmail(emails.customer.content),
    });
  }
  if (order.caregiver && emails.caregiver) {
    const caregiverCalendar = icsAttachment(`kaynti-${order.orderNumber}.ics`, caregiverVisitIcs(booking, bookingIcsTexts(booking)));
    await sendEmail(trx, { to: order.caregiver.email, subject: emails.caregiver.subject, attachments: [caregiverCalendar], ...renderEmail(emails.caregiver.content) });
  }
}
