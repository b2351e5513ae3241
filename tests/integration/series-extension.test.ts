import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { addCalendarDays, helsinkiToday } from "~/domain/booking-window";
import { isoWeekday, wallMinuteToInstant } from "~/domain/availability";
import { openSeriesHorizon } from "~/domain/recurrence";
import { findSeriesTemplate } from "~/models/order-series.server";
import { extendOpenSeries } from "~/services/series-extension.server";
import { bookSeries, previewSeries, type SeriesChoice } from "~/services/series-booking.server";
import { createTestUser } from "./support/auth";
import { createTestCaregiver, insertTestOrder } from "./support/booking-fixtures";

// "Toistaiseksi" (issue 27 item 4; docs/decisions/0037): an open-ended series is booked 12 weeks
// ahead and the hourly job adds each date that comes within the horizon, once even with two
// workers; a date the helper is away is skipped and the customer told.

let db: DB;

beforeAll(async () => {
  db = await getDb();
});

function nextWeekday(weekday: number, from: string): string {
  let date = from;
  while (isoWeekday(date) !== weekday) date = addCalendarDays(date, 1);
  return date;
}

async function openSeries(now: Date, weekday: number) {
  const helper = await createTestCaregiver(db, "Toistaiseksi Kaveri");
  const email = `auki-${crypto.randomUUID()}@example.fi`;
  const user = await createTestUser({ email, fullName: "Avoin Sarja" });
  const past = nextWeekday(weekday, "2026-11-02");
  const order = await insertTestOrder(db, { email, paymentMethod: "invoice", caregiverId: helper, startsAt: wallMinuteToInstant(past, 10 * 60), durationHours: 1, status: "completed" });
  const template = (await findSeriesTemplate(db, user.id, order.orderNumber))!;
  const choice: SeriesChoice = { intervalWeeks: 1, firstDate: nextWeekday(weekday, addCalendarDays(helsinkiToday(now), 1)), startHour: 10, end: { kind: "open" } };
  const price = (await previewSeries(db, template, choice, now))[0]!.priceCents!;
  const outcome = await bookSeries(db, { template, choice, decisions: new Map(), paymentMethod: "invoice", onlineProvider: "local", signedInUserId: user.id, shownVisitPriceCents: price, now });
  if (!outcome.ok) throw new Error(outcome.reason);
  return { helper, user, seriesId: outcome.seriesId, booked: outcome.orderIds.length, choice };
}

const datesOf = async (seriesId: string) =>
  (await db.selectFrom("orders").select("scheduled_date").where("series_id", "=", seriesId).orderBy("starts_at").execute()).map((row) => row.scheduled_date);

describe("extending an open-ended series", () => {
  it("is booked 12 weeks ahead, and two workers three weeks later add the three new dates once", async () => {
    const now = new Date("2026-11-28T08:00:00Z");
    const { seriesId, booked } = await openSeries(now, 1);
    const horizon = openSeriesHorizon(helsinkiToday(now));
    const first = await datesOf(seriesId);
    expect(booked).toBe(first.length);
    expect(first.at(-1)! <= horizon).toBe(true);
    expect(addCalendarDays(first.at(-1)!, 7) > horizon).toBe(true);

    const later = new Date(now.getTime() + 21 * 24 * 3600_000);
    await Promise.all([extendOpenSeries(db, later), extendOpenSeries(db, later)]);
    const after = await datesOf(seriesId);
    expect(after).toHaveLength(first.length + 3);
    expect(new Set(after).size).toBe(after.length);
    after.slice(1).forEach((date, index) => expect(date).toBe(addCalendarDays(after[index]!, 7)));
    const series = await db.selectFrom("order_series").select("generated_until").where("id", "=", seriesId).executeTakeFirstOrThrow();
    expect(series.generated_until).toBe(openSeriesHorizon(helsinkiToday(later)));

    // Running again the same day adds nothing.
    await extendOpenSeries(db, later);
    expect(await datesOf(seriesId)).toHaveLength(after.length);
  });

  it("skips a date the helper is away and tells the customer", async () => {
    const now = new Date("2026-11-28T08:00:00Z");
    const { seriesId, helper, user } = await openSeries(now, 3);
    const horizon = openSeriesHorizon(helsinkiToday(now));
    const later = new Date(now.getTime() + 14 * 24 * 3600_000);
    const newDates = [addCalendarDays(horizon, 1), openSeriesHorizon(helsinkiToday(later))];
    await db.insertInto("caregiver_availability_exceptions").values({ caregiver_id: helper, kind: "away", starts_on: newDates[0]!, ends_on: newDates[1]! }).execute();
    const before = await datesOf(seriesId);
    await extendOpenSeries(db, later);
    expect(await datesOf(seriesId)).toEqual(before);
    const mail = await db.selectFrom("emails").select(["subject", "text"]).where("to_address", "=", user.email).where("subject", "like", "Toistuvasta varauksesta%").executeTakeFirst();
    expect(mail?.text).toContain("ei pääse näinä päivinä");
  });

  it("leaves a cancelled series alone", async () => {
    const now = new Date("2026-11-28T08:00:00Z");
    const { seriesId } = await openSeries(now, 5);
    await db.updateTable("order_series").set({ status: "cancelled" }).where("id", "=", seriesId).execute();
    const before = await datesOf(seriesId);
    await extendOpenSeries(db, new Date(now.getTime() + 21 * 24 * 3600_000));
    expect(await datesOf(seriesId)).toEqual(before);
  });
});
