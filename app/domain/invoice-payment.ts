// An invoice's open balance (issue 25 item 3; decision 0019): what the customer still owes is the
// invoice's amount less its credit notes less the payments recorded against it, never below
// nothing. This is the one rule the portal, the back office, the reminder e-mail and the payment
// form all read, so a late cancellation's credit note lowers what every one of them asks for.
// Paying in parts (issue 14): each payment is more than nothing and at most the open balance.

export interface InvoiceBalance {
  amountCents: number;
  /** What credit notes took off the invoice (a cancellation credits all but the fee). */
  creditedCents: number;
  paidCents: number;
}

/** What the customer still owes: amount − credit notes − payments, never below 0. */
export function openBalanceCents(invoice: InvoiceBalance): number {
  return Math.max(0, invoice.amountCents - invoice.creditedCents - invoice.paidCents);
}

/** What the customer owes in all once the credit notes are taken off (the payments' target). */
export function payableCents(invoice: Pick<InvoiceBalance, "amountCents" | "creditedCents">): number {
  return Math.max(0, invoice.amountCents - invoice.creditedCents);
}

/** Why a payment of `cents` does not fit the invoice, or null when it does. */
export function invoicePaymentProblem(invoice: InvoiceBalance, cents: number): "not_positive" | "too_much" | null {
  if (!Number.isInteger(cents) || cents <= 0) return "not_positive";
  if (cents > openBalanceCents(invoice)) return "too_much";
  return null;
}

/**
 * Where the invoice stands: "credited" when credit notes took all of it (closed, nothing to pay),
 * otherwise unpaid, partly paid, or paid once the payments reach what is payable.
 */
export function invoicePaymentState(invoice: InvoiceBalance): "unpaid" | "partial" | "paid" | "credited" {
  const payable = payableCents(invoice);
  if (payable === 0) return "credited";
  if (invoice.paidCents <= 0) return "unpaid";
  return invoice.paidCents >= payable ? "paid" : "partial";
}

/** True while something is still owed: only then is the invoice overdue, reminded or payable. */
export function isInvoiceOpen(invoice: InvoiceBalance): boolean {
  return openBalanceCents(invoice) > 0;
}

/** The open balance as the amount field starts ('45,50'): the form's default payment. */
export function remainingAmountInput(invoice: InvoiceBalance): string {
  return (openBalanceCents(invoice) / 100).toFixed(2).replace(".", ",");
}
