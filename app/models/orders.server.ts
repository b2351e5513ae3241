import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { OrderStatus, PaymentMethodName, PaymentProviderName, PaymentStatus } from "../db/schema";
import type { OrderAmounts } from "../domain/order-amounts";
import { insertProfile } from "./users.server";

// Orders as the public booking creates and shows them. The booking transaction itself is composed
// in app/booking/place-order.server.ts from these queries; each takes the transaction it runs in.

/** The exclusion constraint of migration 0001 that keeps one caregiver from being booked twice. */
export const CAREGIVER_OVERLAP_CONSTRAINT = "orders_no_caregiver_overlap";

/** Migration 0027's exclusion constraint: two live orders of one helper at least the travel time apart. */
export const CAREGIVER_TRAVEL_CONSTRAINT = "orders_caregiver_travel_time";

/** True for PostgreSQL's exclusion violation (23P01) of the double-booking or the travel-time constraint. */
export function isCaregiverOverlapError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code !== "23P01") return false;
  return [CAREGIVER_OVERLAP_CONSTRAINT, CAREGIVER_TRAVEL_CONSTRAINT].some(
    (name) => constraint === name || (typeof message === "string" && message.includes(name)),
  );
}

// ---------------------------------------------------------------- booking: who pays

export interface CustomerContact {
  email: string;
  fullName: string;
  phone: string;
  address: string;
  postalCode: string;
  city: string;
}

/**
 * The profile of this e-mail address (any case), created for a guest when there is none yet: no
 * password, so nobody can sign in with it until the link in the confirmation e-mail is used
 * (DESIGN.md decision 8). An existing profile's name and phone are only filled in where empty:
 * someone who merely knows an address cannot rename its owner. Safe under concurrent bookings of
 * the same address: the unique index on lower(email) decides, and the loser reads the winner.
 */
export async function findOrCreateCustomerProfile(
  trx: Executor,
  contact: Pick<CustomerContact, "email" | "fullName" | "phone">,
  /** False for the signed-in owner's own booking: a booking never changes the account (issue 26 item 2). */
  fillBlanks = true,
): Promise<{ profileId: string; created: boolean }> {
  const email = contact.email.trim();
  const inserted = await insertProfile(trx, { ...contact, passwordHash: null, userType: "customer" });
  if (inserted) return { profileId: inserted.id, created: true };
  const existing = await trx
    .selectFrom("profiles")
    .select("id")
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirstOrThrow();
  if (!fillBlanks) return { profileId: existing.id, created: false };
  await trx
    .updateTable("profiles")
    .set({
      full_name: sql<string>`case when full_name = '' then ${contact.fullName} else full_name end`,
      phone: sql<string>`coalesce(phone, ${contact.phone})`,
      updated_at: sql`now()`,
    })
    .where("id", "=", existing.id)
    .where((eb) => eb.or([eb("full_name", "=", ""), eb("phone", "is", null)]))
    .execute();
  return { profileId: existing.id, created: false };
}

/** A signed-in customer's own booking keeps the phone they typed as their profile's (the helper calls it). */
export async function updateOwnPhone(trx: Executor, profileId: string, phone: string): Promise<void> {
  await trx
    .updateTable("profiles")
    .set({ phone, updated_at: sql`now()` })
    .where("id", "=", profileId)
    .where((eb) => eb.or([eb("phone", "is", null), eb("phone", "!=", phone)]))
    .execute();
}

/**
 * The customers row of a profile, created when missing. The payer's address is stored for the
 * invoice: for a guest only where the row has none yet, for the signed-in owner of the profile it
 * replaces the old one (they typed their current address).
 */
