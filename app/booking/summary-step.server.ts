import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { describeDatabaseError, getDb, isDatabaseFault, type DB } from "~/db.server";
import { logger } from "~/logger.server";
import { CUSTOMER_FROZEN_MESSAGE, DISCOUNT_CODE_MISSING_MESSAGE, bookingMessages, discountRejectionMessage } from "~/messages/booking";
import { findCustomerContact } from "~/models/orders.server";
import { SIGNED_IN_BOOKING_MESSAGES } from "~/messages/booking-wording";
import { BOOKING_INTENT, DiscountCheckSchema } from "~/schemas/booking";
import { BookingSummarySchema } from "~/schemas/booking-visit";
import { RETRY_AFTER_SECONDS } from "~/services/database-faults.server";
import { getPaymentProvider, isOnlinePaymentAvailable } from "~/services/payments/active-provider.server";
import { readDraft, stepHref, type BookingDraft } from "./draft";
import type { BookingFlow } from "./flows";
import { priceChangedMessage } from "~/messages/price-change";
import { rememberOrder } from "./owned-orders.server";
import { readShownPriceCents } from "./shown-price";
import { redirectToCheckout, requireCompleteDraft, retryPayment } from "./payment-step.server";
import { placeOrder, type Payer, type PlaceOrderOutcome, type Visit } from "./place-order.server";
import { readWizardRepeat, repeatFieldDefaults, seriesPreviewHref } from "./repeat-choice";
import { requireVisit, sendBack, summarize } from "./steps.server";
import { forgetVisitDetails, markVisitDetailsPlaced, requireBookingCustomer } from "./visit-draft.server";
import { checkDiscount } from "./contact-step.server";
import type { DiscountCheckResult, SummaryStepView } from "./views";
import { now as clockNow } from "~/services/clock.server";
import type { AuthUser } from "~/auth/guards.server";

// The signed-in wizards' last step (spec 000 §2 "Four-step wizard" step 4, 001 §2 orders/new
// step 5): everything chosen and typed, the price breakdown, the payment method and the terms
// ('Hyväksy varausehdot ennen jatkamista.'), then 'Varaa nyt'. The order is placed by the same
// transaction as every other booking (place-order.server.ts) for the signed-in customer: no
// contact form and no bot check. An invoice order goes to /portal/orders/success ('Varaus tehty
// onnistuneesti!'); an online one to the provider's checkout and back to the payment result pages.

export async function requireSummary(db: DB, request: Request, flow: BookingFlow, draft: BookingDraft, now: Date) {
  const user = await requireBookingCustomer(request);
  const { pendingOrder, ...complete } = await requireCompleteDraft(db, request, flow, draft, now);
  const visit = (await requireVisit(db, request, flow, draft, user, "complete"))!;
  // This browser's unpaid order is resumed only for the customer whose order it is (another
  // account may have booked on the same browser before).
  const own = pendingOrder && pendingOrder.customerEmail.toLowerCase() === user.email.toLowerCase() ? pendingOrder : null;
  return { user, visit, pendingOrder: own, ...complete };
}

export async function summaryStepLoader(request: Request, flow: BookingFlow) {
  const draft = readDraft(new URL(request.url).searchParams);
  const db = await getDb();
  const { time, place, caregiver, pendingOrder, visit } = await requireSummary(db, request, flow, draft, clockNow());
  const view: SummaryStepView = {
    flow,
    draft,
    summary: summarize(time, caregiver, place),
    visit: {
      recipientName: visit.recipient ? `${visit.recipient.firstName} ${visit.recipient.lastName}` : null,
      address: visit.address,
      phone: visit.phone,
      description: visit.description,
      specialNotes: visit.specialNotes ?? null,
      saveToAccount: visit.saveToAccount,
    },
    amounts: time.amounts,
    pendingOrderNumber: pendingOrder?.orderNumber ?? null,
    onlinePayment: isOnlinePaymentAvailable(),
    // "Muuta toistoa" on the series preview comes back with the choice filled in.
    repeat: { ...repeatFieldDefaults(new URL(request.url).searchParams), anyHelper: caregiver === null },
  };
  return view;
}

type SummaryVisit = Awaited<ReturnType<typeof requireSummary>>["visit"];

/**
 * Who pays and what the visit is, as the signed-in wizard books it: one order (placeOrder) or a
 * series (series-step.server.ts). The payer is the account as it is; for oneself, the phone and
 * address typed for this visit (which become the account's only with "Tallenna osoite omaksi
 * osoitteekseni").
 */
export async function bookingParties(db: DB, user: AuthUser, visit: SummaryVisit): Promise<{ payer: Payer; visit: Visit }> {
  const own = visit.recipient ? await findCustomerContact(db, user.id) : null;
  return {
    payer: {
      email: user.email,
      fullName: user.fullName,
      phone: own?.phone ?? visit.phone,
      address: own?.address ?? visit.address,
      postalCode: own?.postalCode ?? visit.postalCode,
      city: own?.city ?? visit.city,
    },
    visit: {
      address: visit.address,
      postalCode: visit.postalCode,
      city: visit.city,
      recipient: visit.recipient,
      recipientEmail: visit.recipientEmail,
      smsPhone: visit.smsPhone,
      description: visit.description,
      specialNotes: visit.specialNotes ?? null,
    },
  };
}

