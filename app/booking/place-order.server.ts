import type { DB, Executor } from "~/db.server";
import { bookingInterval, helsinkiToday } from "~/domain/booking-window";
import type { DiscountRejection } from "~/domain/discount";
import { priceOrder, type OrderAmounts } from "~/domain/order-amounts";
import { logger } from "~/logger.server";
import { currentConsentVersion } from "~/messages/consent-wordings";
import { isCustomerSuspended } from "~/models/backoffice-customers.server";
import { recordConsent } from "~/models/consents.server";
import { insertDiscountRedemption, redeemDiscountCode } from "~/models/discount-codes.server";
import { touchProfileActivity } from "~/models/inactive-accounts.server";
import { CONFIRMATION_COUNT_WINDOW_MS, orderNeedsEmailConfirmation } from "~/domain/guest-orders";
import { caregiverAvailability } from "~/models/caregivers.server";
import { anyoneCanDoVisit } from "~/models/matching.server";
import { findActiveServiceCategory } from "~/models/service-categories.server";
import {
  countRecentInvoiceOrders,
  findOrCreateCustomerProfile,
  type CustomerContact,
  updateOwnPhone,
  insertOrder,
  insertOrderPayment,
  isCaregiverOverlapError,
  upsertCustomer,
} from "~/models/orders.server";
import { rememberRecipient } from "~/models/saved-recipients.server";
import { getPriceBands } from "~/models/settings.server";
import { enqueueBookingConfirmation } from "~/services/booking-emails.server";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { newOrderConfirmationToken, sendOrderConfirmationRequest } from "~/services/order-email-confirmation.server";
import type { TimeSelection } from "./draft";

// Placing an order: the whole booking in one transaction (issue 4 "Creating the order"; DESIGN.md
// decisions 1, 2, 7, 8, 11, 12). Prices come only from the price bands in the settings and the
// discount code's row, never from the form. The database keeps the two promises that concurrent
// customers could otherwise break: the exclusion constraint refuses a second live order of one
// caregiver at an overlapping time, and the discount's use is taken by one conditional UPDATE.
// A chosen helper is re-checked here too by the one matching rule: approved, rated 4 or new,
// offering the service and serving the visit's city (DESIGN.md decisions 17 and 24), so that
// nobody is booked for what they do not do without being told; 'Ei väliä' is placed only when
// somebody can do the visit.
// Anything refused rolls the whole transaction back, so no half-made order, customer or
// redemption is left behind. An online order's checkout is started by the caller after commit.

/** Who books and pays (the public contact form, or a signed-in customer's own details). */
export type Payer = CustomerContact;

/** Where the helper goes, whom they meet when it is not the payer, and what they should know. */
export interface Visit {
  address: string;
  postalCode: string;
  city: string;
  /** The person the service is for, when not the payer (DESIGN.md decision 14). */
  recipient: { firstName: string; lastName: string; phone: string } | null;
  /** The recipient's own e-mail, optional: they get a reminder of their own (issue 28 item 1). */
  recipientEmail?: string | null;
  /**
   * "Muistutus tekstiviestinä" (decision 0031): the mobile number, E.164, the text reminder goes
   * to (the recipient's, or the payer's own when booking for oneself); null when not asked for.
   */
  smsPhone?: string | null;
  description: string | null;
  /** 'Lisätietoja kaverille'. */
  specialNotes: string | null;
}

/**
 * What an order keeps of the visit: whom the helper meets and where, the phone to call, the
 * reminders' addresses and the notes. One rule for a single order and for every visit of a series
 * booked in the wizard (app/booking/series-step.server.ts), so both keep the same.
 */
export function orderVisitFields(visit: Visit, payerPhone: string) {
  return {
    bookingFor: visit.recipient ? ("other" as const) : ("self" as const),
    recipient: visit.recipient,
    contactPhone: visit.recipient ? null : payerPhone,
    recipientEmail: visit.recipient ? (visit.recipientEmail ?? null) : null,
    smsPhone: visit.smsPhone ?? null,
    // The helper goes to the visit (the recipient's); the payer's own address is on the customers row.
    place: { address: visit.address, postalCode: visit.postalCode, city: visit.city },
    description: visit.description,
    specialNotes: visit.specialNotes,
  };
}

/**
 * "Muistutus tekstiviestinä" ticked: logged for the number, and for the account (`profileId`, null
 * for a guest on someone's address) when the texts go to its own phone (decision 0033), so it is
 * the newest choice until withdrawn. For one order and for a series booked in the wizard.
 */
/** "Aiemmat saajat": the next booking offers the visit's recipient (if it has one) with one tap. */
export async function rememberVisitRecipient(trx: Executor, ownerId: string, visit: Visit): Promise<void> {
  if (visit.recipient) await rememberRecipient(trx, ownerId, { ...visit.recipient, address: visit.address, postalCode: visit.postalCode, city: visit.city });
}