export async function upsertCustomer(
  trx: Executor,
  input: {
    profileId: string;
    address: string;
    postalCode: string;
    city: string;
    /** "replace": the owner ticked "Tallenna osoite omaksi osoitteekseni"; "keep": the owner's booking leaves the row as it is. */
    overwriteAddress: boolean | "keep";
  },
): Promise<string> {
  const row = await trx
    .insertInto("customers")
    .values({ profile_id: input.profileId, address: input.address, postal_code: input.postalCode, city: input.city })
    .onConflict((oc) =>
      oc.column("profile_id").doUpdateSet(
        input.overwriteAddress === "keep"
          ? { address: sql`customers.address` }
          : input.overwriteAddress
          ? {
              address: (eb) => eb.ref("excluded.address"),
              postal_code: (eb) => eb.ref("excluded.postal_code"),
              city: (eb) => eb.ref("excluded.city"),
              updated_at: sql`now()`,
            }
          : {
              // Every column keeps its value when it has one; the row is touched so that
              // RETURNING gives its id either way.
              address: sql`coalesce(customers.address, excluded.address)`,
              postal_code: sql`coalesce(customers.postal_code, excluded.postal_code)`,
              city: sql`coalesce(customers.city, excluded.city)`,
            },
      ),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---------------------------------------------------------------- booking: the order

export interface NewOrder {
  customerId: string;
  /**
   * A guest booking on an existing account's e-mail (DESIGN.md decision 15): the payer as typed,
   * kept on the order, and the order left for the account holder to claim.
   */
  guestPayer?: { name: string; phone: string; address: string; postalCode: string; city: string } | null;
  caregiverId: string | null;
  serviceCategoryId: string;
  bookingFor: "self" | "other";
  recipient: { firstName: string; lastName: string; phone: string } | null;
  /** The phone the visit was booked with for oneself, kept on the order whatever the profile says later. */
  contactPhone?: string | null;
  startsAt: Date;
  endsAt: Date;
  scheduledDate: string;
  scheduledStart: string;
  scheduledEnd: string;
  durationHours: number;
  /** Where the helper goes: the recipient's address when booking for someone else. */
  place: { address: string; postalCode: string; city: string };
  paymentMethod: "online" | "invoice";
  amounts: OrderAmounts;
  discountCodeId: string | null;
  /** A booking starts 'pending' or 'pending_payment' (DESIGN.md decision 7); demo data has them all. */
  status: OrderStatus;
  createdBy: string | null;
  description?: string | null;
  /** 'Lisätietoja kaverille': door code, pets, whom to call. */
  specialNotes?: string | null;
  /** The recipient's own e-mail for their reminder (migration 0024). */
  recipientEmail?: string | null;
  /** "Muistutus tekstiviestinä": the mobile number (E.164) it goes to; null or absent when not asked for. */
  smsPhone?: string | null;
  /** A guest's invoice order that waits for its e-mail address to confirm it (app/domain/guest-orders.ts). */
  emailConfirmation?: { tokenHash: string; dueAt: Date } | null;
  /** The series this order is an occurrence of (docs/decisions/0037). */
  seriesId?: string | null;
  // Only demo data sets these; a booking draws its number from the sequence and its time from now().
  orderNumber?: string;
  createdAt?: Date;
  cancelledAt?: Date | null;
  completedAt?: Date | null;
}

/**
 * Inserts an order; every order row is written here (bookings, and the demo seed so that its
 * orders look exactly like booked ones). Throws the exclusion violation when its caregiver is
 * taken (see isCaregiverOverlapError).
 */
export async function insertOrder(trx: Executor, order: NewOrder): Promise<{ id: string; orderNumber: string }> {
  const { amounts } = order;
  const row = await trx
    .insertInto("orders")
    .values({
      ...(order.orderNumber ? { order_number: order.orderNumber } : {}),
      customer_id: order.customerId,
      ...(order.guestPayer
        ? {
            payer_name: order.guestPayer.name,
            payer_phone: order.guestPayer.phone,
            payer_address: order.guestPayer.address,
            payer_postal_code: order.guestPayer.postalCode,
            payer_city: order.guestPayer.city,
            claimed: false,
          }
        : {}),
      caregiver_id: order.caregiverId,
      service_category_id: order.serviceCategoryId,
      booking_for: order.bookingFor,
      recipient_first_name: order.recipient?.firstName ?? null,
      recipient_last_name: order.recipient?.lastName ?? null,
      recipient_phone: order.recipient?.phone ?? null,
      contact_phone: order.contactPhone ?? null,
      recipient_email: order.recipient ? (order.recipientEmail ?? null) : null,
      sms_reminder: Boolean(order.smsPhone),
      sms_phone: order.smsPhone ?? null,
      starts_at: order.startsAt,
      ends_at: order.endsAt,
      scheduled_date: order.scheduledDate,
      scheduled_start: order.scheduledStart,
      scheduled_end: order.scheduledEnd,
      duration_hours: order.durationHours,
      address: order.place.address,
      postal_code: order.place.postalCode,
      city: order.place.city,
      description: order.description ?? null,
      special_notes: order.specialNotes ?? null,
      payment_method: order.paymentMethod,
      unit_price_cents: amounts.unitPriceCents,
      vat_rate_bp: amounts.vatRateBp,
      commission_rate_bp: amounts.commissionRateBp,
      original_price_cents: amounts.originalPriceCents,
      discount_cents: amounts.discountCents,
      total_price_cents: amounts.totalPriceCents,
      net_amount_cents: amounts.netAmountCents,
      vat_amount_cents: amounts.vatAmountCents,
      platform_fee_cents: amounts.platformFeeCents,
      caregiver_earnings_cents: amounts.caregiverEarningsCents,
      discount_code_id: order.discountCodeId,
      status: order.status,
      created_by: order.createdBy,
      cancelled_at: order.cancelledAt ?? null,
      completed_at: order.completedAt ?? null,
      series_id: order.seriesId ?? null,
      ...(order.createdAt ? { created_at: order.createdAt } : {}),
      ...(order.emailConfirmation
        ? { email_confirmation_token_hash: order.emailConfirmation.tokenHash, email_confirmation_due_at: order.emailConfirmation.dueAt }
        : {}),
    })
    .returning(["id", "order_number"])
    .executeTakeFirstOrThrow();
  return { id: row.id, orderNumber: row.order_number };
}

/** The order with this number, if any (the demo seed skips orders it made before). */
export async function findOrderIdByNumber(executor: Executor, orderNumber: string): Promise<string | null> {
  const row = await executor.selectFrom("orders").select("id").where("order_number", "=", orderNumber).executeTakeFirst();
  return row?.id ?? null;
}

/** The payment row of an order; a booking's starts 'pending' (demo data sets the rest). */
export async function insertOrderPayment(
  trx: Executor,
  input: {
    orderId: string;
    customerId: string;
    caregiverId: string | null;
    amountCents: number;
    provider: PaymentProviderName;
    method: PaymentMethodName | null;
    status?: PaymentStatus;
    providerRef?: string | null;
    refundedAt?: Date | null;
    createdAt?: Date;
    /** When an online payment was captured (the seed writes payments that were paid long ago). */
    capturedAt?: Date | null;
  },
): Promise<string> {
  const row = await trx
    .insertInto("payments")
    .values({
      order_id: input.orderId,
      customer_id: input.customerId,
      caregiver_id: input.caregiverId,
      amount_cents: input.amountCents,
      status: input.status ?? "pending",
      provider: input.provider,
      method: input.method,
      provider_ref: input.providerRef ?? null,
      refunded_at: input.refundedAt ?? null,
      captured_at: input.capturedAt ?? null,
      ...(input.createdAt ? { created_at: input.createdAt } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}


// ---------------------------------------------------------------- result pages

export interface OrderReceipt {
  orderNumber: string;
  status: OrderStatus;
  paymentMethod: "online" | "invoice";
  serviceName: string;
  /** What the booking chose, so that a cancelled payment can start again from the same choices. */
  serviceId: string;
  caregiverId: string | null;
  scheduledDate: string;
  /** Helsinki wall time 'HH:MM:SS'. */
  scheduledStart: string;
  caregiverName: string | null;
  bookingFor: "self" | "other";
  recipientName: string | null;
  /** Where the visit is: 'Runeberginkatu 15 A 4, 00100 Helsinki'. */
  place: string;
  postalCode: string;
  city: string;
  /** What the customer described (the signed-in wizards ask it; the public flows do not). */
  description: string | null;
  startsAt: Date;
  endsAt: Date;
  durationHours: number;
  originalPriceCents: number;
  discountCents: number;
  totalPriceCents: number;
  /** The profile of the paying customer: the signed-in owner may see the order. */
  customerProfileId: string;
  customerEmail: string;
  invoiceDueDate: string | null;
  /** Until when the order waits for its e-mail address to confirm it, or null. */
  emailConfirmationDueAt: Date | null;
}

/** What the payment result pages show of an order (spec 000 §2 "Payment success page"). */
export async function findOrderReceipt(executor: Executor, orderNumber: string): Promise<OrderReceipt | null> {
  if (!/^[A-Z]{3}-\d{1,18}$/.test(orderNumber)) return null;
  const row = await executor
    .selectFrom("orders")
    .innerJoin("service_categories", "service_categories.id", "orders.service_category_id")
    .innerJoin("customers", "customers.id", "orders.customer_id")
    .innerJoin("profiles", "profiles.id", "customers.profile_id")
    .leftJoin("invoices", "invoices.order_id", "orders.id")
    .leftJoin("caregivers", "caregivers.id", "orders.caregiver_id")
    .leftJoin("profiles as caregiver_profiles", "caregiver_profiles.id", "caregivers.profile_id")
    .select([
      "orders.order_number",
      "orders.status",
      "caregiver_profiles.full_name as caregiver_name",
      "orders.booking_for",
      "orders.recipient_first_name",
      "orders.recipient_last_name",
      "orders.address",
      "orders.postal_code",
      "orders.city",
      "orders.description",
      "orders.payment_method",
      "service_categories.name as service_name",
      "orders.service_category_id",
      "orders.caregiver_id",
      "orders.scheduled_date",
      "orders.scheduled_start",
      "orders.starts_at",
      "orders.ends_at",
      "orders.duration_hours",
      "orders.original_price_cents",
      "orders.discount_cents",
      "orders.total_price_cents",
      "profiles.id as profile_id",
      "profiles.email",
      "invoices.due_date",
      "orders.email_confirmation_due_at",
    ])
    .where("orders.order_number", "=", orderNumber)
    .executeTakeFirst();
  if (!row) return null;
  return {
    orderNumber: row.order_number,
    status: row.status,
    paymentMethod: row.payment_method,
    serviceName: row.service_name,
    serviceId: row.service_category_id,
    caregiverId: row.caregiver_id,
    scheduledDate: row.scheduled_date,
    scheduledStart: row.scheduled_start,
    caregiverName: row.caregiver_name || null,
    bookingFor: row.booking_for,
    recipientName: [row.recipient_first_name, row.recipient_last_name].filter(Boolean).join(" ") || null,
    place: `${row.address}, ${row.postal_code} ${row.city}`,
    postalCode: row.postal_code,
    city: row.city,
    description: row.description,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    durationHours: row.duration_hours,
    originalPriceCents: row.original_price_cents,
    discountCents: row.discount_cents,
    totalPriceCents: row.total_price_cents,
    customerProfileId: row.profile_id,
    customerEmail: row.email,
    invoiceDueDate: row.due_date ?? null,
    emailConfirmationDueAt: row.email_confirmation_due_at,
  };
}

// ---------------------------------------------------------------- e-mail confirmation of guest orders

/** Live invoice orders of an e-mail address's profile placed since `since` (app/domain/guest-orders.ts). */
export async function countRecentInvoiceOrders(executor: Executor, profileId: string, since: Date): Promise<number> {
  const row = await executor
    .selectFrom("orders")
    .innerJoin("customers", "customers.id", "orders.customer_id")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("customers.profile_id", "=", profileId)
    .where("orders.payment_method", "=", "invoice")
    .where("orders.status", "!=", "cancelled")
    .where("orders.created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The order a confirmation link is for, while it still waits and the link is valid. */
export async function findOrderAwaitingEmail(
  executor: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ id: string; orderNumber: string; serviceName: string; startsAt: Date; endsAt: Date; scheduledDate: string } | null> {
  const row = await executor
    .selectFrom("orders")
    .innerJoin("service_categories", "service_categories.id", "orders.service_category_id")
    .select(["orders.id", "orders.order_number", "service_categories.name", "orders.starts_at", "orders.ends_at", "orders.scheduled_date"])
    .where("orders.email_confirmation_token_hash", "=", tokenHash)
    .where("orders.email_confirmation_due_at", ">", now)
    .where("orders.status", "=", "pending")
    .executeTakeFirst();
  return row
    ? { id: row.id, orderNumber: row.order_number, serviceName: row.name, startsAt: row.starts_at, endsAt: row.ends_at, scheduledDate: row.scheduled_date }
    : null;
}

/** Marks the order confirmed; null when the link was used, expired or never existed. One use only. */
export async function markOrderEmailConfirmed(
  executor: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ id: string; orderNumber: string } | null> {
  const row = await executor
    .updateTable("orders")
    .set({ email_confirmation_token_hash: null, email_confirmation_due_at: null, updated_at: now })
    .where("email_confirmation_token_hash", "=", tokenHash)
    .where("email_confirmation_due_at", ">", now)
    .where("status", "=", "pending")
    .returning(["id", "order_number"])
    .executeTakeFirst();
  return row ? { id: row.id, orderNumber: row.order_number } : null;
}

/** Cancels the orders whose confirmation link expired unused; their payments fail with them. */
export async function cancelUnconfirmedOrders(executor: Executor, now: Date): Promise<string[]> {
  const rows = await executor
    .updateTable("orders")
    .set({ status: "cancelled", cancelled_at: now, email_confirmation_token_hash: null, updated_at: now })
    .where("email_confirmation_due_at", "<=", now)
    .where("email_confirmation_token_hash", "is not", null)
    .where("status", "=", "pending")
    .returning("id")
    .execute();
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) {
    await executor.updateTable("payments").set({ status: "failed", updated_at: now }).where("order_id", "in", ids).where("status", "=", "pending").execute();
  }
  return ids;
}

/** What step 3 can fill in for a signed-in customer: their profile and last address. */
export async function findCustomerContact(
  executor: Executor,
  profileId: string,
): Promise<{ fullName: string; email: string; phone: string | null; address: string | null; postalCode: string | null; city: string | null } | null> {
  const row = await executor
    .selectFrom("profiles")
    .leftJoin("customers", "customers.profile_id", "profiles.id")
    .select([
      "profiles.full_name",
      "profiles.email",
      "profiles.phone",
      "customers.address",
      "customers.postal_code",
      "customers.city",
    ])
    .where("profiles.id", "=", profileId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    address: row.address ?? null,
    postalCode: row.postal_code ?? null,
    city: row.city ?? null,
  };
}

// ---------------------------------------------------------------- booking: resuming an unpaid online order

export interface PendingOnlineOrder {
  id: string;
  orderNumber: string;
  customerEmail: string;
}

/**
 * The newest of the given orders (this browser's own, from its signed cookie) that is an online
 * order still awaiting payment for exactly this draft: same service, time and caregiver (null for
 * 'Ei väliä'). A failed or abandoned checkout leaves such an order holding the caregiver's time;
 * the contact step resumes it instead of booking the same thing twice.
 */
export async function findPendingOnlineOrderForDraft(
  executor: Executor,
  input: { orderNumbers: string[]; serviceCategoryId: string; startsAt: Date; endsAt: Date; caregiverId: string | null },
): Promise<PendingOnlineOrder | null> {
  if (input.orderNumbers.length === 0) return null;
  const row = await executor
    .selectFrom("orders")
    .innerJoin("customers", "customers.id", "orders.customer_id")
    .innerJoin("profiles", "profiles.id", "customers.profile_id")
    .select(["orders.id as id", "orders.order_number as orderNumber", "profiles.email as customerEmail"])
    .where("orders.order_number", "in", input.orderNumbers)
    .where("orders.status", "=", "pending_payment")
    .where("orders.payment_method", "=", "online")
    .where("orders.service_category_id", "=", input.serviceCategoryId)
    .where("orders.starts_at", "=", input.startsAt)
    .where("orders.ends_at", "=", input.endsAt)
    .where((eb) => (input.caregiverId ? eb("orders.caregiver_id", "=", input.caregiverId) : eb("orders.caregiver_id", "is", null)))
    .orderBy("orders.created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** An order's id and whether it still awaits an online payment, by its number. */
export async function findOrderPaymentState(
  executor: Executor,
  orderNumber: string,
): Promise<{ id: string; awaitingOnlinePayment: boolean } | null> {
  const row = await executor
    .selectFrom("orders")
    .select(["id", "status", "payment_method"])
    .where("order_number", "=", orderNumber)
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, awaitingOnlinePayment: row.status === "pending_payment" && row.payment_method === "online" };
}

// ---------------------------------------------------------------- status changes of the payment flow

/** pending_payment → pending once the money is in. False if the order had moved on already. */
export async function confirmPaidOrder(executor: Executor, orderId: string): Promise<boolean> {
  const result = await executor
    .updateTable("orders")
    .set({ status: "pending", updated_at: sql`now()` })
    .where("id", "=", orderId)
    .where("status", "=", "pending_payment")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * pending_payment → cancelled when the checkout is abandoned. The cancelled status takes the
 * order out of the exclusion constraint, which frees the helper's time for others.
 */
export async function cancelUnpaidOrder(executor: Executor, orderId: string): Promise<boolean> {
  const result = await executor
    .updateTable("orders")
    .set({ status: "cancelled", cancelled_at: sql`now()`, updated_at: sql`now()` })
    .where("id", "=", orderId)
    .where("status", "=", "pending_payment")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Holds the order's row against changes until the caller's transaction ends (`FOR SHARE`): a
 * cancellation or a move waits for it, and it waits for one in progress, then reads what that
 * committed. A visit's reminder job sends under it (app/services/visit-reminders.server.ts).
 */
export async function holdOrderRow(executor: Executor, orderId: string): Promise<boolean> {
  const row = await executor.selectFrom("orders").select("id").where("id", "=", orderId).forShare().executeTakeFirst();
  return row !== undefined;
}
