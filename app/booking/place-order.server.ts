import type { DB } from "~/db.server";
import { bookingInterval, helsinkiToday } from "~/domain/booking-window";
import type { DiscountRejection } from "~/domain/discount";
import { priceOrder } from "~/domain/order-amounts";
import { logger } from "~/logger.server";
import { isCustomerSuspended } from "~/models/backoffice-customers.server";
import { insertDiscountRedemption, redeemDiscountCode } from "~/models/discount-codes.server";
import { OFFERED_CAREGIVER_MIN_RATING } from "~/domain/caregiver-offer";
import { CONFIRMATION_COUNT_WINDOW_MS, orderNeedsEmailConfirmation } from "~/domain/guest-orders";
import { findActiveServiceCategory } from "~/models/service-categories.server";
import {
  countRecentInvoiceOrders,
  findApprovedCaregiver,
  findOrCreateCustomerProfile,
  insertOrder,
  insertOrderPayment,
  isCaregiverOverlapError,
  upsertCustomer,
} from "~/models/orders.server";
import { getPriceBands } from "~/models/settings.server";
import type { BookingContact } from "~/schemas/booking";
import { enqueueBookingConfirmation } from "~/services/booking-emails.server";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { newOrderConfirmationToken, sendOrderConfirmationRequest } from "~/services/order-email-confirmation.server";
import type { TimeSelection } from "./draft";

// Placing an order: the whole booking in one transaction (issue 4 "Creating the order"; DESIGN.md
// decisions 1, 2, 7, 8, 11, 12). Prices come only from the price bands in the settings and the
// discount code's row, never from the form. The database keeps the two promises that concurrent
// customers could otherwise break: the exclusion constraint refuses a second live order of one
// caregiver at an overlapping time, and the discount's use is taken by one conditional UPDATE.
// Anything refused rolls the whole transaction back, so no half-made order, customer or
// redemption is left behind. An online order's checkout is started by the caller after commit.

export interface PlaceOrderInput {
  selection: TimeSelection;
  /** null for 'Ei väliä – valitkaa minulle sopiva'. */
  caregiverId: string | null;
  contact: BookingContact;
  /** The signed-in user making the booking, if any. */
  signedInUserId: string | null;
  /** The online provider's name for the payment row ('local' or 'stripe'). */
  onlineProvider: "local" | "stripe";
  now: Date;
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
  | { ok: false; reason: "service_unavailable" }
  /** The paying customer's account is frozen by staff (issue 14). */
  | { ok: false; reason: "customer_suspended" }
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
  const { selection, contact } = input;
  const interval = bookingInterval(selection.date, selection.startHour, selection.durationHours);
  const forOther = contact.bookingFor === "other";
  try {
    return await db.transaction().execute(async (trx) => {
      const service = await findActiveServiceCategory(trx, selection.serviceId);
      if (!service) throw new BookingRefused({ ok: false, reason: "service_unavailable" });
      if (input.caregiverId) {
        const caregiver = await findApprovedCaregiver(trx, input.caregiverId, OFFERED_CAREGIVER_MIN_RATING);
        if (!caregiver) throw new BookingRefused({ ok: false, reason: "caregiver_unavailable" });
      }

      const { profileId, created } = await findOrCreateCustomerProfile(trx, {
        email: contact.email,
        fullName: `${contact.firstName} ${contact.lastName}`,
        phone: contact.phone,
      });
      const customerId = await upsertCustomer(trx, {
        profileId,
        address: contact.address,
        postalCode: contact.postalCode,
        city: contact.city,
        overwriteAddress: input.signedInUserId === profileId,
      });
      if (await isCustomerSuspended(trx, customerId)) throw new BookingRefused({ ok: false, reason: "customer_suspended" });

      const bands = await getPriceBands(trx);
      const undiscounted = priceOrder({ bands, startHour: selection.startHour, durationHours: selection.durationHours });
      let discount: { discountCodeId: string; discountCents: number } | null = null;
      if (contact.discountCode) {
        const redemption = await redeemDiscountCode(trx, {
          code: contact.discountCode,
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

      const online = contact.paymentMethod === "online";
      // Someone not signed in as the address's account (DESIGN.md decision 15): the order keeps
      // what they typed, and nothing of the account reaches their documents or pages.
      const guestOnExistingAccount = !created && input.signedInUserId !== profileId;
      const needsConfirmation = orderNeedsEmailConfirmation({
        signedInAsOwner: input.signedInUserId === profileId,
        paymentMethod: contact.paymentMethod,
        recentInvoiceOrders: online
          ? 0
          : await countRecentInvoiceOrders(trx, profileId, new Date(input.now.getTime() - CONFIRMATION_COUNT_WINDOW_MS)),
      });
      const confirmation = needsConfirmation ? newOrderConfirmationToken(input.now) : null;
      const order = await insertOrder(trx, {
        customerId,
        guestPayer: guestOnExistingAccount
          ? {
              name: `${contact.firstName} ${contact.lastName}`,
              phone: contact.phone,
              address: contact.address,
              postalCode: contact.postalCode,
              city: contact.city,
            }
          : null,
        caregiverId: input.caregiverId,
        serviceCategoryId: service.id,
        bookingFor: contact.bookingFor,
        recipient: forOther
          ? { firstName: contact.recipientFirstName!, lastName: contact.recipientLastName!, phone: contact.recipientPhone! }
          : null,
        startsAt: interval.startsAt,
        endsAt: interval.endsAt,
        scheduledDate: interval.scheduledDate,
        scheduledStart: interval.scheduledStart,
        scheduledEnd: interval.scheduledEnd,
        durationHours: selection.durationHours,
        // The helper goes to the recipient; the payer's own address is on the customers row.
        place: forOther
          ? { address: contact.recipientAddress!, postalCode: contact.recipientPostalCode!, city: contact.recipientCity! }
          : { address: contact.address, postalCode: contact.postalCode, city: contact.city },
        paymentMethod: contact.paymentMethod,
        amounts,
        discountCodeId: discount?.discountCodeId ?? null,
        status: online ? "pending_payment" : "pending",
        createdBy: input.signedInUserId ?? profileId,
        emailConfirmation: confirmation ? { tokenHash: confirmation.tokenHash, dueAt: confirmation.dueAt } : null,
      });
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
        await sendOrderConfirmationRequest(trx, { email: contact.email, token: confirmation.token, now: input.now });
      } else if (!online) {
        // Invoice orders are confirmed now: invoice and e-mail commit with the order or not at all.
        await createInvoiceForOrder(trx, order.id, input.now);
        await enqueueBookingConfirmation(trx, order.id);
      }
      return {
        ok: true as const,
        orderId: order.id,
        orderNumber: order.orderNumber,
        paymentMethod: contact.paymentMethod,
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
