import crypto from "node:crypto";
import type { DB } from "~/db.server";
import { formatDateTime, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { awaitsCheckoutPayment, seriesPaymentDeadline } from "~/domain/series-payment";
import { env } from "~/env.server";
import { findOrderIdByNumber } from "~/models/orders.server";
import { findCheckoutTarget } from "~/models/payments.server";

// The payment link e-mailed when a series visit's saved card is declined (docs/decisions/0040):
// /maksa/<order number>?tunniste=<token>. The token is made from the order's id with the session
// secret, so only the e-mail's reader can open the page; order numbers are sequential. The page
// itself only shows the visit and starts a checkout for it on a POST, so a leaked link can at
// most let someone pay the visit.

const PARAM = "tunniste";

function tokenFor(orderId: string): string {
  return crypto.createHmac("sha256", env().SESSION_SECRET).update(`series-pay:${orderId}`).digest("base64url");
}

export function payLinkPath(orderNumber: string, orderId: string): string {
  return `/maksa/${encodeURIComponent(orderNumber)}?${new URLSearchParams({ [PARAM]: tokenFor(orderId) })}`;
}

export function payLinkUrl(orderNumber: string, orderId: string): string {
  return new URL(payLinkPath(orderNumber, orderId), env().APP_URL).toString();
}

/** The request carries this order's token. */
export function hasPayLinkToken(url: URL, orderId: string): boolean {
  const given = url.searchParams.get(PARAM);
  if (!given) return false;
  const expected = Buffer.from(tokenFor(orderId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

export type PayLinkState =
  | { kind: "invalid" }
  | { kind: "paid" | "cancelled"; orderNumber: string }
  | { kind: "open"; orderId: string; orderNumber: string; serviceName: string; when: string; amountCents: number; deadline: string };

/** What the payment link's page shows: only with this order's token, and only what it may pay. */
export async function payLinkState(db: DB, orderNumber: string, url: URL): Promise<PayLinkState> {
  const orderId = await findOrderIdByNumber(db, orderNumber);
  if (!orderId || !hasPayLinkToken(url, orderId)) return { kind: "invalid" };
  const target = await findCheckoutTarget(db, orderId);
  if (!target) return { kind: "invalid" };
  if (target.paymentStatus === "captured" || target.paymentStatus === "refunded") return { kind: "paid", orderNumber };
  if (!awaitsCheckoutPayment(target)) return { kind: "cancelled", orderNumber };
  return {
    kind: "open",
    orderId,
    orderNumber,
    serviceName: target.serviceName,
    when: `${formatWeekdayDate(target.startsAt)} ${formatTimeRange(target.startsAt, target.endsAt)}`,
    amountCents: target.paymentAmountCents,
    deadline: formatDateTime(seriesPaymentDeadline(target.startsAt)),
  };
}
