import { requireUser, type AuthUser } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { formatDate, formatEuros, formatHours, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { formatVatRate } from "~/domain/invoice";
import { canCustomerCancel } from "~/domain/order-status";
import { householdDeductionCents, afterHouseholdDeductionCents, HOUSEHOLD_DEDUCTION_BP } from "~/domain/pricing";
import { formatReferenceNumber } from "~/domain/reference-number";
import { customerOrderTexts } from "~/messages/customer-orders";
import { paymentStatusLabel } from "~/messages/statuses";
import { findCustomerOrder, type CustomerOrderDetail } from "~/models/portal-orders.server";

// The server half of the customer's order page and the pages beside it (issue 10): the order of
// the signed-in customer named in the address, or the same 404 as for an order that does not
// exist, and what the page shows of it in words.

export function orderNotFound(): Response {
  return new Response(customerOrderTexts.notFound, { status: 404, statusText: "Not Found" });
}

export function customerOrderPath(orderNumber: string): string {
  return `/portal/orders/${encodeURIComponent(orderNumber)}`;
}

/** The signed-in customer's own (claimed) order; anonymous → sign in, anyone else → 404. */
export async function requireCustomerOrder(request: Request, orderNumber: string | undefined): Promise<{ user: AuthUser; order: CustomerOrderDetail }> {
  const user = await requireUser(request);
  const order = await findCustomerOrder(await getDb(), user.id, orderNumber ?? "");
  if (!order) throw orderNotFound();
  return { user, order };
}

const INVOICE_STATUS_WORDS = { open: "avoin", paid: "maksettu", cancelled: "hyvitetty" } as const;

function paymentState(order: CustomerOrderDetail): string {
  if (order.paymentMethod === "invoice") {
    if (!order.invoice) return "Lasku lähetetään sähköpostiisi.";
    const { invoice } = order;
    const base = `Lasku ${invoice.invoiceNumber}, ${INVOICE_STATUS_WORDS[invoice.status]}`;
    if (invoice.status === "open") {
      return `${base}. Eräpäivä ${formatDate(invoice.dueDate)}, viitenumero ${formatReferenceNumber(invoice.referenceNumber)}.`;
    }
    return `${base}.`;
  }
  if (!order.payment) return "Verkkomaksu: ei maksettu.";
  const refunded = order.payment.status === "refunded" && order.payment.refundedCents !== null ? ` ${formatEuros(order.payment.refundedCents)}` : "";
  return `Verkkomaksu: ${paymentStatusLabel(order.payment.status).toLowerCase()}${refunded}.`;
}

/** What the order page shows, as strings (the browser gets only these). */
export function customerOrderView(order: CustomerOrderDetail, now: Date) {
  const path = customerOrderPath(order.orderNumber);
  const deductionPercent = HOUSEHOLD_DEDUCTION_BP / 100;
  return {
    orderNumber: order.orderNumber,
    serviceName: order.serviceName,
    status: order.status,
    accepted: order.accepted,
    visit: [
      { label: "Palvelu", value: order.serviceName },
      { label: "Päivä", value: formatWeekdayDate(order.startsAt) },
      { label: "Aika", value: formatTimeRange(order.startsAt, order.endsAt) },
      { label: "Kesto", value: formatHours(order.durationHours) },
      { label: "Osoite", value: `${order.address}, ${order.postalCode} ${order.city}` },
      ...(order.recipient
        ? [{ label: "Palvelun saaja", value: `${order.recipient.name}${order.recipient.phone ? `, puh. ${order.recipient.phone}` : ""}` }]
        : []),
      { label: "Kuvaus", value: order.description || "Ei kuvausta" },
      ...(order.specialNotes ? [{ label: "Lisätietoja kaverille", value: order.specialNotes }] : []),
    ],
    caregiver: order.caregiver,
    amounts: [
      {
        label: `${formatHours(Math.round(order.originalPriceCents / order.unitPriceCents))} × ${formatEuros(order.unitPriceCents)}`,
        value: formatEuros(order.originalPriceCents),
      },
      ...(order.discountCents > 0
        ? [{ label: `Alennus${order.discountCode ? ` (${order.discountCode})` : ""}`, value: `−${formatEuros(order.discountCents)}` }]
        : []),
      { label: "Veroton hinta", value: formatEuros(order.netAmountCents) },
      { label: `ALV ${formatVatRate(order.vatRateBp)}`, value: formatEuros(order.vatAmountCents) },
    ],
    total: formatEuros(order.totalPriceCents),
    deduction: `Arvio kotitalousvähennyksestä (${deductionPercent} % hinnasta): ${formatEuros(householdDeductionCents(order.totalPriceCents))}, jolloin hinnaksi jää ${formatEuros(afterHouseholdDeductionCents(order.totalPriceCents))}. Vähennystä haetaan verottajalta, ja siinä on vuosittainen omavastuu ja enimmäismäärä.`,
    paymentMethod: order.paymentMethod === "invoice" ? "Lasku" : "Verkkomaksu",
    paymentState: paymentState(order),
    cancellationFee:
      order.status === "cancelled" && order.cancellationFeeCents !== null
        ? order.cancellationFeeCents > 0
          ? `Peruutusmaksu ${formatEuros(order.cancellationFeeCents)}.`
          : "Peruutus oli maksuton."
        : null,
    creditNote: order.creditNote ? `Hyvityslasku ${order.creditNote.creditNoteNumber}: ${formatEuros(order.creditNote.amountCents)}.` : null,
    invoiceHref: order.invoice ? `/lasku/${encodeURIComponent(order.orderNumber)}` : null,
    invoiceNumber: order.invoice?.invoiceNumber ?? null,
    calendarHref: `${path}/kalenteri`,
    cancelHref: canCustomerCancel(order, now) ? `${path}/peruuta` : null,
    // Reviews are written at /portal/orders/<n>/arvio (issue 10's helper side builds that page).
    reviewHref: order.status === "completed" && !order.reviewed ? `${path}/arvio` : null,
  };
}
