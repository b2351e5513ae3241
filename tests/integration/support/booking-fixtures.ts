import { forgetCachedServiceCategories } from "~/models/service-categories.server";
import crypto from "node:crypto";
import zlib from "node:zlib";
import { sql } from "kysely";
import { getDb, type Executor } from "~/db.server";
import type { OrderStatus } from "~/db/schema";
import { helsinkiDateString } from "~/domain/format";
import { priceOrder } from "~/domain/order-amounts";
import { DEFAULT_PRICE_BANDS } from "~/domain/pricing";
import { insertDiscountRedemption } from "~/models/discount-codes.server";
import { insertOrder, insertOrderPayment } from "~/models/orders.server";

// Orders written with the booking's own insert functions, the way the booking transaction leaves
// them, so the payment, invoice and e-mail code can be tested without the booking wizards.

export interface TestOrderOptions {
  email?: string;
  fullName?: string;
  /** A profile made by a guest booking has no password. */
  hasPassword?: boolean;
  paymentMethod: "online" | "invoice";
  status?: OrderStatus;
  /** Reuse a helper (e.g. to book the same one twice); `true` makes a new one. */
  caregiverId?: string | true;
  startsAt?: Date;
  durationHours?: number;
  discount?: { code: string; amountCents: number; usageLimit?: number | null };
  bookingFor?: "self" | "other";
  /** The phone the visit was booked with (orders.contact_phone); none, as on orders from before it, by default. */
  contactPhone?: string | null;
  /** The order is an occurrence of this series (order_series.id). */
  seriesId?: string;
}

export interface TestOrder {
  orderId: string;
  orderNumber: string;
  customerId: string;
  profileId: string;
  email: string;
  caregiverId: string | null;
  paymentId: string;
  discountCodeId: string | null;
  startsAt: Date;
  endsAt: Date;
  totalPriceCents: number;
}

/** 14.00–16.00 Helsinki (UTC+2 in winter) on a day well in the future. */
export const DEFAULT_STARTS_AT = new Date("2026-12-05T12:00:00Z");

export async function serviceCategoryId(db: Executor): Promise<string> {
  const existing = await db.selectFrom("service_categories").select("id").where("slug", "=", "test-errands").executeTakeFirst();
  if (existing) return existing.id;
  const row = await db
    .insertInto("service_categories")
    .values({ slug: "test-errands", name: "Asiointiapu", description: "Kauppa- ja pankkiasiat", icon: "ShoppingCart" })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Written behind the model's back: the kept list must go.
  forgetCachedServiceCategories();
  return row.id;
}

/**
 * A test helper who offers every service there is (and the fixtures' own), so that tests about
 * something else than the matching rule find them able to do any visit in their city.
 */
export async function offerEveryService(db: Executor, caregiverId: string): Promise<void> {
  await serviceCategoryId(db);
  await sql`insert into caregiver_services (caregiver_id, service_category_id)
    select ${caregiverId}::uuid, id from service_categories
    on conflict do nothing`.execute(db);
}

/** A weekly plan of every hour of every day (docs/decisions/0035: a helper without a plan is never offered). */
export async function availableAlways(db: Executor, caregiverId: string): Promise<void> {
  await db
    .insertInto("caregiver_weekly_hours")
    .values([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ caregiver_id: caregiverId, weekday, start_minute: 0, end_minute: 1440 })))
    .execute();
}

export async function createTestCaregiver(db: Executor, fullName = "Aino Äijälä"): Promise<string> {
  const profile = await db
    .insertInto("profiles")
    .values({ email: `kaveri-${crypto.randomUUID()}@example.fi`, full_name: fullName, user_type: "caregiver" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const caregiver = await db
    .insertInto("caregivers")
    .values({ profile_id: profile.id, city: "Helsinki", status: "approved", average_rating: 4.8 })
    .returning("id")
    .executeTakeFirstOrThrow();
  await offerEveryService(db, caregiver.id);
  await availableAlways(db, caregiver.id);
  return caregiver.id;
}

export async function createTestOrder(options: TestOrderOptions): Promise<TestOrder> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => insertTestOrder(trx, options));
}

