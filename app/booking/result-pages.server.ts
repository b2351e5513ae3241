import { redirect } from "@remix-run/node";
import { getOptionalUser } from "~/auth/guards.server";
import { getDb, type DB } from "~/db.server";
import { formatDate, formatDateTime, formatHours, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { logger } from "~/logger.server";
import { findOrderReceipt, type OrderReceipt } from "~/models/orders.server";
import { getContactInfo } from "~/models/settings.server";
import { nextSteps } from "~/messages/next-steps";
import type { CancelledPageState } from "~/messages/payment-cancelled";
import { paymentSucceededPath } from "~/services/payments/paths";
import { cameFromCheckout } from "~/services/payments/cancel-link.server";
import { abandonCheckoutOfOrder, confirmCheckoutOfOrder } from "~/services/payments/reconcile.server";
import { parseStartHour, formatStartHour } from "~/domain/booking-window";
import { ANY_CAREGIVER, stepHref } from "./draft";
import { VARAA_KAVERI_FLOW, VARAUS_FLOW, stepPath } from "./flows";
import { canViewOrder } from "./owned-orders.server";
import type { ReceiptView } from "./views";
import { now as clockNow } from "~/services/clock.server";

export type { ReceiptView };

// The pages a customer lands on after booking (spec 000 §2 "Payment success page", "Payment
// cancelled page", "Thank-you page"). An order is shown only to the browser that made it or to its
// signed-in owner; anyone else, like a lookup that fails, gets 'Tilaustietoja ei löytynyt.'

const ORDER_NUMBER = /^[A-Z]{3}-\d{1,18}$/;

function orderNumberParam(url: URL): string | null {
  const value = url.searchParams.get("order_number")?.trim().toUpperCase() ?? "";
  return ORDER_NUMBER.test(value) ? value : null;
}

async function isSignedInOwner(request: Request, receipt: OrderReceipt): Promise<boolean> {
  const user = await getOptionalUser(request);
  return user !== null && user.id === receipt.customerProfileId;
}

export async function paymentSuccessLoader(request: Request, options: { signedInOwnerTo?: "/portal/orders/success" } = {}) {
  const url = new URL(request.url);
  const orderNumber = orderNumberParam(url);
  const requestedMethod = url.searchParams.get("payment_method") === "invoice" ? "invoice" : "online";
  let order: ReceiptView | null = null;
  if (orderNumber) {
    try {
      const db = await getDb();
      let receipt = await findOrderReceipt(db, orderNumber);
      if (receipt && options.signedInOwnerTo && (await isSignedInOwner(request, receipt))) {
        // A signed-in customer's booking ends in the portal, whichever page the checkout returned to (issue 26 item 3).
        const params = new URLSearchParams({ order_number: receipt.orderNumber });
        throw redirect(`${options.signedInOwnerTo}?${params}`);
      }
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
          // The portal's success page is its signed-in owner's; the public pages a guest's (issue 28 item 6).
          ...(await receiptContact(db, receipt, (await isSignedInOwner(request, receipt)) ? "account" : "guest")),
        };
      }
    } catch (error) {
      if (error instanceof Response) throw error;
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

export async function paymentCancelledLoader(
  request: Request,
): Promise<{ orderNumber: string | null; retryHref: string; state: CancelledPageState; orderHref: string | null }> {
  const url = new URL(request.url);
  const orderNumber = orderNumberParam(url);
  let retry = stepPath(VARAUS_FLOW, "time");
  let state: CancelledPageState = "unknown";
  let orderHref: string | null = null;
  if (orderNumber) {
    try {
      const db = await getDb();
      const receipt = await findOrderReceipt(db, orderNumber);
      // Only the browser that booked it (or its owner) learns anything of the order.
      const own = receipt !== null && (await canViewOrder(request, receipt));
      if (own && receipt.paymentMethod === "online" && (receipt.status === "pending_payment" || receipt.status === "cancelled")) {
        retry = retryHref(receipt);
      }
      if (own && receipt.status === "cancelled") state = "released";
      else if (own && receipt.status === "pending_payment") {
        state = "awaiting_payment";
        // Only the provider's own return (its cancel address carries our token) gives up the
        // checkout on this GET, releasing the helper's time and the discount at once as the page
        // says (docs/decisions/0009-stripe-payments.md); a link from elsewhere changes nothing.
        if (cameFromCheckout(url, orderNumber)) {
          const outcome = await abandonCheckoutOfOrder(db, orderNumber);
          // Paid after all (in another tab, or just before leaving): show the order instead.
          if (outcome === "paid") throw redirect(paymentSucceededPath(orderNumber));
          state = "released";
        }
      } else if (own) {
        state = "active";
        orderHref = paymentSucceededPath(orderNumber);
      }
    } catch (error) {
      if (error instanceof Response) throw error;
      logger.error({ err: error, orderNumber }, "closing an abandoned checkout failed");
    }
  }
  return { orderNumber, retryHref: retry, state, orderHref };
}

/** What happens next, and customer service to link where it is mentioned. */
async function receiptContact(db: DB, receipt: OrderReceipt, reader: "guest" | "account") {
  const contact = await getContactInfo(db);
  return { nextSteps: nextSteps({ ...receipt, reader }, contact, clockNow()), contact: { phone: contact.phone, email: contact.email } };
}

export async function thankYouLoader() {
  return { contact: await getContactInfo(await getDb()) };
}
