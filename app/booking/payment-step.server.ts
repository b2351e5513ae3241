import { data, redirect } from "@remix-run/node";
import type { DB, Executor } from "~/db.server";
import { logger } from "~/logger.server";
import { ORDER_FAILED_MESSAGES, RETRY_REFUSED_MESSAGE } from "~/messages/booking";
import { findOrderPaymentState, findPendingOnlineOrderForDraft, type PendingOnlineOrder } from "~/models/orders.server";
import { CheckoutError, startCheckout } from "~/services/payments/checkout.server";
import { ANY_CAREGIVER, UUID, type BookingDraft } from "./draft";
import { rememberedOrderNumbers } from "./owned-orders.server";
import type { BookingFlow } from "./flows";
import { requireCaregiverChoice, requirePlace, requireTimeStep, visitWindow, type ValidTimeStep } from "./steps.server";

// Paying for a placed order, the same from every flow's last step (the public contact step and
// the signed-in wizards' summary): the checkout of the active provider, a new attempt when it
// failed or was left, and the customer's own unpaid order for the very same draft, which is
// resumed instead of booked twice.

/** Everything before the last step, re-checked: the time, the visit's place and the helper. */
export async function requireCompleteDraft(executor: Executor, request: Request, flow: BookingFlow, draft: BookingDraft, now: Date) {
  const time = await requireTimeStep(executor, flow, draft, now);
  const place = requirePlace(flow, draft);
  const pendingOrder = await findOwnPendingOrder(executor, request, draft, time);
  // The customer's own unpaid order holds the caregiver's time; it must not send them back to
  // step 2 as if someone else had taken the caregiver.
  const caregiver = await requireCaregiverChoice(executor, flow, draft, visitWindow(time, place), pendingOrder?.id ?? null);
  return { time, place, caregiver, pendingOrder };
}

/** This browser's unpaid online order for exactly this draft, if it has one. */
export async function findOwnPendingOrder(
  executor: Executor,
  request: Request,
  draft: BookingDraft,
  time: ValidTimeStep,
): Promise<PendingOnlineOrder | null> {
  let caregiverId: string | null;
  if (draft.caregiver === ANY_CAREGIVER) caregiverId = null;
  else if (draft.caregiver && UUID.test(draft.caregiver)) caregiverId = draft.caregiver;
  else return null;
  return findPendingOnlineOrderForDraft(executor, {
    orderNumbers: await rememberedOrderNumbers(request),
    serviceCategoryId: time.selection.serviceId,
    startsAt: time.interval.startsAt,
    endsAt: time.interval.endsAt,
    caregiverId,
  });
}

/**
 * Throws the redirect to the order's checkout (with `headers`), or returns the §8 message when
 * the checkout could not be started.
 */
export async function redirectToCheckout(db: DB, orderId: string, headers: Headers): Promise<string> {
  let checkoutUrl: string;
  try {
    checkoutUrl = await startCheckout(db, orderId);
  } catch (error) {
    if (!(error instanceof CheckoutError)) logger.error({ err: error, orderId }, "starting the checkout failed");
    return error instanceof CheckoutError ? error.message : ORDER_FAILED_MESSAGES.online;
  }
  throw redirect(checkoutUrl, { headers });
}

/**
 * 'Yritä maksua uudelleen': a new attempt at the payment of an order this browser booked and
 * that still awaits it. Needs no draft or form: the order already holds everything.
 */
export async function retryPayment(db: DB, request: Request, formData: FormData) {
  const value = formData.get("orderNumber");
  const orderNumber = typeof value === "string" ? value.trim() : "";
  const owned = orderNumber !== "" && (await rememberedOrderNumbers(request)).includes(orderNumber);
  const order = owned ? await findOrderPaymentState(db, orderNumber) : null;
  const formError = (message: string) => ({ status: "error" as const, error: { "": [message] } });
  if (!order || !order.awaitingOnlinePayment) {
    // Someone else's order number (or a cancelled, paid or invoice order) is never paid from here.
    return data({ result: formError(RETRY_REFUSED_MESSAGE), discount: null, botCheck: null }, { status: owned ? 409 : 403 });
  }
  const failure = await redirectToCheckout(db, order.id, new Headers());
  return data({ result: formError(failure), discount: null, botCheck: null }, { status: 502 });
}
