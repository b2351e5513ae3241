import { forgetCachedServiceCategories } from "~/models/service-categories.server";
import { sql } from "kysely";
import { getDb } from "~/db.server";
import { addCalendarDays, bookingInterval, helsinkiToday } from "~/domain/booking-window";
import { priceOrder } from "~/domain/order-amounts";
import { DEFAULT_PRICE_BANDS } from "~/domain/pricing";
import { insertOrder } from "~/models/orders.server";
import { createQuestion } from "~/services/bot-check.server";
import { BASE_URL } from "./auth";
import { availableAlways, offerEveryService } from "./booking-fixtures";

// Fixtures and request helpers for the booking wizards' integration tests.

export const CONTEXT = { cspNonce: "test-nonce", clientIp: "203.0.113.20" };

export interface BookingFixtures {
  serviceId: string;
  otherServiceId: string;
  /** Approved, rating 4.9. */
  topCaregiverId: string;
  /** Approved, rating 4.2. */
  caregiverId: string;
  /** Approved but rated 3.5: never offered. */
  lowRatedCaregiverId: string;
  /** Pending, rated 5: never offered. */
  pendingCaregiverId: string;
}

let counter = 0;
function unique(prefix: string) {
  counter += 1;
  return `${prefix}${counter}-${Date.now()}`;
}

