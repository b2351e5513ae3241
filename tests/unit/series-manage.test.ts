import { describe, expect, it } from "vitest";
import { isChangeableVisit, nextChangeableVisit, visitsFromHereOn, type SeriesVisit } from "~/domain/series-manage";

const now = new Date("2026-03-10T10:00:00Z");
const day = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(now.getTime() + days * day);

const visits: SeriesVisit[] = [
  { id: "past", startsAt: at(-7), status: "completed" },
  { id: "underway", startsAt: at(-0.01), status: "in_progress" },
  { id: "tomorrow", startsAt: at(1), status: "pending" },
  { id: "cancelled", startsAt: at(8), status: "cancelled" },
  { id: "unpaid", startsAt: at(15), status: "pending_payment" },
  { id: "later", startsAt: at(22), status: "pending" },
];

describe("visitsFromHereOn", () => {
  it("takes the chosen visit and every later live one, leaving past, started and cancelled visits", () => {
    expect(visitsFromHereOn(visits, "tomorrow", now).map((v) => v.id)).toEqual(["tomorrow", "unpaid", "later"]);
  });

  it("leaves out the live visits before the chosen one", () => {
    expect(visitsFromHereOn(visits, "unpaid", now).map((v) => v.id)).toEqual(["unpaid", "later"]);
  });

  it("touches nothing from a visit that is past, under way, cancelled or not in the series", () => {
    for (const id of ["past", "underway", "cancelled", "nope"]) expect(visitsFromHereOn(visits, id, now)).toEqual([]);
  });

  it("does not take a pending visit whose start has passed", () => {
    const started = [{ id: "late", startsAt: at(-0.5), status: "pending" as const }, ...visits];
    expect(visitsFromHereOn(started, "late", now)).toEqual([]);
    expect(isChangeableVisit(started[0]!, now)).toBe(false);
  });

  it("sorts by start whatever order the visits come in", () => {
    expect(visitsFromHereOn([...visits].reverse(), "tomorrow", now).map((v) => v.id)).toEqual(["tomorrow", "unpaid", "later"]);
  });
});

describe("nextChangeableVisit", () => {
  it("is the earliest visit still ahead and not started", () => {
    expect(nextChangeableVisit(visits, now)?.id).toBe("tomorrow");
    expect(nextChangeableVisit(visits, at(2))?.id).toBe("unpaid");
    expect(nextChangeableVisit(visits, at(30))).toBeNull();
  });
});
