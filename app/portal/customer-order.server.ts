import { requireUser, type AuthUser } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { formatEuros, formatHours, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { formatVatRate } from "~/domain/invoice";
import { canCustomerCancel } from "~/domain/order-status";
import { householdDeductionCents, afterHouseholdDeductionCents, HOUSEHOLD_DEDUCTION_BP } from "~/domain/pricing";
import { customerOrderViewTexts as t, paymentStateText } from "~/messages/customer-order-view";
import { customerOrderTexts } from "~/messages/customer-orders";
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

/** What the order page shows, as strings (the browser gets only these). */
export function customerOrderView(order: CustomerOrderDetail, now: Date) {
  const path = customerOrderPath(order.orderNumber);
  const deductionPercent = HOUSEHOLD_DEDUCTION_BP / 100;
  const labels = t.visitLabels;
  return {
    orderNumber: order.orderNumber,
    serviceName: order.serviceName,
    status: order.status,
    accepted: order.accepted,
    visit: [
      { label: labels.service, value: order.serviceName },
      { label: labels.day, value: formatWeekdayDate(order.startsAt) },
      { label: labels.time, value: formatTimeRange(order.startsAt, order.endsAt) },
      { label: labels.duration, value: formatHours(order.durationHours) },
      { label: labels.address, value: `${order.address}, ${order.postalCode} ${order.city}` },
      ...(order.recipient ? [{ label: labels.recipient, value: t.recipient(order.recipient.name, order.recipient.phone) }] : []),
      { label: labels.description, value: order.description || t.noDescription },
      ...(order.specialNotes ? [{ label: labels.specialNotes, value: order.specialNotes }] : []),
    ],
    caregiver: order.caregiver,
    amounts: [
      {
        label: `${formatHours(Math.round(order.originalPriceCents / order.unitPriceCents))} × ${formatEuros(order.unitPriceCents)}`,
        value: formatEuros(order.originalPriceCents),
      },
      ...(order.discountCents > 0
        ? [{ label: t.discount(order.discountCode), value: `−${formatEuros(order.discountCents)}` }]
        : []),
      { label: t.netPrice, value: formatEuros(order.netAmountCents) },
      { label: t.vat(formatVatRate(order.vatRateBp)), value: formatEuros(order.vatAmountCents) },
    ],
    total: formatEuros(order.totalPriceCents),
    deduction: t.deduction(
      deductionPercent,
      formatEuros(householdDeductionCents(order.totalPriceCents)),
      formatEuros(afterHouseholdDeductionCents(order.totalPriceCents)),
    ),
    paymentMethod: t.paymentMethods[order.paymentMethod],
    paymentState: paymentStateText(order),
    cancellationFee:
      order.status === "cancelled" && order.cancellationFeeCents !== null
        ? order.cancellationFeeCents > 0
          ? t.cancellationFee(formatEuros(order.cancellationFeeCents))
          : t.freeCancellation
        : null,
    creditNote: order.creditNote ? t.creditNote(order.creditNote.creditNoteNumber, formatEuros(order.creditNote.amountCents)) : null,
    invoiceHref: order.invoice ? `/lasku/${encodeURIComponent(order.orderNumber)}` : null,
    invoiceNumber: order.invoice?.invoiceNumber ?? null,
    calendarHref: `${path}/kalenteri`,
    cancelHref: canCustomerCancel(order, now) ? `${path}/peruuta` : null,
    // Reviews are written at /portal/orders/<n>/arvio (issue 10's helper side builds that page).
    reviewHref: order.status === "completed" && !order.reviewed ? `${path}/arvio` : null,
  };
}
