import { describe, expect, it } from "vitest";
import { ageOn, changedFlags, reviewActionsFor, REVIEW_TRANSITIONS } from "~/domain/caregiver-review";
import type { CaregiverStatus } from "~/domain/statuses";

// The helper review rules of DESIGN.md decision 5.

describe("review actions", () => {
  it("offers each status only the actions its transitions allow", () => {
    const offered: Record<CaregiverStatus, string[]> = {
      pending: reviewActionsFor("pending"),
      approved: reviewActionsFor("approved"),
      rejected: reviewActionsFor("rejected"),
      suspended: reviewActionsFor("suspended"),
    };
    expect(offered).toEqual({
      pending: ["approve", "reject"],
      approved: ["suspend"],
      rejected: ["approve"],
      suspended: ["reinstate"],
    });
  });

  it("every action ends in a status from which it is not offered again", () => {
    for (const [action, transition] of Object.entries(REVIEW_TRANSITIONS)) {
      expect(reviewActionsFor(transition.to)).not.toContain(action);
    }
  });
});

describe("age on a date", () => {
  it("counts whole years, the birthday itself included", () => {
    expect(ageOn("2000-02-11", "2026-02-10")).toBe(25);
    expect(ageOn("2000-02-11", "2026-02-11")).toBe(26);
    expect(ageOn("2000-02-29", "2026-02-28")).toBe(25);
    expect(ageOn("2000-02-29", "2026-03-01")).toBe(26);
  });
});

describe("changed verification flags", () => {
  it("names only the flags that differ", () => {
    const none = { identity_verified: false, interview_done: false, references_checked: false, background_check: false, insurance_verified: false, education_verified: false };
    expect(changedFlags(none, { ...none, interview_done: true, background_check: true })).toEqual(["interview_done", "background_check"]);
    expect(changedFlags(none, none)).toEqual([]);
  });
});