/** Why the order was refused, back on the step that can fix it (or said on this one). */
function refusal(flow: BookingFlow, draft: BookingDraft, outcome: Extract<PlaceOrderOutcome, { ok: false }>): string {
  switch (outcome.reason) {
    case "caregiver_unavailable":
    case "caregiver_outside_area":
    case "caregiver_no_service":
      throw sendBack(flow, { ...draft, caregiver: null }, outcome.reason);
    case "nobody_available":
      // The helper step says nobody can come then, with other times and a contact request.
      throw redirect(stepHref(flow, "caregiver", { ...draft, caregiver: null }));
    case "service_unavailable":
      throw sendBack(flow, { ...draft, service: null }, "service_missing");
    case "customer_suspended":
      return CUSTOMER_FROZEN_MESSAGE;
    case "discount_refused":
      return discountRejectionMessage(outcome.rejection, { minOrderCents: outcome.minOrderCents });
    case "price_changed":
      return priceChangedMessage(outcome.priceCents);
  }
}

export async function summaryStepAction(request: Request, flow: BookingFlow) {
  await requireBookingCustomer(request);
  const now = clockNow();
  const draft = readDraft(new URL(request.url).searchParams);
  const db = await getDb();
  const formData = await request.formData();
  if (formData.get("intent") === BOOKING_INTENT.retryPayment) return retryPayment(db, request, formData);
  const { user, time, caregiver, pendingOrder, visit } = await requireSummary(db, request, flow, draft, now);

  // The discount code, checked as on the public contact step; per-customer limits count this account.
  const code = typeof formData.get("discountCode") === "string" ? String(formData.get("discountCode")).trim() : "";
  const discount: DiscountCheckResult | null = code ? await checkDiscount(db, { code, email: user.email, time, now }) : null;
  if (formData.get("intent") === BOOKING_INTENT.checkDiscount) {
    const check = parseWithZod(formData, { schema: DiscountCheckSchema });
    return data({
      result: check.reply(),
      discount: discount ?? { status: "invalid" as const, message: DISCOUNT_CODE_MISSING_MESSAGE, detail: null, code: "", amounts: null },
    });
  }

  const submission = parseWithZod(formData, { schema: BookingSummarySchema });
  const failed = (message: string, status: number, init: { headers?: Headers; field?: string } = {}) =>
    data(
      { result: submission.reply(init.field ? { fieldErrors: { [init.field]: [message] } } : { formErrors: [message] }), discount },
      { status, headers: init.headers },
    );
  // "Joka viikko" / "Joka toinen viikko": checked with the other fields, so that one answer lists every error.
  const repeat = readWizardRepeat(formData, { selection: time.selection, caregiverId: caregiver?.id ?? null, discountCode: code, now });
  if (submission.status !== "success" || (repeat && !repeat.ok)) {
    return data({ result: submission.reply(repeat && !repeat.ok ? repeat.errors : {}), discount }, { status: 400 });
  }
  const { paymentMethod } = submission.value;
  if (paymentMethod === "online" && !isOnlinePaymentAvailable()) {
    return failed(bookingMessages.onlinePaymentUnavailable, 400, { field: "paymentMethod" });
  }
  if (repeat) {
    // A series is not one order: nothing is placed here; the preview shows every date and books them.
    throw redirect(seriesPreviewHref(draft, repeat.choice, paymentMethod));
  }
  if (pendingOrder && paymentMethod === "online") {
    // The same booking sent again after its checkout failed: continue that order's payment.
    return failed(await redirectToCheckout(db, pendingOrder.id, new Headers()), 502);
  }

  let outcome: PlaceOrderOutcome;
  try {
    outcome = await placeOrder(db, {
      selection: time.selection,
      caregiverId: caregiver?.id ?? null,
      ...(await bookingParties(db, user, visit)),
      paymentMethod,
      discountCode: submission.value.discountCode ?? null,
      signedInUserId: user.id,
      saveToAccount: visit.saveToAccount,
      onlineProvider: paymentMethod === "online" ? getPaymentProvider().name : "local",
      now,
      shownPriceCents: readShownPriceCents(formData),
    });
  } catch (error) {
    // Spec 000 §8: 'Varauksen luominen epäonnistui' (also logged); a database fault is a 503 to try
    // again (nothing was kept), logged by its code and message only.
    if (isDatabaseFault(error)) {
      logger.warn({ db: describeDatabaseError(error) }, "placing a signed-in booking failed: database unavailable, answered 503");
      return failed(SIGNED_IN_BOOKING_MESSAGES.failed, 503, { headers: new Headers({ "Retry-After": String(RETRY_AFTER_SECONDS) }) });
    }
    logger.error({ err: error }, "placing a signed-in booking failed");
    return failed(SIGNED_IN_BOOKING_MESSAGES.failed, 500);
  }
  if (!outcome.ok) {
    const message = refusal(flow, draft, outcome);
    if (outcome.reason === "price_changed") {
      // The page shows the new price from this answer (with JavaScript the loader does not run again after a 409 by itself).
      return data({ result: submission.reply({ formErrors: [message] }), discount: null, newAmounts: outcome.amounts }, { status: 409 });
    }
    const status = outcome.reason === "discount_refused" ? 400 : 403;
    return failed(message, status, { field: outcome.reason === "discount_refused" ? "discountCode" : undefined });
  }

  const headers = new Headers();
  headers.append("Set-Cookie", await rememberOrder(request, outcome.orderNumber));
  if (outcome.paymentMethod === "invoice") {
    const forget = await forgetVisitDetails(db, request);
    if (forget) headers.append("Set-Cookie", forget);
    throw redirect(`${flow.successPath}?${new URLSearchParams({ order_number: outcome.orderNumber })}`, { headers });
  }
  // Online: the visit's details stay until paid, so that 'Yritä uudelleen' after a cancelled
  // payment finds them (result-pages.server.ts); the payment forgets them (events.server.ts).
  await markVisitDetailsPlaced(db, request, user.id, outcome.orderId);
  return failed(await redirectToCheckout(db, outcome.orderId, headers), 502, { headers });
}