export async function recordSmsConsent(trx: Executor, visit: Visit, profileId: string | null, now: Date): Promise<void> {
  if (!visit.smsPhone) return;
  const consent = { purpose: "tekstiviestimuistutukset", given: true, textVersion: currentConsentVersion("tekstiviestimuistutukset"), method: "varauslomake", at: now } as const;
  await recordConsent(trx, { ...consent, subject: { phone: visit.smsPhone } });
  if (!visit.recipient && profileId) await recordConsent(trx, { ...consent, subject: { profileId } });
}

export interface PlaceOrderInput {
  selection: TimeSelection;
  /** null for 'Ei väliä – valitkaa minulle sopiva'. */
  caregiverId: string | null;
  payer: Payer;
  visit: Visit;
  paymentMethod: "online" | "invoice";
  discountCode: string | null;
  /** The signed-in user making the booking, if any. */
  signedInUserId: string | null;
  /**
   * The signed-in owner ticked "Tallenna osoite omaksi osoitteekseni" while booking for themself:
   * only then does the booking's address and phone become the account's (issue 26 item 2).
   */
  saveToAccount?: boolean;
  /** The online provider's name for the payment row ('local' or 'stripe'). */
  onlineProvider: "local" | "stripe";
  now: Date;
  /** The price without a discount that the customer's page showed (app/booking/shown-price.ts). */
  shownPriceCents?: number | null;
}

export type PlaceOrderOutcome =
  | {
      ok: true;
      orderId: string;
      orderNumber: string;
      paymentMethod: "online" | "invoice";
      totalCents: number;
      /** A guest's invoice order that waits for its e-mail address to confirm it (app/domain/guest-orders.ts). */
      awaitingEmailConfirmation: boolean;
    }
  | { ok: false; reason: "caregiver_unavailable" }
  /** The helper does not serve the visit's city (any more). */
  | { ok: false; reason: "caregiver_outside_area" }
  /** The helper does not offer the service. */
  | { ok: false; reason: "caregiver_no_service" }
  /** 'Ei väliä' where no helper can do the visit (the one matching rule). */
  | { ok: false; reason: "nobody_available" }
  | { ok: false; reason: "service_unavailable" }
  /** The paying customer's account is frozen by staff (issue 14). */
  | { ok: false; reason: "customer_suspended" }
  /** The price bands changed after the page showed its price: shown again (these amounts, without a discount), confirmed again. */
  | { ok: false; reason: "price_changed"; priceCents: number; amounts: OrderAmounts }
  | { ok: false; reason: "discount_refused"; rejection: DiscountRejection | "not_found"; minOrderCents: number | null };

type Refusal = Extract<PlaceOrderOutcome, { ok: false }>;

/** Thrown inside the transaction to roll it back with a customer-facing outcome. */
class BookingRefused extends Error {
  constructor(readonly outcome: Refusal) {
    super(outcome.reason);
    this.name = "BookingRefused";
  }
}

