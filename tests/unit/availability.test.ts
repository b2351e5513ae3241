import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canTakeVisit,
  freeSpansOn,
  normalizeRanges,
  wallMinuteToInstant,
  withinPlan,
  type AvailabilityException,
  type AvailabilityPlan,
  type Span,
} from "~/domain/availability";
import { helsinkiClock } from "~/domain/helsinki-clock";

// The availability rule (issue 27 item 2): plan ∩ not away ∪ extra hours ∩ not busy ∩ travel time,
// held to a reference that asks the same question one minute at a time on the Helsinki wall clock.

const MINUTE = 60_000;
const pad = (n: number) => String(n).padStart(2, "0");
// A fortnight in June 2027: no change of clocks, so every wall minute exists once.
const DATES = Array.from({ length: 14 }, (_, i) => `2027-06-${pad(i + 1)}`);

/** The reference: is the wall minute at `instant` available by the plan? */
function minuteAvailable(plan: AvailabilityPlan, instant: number): boolean {
  const clock = helsinkiClock(instant);
  const date = `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
  const minute = clock.hour * 60 + clock.minute;
  const inRange = (r: { startMinute: number; endMinute: number }) => r.startMinute <= minute && minute < r.endMinute;
  const away = plan.exceptions.some((e) => e.kind === "away" && e.startsOn <= date && date <= e.endsOn);
  const weekly = !away && plan.weekly.some((r) => r.weekday === clock.weekday + 1 && inRange(r));
  const extra = plan.exceptions.some((e) => e.kind === "extra" && e.date === date && inRange(e));
  return weekly || extra;
}

function referenceCanTake(plan: AvailabilityPlan, busy: readonly Span[], travel: number, visit: Span): boolean {
  for (let t = visit.startsAt.getTime(); t < visit.endsAt.getTime(); t += MINUTE) if (!minuteAvailable(plan, t)) return false;
  // Every minute from the travel time before the visit to the travel time after it is free of visits.
  for (let t = visit.startsAt.getTime() - travel * MINUTE; t < visit.endsAt.getTime() + travel * MINUTE; t += MINUTE) {
    if (busy.some((b) => b.startsAt.getTime() <= t && t < b.endsAt.getTime())) return false;
  }
  return true;
}

const halfHour = (min: number, max: number) => fc.integer({ min: min / 30, max: max / 30 }).map((n) => n * 30);
const range = fc.tuple(halfHour(0, 1410), halfHour(30, 1440)).filter(([a, b]) => a < b);
const date = fc.constantFrom(...DATES);
const plan: fc.Arbitrary<AvailabilityPlan> = fc.record({
  weekly: fc.array(fc.tuple(fc.integer({ min: 1, max: 7 }), range).map(([weekday, [startMinute, endMinute]]) => ({ weekday, startMinute, endMinute })), { maxLength: 8 }),
  exceptions: fc.array(
    fc.oneof(
      fc.tuple(date, fc.integer({ min: 0, max: 4 })).map(([from, days]): AvailabilityException => {
        const i = DATES.indexOf(from);
        return { kind: "away", startsOn: from, endsOn: DATES[Math.min(i + days, DATES.length - 1)] };
      }),
      fc.tuple(date, range).map(([d, [startMinute, endMinute]]): AvailabilityException => ({ kind: "extra", date: d, startMinute, endMinute })),
    ),
    { maxLength: 4 },
  ),
});
/** A span starting on a half hour of one of the dates, 30 minutes to 26 hours long. */
const span = fc.tuple(date, halfHour(0, 1410), fc.integer({ min: 1, max: 52 })).map(([d, start, halves]): Span => {
  const startsAt = wallMinuteToInstant(d, start);
  return { startsAt, endsAt: new Date(startsAt.getTime() + halves * 30 * MINUTE) };
});
const travel = fc.constantFrom(0, 15, 30, 45, 60);

describe("canTakeVisit", () => {
  it("agrees with the minute-by-minute reference", () => {
    fc.assert(
      fc.property(plan, fc.array(span, { maxLength: 4 }), travel, span, (p, busy, t, visit) => {
        expect(canTakeVisit(p, busy, t, visit)).toBe(referenceCanTake(p, busy, t, visit));
      }),
      { numRuns: 400 },
    );
  });

  it("a visit fits exactly when one of the day's free spans holds it", () => {
    fc.assert(
      fc.property(plan, fc.array(span, { maxLength: 4 }), travel, date, halfHour(0, 1380), fc.integer({ min: 1, max: 6 }), (p, busy, t, d, start, hours) => {
        const startsAt = wallMinuteToInstant(d, start);
        const endsAt = new Date(Math.min(startsAt.getTime() + hours * 60 * MINUTE, wallMinuteToInstant(d, 1440).getTime()));
        const visit = { startsAt, endsAt };
        const fits = freeSpansOn(p, busy, t, d).some((s) => s.startsAt <= startsAt && endsAt <= s.endsAt);
        expect(fits).toBe(referenceCanTake(p, busy, t, visit));
      }),
      { numRuns: 300 },
    );
  });
});

describe("the plan's edges", () => {
  const monToThu = [1, 2, 3, 4].map((weekday) => ({ weekday, startMinute: 540, endMinute: 900 }));
  const at = (d: string, h: number, m = 0) => wallMinuteToInstant(d, h * 60 + m);

  it("takes Mon–Thu 9–15 and not Friday, and not a week away, but extra hours on a day away", () => {
    const p: AvailabilityPlan = {
      weekly: monToThu,
      exceptions: [
        { kind: "away", startsOn: "2027-06-14", endsOn: "2027-06-20" },
        { kind: "extra", date: "2027-06-15", startMinute: 600, endMinute: 720 },
      ],
    };
    // Monday 7 June 2027.
    expect(withinPlan(p, { startsAt: at("2027-06-07", 9), endsAt: at("2027-06-07", 15) })).toBe(true);
    expect(withinPlan(p, { startsAt: at("2027-06-07", 14), endsAt: at("2027-06-07", 16) })).toBe(false);
    expect(withinPlan(p, { startsAt: at("2027-06-11", 10), endsAt: at("2027-06-11", 12) })).toBe(false);
    expect(withinPlan(p, { startsAt: at("2027-06-14", 10), endsAt: at("2027-06-14", 12) })).toBe(false);
    expect(withinPlan(p, { startsAt: at("2027-06-15", 10), endsAt: at("2027-06-15", 12) })).toBe(true);
  });

  it("needs the travel time between two visits: 10–12 then 12–14 no, 12.30–14 yes", () => {
    const p: AvailabilityPlan = { weekly: monToThu.map((r) => ({ ...r, startMinute: 0, endMinute: 1440 })), exceptions: [] };
    const busy = [{ startsAt: at("2027-06-07", 10), endsAt: at("2027-06-07", 12) }];
    expect(canTakeVisit(p, busy, 30, { startsAt: at("2027-06-07", 12), endsAt: at("2027-06-07", 14) })).toBe(false);
    expect(canTakeVisit(p, busy, 30, { startsAt: at("2027-06-07", 12, 30), endsAt: at("2027-06-07", 14) })).toBe(true);
    expect(canTakeVisit(p, busy, 0, { startsAt: at("2027-06-07", 12), endsAt: at("2027-06-07", 14) })).toBe(true);
  });

  it("joins a range to midnight with the next day's from midnight", () => {
    const p: AvailabilityPlan = { weekly: [{ weekday: 1, startMinute: 1200, endMinute: 1440 }, { weekday: 2, startMinute: 0, endMinute: 120 }], exceptions: [] };
    expect(withinPlan(p, { startsAt: at("2027-06-07", 23), endsAt: at("2027-06-08", 1) })).toBe(true);
    expect(withinPlan(p, { startsAt: at("2027-06-07", 23), endsAt: at("2027-06-08", 3) })).toBe(false);
  });

  it("stores a weekday's ranges joined and sorted", () => {
    expect(normalizeRanges([{ startMinute: 720, endMinute: 900 }, { startMinute: 540, endMinute: 720 }, { startMinute: 1000, endMinute: 1000 }])).toEqual([{ startMinute: 540, endMinute: 900 }]);
  });

  it("reads wall minutes on both sides of the change to summer time", () => {
    expect(wallMinuteToInstant("2027-03-28", 120).toISOString()).toBe("2027-03-28T00:00:00.000Z");
    expect(wallMinuteToInstant("2027-03-28", 300).toISOString()).toBe("2027-03-28T02:00:00.000Z");
    expect(wallMinuteToInstant("2027-06-07", 1440).toISOString()).toBe("2027-06-07T21:00:00.000Z");
  });
});
