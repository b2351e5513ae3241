import { getDb } from "~/db.server";
import type { OrderStatus } from "~/db/schema";
import { helsinkiDateString } from "~/domain/format";
import { insertSeries } from "~/models/order-series.server";
import { createTestCaregiver, insertTestOrder, serviceCategoryId, type TestOrder } from "./booking-fixtures";

// A weekly series paid online written directly (docs/decisions/0040), the way the series booking
// leaves it: every occurrence an order of its own with series_id set and a pending local payment.
// `statuses` gives each visit's status (the first 'pending_payment' before its checkout is paid,
// the later ones 'pending' once it was), and `card` the saved card, as the first payment stores it.

export interface OnlineSeries {
  seriesId: string;
  visits: TestOrder[];
  email: string;
  caregiverId: string;
}

export async function createOnlineSeries(options: {
  startsAt: Date[];
  statuses?: OrderStatus[];
  card?: { customerRef: string; paymentMethodRef: string };
  provider?: "local" | "stripe";
  /** The customer's address: a signed-in test user's, to open the portal's pages as them. */
  email?: string;
}): Promise<OnlineSeries> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const caregiverId = await createTestCaregiver(trx);
    const email = options.email ?? `sarja-${crypto.randomUUID()}@example.fi`;
    const first = options.startsAt[0];
    const hour = Number(new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: "Europe/Helsinki" }).format(first));
    const visits: TestOrder[] = [];
    const customer = await insertTestOrder(trx, { paymentMethod: "online", email, caregiverId, startsAt: first, status: options.statuses?.[0] ?? "pending_payment", hasPassword: true });
    visits.push(customer);
    const customerId = customer.customerId;
    const seriesId = await insertSeries(trx, {
      customerId,
      createdBy: customer.profileId,
      caregiverId,
      serviceCategoryId: await serviceCategoryId(trx),
      intervalWeeks: 1,
      startHour: hour,
      durationHours: 2,
      firstDate: helsinkiDateString(first),
      end: { kind: "count", count: options.startsAt.length },
      paymentMethod: "online",
      generatedUntil: helsinkiDateString(options.startsAt[options.startsAt.length - 1]),
    });
    for (const [index, startsAt] of options.startsAt.entries()) {
      if (index > 0) visits.push(await insertTestOrder(trx, { paymentMethod: "online", email, caregiverId, startsAt, status: options.statuses?.[index] ?? "pending_payment" }));
    }
    await trx.updateTable("orders").set({ series_id: seriesId }).where("id", "in", visits.map((visit) => visit.orderId)).execute();
    if (options.provider === "stripe") await trx.updateTable("payments").set({ provider: "stripe" }).where("order_id", "in", visits.map((visit) => visit.orderId)).execute();
    // A first visit already booked was paid at its checkout.
    if (customer && (options.statuses?.[0] ?? "pending_payment") !== "pending_payment") {
      await trx.updateTable("payments").set({ status: "captured", method: "card", captured_at: new Date() }).where("id", "=", customer.paymentId).execute();
    }
    if (options.card) {
      await trx
        .updateTable("order_series")
        .set({ payment_customer_ref: options.card.customerRef, payment_method_ref: options.card.paymentMethodRef })
        .where("id", "=", seriesId)
        .execute();
    }
    return { seriesId, visits, email, caregiverId };
  });
}

export async function seriesRow(seriesId: string) {
  const db = await getDb();
  return db.selectFrom("order_series").selectAll().where("id", "=", seriesId).executeTakeFirstOrThrow();
}