export async function placeOrder(db: DB, input: PlaceOrderInput): Promise<PlaceOrderOutcome> {
  const { selection, payer, visit } = input;
  const interval = bookingInterval(selection.date, selection.startHour, selection.durationHours);
  try {
    return await db.transaction().execute(async (trx) => {
      const service = await findActiveServiceCategory(trx, selection.serviceId);
      if (!service) throw new BookingRefused({ ok: false, reason: "service_unavailable" });
      const need = { serviceCategoryId: service.id, startsAt: interval.startsAt, endsAt: interval.endsAt, city: visit.city };
      if (input.caregiverId) {
        // Busy is the exclusion constraint's to decide; status, service and area are read here.
        const availability = await caregiverAvailability(trx, input.caregiverId, need);
        if (availability.status === "outside_area") throw new BookingRefused({ ok: false, reason: "caregiver_outside_area" });
        if (availability.status === "no_service") throw new BookingRefused({ ok: false, reason: "caregiver_no_service" });
        if (availability.status === "not_bookable" || availability.status === "off_hours") throw new BookingRefused({ ok: false, reason: "caregiver_unavailable" });
      } else if (!(await anyoneCanDoVisit(trx, need))) {
        // 'Ei väliä' promises that somebody will come (DESIGN.md decision 24): not charged when nobody can.
        throw new BookingRefused({ ok: false, reason: "nobody_available" });
      }

      const { profileId, created } = await findOrCreateCustomerProfile(
        trx,
        { email: payer.email, fullName: payer.fullName, phone: payer.phone },
        input.signedInUserId === null,
      );
      const owner = input.signedInUserId === profileId;
      // A booking never changes the account: the profile's address and phone change in the
      // profile, or here only when the owner booking for themself asked for it.
      const saveToAccount = owner && input.saveToAccount === true && visit.recipient === null;
      if (saveToAccount) await updateOwnPhone(trx, profileId, payer.phone);
      const customerId = await upsertCustomer(trx, {
        profileId,
        address: payer.address,
        postalCode: payer.postalCode,
        city: payer.city,
        overwriteAddress: saveToAccount ? true : owner ? "keep" : false,
      });
      if (await isCustomerSuspended(trx, customerId)) throw new BookingRefused({ ok: false, reason: "customer_suspended" });

      const bands = await getPriceBands(trx);
      const undiscounted = priceOrder({ bands, startHour: selection.startHour, durationHours: selection.durationHours });
      if (input.shownPriceCents != null && input.shownPriceCents !== undiscounted.originalPriceCents) {
        throw new BookingRefused({ ok: false, reason: "price_changed", priceCents: undiscounted.originalPriceCents, amounts: undiscounted });
      }
      let discount: { discountCodeId: string; discountCents: number } | null = null;
      if (input.discountCode) {
        const redemption = await redeemDiscountCode(trx, {
          code: input.discountCode,
          profileId,
          orderCents: undiscounted.originalPriceCents,
          today: helsinkiToday(input.now),
        });
        if (!redemption.ok) {
          throw new BookingRefused({
            ok: false,
            reason: "discount_refused",
            rejection: redemption.reason,
            minOrderCents: redemption.minOrderCents,
          });
        }
        discount = { discountCodeId: redemption.discountCodeId, discountCents: redemption.discountCents };
      }
      const amounts = priceOrder({
        bands,
        startHour: selection.startHour,
        durationHours: selection.durationHours,
        discountCents: discount?.discountCents ?? 0,
      });

      const online = input.paymentMethod === "online";
      // Someone not signed in as the address's account (DESIGN.md decision 15): the order keeps
      // what they typed, and nothing of the account reaches their documents or pages.
      const guestOnExistingAccount = !created && !owner;
      const needsConfirmation = orderNeedsEmailConfirmation({
        signedInAsOwner: owner,
        paymentMethod: input.paymentMethod,
        recentInvoiceOrders: online
          ? 0
          : await countRecentInvoiceOrders(trx, profileId, new Date(input.now.getTime() - CONFIRMATION_COUNT_WINDOW_MS)),
      });
      const confirmation = needsConfirmation ? newOrderConfirmationToken(input.now) : null;
      const order = await insertOrder(trx, {
        customerId,
        guestPayer: guestOnExistingAccount
          ? { name: payer.fullName, phone: payer.phone, address: payer.address, postalCode: payer.postalCode, city: payer.city }
          : null,
        caregiverId: input.caregiverId,
        serviceCategoryId: service.id,
        ...orderVisitFields(visit, payer.phone),
        startsAt: interval.startsAt,
        endsAt: interval.endsAt,
        scheduledDate: interval.scheduledDate,
        scheduledStart: interval.scheduledStart,
        scheduledEnd: interval.scheduledEnd,
        durationHours: selection.durationHours,
        paymentMethod: input.paymentMethod,
        amounts,
        discountCodeId: discount?.discountCodeId ?? null,
        status: online ? "pending_payment" : "pending",
        createdBy: input.signedInUserId ?? profileId,
        emailConfirmation: confirmation ? { tokenHash: confirmation.tokenHash, dueAt: confirmation.dueAt } : null,
      });
      // A booking is a use of the booker's account (decision 0047).
      if (input.signedInUserId) await touchProfileActivity(trx, input.signedInUserId, input.now);
      await recordSmsConsent(trx, visit, guestOnExistingAccount ? null : profileId, input.now);
      if (owner) await rememberVisitRecipient(trx, profileId, visit);
      if (discount) {
        await insertDiscountRedemption(trx, {
          discountCodeId: discount.discountCodeId,
          profileId,
          orderId: order.id,
          amountCents: amounts.discountCents,
        });
      }
      await insertOrderPayment(trx, {
        orderId: order.id,
        customerId,
        caregiverId: input.caregiverId,
        amountCents: amounts.totalPriceCents,
        provider: online ? input.onlineProvider : "invoice",
        // The online method (card, MobilePay, Klarna) is chosen on the provider's page.
        method: online ? null : "invoice",
      });
      if (confirmation) {
        // The invoice and the confirmation wait until the address confirms the order.
        await sendOrderConfirmationRequest(trx, { email: payer.email, token: confirmation.token, now: input.now });
      } else if (!online) {
        // Invoice orders are confirmed now: invoice and e-mail commit with the order or not at all.
        await createInvoiceForOrder(trx, order.id, input.now);
        await enqueueBookingConfirmation(trx, order.id);
      }
      return {
        ok: true as const,
        orderId: order.id,
        orderNumber: order.orderNumber,
        paymentMethod: input.paymentMethod,
        totalCents: amounts.totalPriceCents,
        awaitingEmailConfirmation: confirmation !== null,
      };
    });
  } catch (error) {
    if (error instanceof BookingRefused) return error.outcome;
    if (isCaregiverOverlapError(error)) {
      logger.info({ caregiverId: input.caregiverId }, "booking refused: caregiver already booked at that time");
      return { ok: false, reason: "caregiver_unavailable" };
    }
    throw error;
  }
}
