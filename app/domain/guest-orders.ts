// When an order placed without signing in must first be confirmed from its e-mail address
// (issue 12, finding 7). Anyone can type any address; an invoice order costs the booker nothing
// until the invoice falls due, so a script could fill a helper's days with unpaid orders in
// another person's name. The first few invoice orders of an address in a day go through at once
// (an elderly customer's relative books a few visits); past that, each waits for the address to
// confirm it and holds the helper's time only until the link expires.

/** Invoice orders of one e-mail address in a day that need no confirmation. */
export const INVOICE_ORDERS_WITHOUT_CONFIRMATION = 2;
/** How far back those orders are counted. */
export const CONFIRMATION_COUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long the link is valid; the order is cancelled (and the time freed) after that. */
export const ORDER_CONFIRMATION_TTL_MS = 2 * 60 * 60 * 1000;

export function orderNeedsEmailConfirmation(input: {
  /** The booker is signed in as the address's account (its address is proven). */
  signedInAsOwner: boolean;
  paymentMethod: "online" | "invoice";
  /** Live invoice orders of the address placed within CONFIRMATION_COUNT_WINDOW_MS. */
  recentInvoiceOrders: number;
}): boolean {
  if (input.signedInAsOwner || input.paymentMethod !== "invoice") return false;
  return input.recentInvoiceOrders >= INVOICE_ORDERS_WITHOUT_CONFIRMATION;
}
