import crypto from "node:crypto";
import type { DB, Executor } from "../db.server";
import { formatDateTime, formatTimeRange, formatWeekdayDate } from "../domain/format";
import { ORDER_CONFIRMATION_TTL_MS } from "../domain/guest-orders";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { orderConfirmationVisitLine, orderEmailConfirmationTexts as texts } from "../messages/order-email-confirmation";
import { releaseDiscountRedemption } from "../models/discount-codes.server";
import { cancelUnconfirmedOrders, findOrderAwaitingEmail, markOrderEmailConfirmed } from "../models/orders.server";
import { enqueueBookingConfirmation } from "./booking-emails.server";
import { renderEmail, sendEmail } from "./email.server";
import { createInvoiceForOrder } from "./invoices.server";
import { now as clockNow } from "./clock.server";

// A guest's invoice order past the first few of its e-mail address in a day waits for that
// address to confirm it (app/domain/guest-orders.ts; issue 12, finding 7). The e-mail carries a
// single-use link; only its hash is stored. Confirming does what placing an ordinary invoice order
// does at once (invoice, confirmation e-mail); an unused link expires and the order is cancelled,
// which frees the helper's time and the discount.

export const ORDER_CONFIRMATION_PATH = "/varaus/vahvista";

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A fresh link token and the hash the order keeps. */
export function newOrderConfirmationToken(now: Date): { token: string; tokenHash: string; dueAt: Date } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token), dueAt: new Date(now.getTime() + ORDER_CONFIRMATION_TTL_MS) };
}

/** Queues the "confirm your booking" e-mail in the booking's transaction. */
export async function sendOrderConfirmationRequest(trx: Executor, input: { email: string; token: string; now: Date }): Promise<void> {
  const order = await findOrderAwaitingEmail(trx, hashToken(input.token), input.now);
  if (!order) throw new Error("sendOrderConfirmationRequest: the order does not wait for confirmation");
  const url = new URL(ORDER_CONFIRMATION_PATH, env().APP_URL);
  url.searchParams.set("token", input.token);
  const dueAt = new Date(input.now.getTime() + ORDER_CONFIRMATION_TTL_MS);
  await sendEmail(trx, {
    to: input.email,
    subject: texts.emailSubject(order.orderNumber),
    ...renderEmail({
      heading: texts.heading,
      paragraphs: [
        texts.emailIntro(input.email, order.orderNumber),
        orderConfirmationVisitLine(order.serviceName, formatWeekdayDate(order.startsAt), formatTimeRange(order.startsAt, order.endsAt)),
        texts.emailDeadline(formatDateTime(dueAt)),
      ],
      button: { label: texts.button, url: url.toString() },
      afterButton: [texts.emailNotYou],
    }),
  });
}

/** What the confirmation page shows before the button, or null for a used, expired or unknown link. */
export async function orderAwaitingConfirmation(db: DB, token: string, now: Date) {
  if (!token) return null;
  const order = await findOrderAwaitingEmail(db, hashToken(token), now);
  return order
    ? { orderNumber: order.orderNumber, serviceName: order.serviceName, dateLabel: formatWeekdayDate(order.startsAt), timeLabel: formatTimeRange(order.startsAt, order.endsAt) }
    : null;
}

/** Confirms the order of a link: the invoice and the booking confirmation follow. Null if the link is not valid. */
export async function confirmOrderByEmail(db: DB, token: string, now: Date): Promise<{ orderNumber: string } | null> {
  if (!token) return null;
  return db.transaction().execute(async (trx) => {
    const order = await markOrderEmailConfirmed(trx, hashToken(token), now);
    if (!order) return null;
    await createInvoiceForOrder(trx, order.id, now);
    await enqueueBookingConfirmation(trx, order.id);
    return { orderNumber: order.orderNumber };
  });
}

/** Cancels orders whose link expired unused, giving back their discount uses (a recurring job). */
export async function cancelExpiredUnconfirmedOrders(db: DB, now = clockNow()): Promise<number> {
  const ids = await db.transaction().execute(async (trx) => {
    const cancelled = await cancelUnconfirmedOrders(trx, now);
    for (const id of cancelled) await releaseDiscountRedemption(trx, id);
    return cancelled;
  });
  if (ids.length > 0) logger.info({ orders: ids.length }, "cancelled guest orders whose e-mail confirmation expired");
  return ids.length;
}
