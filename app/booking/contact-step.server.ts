import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { getOptionalUser } from "~/auth/guards.server";
import { describeDatabaseError, getDb, isDatabaseFault, type Executor } from "~/db.server";
import { helsinkiToday } from "~/domain/booking-window";
import {
  DISCOUNT_CHECK_FAILED_MESSAGE,
  DISCOUNT_CODE_MISSING_MESSAGE,
  DISCOUNT_INVALID_MESSAGE,
  DISCOUNT_VALID_MESSAGE,
  discountRejectionMessage,
  CUSTOMER_FROZEN_MESSAGE,
  ORDER_FAILED_MESSAGES,
  bookingMessages,
  bookingRateLimitedMessage,
  caregiverOutsideAreaMessage,
} from "~/messages/booking";
import { priceOrder } from "~/domain/order-amounts";
import { priceChangedMessage } from "~/messages/price-change";
import { logger } from "~/logger.server";
import { previewDiscount } from "~/models/discount-codes.server";
import { findCustomerContact } from "~/models/orders.server";
import {
  BOOKING_INTENT,
  DiscountCheckSchema,
  bookingContactSchema,
  repeatedRecipientMissing,
  type BookingContact,
  type ContactDefaults,
} from "~/schemas/booking";
import { BOT_CHECK_FIELDS, createBotCheck, verifyBotCheck } from "~/services/bot-check.server";
import { getPaymentProvider, isOnlinePaymentAvailable } from "~/services/payments/active-provider.server";
import { RETRY_AFTER_SECONDS } from "~/services/database-faults.server";
import { consumeGuestBooking, retryAfterMinutes } from "~/services/rate-limit.server";
import { forgetContactDetails, keepContactDetails, keptContactDetails } from "./contact-draft.server";
import { readDraft, stepHref } from "./draft";
import type { BookingFlow } from "./flows";
import { rememberOrder } from "./owned-orders.server";
import { redirectToCheckout, requireCompleteDraft, retryPayment } from "./payment-step.server";
import { placeOrder, type PlaceOrderInput } from "./place-order.server";
import { summarize, type ValidPlace, type ValidTimeStep } from "./steps.server";
import { readShownPriceCents } from "./shown-price";
import type { DiscountCheckResult, ContactStepView } from "./views";
import { now as clockNow } from "~/services/clock.server";
import { isSmsAvailable } from "~/services/sms/active-provider.server";
import { finnishMobileE164 } from "~/domain/sms";

// Step 3, the contact and payment form (spec 000 §2 "Step 3 form contents", §4, §5, §8). The
// draft of steps 1–2 comes in the address and is re-checked on every request; the form posts to
// the same address. Two submit buttons: 'Tarkista' checks the discount code against the real
// draft (and, without JavaScript, re-renders the page with everything typed kept), and the main
// button places the order.



const HIDDEN_FIELDS = [BOT_CHECK_FIELDS.altcha, BOT_CHECK_FIELDS.questionToken, BOT_CHECK_FIELDS.answer, "intent"];

/** Splits 'Aino Maria Virtanen' into first names and the last name for the form's two fields. */
function splitName(fullName: string): { firstName?: string; lastName?: string } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return parts.length ? { firstName: parts[0] } : {};
  return { firstName: parts.slice(0, -1).join(" "), lastName: parts[parts.length - 1] };
}

async function signedInDefaults(executor: Executor, userId: string): Promise<ContactDefaults> {
  const contact = await findCustomerContact(executor, userId);
  if (!contact) return {};
  const defaults: ContactDefaults = { ...splitName(contact.fullName), email: contact.email };
  if (contact.phone) defaults.phone = contact.phone;
  if (contact.address) defaults.address = contact.address;
  if (contact.postalCode) defaults.postalCode = contact.postalCode;
  if (contact.city) defaults.city = contact.city;
  return defaults;
}

/**
 * The visit's place typed before the helper step fills in the place fields: the recipient's, and
 * the customer's own unless their saved address is in that very city (then it is kept whole).
 */
function withVisitPlace(defaults: ContactDefaults, place: ValidPlace): ContactDefaults {
  const sameCity = defaults.city?.trim().toLowerCase() === place.city.toLowerCase();
  const own: ContactDefaults = sameCity
    ? { postalCode: defaults.postalCode ?? place.postalCode }
    : { address: undefined, postalCode: place.postalCode, city: place.city };
  return { recipientPostalCode: place.postalCode, recipientCity: place.city, ...defaults, ...own };
}

