import crypto from "node:crypto";
import { env } from "~/env.server";
import { paymentCancelledPath } from "./paths";

// The cancel address a checkout sends the customer back to carries a token only this service can
// make (issue 25 item 9). Coming back from the provider's checkout releases the helper's time at
// once, as the page promises; a link on another site that names an order number (they are
// sequential) and rides on the customer's cookie only shows the page and changes nothing.

const PARAM = "peruutus";

function tokenFor(orderNumber: string): string {
  return crypto.createHmac("sha256", env().SESSION_SECRET).update(`checkout-cancel:${orderNumber}`).digest("base64url");
}

/** The provider's cancel address for this order's checkout. */
export function signedPaymentCancelledPath(orderNumber: string): string {
  return `${paymentCancelledPath(orderNumber)}&${new URLSearchParams({ [PARAM]: tokenFor(orderNumber) })}`;
}

/** The request came back from this order's own checkout (its token is the one we gave it). */
export function cameFromCheckout(url: URL, orderNumber: string): boolean {
  const given = url.searchParams.get(PARAM);
  if (!given) return false;
  const expected = Buffer.from(tokenFor(orderNumber));
  const actual = Buffer.from(given);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
