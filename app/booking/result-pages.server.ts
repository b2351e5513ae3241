import { redirect } from "@remix-run/node";
import { getDb } from "~/db.server";
import { formatDate, formatDateTime, formatHours, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { logger } from "~/logger.server";
import { findOrderReceipt, type OrderReceipt } from "~/models/orders.server";
import { getContactInfo } from "~/models/settings.server";
import { nextSteps } from "~/messages/next-steps";
import { paymentSucceededPath } from "~/services/payments/paths";
import { abandonCheckoutOfOrder, confirmCheckoutOfOrder } from "~/services/payments/reconcile.server";
import { parseStartHour, formatStartHour } from "~/domain/booking-window";
import { ANY_CAREGIVER, stepHref } from "./draft";
import { VARAA_KAVERI_FLOW, VARAUS_FLOW, stepPath } from "./flows";
import { canViewOrder } from "./owned-orders.server";
import type { ReceiptView } from "./views";

export type { ReceiptView };

// The pages a customer lands on after booking (spec 000 §2 "Payment success page", "Payment
// cancelled page", "Thank-you page"). An order is shown only to the browser that made it or to its
// signed-in owner; anyone else, like a lookup that fails, gets 'Tilaustietoja ei löytynyt.'

const ORDER_NUMBER = /^[A-Z]{3}-\d{1,18}$/;

function orderNumberParam(url: URL): string | null {
  const value = url.searchParams.get("order_number")?.trim().toUpperCase() ?? "";
  return ORDER_NUMBER.test(value) ? value : null;
}

export async function paymentSuccessLoader(request: Request) {
  const url = new URL(request.url);
  const orderNumber = orderNumberParam(url);
  const requestedMethod = url.searchParams.get("payment_method") === "invoice" ? "invoice" : "online";
  let order: ReceiptView | null = null;
  if (orderNumber) {
    try {
      const db = await getDb();
      let receipt = await findOrderReceipt(db, orderNumber);
      if (receipt && (await canViewOrder(request, receipt))) {
        if (receipt.status === "pending_payment" && receipt.paymentMethod === "online") {
          // The redirect back from the checkout proves nothing: until the webhook has confirmed
          // the payment, ask the provider itself (and apply its answer like the webhook would).
          await confirmCheckoutOfOrder(db, orderNumber);
          receipt = (await findOrderReceipt(db, orderNumber)) ?? receipt;
        }
        order = {
          orderNumber: receipt.orderNumber,
          serviceName: receipt.serviceName,
          dateLabel: formatWeekdayDate(receipt.scheduledDate),
          timeLabel: formatTimeRange(receipt.startsAt, receipt.endsAt),
          durationLabel: formatHours(receipt.durationHours),
          originalPriceCents: receipt.originalPriceCents,
          discountCents: receipt.discountCents,
          totalPriceCents: receipt.totalPriceCents,
          paymentMethod: receipt.paymentMethod,
          awaitingPayment: receipt.status === "pending_payment",
          cancelled: receipt.status === "cancelled",
          invoiceDueDate: receipt.invoiceDueDate ? formatDate(receipt.invoiceDueDate) : null,
          customerEmail: receipt.customerEmail,
          emailConfirmationDeadline:
            receipt.emailConfirmationDueAt && receipt.status === "pending" ? formatDateTime(receipt.emailConfirmationDueAt) : null,
          place: receipt.place,
          recipientName: receipt.bookingFor === "other" ? receipt.recipientName : null,
          nextSteps: nextSteps(receipt, await getContactInfo(db), new Date()),
        };
      }
    } catch (error) {
      // Spec 000 §8: a failed lookup is only logged; the page says the order was not found.
      logger.error({ err: error, orderNumber }, "order lookup for the result page failed");
    }
  }
  return { order, paymentMethod: order?.paymentMethod ?? requestedMethod };
}

/**
 * 'Yritä uudelleen' after a cancelled payment: the last step with the same time, service, place
 * and helper. What was typed there waits in this browser's contact draft (contact-step.server.ts)
 * or, for an order of the signed-in wizards (the only ones that ask a description), in its visit
 * draft (visit-draft.server.ts).
 */
function retryHref(receipt: OrderReceipt): string {
  const hour = parseStartHour(receipt.scheduledStart);
  const signedIn = receipt.description !== null;
  return stepHref(signedIn ? VARAA_KAVERI_FLOW : VARAUS_FLOW, signedIn ? "summary" : "contact", {
    date: receipt.scheduledDate,
    time: hour === null ? null : formatStartHour(hour),
    duration: String(receipt.durationHours),
    service: receipt.serviceId,
    postalCode: receipt.postalCode,
    city: receipt.city,
    caregiver: receipt.caregiverId ?? ANY_CAREGIVER,
  });
}

export async function paymentCancelledLoader(request: Request): Promise<{ orderNumber: string | null; retryHref: string }> {
  const orderNumber = orderNumberParam(new URL(request.url));
  let retry = stepPath(VARAUS_FLOW, "time");
  if (orderNumber) {
    try {
      const db = await getDb();
      const receipt = await findOrderReceipt(db, orderNumber);
      // Only the browser that booked it (or its owner) can give up its checkout: a stranger who
      // knows an order number changes nothing.
      const own = receipt !== null && receipt.paymentMethod === "online" && (await canViewOrder(request, receipt));
      // Unpaid: still waiting, or already closed by the checkout's own cancel button.
      if (own && (receipt.status === "pending_payment" || receipt.status === "cancelled")) retry = retryHref(receipt);
      if (own && receipt.status === "pending_payment") {
        // The customer left the provider's checkout: close it now so the helper's time and the
        // discount are free again at once, as the page says (docs/decisions/0009-stripe-payments.md).
        const outcome = await abandonCheckoutOfOrder(db, orderNumber);
        // Paid after all (in another tab, or just before leaving): show the order instead.
        if (outcome === "paid") throw redirect(paymentSucceededPath(orderNumber));
      }
    } catch (error) {
      if (error instanceof Response) throw error;
      logger.error({ err: error, orderNumber }, "closing an abandoned checkout failed");
    }
  }
  return { orderNumber, retryHref: retry };
}

export async function thankYouLoader() {
  return { contact: await getContactInfo(await getDb()) };
}
