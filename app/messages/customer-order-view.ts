import { formatDate, formatEuros } from "~/domain/format";
import { isInvoiceOpen, openBalanceCents } from "~/domain/invoice-payment";
import { formatReferenceNumber } from "~/domain/reference-number";
import type { PaymentStatus } from "~/domain/statuses";
import { paymentStatusLabel } from "~/messages/statuses";

// What the customer's order page says of the order (issue 10), put together on the server
// (app/portal/customer-order.server.ts) so that the browser gets only strings. Apart from
// ./customer-orders.ts, which the cancellation page ships to the browser.

export const customerOrderViewTexts = {
  visitLabels: {
    service: "Palvelu",
    day: "Päivä",
    time: "Aika",
    duration: "Kesto",
    address: "Osoite",
    recipient: "Palvelun saaja",
    description: "Kuvaus",
    specialNotes: "Lisätietoja kaverille",
  },
  recipient: (name: string, phone: string | null) => `${name}${phone ? `, puh. ${phone}` : ""}`,
  noDescription: "Ei kuvausta",
  discount: (code: string | null) => `Alennus${code ? ` (${code})` : ""}`,
  netPrice: "Veroton hinta",
  vat: (vatRate: string) => `ALV ${vatRate}`,
  deduction: (percent: number, deduction: string, afterDeduction: string) =>
    `Arvio kotitalousvähennyksestä (${percent} % hinnasta): ${deduction}, jolloin hinnaksi jää ${afterDeduction}. Vähennystä haetaan verottajalta, ja siinä on vuosittainen omavastuu ja enimmäismäärä.`,
  paymentMethods: { invoice: "Lasku", online: "Verkkomaksu" },
  cancellationFee: (fee: string) => `Peruutusmaksu ${fee}.`,
  freeCancellation: "Peruutus oli maksuton.",
  creditNote: (creditNoteNumber: number, amount: string) => `Hyvityslasku ${creditNoteNumber}: ${amount}.`,
} as const;

const INVOICE_STATUS_WORDS = { open: "avoin", paid: "maksettu", cancelled: "hyvitetty" } as const;

/** Where the payment stands: the invoice (and what to pay it with while open), or the online payment. */
export function paymentStateText(order: {
  paymentMethod: "online" | "invoice";
  payment: { status: PaymentStatus; refundedCents: number | null } | null;
  invoice: {
    invoiceNumber: number;
    referenceNumber: string;
    dueDate: string;
    status: keyof typeof INVOICE_STATUS_WORDS;
    amountCents: number;
    paidCents: number;
    creditedCents: number;
  } | null;
}): string {
  if (order.paymentMethod === "invoice") {
    if (!order.invoice) return "Lasku lähetetään sähköpostiisi.";
    const { invoice } = order;
    const base = `Lasku ${invoice.invoiceNumber}, ${INVOICE_STATUS_WORDS[invoice.status]}`;
    if (invoice.status === "open" && isInvoiceOpen(invoice)) {
      return `${base}. Maksettavaa on ${formatEuros(openBalanceCents(invoice))}. Eräpäivä ${formatDate(invoice.dueDate)}, viitenumero ${formatReferenceNumber(invoice.referenceNumber)}.`;
    }
    return `${base}.`;
  }
  if (!order.payment) return "Verkkomaksu: ei maksettu.";
  const refunded = order.payment.status === "refunded" && order.payment.refundedCents !== null ? ` ${formatEuros(order.payment.refundedCents)}` : "";
  return `Verkkomaksu: ${paymentStatusLabel(order.payment.status).toLowerCase()}${refunded}.`;
}
