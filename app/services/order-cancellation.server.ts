import type { DB, Executor } from "../db.server";
import { cancellationTerms, type CancellationTerms } from "../domain/cancellation";
import { invoiceDates } from "../domain/invoice";
import { canCustomerCancel, canStaffCancel } from "../domain/order-status";
import { logger } from "../logger.server";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { findInvoiceByOrderId } from "../models/booking-documents.server";
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
import { cancellationEmails } from "../messages/order-cancellation-emails";
import { renderEmail, sendEmail } from "./email.server";
import { RefundError, refundPayment } from "./payments/refunds.server";

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
  actor: AuditActor;
  /** Staff may waive the late fee (the company cancels, or a goodwill gesture). */
  waiveFee?: boolean;
  /**
   * The customer cancelling their own order from the portal (issue 10): only an order of theirs,
   * only while canCustomerCancel allows it, checked on the locked row; the fee is never waived.
   */
  customerProfileId?: string;
}

/** The fee and refund the cancellation page shows before the button is pressed. */
export function termsFor(order: OrderToCancel, now: Date, waiveFee = false): CancellationTerms {
  const terms = cancellationTerms(order, now);
  return waiveFee ? { ...terms, feeCents: 0, refundCents: order.totalPriceCents } : terms;
}

export async function cancelOrder(db: DB, canceller: Canceller, orderId: string, now: Date = new Date()): Promise<CancelOutcome> {
  const cancelled = await db.transaction().execute(async (trx) => {
    const order = await lockOrderToCancel(trx, orderId);
    if (!order) return { ok: false, reason: "not_found" } as const;
    const byCustomer = canceller.customerProfileId !== undefined;
    if (byCustomer && order.customer.profileId !== canceller.customerProfileId) return { ok: false, reason: "not_found" } as const;
    if (order.status === "cancelled") {
      return { ok: true, order, cancelledNow: false, feeCents: order.cancellationFeeCents ?? 0, creditNote: null } as const;
    }
    if (byCustomer ? !canCustomerCancel(order, now) : !canStaffCancel(order.status)) return { ok: false, reason: "not_cancellable" } as const;

    const { feeCents } = termsFor(order, now, !byCustomer && canceller.waiveFee);
    await markOrderCancelled(trx, order.id, feeCents);
    const creditNote = await creditInvoiceOf(trx, order, feeCents, now);
    const payment = await findOnlinePaymentOfOrderId(trx, order.id);
    if (payment && (payment.status === "pending" || payment.status === "authorized")) await markPendingPaymentFailed(trx, payment.id);
    await writeAudit(trx, canceller.actor, {
      action: "order.cancel",
      entityType: "order",
      entityId: order.id,
      before: { status: order.status },
      after: {
        status: "cancelled",
        feeCents,
        ...(canceller.waiveFee && !byCustomer ? { feeWaived: true } : {}),
        ...(creditNote ? { creditNoteNumber: creditNote.creditNoteNumber, creditedCents: creditNote.amountCents } : {}),
      },
    });
    const refundDueCents = payment?.status === "captured" ? Math.max(0, payment.amountCents - feeCents) : 0;
    await sendCancellationEmails(trx, order, { feeCents, refundDueCents, creditNote });
    return { ok: true, order, cancelledNow: true, feeCents, creditNote } as const;
  });
  if (!cancelled.ok) return cancelled;

  const { order, feeCents } = cancelled;
  const { refund, refundCents } = await refundOnline(db, order, feeCents);
  return { ok: true, orderNumber: order.orderNumber, cancelledNow: cancelled.cancelledNow, feeCents, refund, refundCents, creditNote: cancelled.creditNote };
}

/** Refunds a captured online payment less the fee; a provider failure leaves it to be retried. */
async function refundOnline(db: DB, order: OrderToCancel, feeCents: number): Promise<{ refund: RefundState; refundCents: number }> {
  if (order.paymentMethod !== "online") return { refund: "none", refundCents: 0 };
  const payment = await findOnlinePaymentOfOrderId(db, order.id);
  if (!payment) return { refund: "none", refundCents: 0 };
  const refundCents = Math.max(0, payment.amountCents - feeCents);
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
  if (!invoice) return null;
  const amountCents = Math.max(0, invoice.amountCents - feeCents);
  return creditInvoice(trx, {
    invoiceId: invoice.id,
    amountCents,
    issueDate: invoiceDates(now).issueDate,
    closesInvoice: amountCents === invoice.amountCents,
  });
}

// ---------------------------------------------------------------- e-mails

async function sendCancellationEmails(
  trx: Executor,
  order: OrderToCancel,
  money: { feeCents: number; refundDueCents: number; creditNote: CreditNoteRow | null },
) {
  const contact = await getContactInfo(trx);
  const emails = cancellationEmails(order, money, contact);
  await sendEmail(trx, { to: order.customer.email, subject: emails.customer.subject, ...renderEmail(emails.customer.content) });
  if (order.caregiver && emails.caregiver) {
    await sendEmail(trx, { to: order.caregiver.email, subject: emails.caregiver.subject, ...renderEmail(emails.caregiver.content) });
  }
}
