import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setTestClock } from "~/services/clock.server";
import { action as tasksAction, loader as tasksLoader } from "~/routes/portal.caregiver-bookings";
import { answerOf, contextFor, getRequest, postRequest } from "./support/auth";
import { createTestOrder } from "./support/booking-fixtures";
import { signedInHelper, toastOf, type SignedIn } from "./support/portal";
import { createTestSeries } from "./support/series-week";

// The helper's week (issue 27 item 6; decision 0041): the open visits grouped by Helsinki day, a
// visit of a series marked with its rule, one week at a time from this week on, and never another
// helper's visit.

type Helper = SignedIn & { caregiverId: string };
type Task = { id: string; orderNumber: string; day: string; seriesMark: { prefix: string; label: string } | null };
type Day = { date: string; heading: string; taskIds: string[] };

/** Wednesday 6.1.2027 at 10.00 in Helsinki: week 1 of 2027, Monday 4.1. to Sunday 10.1. */
const NOW = new Date("2027-01-06T08:00:00Z");
/** A Helsinki wall-clock hour in January (UTC+2). */
const at = (day: number, hour: number) => new Date(Date.UTC(2027, 0, day, hour - 2));

let helper: Helper;
let otherHelper: Helper;
const ids: Record<string, string> = {};

beforeAll(async () => {
  helper = await signedInHelper("viikko-kaveri@example.fi", "Ville Viikko");
  otherHelper = await signedInHelper("viikko-toinen@example.fi", "Tiina Toinen");
  // This week: two visits on Thursday 7.1. and one of a weekly series on Friday 8.1.
  ids.thursdayLate = (await createTestOrder({ paymentMethod: "invoice", caregiverId: helper.caregiverId, startsAt: at(7, 16) })).orderId;
  ids.thursdayEarly = (await createTestOrder({ paymentMethod: "invoice", caregiverId: helper.caregiverId, startsAt: at(7, 9) })).orderId;
  const weekly = await createTestSeries({ caregiverId: helper.caregiverId, intervalWeeks: 1, starts: [at(8, 14), at(15, 14), at(22, 14)] });
  [ids.weekly1, ids.weekly2, ids.weekly3] = weekly.orders.map((order) => order.orderId);
  // Next week and the one after it: a series every other week on Mondays.
  const biweekly = await createTestSeries({ caregiverId: helper.caregiverId, intervalWeeks: 2, starts: [at(11, 10), at(25, 10)] });
  [ids.biweekly1, ids.biweekly2] = biweekly.orders.map((order) => order.orderId);
  // Done last week: not among the open visits of any week.
  ids.done = (await createTestOrder({ paymentMethod: "invoice", caregiverId: helper.caregiverId, startsAt: at(1, 12), status: "completed" })).orderId;
  // Another helper's visits on the same days, one of a series.
  ids.others = (await createTestOrder({ paymentMethod: "invoice", caregiverId: otherHelper.caregiverId, startsAt: at(8, 10) })).orderId;
  const othersSeries = await createTestSeries({ caregiverId: otherHelper.caregiverId, intervalWeeks: 1, starts: [at(12, 12), at(19, 12)] });
  ids.othersSeries = othersSeries.orders[0].orderId;
});

afterEach(() => setTestClock(null));

async function load(cookie: string, query = "") {
  setTestClock(NOW);
  const answer = await answerOf(() => tasksLoader({ request: getRequest(`/portal/caregiver-bookings${query}`, cookie), params: {}, context: contextFor() }));
  expect(answer.status).toBe(200);
  return answer.data as { open: Task[]; openDays: Day[]; week: { param: string; heading: string; isThisWeek: boolean } | null; weekLinks: { label: string; href: string }[] };
}

const openIds = (data: { open: Task[] }) => data.open.map((task) => task.id);

describe("the helper's tasks by day", () => {
  it("lists every open visit under its Helsinki day, soonest first, without a week", async () => {
    const data = await load(helper.cookie);
    expect(openIds(data)).toEqual([ids.thursdayEarly, ids.thursdayLate, ids.weekly1, ids.biweekly1, ids.weekly2, ids.weekly3, ids.biweekly2]);
    expect(data.openDays).toEqual([
      { date: "2027-01-07", heading: "torstai 7.1.", taskIds: [ids.thursdayEarly, ids.thursdayLate] },
      { date: "2027-01-08", heading: "perjantai 8.1.", taskIds: [ids.weekly1] },
      { date: "2027-01-11", heading: "maanantai 11.1.", taskIds: [ids.biweekly1] },
      { date: "2027-01-15", heading: "perjantai 15.1.", taskIds: [ids.weekly2] },
      { date: "2027-01-22", heading: "perjantai 22.1.", taskIds: [ids.weekly3] },
      { date: "2027-01-25", heading: "maanantai 25.1.", taskIds: [ids.biweekly2] },
    ]);
    expect(data.week).toBeNull();
    expect(data.weekLinks).toEqual([
      { label: "Tämä viikko", href: "/portal/caregiver-bookings?viikko=2027-W01" },
      { label: "Seuraava viikko", href: "/portal/caregiver-bookings?viikko=2027-W02" },
    ]);
  });

  it("marks a visit of a series with its rule and leaves a single visit unmarked", async () => {
    const byId = new Map((await load(helper.cookie)).open.map((task) => [task.id, task]));
    expect(byId.get(ids.weekly2)!.seriesMark).toEqual({ prefix: "Toistuva käynti: ", label: "Joka viikko" });
    expect(byId.get(ids.biweekly1)!.seriesMark?.label).toBe("Joka toinen viikko");
    expect(byId.get(ids.thursdayEarly)!.seriesMark).toBeNull();
  });

  it("says 'tänään' on today's heading", async () => {
    const helperOfToday = await signedInHelper("viikko-tanaan@example.fi");
    await createTestOrder({ paymentMethod: "invoice", caregiverId: helperOfToday.caregiverId, startsAt: at(6, 15) });
    expect((await load(helperOfToday.cookie)).openDays.map((day) => day.heading)).toEqual(["keskiviikko 6.1. (tänään)"]);
  });
});