export async function contactStepLoader(request: Request, flow: BookingFlow) {
  const now = clockNow();
  const url = new URL(request.url);
  const draft = readDraft(url.searchParams);
  const db = await getDb();
  const { time, place, caregiver, pendingOrder } = await requireCompleteDraft(db, request, flow, draft, now);
  const kept = await keptContactDetails(db, request);
  const user = kept ? null : await getOptionalUser(request);
  const view: ContactStepView = {
    flow,
    draft,
    summary: summarize(time, caregiver, place),
    amounts: time.amounts,
    botCheck: createBotCheck(),
    defaults: kept ?? withVisitPlace(user ? await signedInDefaults(db, user.id) : {}, place),
    restored: kept !== null,
    pendingOrderNumber: pendingOrder?.orderNumber ?? null,
    onlinePayment: isOnlinePaymentAvailable(),
    smsAvailable: isSmsAvailable(),
  };
  return view;
}

/** The 'Tarkista' answer: the real draft priced on the server, the code checked for this customer. */
export async function checkDiscount(
  executor: Executor,
  input: { code: string; email: string | null; time: ValidTimeStep; now: Date },
): Promise<DiscountCheckResult> {
  const code = input.code.trim().toUpperCase();
  try {
    const preview = await previewDiscount(executor, {
      code,
      orderCents: input.time.amounts.originalPriceCents,
      today: helsinkiToday(input.now),
      email: input.email && /^[^\s@]+@[^\s@]+$/.test(input.email) ? input.email : null,
    });
    if (!preview.ok) {
      const detail = discountRejectionMessage(preview.reason, { minOrderCents: preview.minOrderCents });
      return {
        status: "invalid",
        message: DISCOUNT_INVALID_MESSAGE,
        detail: detail === DISCOUNT_INVALID_MESSAGE ? null : detail,
        code,
        amounts: null,
      };
    }
    const { selection, bands } = input.time;
    return {
      status: "valid",
      message: DISCOUNT_VALID_MESSAGE,
      detail: null,
      code: preview.code,
      amounts: priceOrder({
        bands,
        startHour: selection.startHour,
        durationHours: selection.durationHours,
        discountCents: preview.discountCents,
      }),
    };
  } catch (error) {
    logger.error({ err: error }, "discount check failed");
    return { status: "error", message: DISCOUNT_CHECK_FAILED_MESSAGE, detail: null, code, amounts: null };
  }
}

function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value.trim() : "";
}

