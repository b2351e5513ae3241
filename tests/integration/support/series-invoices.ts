import crypto from "node:crypto";
import { getDb, type Executor } from "~/db.server";
import { helsinkiDateString } from "~/domain/format";
import { priceOrder } from "~/domain/order-amounts";
import { DEFAULT_PRICE_BANDS } from "~/domain/pricing";
import { insertSeries } from "~/models/order-series.server";
import { insertOrder, insertOrderPayment } from "~/models/orders.server";
import { createTestCaregiver, serviceCategoryId } from "./booking-fixtures";

// A series paid by invoice, its visits written with the booking's own insert functions and no
// invoice of their own, as the series booking leaves them (docs/decisions/0039).

export interface TestInvoiceSeries {
  seriesId: string;
  customerId: string;
  profileId: string;
  email: string;
  visits: Array<{ orderId: string; orderNumber: string; startsAt: Date; totalPriceCents: number }>;
}

const clock = (d: Date) => new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Europe/Helsinki" }).format(d);

/** A weekly invoice series with a visit at each of `starts` (2 h each), for `owner` or a new customer. */
export async function createInvoiceSeries(starts: Date[], options: { owner?: { id: string; email: string } } = {}): Promise<TestInvoiceSeries> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const email = options.owner?.email ?? `sarja-${crypto.randomUUID()}@example.fi`;
    const profile = options.owner ?? (await trx.insertInto("profiles").values({ email, full_name: "Sirkka Mäkelä", phone: "0401234567" }).returning("id").executeTakeFirstOrThrow());
    const customer =
      (await trx.selectFrom("customers").select("id").where("profile_id", "=", profile.id).executeTakeFirst()) ??
      (await trx
        .insertInto("customers")
        .values({ profile_id: profile.id, address: "Kotikatu 3 B 7", postal_code: "00500", city: "Helsinki" })
        .returning("id")
        .executeTakeFirstOrThrow());
    const caregiverId = await createTestCaregiver(trx);
    const categoryId = await serviceCategoryId(trx);
    const seriesId = await insertSeries(trx, {
      customerId: customer.id,
      createdBy: profile.id,
      caregiverId,
      serviceCategoryId: categoryId,
      intervalWeeks: 1,
      startHour: Number(clock(starts[0]!).slice(0, 2)),
      durationHours: 2,
      firstDate: helsinkiDateString(starts[0]!),
      end: { kind: "count", count: Math.max(2, starts.length) },
      paymentMethod: "invoice",
      generatedUntil: helsinkiDateString(starts[starts.length - 1]!),
    });
    const visits = [];
    for (const startsAt of starts) visits.push(await insertVisit(trx, { seriesId, customerId: customer.id, profileId: profile.id, caregiverId, categoryId, startsAt }));
    return { seriesId, customerId: customer.id, profileId: profile.id, email, visits };
  });
}

async function insertVisit(
  trx: Executor,
  input: { seriesId: string; customerId: string; profileId: string; caregiverId: string; categoryId: string; startsAt: Date },
) {
  const endsAt = new Date(input.startsAt.getTime() + 2 * 3_600_000);
  // Each visit priced by its own start hour, as the series booking does.
  const amounts = priceOrder({ bands: DEFAULT_PRICE_BANDS, startHour: Number(clock(input.startsAt).slice(0, 2)), durationHours: 2, discountCents: 0 });
  const order = await insertOrder(trx, {
    customerId: input.customerId,
    caregiverId: input.caregiverId,
    serviceCategoryId: input.categoryId,
    bookingFor: "self",
    recipient: null,
    startsAt: input.startsAt,
    endsAt,
    scheduledDate: helsinkiDateString(input.startsAt),
    scheduledStart: clock(input.startsAt),
    scheduledEnd: clock(endsAt),
    durationHours: 2,
    place: { address: "Kotikatu 3 B 7", postalCode: "00500", city: "Helsinki" },
    paymentMethod: "invoice",
    amounts,
    discountCodeId: null,
    status: "pending",
    createdBy: input.profileId,
    seriesId: input.seriesId,
  });
  await insertOrderPayment(trx, {
    orderId: order.id,
    customerId: input.customerId,
    caregiverId: input.caregiverId,
    amountCents: amounts.totalPriceCents,
    provider: "invoice",
    method: "invoice",
  });
  return { orderId: order.id, orderNumber: order.orderNumber, startsAt: input.startsAt, totalPriceCents: amounts.totalPriceCents };
}
