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
