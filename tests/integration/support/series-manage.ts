import { getDb } from "~/db.server";
import { addCalendarDays, helsinkiWallTimeToInstant } from "~/domain/booking-window";
import { helsinkiDateString } from "~/domain/format";
import { insertSeries } from "~/models/order-series.server";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { insertTestOrder, serviceCategoryId, type TestOrder } from "./booking-fixtures";

// A weekly series written as the series booking leaves it (issue 27 item 4): the order_series row
// and one order per week with `series_id`, each with its payment (insertOrder + insertOrderPayment
// through the booking fixtures), invoiced like an invoice visit. For the series-management tests.

export interface TestSeries {
  seriesId: string;
  visits: TestOrder[];
}

export async function createTestSeries(options: {
  email: string;
  caregiverId: string;
  /** The first visit's start; the others follow a week apart at the same Helsinki hour. */
  firstStartsAt: Date;
  count: number;
  invoice?: boolean;
}): Promise<TestSeries> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const firstDate = helsinkiDateString(options.firstStartsAt);
    const startHour = Number(new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: "Europe/Helsinki" }).format(options.firstStartsAt));
    const first = await insertTestOrder(trx, { email: options.email, paymentMethod: "invoice", caregiverId: options.caregiverId, startsAt: options.firstStartsAt });
    const seriesId = await insertSeries(trx, {
      customerId: first.customerId,
      createdBy: first.profileId,
      caregiverId: options.caregiverId,
      serviceCategoryId: await serviceCategoryId(trx),
      intervalWeeks: 1,
      startHour,
      durationHours: 2,
      firstDate,
      end: { kind: "count", count: options.count },
      paymentMethod: "invoice",
      generatedUntil: firstDate,
    });
    const visits = [first];
    for (let index = 1; index < options.count; index += 1) {
      // On the Helsinki wall clock, as the series rule makes them (the same hour across a DST change).
      const startsAt = helsinkiWallTimeToInstant(addCalendarDays(firstDate, index * 7), startHour)!;
      visits.push(await insertTestOrder(trx, { email: options.email, paymentMethod: "invoice", caregiverId: options.caregiverId, startsAt }));
    }
    // The fixtures' insert knows no series: the occurrences are linked to it here, in the same transaction.
    await trx.updateTable("orders").set({ series_id: seriesId }).where("id", "in", visits.map((visit) => visit.orderId)).execute();
    if (options.invoice) for (const visit of visits) await createInvoiceForOrder(trx, visit.orderId, new Date("2026-12-01T10:00:00Z"));
    return { seriesId, visits };
  });
}
