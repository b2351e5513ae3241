import { describe, expect, it } from "vitest";
import { activityIsStale, inactiveAccountErasureDate, retentionCutoffs } from "~/domain/retention";

// The unused-account periods of decision 0047: warn at two years less 30 days, erase at two years
// and not sooner than 30 days after the warning.

describe("unused accounts", () => {
  const now = new Date("2027-03-15T10:00:00Z");

  it("warns 30 days before the two years, erases at two years once warned 30 days ago", () => {
    const cutoffs = retentionCutoffs(now);
    expect(cutoffs.warnUnusedBefore).toEqual(new Date("2025-04-14T10:00:00Z"));
    expect(cutoffs.eraseUnusedBefore).toEqual(new Date("2025-03-15T10:00:00Z"));
    expect(cutoffs.eraseWarnedBefore).toEqual(new Date("2027-02-13T10:00:00Z"));
  });

  it("names two years after the last use, or 30 days after a late warning", () => {
    expect(inactiveAccountErasureDate(new Date("2025-04-20T09:00:00Z"), now)).toEqual(new Date("2027-04-20T09:00:00Z"));
    expect(inactiveAccountErasureDate(new Date("2020-01-01T00:00:00Z"), now)).toEqual(new Date("2027-04-14T10:00:00Z"));
  });
});

describe("a session's use", () => {
  const last = new Date("2027-03-15T10:00:00Z");

  it("is written only once the stored last use is more than a day old", () => {
    expect(activityIsStale(last, new Date("2027-03-16T09:59:59Z"))).toBe(false);
    expect(activityIsStale(last, new Date("2027-03-16T10:00:00Z"))).toBe(false);
    expect(activityIsStale(last, new Date("2027-03-16T10:00:01Z"))).toBe(true);
  });
});