describe("week by week", () => {
  it("shows this week's visits only, Monday to Sunday, with the link to the next week", async () => {
    const data = await load(helper.cookie, "?viikko=2027-W01");
    expect(openIds(data)).toEqual([ids.thursdayEarly, ids.thursdayLate, ids.weekly1]);
    expect(data.openDays.map((day) => day.heading)).toEqual(["torstai 7.1.", "perjantai 8.1."]);
    expect(data.week).toEqual({ param: "2027-W01", heading: "Viikko 1, 4.1.–10.1.2027", isThisWeek: true });
    expect(data.weekLinks).toEqual([
      { label: "Seuraava viikko", href: "/portal/caregiver-bookings?viikko=2027-W02" },
      { label: "Kaikki tulevat tehtävät", href: "/portal/caregiver-bookings" },
    ]);
  });

  it("steps to the next weeks: their visits and no others, back to the week before and to this week", async () => {
    const next = await load(helper.cookie, "?viikko=2027-W02");
    expect(openIds(next)).toEqual([ids.biweekly1, ids.weekly2]);
    expect(next.open.map((task) => task.seriesMark?.label)).toEqual(["Joka toinen viikko", "Joka viikko"]);
    expect(next.week).toMatchObject({ heading: "Viikko 2, 11.1.–17.1.2027", isThisWeek: false });
    expect(next.weekLinks).toEqual([
      { label: "Edellinen viikko", href: "/portal/caregiver-bookings?viikko=2027-W01" },
      { label: "Tämä viikko", href: "/portal/caregiver-bookings?viikko=2027-W01" },
      { label: "Seuraava viikko", href: "/portal/caregiver-bookings?viikko=2027-W03" },
      { label: "Kaikki tulevat tehtävät", href: "/portal/caregiver-bookings" },
    ]);
    expect(openIds(await load(helper.cookie, "?viikko=2027-W03"))).toEqual([ids.weekly3]);
    expect((await load(helper.cookie, "?viikko=2027-W04")).weekLinks[0]).toEqual({ label: "Edellinen viikko", href: "/portal/caregiver-bookings?viikko=2027-W03" });
  });

  it("says an empty week is empty (the page shows 'Ei käyntejä tällä viikolla.')", async () => {
    const empty = await load(helper.cookie, "?viikko=2027-W06");
    expect(empty).toMatchObject({ open: [], openDays: [], week: { param: "2027-W06" } });
  });

  it("shows without a week a week before this one, beyond the booking window or not a week at all", async () => {
    for (const query of ["?viikko=2026-W53", "?viikko=2027-W40", "?viikko=2027-W1", "?viikko=kissa"]) {
      const data = await load(helper.cookie, query);
      expect(data.week, query).toBeNull();
      expect(openIds(data), query).toHaveLength(7);
    }
  });

  it("never shows another helper's visits, in any week", async () => {
    for (const query of ["", "?viikko=2027-W01", "?viikko=2027-W02", "?viikko=2027-W03"]) {
      const data = await load(helper.cookie, query);
      expect(openIds(data), query).not.toContain(ids.others);
      expect(openIds(data), query).not.toContain(ids.othersSeries);
      expect(openIds(data), query).not.toContain(ids.done);
    }
    expect(openIds(await load(otherHelper.cookie, "?viikko=2027-W01"))).toEqual([ids.others]);
    expect(openIds(await load(otherHelper.cookie, "?viikko=2027-W02"))).toEqual([ids.othersSeries]);
  });

  it("brings the helper back to the week they were looking at after an action", async () => {
    setTestClock(NOW);
    const form = { tehtava: `accept:${ids.weekly2}`, viikko: "2027-W02" };
    const answer = await answerOf(() => tasksAction({ request: postRequest("/portal/caregiver-bookings", form, helper.cookie), params: {}, context: contextFor() }));
    const task = (await load(helper.cookie, "?viikko=2027-W02")).open.find((candidate) => candidate.id === ids.weekly2)!;
    expect(answer.location).toBe(`/portal/caregiver-bookings?viikko=2027-W02#tehtava-${task.orderNumber}`);
    expect(await toastOf(answer)).toMatchObject({ type: "success", title: "Varaus hyväksytty!" });
    // A week the helper may not look at is not followed.
    setTestClock(NOW);
    const forged = await answerOf(() =>
      tasksAction({ request: postRequest("/portal/caregiver-bookings", { tehtava: `accept:${ids.weekly3}`, viikko: "2026-W01" }, helper.cookie), params: {}, context: contextFor() }),
    );
    expect(forged.location).toMatch(/^\/portal\/caregiver-bookings#tehtava-/);
  });
});
