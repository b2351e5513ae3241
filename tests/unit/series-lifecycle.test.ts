import { describe, expect, it } from "vitest";
import { canSeries, SERIES_TRANSITIONS, seriesStatusAfter, seriesStatusAt, seriesStatusesFor, type SeriesEvent, type SeriesStatus } from "~/domain/series-lifecycle";

// A series' life (decision 0043): every event against every status, and the status people see.

const STATUSES: readonly SeriesStatus[] = ["active", "ended", "cancelled"];
const EVENTS: readonly SeriesEvent[] = ["cancel_rest", "change_caregiver", "first_payment_failed", "owner_erased", "extend"];

describe("the series' transition table", () => {
  it("has exactly one row per event", () => {
    expect(SERIES_TRANSITIONS.map((row) => row.event).sort()).toEqual([...EVENTS].sort());
  });

  it.each([
    ["cancel_rest", ["active", "cancelled"], "cancelled"],
    ["change_caregiver", ["active", "cancelled"], null],
    ["first_payment_failed", ["active"], "cancelled"],
    ["owner_erased", ["active", "ended"], "cancelled"],
    ["extend", ["active"], null],
  ] as const)("%s is allowed from %j and writes %s", (event, from, to) => {
    for (const status of STATUSES) expect(canSeries(event, status)).toBe((from as readonly string[]).includes(status));
    expect(seriesStatusesFor(event)).toEqual(from);
    expect(seriesStatusAfter(event)).toBe(to);
  });

  it("never makes a cancelled series active again, and only an active one gets new dates", () => {
    for (const row of SERIES_TRANSITIONS) {
      if (row.from.includes("cancelled")) expect(row.to === null || row.to === "cancelled").toBe(true);
    }
    expect(STATUSES.filter((status) => canSeries("extend", status))).toEqual(["active"]);
  });
});

describe("the status people see", () => {
  const now = new Date("2027-01-10T12:00:00Z");
  const before = new Date(now.getTime() - 60_000);
  const after = new Date(now.getTime() + 60_000);

  it("an active series with a last date has ended once its last visit is over", () => {
    expect(seriesStatusAt({ status: "active", endKind: "count" }, before, now)).toBe("ended");
    expect(seriesStatusAt({ status: "active", endKind: "date" }, now, now)).toBe("ended");
    expect(seriesStatusAt({ status: "active", endKind: "count" }, after, now)).toBe("active");
  });

  it("a series whose every visit was cancelled one by one has ended", () => {
    expect(seriesStatusAt({ status: "active", endKind: "count" }, null, now)).toBe("ended");
  });

  it("an open-ended series never ends by itself, and a cancelled one stays cancelled", () => {
    expect(seriesStatusAt({ status: "active", endKind: "open" }, before, now)).toBe("active");
    expect(seriesStatusAt({ status: "active", endKind: "open" }, null, now)).toBe("active");
    expect(seriesStatusAt({ status: "cancelled", endKind: "count" }, after, now)).toBe("cancelled");
  });
});
