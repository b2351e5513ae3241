import { requireUser, type AuthUser } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { formatDateTime, formatEuros, formatHours, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { formatVatRate } from "~/domain/invoice";
import { canCustomerCancel } from "~/domain/order-status";
import { canReschedule } from "~/domain/reschedule";
import { rescheduleHint } from "~/messages/reschedule";
import { householdDeductionCents, afterHouseholdDeductionCents, HOUSEHOLD_DEDUCTION_BP } from "~/domain/pricing";
import { customerOrderViewTexts as t, paymentStateText } from "~/messages/customer-order-view";
import { cancellationMoneyText, cancellationRuleText, cancelledDetail, customerOrderTexts } from "~/messages/customer-orders";
import { findOnlinePaymentOfOrderId, findOrderToCancel } from "~/models/order-cancellation.server";
import { findCustomerOrder, type CustomerOrderDetail } from "~/models/portal-orders.server";
import { now as clockNow } from "~/services/clock.server";
import { redirectWithToast } from "~/services/flash.server";
import { cancelOrder, termsFor } from "~/services/order-cancellation.server";

// The server half of the customer's order page and the pages beside it (issue 10): the order of
// the signed-in customer named in the address, or the same 404 as for an order that does not
// exist, and what the page shows of it in words.

export function orderNotFound(): Response {
  return new Response(customerOrderTexts.notFound, { status: 404, statusText: "Not Found" });
}

/** A cancelled order's calendar file: gone for good. */
export function calendarGone(): Response {
  return new Response(customerOrderTexts.calendarGone, { status: 410, statusText: "Gone" });
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
    // The money documents of issue 28 item 5, for the order's customer only (the routes check it again).
    receiptHref: order.receiptNumber !== null ? `${path}/kuitti` : null,
    creditNoteHref: order.creditNote ? `${path}/hyvityslasku` : null,
    creditNoteNumber: order.creditNote?.creditNoteNumber ?? null,
    // A cancelled visit is no longer offered for the calendar: its cancellation e-mail removed it.
    calendarHref: order.status === "cancelled" ? null : `${path}/kalenteri`,
    cancelHref: canCustomerCancel(order, now) ? `${path}/peruuta` : null,
    rescheduleHref: canReschedule(order, "customer", now) ? `${path}/muuta-aika` : null,
    // Said while the order may still be moved by someone: the customer until their deadline, then by phone.
    rescheduleHint: canReschedule(order, "staff", now) ? rescheduleHint(order.startsAt, now) : null,
    // Reviews are written at /portal/orders/<n>/arvio (issue 10's helper side builds that page).
    reviewHref: order.status === "completed" && !order.reviewed ? `${path}/arvio` : null,
    // "Toista viikoittain" (issue 27 item 4): the same visit with the same helper every week.
    repeatHref: order.caregiver && order.status !== "cancelled" ? `${path}/toista` : null,
  };
}

// ---------------------------------------------------------------- the customer's own cancelling

/**
 * The order as the cancellation sees it, the rule and the money in words: shown before the button
 * is pressed, on the portal's cancel page and on the "Hallitse varausta" page alike.
 */
export async function customerCancellation(orderId: string, now: Date) {
  const db = await getDb();
  const order = await findOrderToCancel(db, orderId);
  if (!order) throw orderNotFound();
  const payment = order.paymentMethod === "online" ? await findOnlinePaymentOfOrderId(db, order.id) : null;
  const paid = payment?.status === "captured";
  const terms = termsFor(order, now);
  return {
    order,
    terms,
    cancellable: canCustomerCancel(order, now),
    cancelled: order.status === "cancelled",
    // Cancelled, paid, and more than the fee still to give back: the refund can be tried again.
    refundPending: order.status === "cancelled" && paid && order.totalPriceCents > (order.cancellationFeeCents ?? 0),
    feeCents: terms.feeCents,
    rule: cancellationRuleText({ free: terms.free, freeUntil: formatDateTime(terms.freeUntil), feeCents: terms.feeCents }),
    money: cancellationMoneyText({ method: order.paymentMethod, paid, feeCents: terms.feeCents, refundCents: terms.refundCents }),
  };
}

/**
 * The customer's "Vahvista peruutus" (portal or manage link): the fee they were shown must still
 * hold, then the back office's very cancellation with the customer's rules, answered as a toast on
 * `back` (or `here` when the refund should be tried again there).
 */
export async function cancelAsCustomer(
  request: Request,
  input: { orderId: string; profileId: string; ip: string | null; shownFee: FormDataEntryValue | null; here: string; back: string; alreadyCancelled?: string },
): Promise<Response> {
  const now = clockNow();
  const { order, terms } = await customerCancellation(input.orderId, now);
  // The deadline may pass while the page is open: a fee not shown is never charged unasked.
  const shownFee = Number(input.shownFee);
  if (order.status !== "cancelled" && (!Number.isInteger(shownFee) || terms.feeCents > shownFee)) {
    return redirectWithToast(request, input.here, { type: "error", title: customerOrderTexts.cancelFailed, description: customerOrderTexts.feeChanged });
  }
  const outcome = await cancelOrder(await getDb(), { actor: { id: input.profileId, ip: input.ip }, customerProfileId: input.profileId }, order.id, now);
  const texts = customerOrderTexts;
  if (!outcome.ok) {
    if (outcome.reason === "not_found") throw orderNotFound();
    return redirectWithToast(request, input.back, { type: "error", title: texts.cancelFailed, description: texts.notCancellable });
  }
  if (outcome.refund === "failed") return redirectWithToast(request, input.here, { type: "error", title: texts.cancelled, description: texts.refundFailed });
  if (outcome.refund === "manual") return redirectWithToast(request, input.back, { type: "info", title: texts.cancelled, description: texts.refundByStaff });
  if (!outcome.cancelledNow && input.alreadyCancelled && outcome.refund !== "refunded") {
    return redirectWithToast(request, input.back, { type: "info", title: input.alreadyCancelled });
  }
  return redirectWithToast(request, input.back, { type: "success", title: texts.cancelled, description: cancelledDetail(outcome) });
}
