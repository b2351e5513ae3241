import { describe, expect, it } from "vitest";
import { formatDayHeading, formatWeekSpan, groupByDay, mondayOf, parseWeekParam, resolveHelperWeek, weekBounds, weekStartingOn } from "~/domain/helper-week";

// The helper's week (issue 27 item 6; decision 0041): ISO weeks, Monday to Sunday on the
// Helsinki calendar, and the weeks a helper may step to.

describe("ISO weeks", () => {
  it("names a week by the year and number of its Thursday", () => {
    expect(weekStartingOn("2026-11-30")).toEqual({ monday: "2026-11-30", number: 49, param: "2026-W49" });
    expect(weekStartingOn("2026-12-28")).toMatchObject({ number: 53, param: "2026-W53" });
    // 29.12.2025 is a Monday whose Thursday is 1.1.2026: week 1 of 2026.
    expect(weekStartingOn("2025-12-29")).toMatchObject({ number: 1, param: "2026-W01" });
    expect(weekStartingOn("2027-01-04")).toMatchObject({ number: 1, param: "2027-W01" });
  });

  it("finds the Monday of any day, Sunday included", () => {
    expect(mondayOf("2026-12-06")).toBe("2026-11-30");
    expect(mondayOf("2026-11-30")).toBe("2026-11-30");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
  });

  it("reads '2026-W49' and refuses anything else, a week 53 the year lacks too", () => {
    expect(parseWeekParam("2026-W49")).toEqual({ monday: "2026-11-30", number: 49, param: "2026-W49" });
    expect(parseWeekParam("2026-W01")?.monday).toBe("2025-12-29");
    expect(parseWeekParam("2026-W53")?.monday).toBe("2026-12-28");
    for (const bad of [null, "", "2027-W53", "2026-W00", "2026-W54", "2026-W1", "2026-12-07", " 2026-W49", "2026-w49"]) {
      expect(parseWeekParam(bad), String(bad)).toBeNull();
    }
  });
});

describe("a week on the Helsinki clock", () => {
  it("runs from Monday 00.00 to the next Monday 00.00, across the autumn clock change too", () => {
    expect(weekBounds(weekStartingOn("2026-11-30"))).toEqual({
      startsFrom: new Date("2026-11-29T22:00:00Z"),
      startsBefore: new Date("2026-12-06T22:00:00Z"),
    });
    // Summer time ends on Sunday 25.10.2026: the week starts at +03 and ends at +02.
    expect(weekBounds(weekStartingOn("2026-10-19"))).toEqual({
      startsFrom: new Date("2026-10-18T21:00:00Z"),
      startsBefore: new Date("2026-10-25T22:00:00Z"),
    });
  });

  it("heads a day 'maanantai 7.12.' and a week '7.12.–13.12.2026'", () => {
    expect(formatDayHeading("2026-12-07")).toBe("maanantai 7.12.");
    expect(formatDayHeading("2026-12-13")).toBe("sunnuntai 13.12.");
    expect(formatWeekSpan(weekStartingOn("2026-12-07"))).toBe("7.12.–13.12.2026");
    expect(formatWeekSpan(weekStartingOn("2026-12-28"))).toBe("28.12.–3.1.2027");
  });
});

describe("the weeks a helper may look at", () => {
  // Saturday 28.11.2026 at 23.30 in Helsinki (21.30 UTC): this week is week 48.
  const now = new Date("2026-11-28T21:30:00Z");

  it("starts at this week, steps back only to it, and forward while a visit can still lie ahead", () => {
    expect(resolveHelperWeek("2026-W48", now)).toMatchObject({ isThisWeek: true, previous: null, next: { param: "2026-W49" }, thisWeek: { param: "2026-W48" } });
    expect(resolveHelperWeek("2026-W50", now)).toMatchObject({ isThisWeek: false, previous: { param: "2026-W49" }, next: { param: "2026-W51" } });
    // The last bookable date is 180 days ahead, 27.5.2027 (week 21): no week after it.
    expect(resolveHelperWeek("2027-W21", now)).toMatchObject({ next: null });
    expect(resolveHelperWeek("2027-W22", now)).toBeNull();
    expect(resolveHelperWeek("2026-W47", now)).toBeNull();
    expect(resolveHelperWeek(null, now)).toBeNull();
  });

  it("turns to the next week at midnight on Sunday, Helsinki time", () => {
    expect(resolveHelperWeek("2026-W48", new Date("2026-11-29T21:59:00Z"))).toMatchObject({ isThisWeek: true });
    expect(resolveHelperWeek("2026-W48", new Date("2026-11-29T22:00:00Z"))).toBeNull();
  });
});

describe("groupByDay", () => {
  it("keeps the order given and makes one group a day that has items", () => {
    const items = [
      { id: 1, day: "2026-12-07" },
      { id: 2, day: "2026-12-07" },
      { id: 3, day: "2026-12-09" },
    ];
    expect(groupByDay(items, (item) => item.day)).toEqual([
      { date: "2026-12-07", items: [items[0], items[1]] },
      { date: "2026-12-09", items: [items[2]] },
    ]);
    expect(groupByDay([], () => "2026-12-07")).toEqual([]);
  });
});
