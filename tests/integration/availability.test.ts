import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB, type Executor } from "~/db.server";
import { addCalendarDays } from "~/domain/booking-window";
import { isoWeekday, wallMinuteToInstant } from "~/domain/availability";
import { caregiverMatchRefusal, listMatchingCaregiverIds } from "~/models/matching.server";
import { isCaregiverOverlapError } from "~/models/orders.server";
import { loader as varaaTimeLoader } from "~/routes/varaa._index";
import { answerOf } from "./support/auth";
import { CONTEXT, dateInDays, draftQuery, getUrl } from "./support/booking";
import { availableAlways, createTestOrder, insertTestOrder, offerEveryService, serviceCategoryId } from "./support/booking-fixtures";

// Availability plans and travel time (issue 27 items 1–3; docs/decisions/0035): the database
// keeps two visits of one helper the travel time apart even when two bookings race, the one
// matching rule follows the weekly plan and its exceptions, and the time step marks the hours
// nobody can come.

let db: DB;
let service: string;

async function insertHelper(executor: Executor, city: string, name = "Saatavuus Kaveri"): Promise<string> {
  const profile = await executor
    .insertInto("profiles")
    .values({ email: `saatavuus-${crypto.randomUUID()}@example.fi`, full_name: name, user_type: "caregiver" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const row = await executor.insertInto("caregivers").values({ profile_id: profile.id, city, status: "approved", average_rating: 4.7 }).returning("id").executeTakeFirstOrThrow();
  await offerEveryService(executor, row.id);
  return row.id;
}

async function weekly(caregiverId: string, days: number[], from: number, to: number) {
  await db
    .insertInto("caregiver_weekly_hours")
    .values(days.map((weekday) => ({ caregiver_id: caregiverId, weekday, start_minute: from * 60, end_minute: to * 60 })))
    .execute();
}

/** The next date from `from` days ahead that falls on the ISO weekday. */
function nextWeekday(weekday: number, from = 30): string {
  let date = dateInDays(from);
  while (isoWeekday(date) !== weekday) date = addCalendarDays(date, 1);
  return date;
}

const at = (date: string, hour: number, minute = 0) => wallMinuteToInstant(date, hour * 60 + minute);

beforeAll(async () => {
  db = await getDb();
  service = await serviceCategoryId(db);
});

describe("travel time in the database", () => {
  it("two bookings racing for one helper, 10–12 and 12–14: one wins, the other is the exclusion violation", async () => {
    const helper = await insertHelper(db, "Helsinki");
    await availableAlways(db, helper);
    const date = nextWeekday(2);
    const book = (hour: number) =>
      db.transaction().execute(async (trx) => {
        const order = await insertTestOrder(trx, { paymentMethod: "invoice", caregiverId: helper, startsAt: at(date, hour), durationHours: 2 });
        // Held open a moment, so that on PostgreSQL the other insert waits on this one's row.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return order;
      });
    const results = await Promise.allSettled([book(10), book(12)]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(isCaregiverOverlapError(lost[0].reason)).toBe(true);
    const live = await db.selectFrom("orders").select("id").where("caregiver_id", "=", helper).where("status", "<>", "cancelled").execute();
    expect(live).toHaveLength(1);
  });

  it("allows the next visit once the travel time (30 minutes by default) has passed, and follows a changed setting", async () => {
    const helper = await insertHelper(db, "Helsinki");
    await availableAlways(db, helper);
    const date = nextWeekday(3);
    await createTestOrder({ paymentMethod: "invoice", caregiverId: helper, startsAt: at(date, 10), durationHours: 2 });
    await expect(createTestOrder({ paymentMethod: "invoice", caregiverId: helper, startsAt: at(date, 12), durationHours: 1 })).rejects.toSatisfy(isCaregiverOverlapError);
    await createTestOrder({ paymentMethod: "invoice", caregiverId: helper, startsAt: at(date, 12, 30), durationHours: 1 });
    // An hour between visits from now on: 14.00 after 12.30–13.30 is too soon, 14.30 is fine.
    await db.insertInto("settings").values({ key: "travel_time", value: JSON.stringify({ minutes: 60 }), updated_by: null }).onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify({ minutes: 60 }) })).execute();
    try {
      await expect(createTestOrder({ paymentMethod: "invoice", caregiverId: helper, startsAt: at(date, 14), durationHours: 1 })).rejects.toSatisfy(isCaregiverOverlapError);
      await createTestOrder({ paymentMethod: "invoice", caregiverId: helper, startsAt: at(date, 14, 30), durationHours: 1 });
    } finally {
      await db.deleteFrom("settings").where("key", "=", "travel_time").execute();
    }
  });

  it("a cancelled visit leaves its time free", async () => {
    const helper = await insertHelper(db, "Helsinki");
    await availableAlways(db, helper);
    const date = nextWeekday(4);
    const first = await createTestOrder({ paymentMethod: "invoice", caregiverId: helper, startsAt: at(date, 10), durationHours: 2 });
    await db.updateTable("orders").set({ status: "cancelled" }).where("id", "=", first.orderId).execute();
    await createTestOrder({ paymentMethod: "invoice", caregiverId: helper, startsAt: at(date, 12), durationHours: 2 });
  });
});

