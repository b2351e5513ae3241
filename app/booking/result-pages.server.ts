import { getDb } from "~/db.server";
import { formatDate, formatHours, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { logger } from "~/logger.server";
import { findOrderReceipt } from "~/models/orders.server";
import { getContactInfo } from "~/models/settings.server";
import { canViewOrder } from "./owned-orders.server";

// The pages a customer lands on after booking (spec 000 §2 "Payment success page", "Payment
// cancelled page", "Thank-you page"). An order is shown only to the browser that made it or to its
// signed-in owner; anyone else, like a lookup that fails, gets 'Tilaustietoja ei löytynyt.'

const ORDER_NUMBER = /^[A-Z]{3}-\d{1,18}$/;

function orderNumberParam(url: URL): string | null {
  const value = url.searchParams.get("order_number")?.trim().toUpperCase() ?? "";
  return ORDER_NUMBER.test(value) ? value : null;
}

export interface ReceiptView {
  orderNumber: string;
  serviceName: string;
  dateLabel: string;
  timeLabel: string;
  durationLabel: string;
  originalPriceCents: number;
  discountCents: number;
  totalPriceCents: number;
  paymentMethod: "online" | "invoice";
  /** Online orders whose payment has not been confirmed yet. */
  awaitingPayment: boolean;
  cancelled: boolean;
  invoiceDueDate: string | null;
  customerEmail: string;
}

export async function paymentSuccessLoader(request: Request) {
  const url = new URL(request.url);
  const orderNumber = orderNumberParam(url);
  const requestedMethod = url.searchParams.get("payment_method") === "invoice" ? "invoice" : "online";
  let order: ReceiptView | null = null;
  if (orderNumber) {
    try {
      const receipt = await findOrderReceipt(await getDb(), orderNumber);
      if (receipt && (await canViewOrder(request, receipt))) {
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
        };
      }
    } catch (error) {
      // Spec 000 §8: a failed lookup is only logged; the page says the order was not found.
      logger.error({ err: error, orderNumber }, "order lookup for the result page failed");
    }
  }
  return { order, paymentMethod: order?.paymentMethod ?? requestedMethod };
}

export function paymentCancelledLoader(request: Request) {
  return { orderNumber: orderNumberParam(new URL(request.url)) };
}

export async function thankYouLoader() {
  return { contact: await getContactInfo(await getDb()) };
}
