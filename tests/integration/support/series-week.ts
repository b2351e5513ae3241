import { getDb } from "~/db.server";
import { helsinkiDateString } from "~/domain/format";
import { insertSeries } from "~/models/order-series.server";
import { insertTestOrder, serviceCategoryId, type TestOrder } from "./booking-fixtures";

// A series of a helper's visits for the tasks page tests (issue 27 item 6): the order_series row
// and one invoice order (pending, so committed and shown to the helper) on each given start, all
// of one customer, as the series booking would leave them.

export async function createTestSeries(options: { caregiverId: string; intervalWeeks: 1 | 2; starts: Date[]; email?: string }): Promise<{ seriesId: string; orders: TestOrder[] }> {
  const db = await getDb();
  const email = options.email ?? `sarja-${crypto.randomUUID()}@example.fi`;
  return db.transaction().execute(async (trx) => {
    const profile = await trx.insertInto("profiles").values({ email, full_name: "Sarja Asiakas", phone: "0401234567" }).returning("id").executeTakeFirstOrThrow();
    const customer = await trx
      .insertInto("customers")
      .values({ profile_id: profile.id, address: "Kotikatu 3 B 7", postal_code: "00500", city: "Helsinki" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const first = options.starts[0];
    const startHour = Number(new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: "Europe/Helsinki" }).format(first));
    const seriesId = await insertSeries(trx, {
      customerId: customer.id,
      createdBy: profile.id,
      caregiverId: options.caregiverId,
      serviceCategoryId: await serviceCategoryId(trx),
      intervalWeeks: options.intervalWeeks,
      startHour,
      durationHours: 2,
      firstDate: helsinkiDateString(first),
      end: { kind: "count", count: options.starts.length },
      paymentMethod: "invoice",
      generatedUntil: helsinkiDateString(options.starts[options.starts.length - 1]),
    });
    const orders: TestOrder[] = [];
    for (const startsAt of options.starts) {
      orders.push(await insertTestOrder(trx, { email, paymentMethod: "invoice", caregiverId: options.caregiverId, startsAt, seriesId }));
    }
    return { seriesId, orders };
  });
}