describe("the matching rule follows the plan", () => {
  it("Mon–Thu 9–15 and a week away: offered Monday 10–12, not Friday, not Monday 14–16, not in the week away, but on the extra hours", async () => {
    const helper = await insertHelper(db, "Kuopio");
    await weekly(helper, [1, 2, 3, 4], 9, 15);
    const monday = nextWeekday(1);
    const awayMonday = addCalendarDays(monday, 7);
    await db.insertInto("caregiver_availability_exceptions").values({ caregiver_id: helper, kind: "away", starts_on: awayMonday, ends_on: addCalendarDays(awayMonday, 6) }).execute();
    const saturday = addCalendarDays(monday, 5);
    await db.insertInto("caregiver_availability_exceptions").values({ caregiver_id: helper, kind: "extra", starts_on: saturday, ends_on: saturday, start_minute: 600, end_minute: 780 }).execute();

    const matches = async (date: string, hour: number, hours = 2) =>
      (await listMatchingCaregiverIds(db, { serviceCategoryId: service, city: "Kuopio", startsAt: at(date, hour), endsAt: at(date, hour + hours) })).includes(helper);
    expect(await matches(monday, 10)).toBe(true);
    expect(await matches(monday, 13)).toBe(true);
    expect(await matches(monday, 14)).toBe(false);
    expect(await matches(addCalendarDays(monday, 4), 10)).toBe(false);
    expect(await matches(awayMonday, 10)).toBe(false);
    expect(await matches(saturday, 10)).toBe(true);
    expect(await matches(saturday, 12)).toBe(false);
    expect(await caregiverMatchRefusal(db, helper, { serviceCategoryId: service, city: "Kuopio", startsAt: at(awayMonday, 10), endsAt: at(awayMonday, 12) })).toBe("off_hours");
  });

  it("a helper without a plan is offered nowhere", async () => {
    const helper = await insertHelper(db, "Kuopio");
    const monday = nextWeekday(1);
    expect(await caregiverMatchRefusal(db, helper, { serviceCategoryId: service, city: "Kuopio", startsAt: at(monday, 10), endsAt: at(monday, 12) })).toBe("off_hours");
  });
});

describe("the time step", () => {
  type Slot = { hour: number; unavailable?: boolean };
  async function slotsOf(draft: Parameters<typeof draftQuery>[0]) {
    const answer = await answerOf(() => varaaTimeLoader({ request: getUrl("/varaa", draftQuery(draft)), params: {}, context: CONTEXT }));
    return (answer.data as { slots: Slot[] }).slots;
  }

  it("marks the hours nobody in the town can come 'Ei vapaita kavereita', and a named helper shows only their free hours", async () => {
    const date = nextWeekday(3, 40);
    const first = await insertHelper(db, "Kajaani", "Kalle Kajaanilainen");
    const second = await insertHelper(db, "Kajaani", "Kerttu Kajaanilainen");
    await weekly(first, [3], 9, 15);
    await weekly(second, [3], 12, 18);
    // The first helper is busy 9–11: with the travel time, their next two-hour visit starts at 11.30 at the earliest.
    await createTestOrder({ paymentMethod: "invoice", caregiverId: first, startsAt: at(date, 9), durationHours: 2 });

    const draft = { date, time: "12:00", duration: 2, service, postalCode: "87100", city: "Kajaani" };
    const slots = await slotsOf(draft);
    const free = slots.filter((s) => !s.unavailable).map((s) => s.hour);
    // The first helper 12–13 (ends by 15), the second 12–16 (ends by 18).
    expect(free).toEqual([12, 13, 14, 15, 16]);
    expect(slots.find((s) => s.hour === 9)).toMatchObject({ unavailable: true });
    expect(slots.find((s) => s.hour === 20)).toMatchObject({ unavailable: true });

    // Without the town nothing is known yet: every hour is offered.
    expect((await slotsOf({ ...draft, postalCode: null, city: null })).some((s) => s.unavailable)).toBe(false);

    // The same helper again: only the first helper's free hours (and the chosen one).
    const own = await slotsOf({ ...draft, time: "12:00", caregiver: first });
    expect(own.map((s) => s.hour)).toEqual([12, 13]);
    expect(own.every((s) => !s.unavailable)).toBe(true);
  });
});
