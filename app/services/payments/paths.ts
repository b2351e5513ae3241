// The result pages a checkout sends the customer back to (spec 000 §2), shared by the local test
// checkout and the Stripe provider's success and cancel URLs.

/** Where the customer goes after paying (spec 000 §2 payment success page). */
export function paymentSucceededPath(orderNumber: string): string {
  return `/varaus-maksu-onnistui?${new URLSearchParams({ order_number: orderNumber })}`;
}

/** Where the customer goes after cancelling (spec 000 §2 payment cancelled page). */
export function paymentCancelledPath(orderNumber: string): string {
  return `/varaus-peruutettu?${new URLSearchParams({ order_number: orderNumber })}`;
}