export async function contactStepAction(request: Request, flow: BookingFlow, clientIp: string | null = null) {
  const now = clockNow();
  const url = new URL(request.url);
  const draft = readDraft(url.searchParams);
  const db = await getDb();
  const formData = await request.formData();
  if (field(formData, "intent") === BOOKING_INTENT.retryPayment) return retryPayment(db, request, formData);
  let complete: Awaited<ReturnType<typeof requireCompleteDraft>>;
  try {
    complete = await requireCompleteDraft(db, request, flow, draft, now);
  } catch (thrown) {
    // The draft went stale while the form was being filled in (typically: the chosen caregiver
    // was booked meanwhile). The customer goes back to fix it, and what they typed waits here.
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      thrown.headers.append("Set-Cookie", await keepContactDetails(db, request, formData));
    }
    throw thrown;
  }
  const { time, caregiver, pendingOrder } = complete;
  const code = field(formData, "discountCode");
  const email = field(formData, "email") || null;

  if (field(formData, "intent") === BOOKING_INTENT.checkDiscount) {
    const submission = parseWithZod(formData, { schema: DiscountCheckSchema });
    const discount = code
      ? await checkDiscount(db, { code, email, time, now })
      : ({ status: "invalid", message: DISCOUNT_CODE_MISSING_MESSAGE, detail: null, code: "", amounts: null } as const);
    // No new bot-check question: the visitor's widget or answer stays valid for the real submit.
    return data({ result: submission.reply({ hideFields: HIDDEN_FIELDS }), discount, botCheck: null });
  }

  const submission = parseWithZod(formData, { schema: bookingContactSchema(formData) });
  // The summary shows the discount of a typed code whatever else is still wrong in the form.
  const discount = code ? await checkDiscount(db, { code, email, time, now }) : null;
  if (submission.status !== "success") {
    // The reply is made of this very object: the one message of the empty recipient fields is said once.
    if (submission.error) for (const name of repeatedRecipientMissing(submission.error)) delete submission.error[name];
    return data({ result: submission.reply({ hideFields: HIDDEN_FIELDS }), discount, botCheck: createBotCheck() }, { status: 400 });
  }
  if (submission.value.paymentMethod === "online" && !isOnlinePaymentAvailable()) {
    return data(
      {
        result: submission.reply({ hideFields: HIDDEN_FIELDS, fieldErrors: { paymentMethod: [bookingMessages.onlinePaymentUnavailable] } }),
        discount,
        botCheck: createBotCheck(),
      },
      { status: 400 },
    );
  }
  // Verified only once everything else is valid: a passed check is spent, and a form refused
  // for a typo should not need a new one.
  const bot = await verifyBotCheck(db, formData);
  if (!bot.ok) {
    return data(
      {
        result: submission.reply({ hideFields: HIDDEN_FIELDS, fieldErrors: { [BOT_CHECK_FIELDS.answer]: [bot.message] } }),
        discount,
        botCheck: createBotCheck(),
      },
      { status: 400 },
    );
  }

  const contact = submission.value;
  if (
    pendingOrder &&
    contact.paymentMethod === "online" &&
    pendingOrder.customerEmail.trim().toLowerCase() === contact.email.trim().toLowerCase()
  ) {
    // The same booking sent again after its checkout failed: continue that order's payment
    // rather than create a second order next to it.
    const headers = new Headers();
    // Kept until paid: a cancelled payment's 'Yritä uudelleen' finds them (result-pages.server.ts).
    headers.append("Set-Cookie", await keepContactDetails(db, request, formData));
    const failure = await redirectToCheckout(db, pendingOrder.id, headers);
    return data(
      { result: submission.reply({ hideFields: HIDDEN_FIELDS, formErrors: [failure] }), discount, botCheck: createBotCheck() },
      { status: 502, headers },
    );
  }
  const user = await getOptionalUser(request);
  if (!user) {
    const limit = await consumeGuestBooking(contact.email, clientIp);
    if (!limit.allowed) {
      return data(
        {
          result: submission.reply({ hideFields: HIDDEN_FIELDS, formErrors: [bookingRateLimitedMessage(retryAfterMinutes(limit.retryAfterSeconds))] }),
          discount,
          botCheck: createBotCheck(),
        },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
  }
  let outcome;
  try {
    outcome = await placeOrder(db, {
      ...orderOfContact(contact),
      selection: time.selection,
      caregiverId: caregiver?.id ?? null,
      signedInUserId: user?.id ?? null,
      onlineProvider: contact.paymentMethod === "online" ? getPaymentProvider().name : "local",
      now,
      shownPriceCents: readShownPriceCents(formData),
    });
  } catch (error) {
    // A database that did not answer in time, or a connection that died: nothing was kept (the
    // transaction rolled back), the page comes back with everything typed and a 503 to try again
    // (as every route answers one, app/services/database-faults.server.ts). The log line names the
    // fault, not the driver's client.
    const fault = isDatabaseFault(error);
    if (fault) logger.warn({ db: describeDatabaseError(error) }, "placing a booking failed: database unavailable, answered 503");
    else logger.error({ err: error }, "placing a booking failed");
    return data(
      {
        result: submission.reply({ hideFields: HIDDEN_FIELDS, formErrors: [ORDER_FAILED_MESSAGES[contact.paymentMethod]] }),
        discount,
        botCheck: createBotCheck(),
      },
      fault ? { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } } : { status: 500 },
    );
  }

  if (!outcome.ok) {
    switch (outcome.reason) {
      case "caregiver_unavailable":
      case "caregiver_no_service":
      case "nobody_available": {
        // Back to step 2 with the time and service in the address and the typed details kept
        // (nobody able to come: that step says so and offers other times and a contact request).
        const cookie = await keepContactDetails(db, request, formData);
        const notice = outcome.reason === "nobody_available" ? {} : { notice: outcome.reason };
        throw redirect(stepHref(flow, "caregiver", { ...draft, caregiver: null }, notice), {
          headers: { "Set-Cookie": cookie },
        });
      }
      case "caregiver_outside_area": {
        // The visit's city was changed on this page to one the chosen helper does not visit.
        const cityField = contact.bookingFor === "other" ? "recipientCity" : "city";
        const city = contact.bookingFor === "other" ? contact.recipientCity! : contact.city;
        return data(
          {
            result: submission.reply({ hideFields: HIDDEN_FIELDS, fieldErrors: { [cityField]: [caregiverOutsideAreaMessage(city)] } }),
            discount,
            botCheck: createBotCheck(),
          },
          { status: 409 },
        );
      }
      case "customer_suspended":
        return data(
          {
            result: submission.reply({ hideFields: HIDDEN_FIELDS, formErrors: [CUSTOMER_FROZEN_MESSAGE] }),
            discount,
            botCheck: createBotCheck(),
          },
          { status: 403 },
        );
      case "service_unavailable":
        throw redirect(stepHref(flow, "time", { ...draft, service: null }, { notice: "service_missing" }));
      case "price_changed":
        // The page comes back with the new price and everything typed kept: the answer carries
        // the price (with JavaScript the loader does not run again after a 409 by itself).
        return data(
          {
            result: submission.reply({ hideFields: HIDDEN_FIELDS, formErrors: [priceChangedMessage(outcome.priceCents)] }),
            discount: null,
            botCheck: createBotCheck(),
            newAmounts: outcome.amounts,
          },
          { status: 409 },
        );
      case "discount_refused": {
        const message = discountRejectionMessage(outcome.rejection, { minOrderCents: outcome.minOrderCents });
        return data(
          {
            result: submission.reply({ hideFields: HIDDEN_FIELDS, fieldErrors: { discountCode: [message] } }),
            discount: { status: "invalid", message: DISCOUNT_INVALID_MESSAGE, detail: message === DISCOUNT_INVALID_MESSAGE ? null : message, code, amounts: null } satisfies DiscountCheckResult,
            botCheck: createBotCheck(),
          },
          { status: 400 },
        );
      }
    }
  }

  const headers = new Headers();
  headers.append("Set-Cookie", await rememberOrder(request, outcome.orderNumber));
  if (outcome.paymentMethod === "online") {
    // Kept until paid: a cancelled payment's 'Yritä uudelleen' finds them (result-pages.server.ts).
    headers.append("Set-Cookie", await keepContactDetails(db, request, formData));
  } else {
    const forget = await forgetContactDetails(db, request);
    if (forget) headers.append("Set-Cookie", forget);
  }

  if (outcome.paymentMethod === "invoice") {
    const params = new URLSearchParams({ order_number: outcome.orderNumber, payment_method: "invoice" });
    throw redirect(`/varaus-maksu-onnistui?${params}`, { headers });
  }

  // On failure the order stays 'pending_payment' and this browser remembers it: the page that
  // comes back offers 'Yritä maksua uudelleen', and sending the same form again resumes it too.
  const failure = await redirectToCheckout(db, outcome.orderId, headers);
  return data(
    { result: submission.reply({ hideFields: HIDDEN_FIELDS, formErrors: [failure] }), discount, botCheck: createBotCheck() },
    { status: 502, headers },
  );
}

