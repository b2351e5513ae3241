import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addCalendarDays } from "~/domain/booking-window";
import { helsinkiClock, helsinkiOffset } from "~/domain/helsinki-clock";
import { occurrences, openSeriesHorizon, seriesDates, seriesEndError } from "~/domain/recurrence";

describe("seriesDates", () => {
  it("gives N dates a week apart, or two weeks apart", () => {
    expect(seriesDates({ firstDate: "2027-03-02", intervalWeeks: 1, end: { kind: "count", count: 3 } })).toEqual([
      "2027-03-02",
      "2027-03-09",
      "2027-03-16",
    ]);
    expect(seriesDates({ firstDate: "2027-12-21", intervalWeeks: 2, end: { kind: "count", count: 3 } })).toEqual([
      "2027-12-21",
      "2028-01-04",
      "2028-01-18",
    ]);
  });

  it("ends on the end date, which is included", () => {
    expect(seriesDates({ firstDate: "2027-01-05", intervalWeeks: 1, end: { kind: "date", date: "2027-01-19" } })).toEqual([
      "2027-01-05",
      "2027-01-12",
      "2027-01-19",
    ]);
    expect(seriesDates({ firstDate: "2027-01-05", intervalWeeks: 2, end: { kind: "date", date: "2027-01-18" } })).toEqual([
      "2027-01-05",
    ]);
  });

  it("keeps an open series to the horizon, and extends it from a date without moving its rhythm", () => {
    const rule = { firstDate: "2027-01-05", intervalWeeks: 2 as const, end: { kind: "open" as const } };
    const horizon = openSeriesHorizon("2027-01-04");
    expect(horizon).toBe("2027-03-29");
    const all = seriesDates(rule, { horizon });
    expect(all.at(-1)).toBe("2027-03-16");
    expect(all).toHaveLength(6);
    expect(seriesDates(rule, { horizon: "2027-05-01", from: "2027-03-24" })).toEqual(["2027-03-30", "2027-04-13", "2027-04-27"]);
  });

  it("always steps whole weeks on the calendar (property)", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2026-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }),
        fc.constantFrom(1 as const, 2 as const),
        fc.integer({ min: 2, max: 26 }),
        (day, intervalWeeks, count) => {
          const firstDate = day.toISOString().slice(0, 10);
          const dates = seriesDates({ firstDate, intervalWeeks, end: { kind: "count", count } });
          expect(dates).toHaveLength(count);
          dates.forEach((date, index) => expect(date).toBe(addCalendarDays(firstDate, index * 7 * intervalWeeks)));
        },
      ),
    );
  });
});

describe("occurrences on the Helsinki wall clock", () => {
  it("keeps 14.00 at 14.00 across the change to summer time (29.3.2027)", () => {
    const dates = seriesDates({ firstDate: "2027-03-22", intervalWeeks: 1, end: { kind: "count", count: 2 } });
    const [before, after] = occurrences(dates, 14, 2);
    if (!before?.exists || !after?.exists) throw new Error("both dates exist");
    expect(before.startsAt.toISOString()).toBe("2027-03-22T12:00:00.000Z");
    expect(after.startsAt.toISOString()).toBe("2027-03-29T11:00:00.000Z");
    // Not "+ 7 × 24 h": that would be 15.00 in summer time.
    expect(after.startsAt.getTime() - before.startsAt.getTime()).toBe(7 * 24 * 3600_000 - 3600_000);
    expect(after.scheduledStart).toBe("14:00");
    expect(after.scheduledEnd).toBe("16:00");
  });

  it("keeps 14.00 at 14.00 across the change to winter time (31.10.2027)", () => {
    const dates = seriesDates({ firstDate: "2027-10-26", intervalWeeks: 1, end: { kind: "count", count: 2 } });
    const [before, after] = occurrences(dates, 14, 1);
    if (!before?.exists || !after?.exists) throw new Error("both dates exist");
    expect(before.startsAt.toISOString()).toBe("2027-10-26T11:00:00.000Z");
    expect(after.startsAt.toISOString()).toBe("2027-11-02T12:00:00.000Z");
    expect(helsinkiClock(after.startsAt).hour).toBe(14);
  });

  it("skips the date where the hour does not exist (03.00 on 28.3.2027), and takes 03.00 after the clocks go back", () => {
    const spring = occurrences(["2027-03-21", "2027-03-28", "2027-04-04"], 3, 1);
    expect(spring.map((occurrence) => occurrence.exists)).toEqual([true, false, true]);
    const [autumn] = occurrences(["2027-10-31"], 3, 1);
    if (!autumn?.exists) throw new Error("03.00 exists on 31.10.2027");
    expect(helsinkiOffset(autumn.startsAt)).toBe(120);
  });

  it("starts every occurrence at the series' hour on its own date (property)", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2026-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 4 }),
        (day, hour, durationHours) => {
          const firstDate = day.toISOString().slice(0, 10);
          const dates = seriesDates({ firstDate, intervalWeeks: 1, end: { kind: "count", count: 26 } });
          for (const occurrence of occurrences(dates, hour, durationHours)) {
            if (!occurrence.exists) continue;
            const clock = helsinkiClock(occurrence.startsAt);
            expect(clock.hour).toBe(hour);
            expect(occurrence.scheduledDate).toBe(occurrence.date);
            expect(occurrence.endsAt.getTime() - occurrence.startsAt.getTime()).toBe(durationHours * 3600_000);
          }
        },
      ),
    );
  });
});

describe("seriesEndError", () => {
  const today = "2027-01-01";
  it("takes 2–26 visits", () => {
    expect(seriesEndError({ kind: "count", count: 1 }, "2027-01-05", 1, today)).toBe("count_range");
    expect(seriesEndError({ kind: "count", count: 2 }, "2027-01-05", 1, today)).toBeNull();
    expect(seriesEndError({ kind: "count", count: 26 }, "2027-01-05", 1, today)).toBeNull();
    expect(seriesEndError({ kind: "count", count: 27 }, "2027-01-05", 1, today)).toBe("count_range");
  });
  it("takes an end date that leaves a second visit and lies within 180 days", () => {
    expect(seriesEndError({ kind: "date", date: "2027-01-11" }, "2027-01-05", 1, today)).toBe("date_before_second");
    expect(seriesEndError({ kind: "date", date: "2027-01-12" }, "2027-01-05", 1, today)).toBeNull();
    expect(seriesEndError({ kind: "date", date: "2027-01-12" }, "2027-01-05", 2, today)).toBe("date_before_second");
    expect(seriesEndError({ kind: "date", date: "2027-06-30" }, "2027-01-05", 1, today)).toBeNull();
    expect(seriesEndError({ kind: "date", date: "2027-07-01" }, "2027-01-05", 1, today)).toBe("date_too_far");
    expect(seriesEndError({ kind: "date", date: "2027-02-30" }, "2027-01-05", 1, today)).toBe("date_invalid");
  });
  it("takes an open end", () => {
    expect(seriesEndError({ kind: "open" }, "2027-01-05", 1, today)).toBeNull();
  });
});