async function insertCaregiver(input: {
  name: string;
  status: "approved" | "pending" | "suspended";
  rating: number | null;
  orders?: number;
}) {
  const db = await getDb();
  const profile = await db
    .insertInto("profiles")
    .values({ email: `${unique("kaveri")}@example.fi`, full_name: input.name, user_type: "caregiver" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const caregiver = await db
    .insertInto("caregivers")
    .values({
      profile_id: profile.id,
      city: "Helsinki",
      bio: `${input.name} auttaa mielellään.`,
      status: input.status,
      average_rating: input.rating,
      total_orders: input.orders ?? 10,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await offerEveryService(db, caregiver.id);
  await availableAlways(db, caregiver.id);
  return caregiver.id;
}

export async function seedBookingFixtures(): Promise<BookingFixtures> {
  const db = await getDb();
  const services = await db
    .insertInto("service_categories")
    .values([
      { slug: unique("juttuseura"), name: "Juttuseura", description: "Seuraa ja keskustelua.", icon: "Heart", sort_order: 1 },
      { slug: unique("asiointi"), name: "Asiointiapu", description: "Kauppa ja posti.", icon: "ShoppingCart", sort_order: 2 },
    ])
    .returning("id")
    .execute();
  // Written behind the model's back: the kept list must go.
  forgetCachedServiceCategories();
  return {
    serviceId: services[0].id,
    otherServiceId: services[1].id,
    topCaregiverId: await insertCaregiver({ name: "Matti Korhonen", status: "approved", rating: 4.9, orders: 112 }),
    caregiverId: await insertCaregiver({ name: "Sanna Nieminen", status: "approved", rating: 4.2 }),
    lowRatedCaregiverId: await insertCaregiver({ name: "Liisa Järvinen", status: "approved", rating: 3.5 }),
    pendingCaregiverId: await insertCaregiver({ name: "Pekka Odottaja", status: "pending", rating: 5 }),
  };
}

export async function insertDiscountCode(input: {
  code: string;
  type?: "percentage" | "fixed_amount";
  percentBp?: number;
  amountCents?: number;
  minOrderCents?: number | null;
  usageLimit?: number | null;
  perUserLimit?: number | null;
  validFromDays?: number;
  validUntilDays?: number;
}): Promise<string> {
  const db = await getDb();
  const today = helsinkiToday(new Date());
  const type = input.type ?? "percentage";
  const row = await db
    .insertInto("discount_codes")
    .values({
      code: input.code,
      type,
      percent_bp: type === "percentage" ? input.percentBp ?? 1000 : null,
      amount_cents: type === "fixed_amount" ? input.amountCents ?? 500 : null,
      min_order_cents: input.minOrderCents ?? null,
      max_discount_cents: null,
      valid_from: addCalendarDays(today, input.validFromDays ?? -30),
      valid_until: addCalendarDays(today, input.validUntilDays ?? 30),
      usage_limit: input.usageLimit ?? null,
      per_user_limit: input.perUserLimit ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A Helsinki date `days` from today, 'yyyy-MM-dd'. */
export function dateInDays(days: number): string {
  return addCalendarDays(helsinkiToday(new Date()), days);
}

export interface DraftInput {
  date?: string;
  time?: string;
  duration?: string | number;
  service?: string;
  /** The visit's place; a draft with a service is in Helsinki 00100 unless told otherwise (null: none). */
  postalCode?: string | null;
  city?: string | null;
  caregiver?: string;
}

/** The draft's address in the engine's own order (app/booking/draft.ts), with `extra` after it. */
export function draftQuery(draft: DraftInput, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (draft.date) params.set("paiva", draft.date);
  if (draft.time) params.set("aika", draft.time);
  if (draft.duration !== undefined) params.set("kesto", String(draft.duration));
  if (draft.service) params.set("palvelu", draft.service);
  const postalCode = draft.postalCode === undefined ? (draft.service ? "00100" : null) : draft.postalCode;
  const city = draft.city === undefined ? (draft.service ? "Helsinki" : null) : draft.city;
  if (postalCode) params.set("postinumero", postalCode);
  if (city) params.set("kaupunki", city);
  if (draft.caregiver) params.set("kaveri", draft.caregiver);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

export function getUrl(path: string, query: string, cookie?: string): Request {
  return new Request(new URL(`${path}?${query}`, BASE_URL), { headers: cookie ? { Cookie: cookie } : {} });
}

export function postUrl(path: string, query: string, fields: Record<string, string>, cookie?: string): Request {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (cookie) headers.Cookie = cookie;
  return new Request(new URL(`${path}?${query}`, BASE_URL), { method: "POST", body: new URLSearchParams(fields), headers });
}

/**
 * A valid answer to the no-JavaScript bot check, made with the bot-check service's own functions:
 * the verification still runs in full (signature, expiry, single use), it is only answered right.
 */
export function botCheckAnswer(): Record<string, string> {
  const question = createQuestion();
  return { botCheckToken: question.token, botCheck: String(question.answer) };
}

export function validContact(overrides: Record<string, string | null> = {}): Record<string, string> {
  const fields: Record<string, string | null> = {
    intent: "book",
    bookingFor: "self",
    firstName: "Aino",
    lastName: "Virtanen",
    email: `${unique("aino")}@example.fi`,
    phone: "040 123 4567",
    address: "Runeberginkatu 15 A 4",
    postalCode: "00100",
    city: "Helsinki",
    paymentMethod: "invoice",
    acceptTerms: "on",
    ...botCheckAnswer(),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null));
}

export async function ordersOf(email: string) {
  const db = await getDb();
  return db
    .selectFrom("orders")
    .innerJoin("customers", "customers.id", "orders.customer_id")
    .innerJoin("profiles", "profiles.id", "customers.profile_id")
    .selectAll("orders")
    .where(sql<string>`lower(profiles.email)`, "=", email.toLowerCase())
    .execute();
}

/** What placeOrder takes for a guest's invoice booking in Helsinki, for the tests that call it directly. */
export function directOrderInput(input: {
  email: string;
  caregiverId: string | null;
  selection: { date: string; startHour: number; durationHours: number; serviceId: string };
}) {
  const place = { address: "Runeberginkatu 15 A 4", postalCode: "00100", city: "Helsinki" };
  return {
    selection: input.selection,
    caregiverId: input.caregiverId,
    payer: { email: input.email, fullName: "Aino Virtanen", phone: "0401234567", ...place },
    visit: { ...place, recipient: null, description: null, specialNotes: null },
    paymentMethod: "invoice" as const,
    discountCode: null,
    signedInUserId: null,
    onlineProvider: "local" as const,
    now: new Date(),
  };
}

/** A live (or cancelled) order of a caregiver at a given time, inserted with the booking's own insert. */
export async function insertOrderFor(input: {
  caregiverId: string;
  serviceId: string;
  date: string;
  startHour: number;
  hours: number;
  status?: "pending" | "pending_payment" | "cancelled";
}) {
  const db = await getDb();
  const profile = await db
    .insertInto("profiles")
    .values({ email: `${unique("asiakas")}@example.fi`, full_name: "Eino Esimerkki" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const customer = await db.insertInto("customers").values({ profile_id: profile.id }).returning("id").executeTakeFirstOrThrow();
  const interval = bookingInterval(input.date, input.startHour, input.hours);
  const amounts = priceOrder({ bands: DEFAULT_PRICE_BANDS, startHour: input.startHour, durationHours: input.hours });
  return insertOrder(db, {
    customerId: customer.id,
    caregiverId: input.caregiverId,
    serviceCategoryId: input.serviceId,
    bookingFor: "self",
    recipient: null,
    startsAt: interval.startsAt,
    endsAt: interval.endsAt,
    scheduledDate: interval.scheduledDate,
    scheduledStart: interval.scheduledStart,
    scheduledEnd: interval.scheduledEnd,
    durationHours: input.hours,
    place: { address: "Testikatu 1", postalCode: "00100", city: "Helsinki" },
    paymentMethod: "invoice",
    amounts,
    discountCodeId: null,
    status: input.status ?? "pending",
    createdBy: profile.id,
  });
}
