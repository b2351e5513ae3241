import type { OrderStatus, PaymentStatus } from "./statuses";

// When an online payment can be paid by a checkout (docs/decisions/0040): an order awaiting its
// payment, or a booked later visit of a series paid online whose saved-card charge has not paid it
// (the payment link of the declined charge). One rule for starting the checkout, the local test
// checkout page and the payment-link page.

export function awaitsCheckoutPayment(o: { orderStatus: OrderStatus; paymentStatus: PaymentStatus; inOnlineSeries: boolean }): boolean {
  if (o.paymentStatus !== "pending") return false;
  return o.orderStatus === "pending_payment" || (o.orderStatus === "pending" && o.inOnlineSeries);
}

/** A series' first visit: its checkout saves the card for the later visits' charges. */
export function checkoutSavesCard(o: { orderStatus: OrderStatus; inOnlineSeries: boolean }): boolean {
  return o.inOnlineSeries && o.orderStatus === "pending_payment";
}

/** A visit whose saved-card charge was declined is cancelled this long before it starts if still unpaid. */
export const SERIES_PAYMENT_DEADLINE_MS = 2 * 60 * 60_000;

/**
 * Where a visit of a series paid online stands with its money, for the customer's pages:
 * - 'not_charged': booked, its payment still pending and the saved card not (yet) declined; the
 *   charge job takes it from the card 24 h before the visit.
 * - 'declined': the card was declined and the visit is still unpaid; the payer can pay it by the
 *   payment link until 2 h before the start, when it is cancelled.
 * - 'paid': its payment was captured (by the saved card, the link or the first checkout).
 * null for anything else: not an online series, a cancelled visit, or a first visit still awaiting
 * its checkout (the ordinary payment state says enough of those).
 */
export type SeriesVisitPayment = "not_charged" | "declined" | "paid";

export function seriesVisitPayment(o: {
  inOnlineSeries: boolean;
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus | null;
  chargeDeclined: boolean;
}): SeriesVisitPayment | null {
  if (!o.inOnlineSeries || o.orderStatus === "cancelled") return null;
  if (o.paymentStatus === "captured") return "paid";
  // The same booked-and-pending visit the charge job and the payment link take (awaitsCheckoutPayment).
  if (o.orderStatus !== "pending" || o.paymentStatus !== "pending") return null;
  return o.chargeDeclined ? "declined" : "not_charged";
}

/** When an unpaid visit is cancelled: 2 h before it starts. */
export function seriesPaymentDeadline(startsAt: Date): Date {
  return new Date(startsAt.getTime() - SERIES_PAYMENT_DEADLINE_MS);
}