export async function insertTestOrder(trx: Executor, options: TestOrderOptions): Promise<TestOrder> {
  const email = options.email ?? `asiakas-${crypto.randomUUID()}@example.fi`;
  const existingProfile = await trx
    .selectFrom("profiles")
    .select("id")
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
  const profileId =
    existingProfile?.id ??
    (
      await trx
        .insertInto("profiles")
        .values({
          email,
          full_name: options.fullName ?? "Sirkka Mäkelä",
          phone: "0401234567",
          // Any non-null hash marks "has a password"; these tests never sign in with it.
          password_hash: options.hasPassword ? "$argon2id$v=19$m=19456,t=2,p=1$dGVzdA$dGVzdA" : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const customer =
    (await trx.selectFrom("customers").select("id").where("profile_id", "=", profileId).executeTakeFirst()) ??
    (await trx
      .insertInto("customers")
      .values({ profile_id: profileId, address: "Kotikatu 3 B 7", postal_code: "00500", city: "Helsinki" })
      .returning("id")
      .executeTakeFirstOrThrow());

  const caregiverId =
    options.caregiverId === true ? await createTestCaregiver(trx) : (options.caregiverId ?? null);

  let discountCodeId: string | null = null;
  if (options.discount) {
    const code = await trx
      .insertInto("discount_codes")
      .values({
        code: options.discount.code,
        type: "fixed_amount",
        amount_cents: options.discount.amountCents,
        valid_from: "2026-01-01",
        valid_until: "2027-12-31",
        usage_limit: options.discount.usageLimit === undefined ? 1 : options.discount.usageLimit,
        // The booking transaction redeemed it for this order.
        usage_count: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    discountCodeId = code.id;
  }

  const startsAt = options.startsAt ?? DEFAULT_STARTS_AT;
  const durationHours = options.durationHours ?? 2;
  const endsAt = new Date(startsAt.getTime() + durationHours * 3_600_000);
  const startHour = Number(new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: "Europe/Helsinki" }).format(startsAt));
  const amounts = priceOrder({
    bands: DEFAULT_PRICE_BANDS,
    startHour,
    durationHours,
    discountCents: options.discount?.amountCents ?? 0,
  });
  const clock = (d: Date) =>
    new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Europe/Helsinki" }).format(d);

  const other = options.bookingFor === "other";
  const order = await insertOrder(trx, {
    customerId: customer.id,
    caregiverId,
    serviceCategoryId: await serviceCategoryId(trx),
    bookingFor: options.bookingFor ?? "self",
    recipient: other ? { firstName: "Väinö", lastName: "Öhman", phone: "0509876543" } : null,
    startsAt,
    endsAt,
    scheduledDate: helsinkiDateString(startsAt),
    scheduledStart: clock(startsAt),
    scheduledEnd: clock(endsAt),
    durationHours,
    place: other
      ? { address: "Vanhustentie 9", postalCode: "00800", city: "Helsinki" }
      : { address: "Kotikatu 3 B 7", postalCode: "00500", city: "Helsinki" },
    paymentMethod: options.paymentMethod,
    amounts,
    discountCodeId,
    status: options.status ?? (options.paymentMethod === "online" ? "pending_payment" : "pending"),
    createdBy: profileId,
    contactPhone: options.contactPhone ?? null,
    seriesId: options.seriesId,
  });

  if (discountCodeId) {
    await insertDiscountRedemption(trx, { discountCodeId, profileId, orderId: order.id, amountCents: amounts.discountCents });
  }

  const paymentId = await insertOrderPayment(trx, {
    orderId: order.id,
    customerId: customer.id,
    caregiverId,
    amountCents: amounts.totalPriceCents,
    provider: options.paymentMethod === "online" ? "local" : "invoice",
    method: options.paymentMethod === "online" ? null : "invoice",
  });

  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    customerId: customer.id,
    profileId,
    email,
    caregiverId,
    paymentId,
    discountCodeId,
    startsAt,
    endsAt,
    totalPriceCents: amounts.totalPriceCents,
  };
}

/**
 * The text a PDF shows, line by line: every content stream is inflated and the strings of its
 * text operators decoded from WinAnsi (what pdfkit's standard fonts use). Enough to check what
 * an invoice says without a PDF library.
 */
export function pdfTextContent(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const lines: string[] = [];
  // Each stream is cut by its /Length: compressed bytes may themselves end in '\r' or contain
  // 'endstream', so searching for the end marker is not reliable.
  for (const match of source.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const raw = pdf.subarray(start, start + Number(match[1]));
    let content: string;
    try {
      content = zlib.inflateSync(raw).toString("latin1");
    } catch {
      content = raw.toString("latin1");
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\]\s*TJ/g)) {
      const hex = [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join("");
      lines.push(decodeWinAnsi(Buffer.from(hex, "hex")));
    }
  }
  return lines.join("\n");
}

// WinAnsiEncoding is Latin-1 except 0x80–0x9F (Node's "windows-1252" decoder treats those as
// Latin-1 control characters, so they are mapped here).
const WIN_ANSI_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeWinAnsi(bytes: Buffer): string {
  let out = "";
  for (const byte of bytes) out += byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH[byte - 0x80] : String.fromCharCode(byte);
  return out;
}

/** Undoes iCalendar line folding (RFC 5545 §3.1). */
export function unfoldIcs(text: string): string {
  return text.replace(/\r\n[ \t]/g, "");
}

/** The order row as it stands now, for assertions after a payment event or job. */
export async function orderRow(orderId: string) {
  const db = await getDb();
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
}

export async function paymentRow(paymentId: string) {
  const db = await getDb();
  return db.selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirstOrThrow();
}

/** How many e-mails have been queued to one address. */
export async function emailCount(to: string): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom("emails")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("to_address", "=", to)
    .executeTakeFirstOrThrow();
  return row.n;
}
