import type { DB } from "../db.server";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { markInvoicePaid, markPayoutsPaid } from "../models/backoffice-payments.server";
import { markInvoicePaymentCaptured } from "../models/payments.server";

// An admin records money that moved outside the app (DESIGN.md decisions 18 and 19): payouts paid
// to helpers by bank transfer, and invoices the customer paid. Each change and its audit lines
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

export async function recordInvoicePaid(db: DB, actor: AuditActor, input: { invoiceId: string; paidOn: Date }): Promise<{ invoiceNumber: number } | null> {
  return db.transaction().execute(async (trx) => {
    const invoice = await markInvoicePaid(trx, input.invoiceId, input.paidOn);
    if (!invoice) return null;
    await markInvoicePaymentCaptured(trx, invoice.orderId);
    await writeAudit(trx, actor, {
      action: "invoice.paid",
      entityType: "order",
      entityId: invoice.orderId,
      before: { invoice: "open" },
      after: { invoice: "paid", invoiceNumber: invoice.invoiceNumber, paidOn: input.paidOn.toISOString() },
    });
    return { invoiceNumber: invoice.invoiceNumber };
  });
}