/** The order a public booking makes of its contact form: the payer, and the visit where the helper goes. */
function orderOfContact(contact: BookingContact): Pick<PlaceOrderInput, "payer" | "visit" | "paymentMethod" | "discountCode"> {
  const forOther = contact.bookingFor === "other";
  // Checked by the schema: a ticked box has a Finnish mobile number to go to. Ignored when no provider takes texts.
  const smsPhone = contact.smsReminder === "on" && isSmsAvailable() ? finnishMobileE164(forOther ? contact.recipientPhone : contact.phone) : null;
  return {
    payer: {
      email: contact.email,
      fullName: `${contact.firstName} ${contact.lastName}`,
      phone: contact.phone,
      address: contact.address,
      postalCode: contact.postalCode,
      city: contact.city,
    },
    visit: forOther
      ? {
          address: contact.recipientAddress!,
          postalCode: contact.recipientPostalCode!,
          city: contact.recipientCity!,
          recipient: { firstName: contact.recipientFirstName!, lastName: contact.recipientLastName!, phone: contact.recipientPhone! },
          recipientEmail: (contact as { recipientEmail?: string }).recipientEmail ?? null,
          smsPhone,
          description: null,
          specialNotes: contact.specialNotes ?? null,
        }
      : { address: contact.address, postalCode: contact.postalCode, city: contact.city, recipient: null, smsPhone, description: null, specialNotes: contact.specialNotes ?? null },
    paymentMethod: contact.paymentMethod,
    discountCode: contact.discountCode ?? null,
  };
}
