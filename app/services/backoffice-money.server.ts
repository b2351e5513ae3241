import type { DB } from "../db.server";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { helsinkiWallTimeToInstant, type IsoDate } from "../domain/booking-window";
import { invoicePaymentProblem, invoicePaymentState, remainingCents } from "../domain/invoice-payment";
import { insertInvoicePayment, lockInvoiceToPay, markInvoicePaid, markPayoutsPaid } from "../models/backoffice-payments.server";
import { markInvoicePaymentCaptured } from "../models/payments.server";

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
    if (problem === "too_much") return { ok: false, reason: "too_much", remainingCents: remainingCents(invoice) };
    if (problem) return { ok: false, reason: "not_positive" };
    await insertInvoicePayment(trx, { invoiceId: invoice.id, amountCents: input.amountCents, paidOn: input.paidOn, recordedBy: actor.id });
    const paidCents = invoice.paidCents + input.amountCents;
    const fullyPaid = invoicePaymentState({ amountCents: invoice.amountCents, paidCents }) === "paid";
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
        amountCents: invoice.amountCents,
        paidOn: input.paidOn,
      },
    });
    return { ok: true, invoiceNumber: invoice.invoiceNumber, fullyPaid, paidCents, amountCents: invoice.amountCents };
  });
}
