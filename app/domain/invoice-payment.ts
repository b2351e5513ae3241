// Paying an invoice in parts (issue 14 "Mark invoice paid"): each recorded payment is more than
// nothing and at most what is still unpaid; the invoice is paid when the payments reach its amount.

export interface InvoiceBalance {
  amountCents: number;
  paidCents: number;
}

export function remainingCents(invoice: InvoiceBalance): number {
  return Math.max(0, invoice.amountCents - invoice.paidCents);
}

/** Why a payment of `cents` does not fit the invoice, or null when it does. */
export function invoicePaymentProblem(invoice: InvoiceBalance, cents: number): "not_positive" | "too_much" | null {
  if (!Number.isInteger(cents) || cents <= 0) return "not_positive";
  if (cents > remainingCents(invoice)) return "too_much";
  return null;
}

/** Where the invoice stands after its payments: nothing paid, a part paid, or paid in full. */
export function invoicePaymentState(invoice: InvoiceBalance): "unpaid" | "partial" | "paid" {
  if (invoice.paidCents <= 0) return "unpaid";
  return invoice.paidCents >= invoice.amountCents ? "paid" : "partial";
}

/** What is unpaid as the amount field starts ('45,50'): the form's default payment. */
export function remainingAmountInput(invoice: InvoiceBalance): string {
  return (remainingCents(invoice) / 100).toFixed(2).replace(".", ",");
}
