import type { CaregiverStatus } from "./statuses";

// How staff review a helper (DESIGN.md decision 5): pending → approved | rejected; an approved
// helper can be suspended and reinstated; a rejected applicant can still be approved later (a
// second look after a phone call). Only 'approved' helpers are ever offered or assignable, so a
// suspended helper drops out of every flow at once.

export const CAREGIVER_REVIEW_ACTIONS = ["approve", "reject", "suspend", "reinstate"] as const;
export type CaregiverReviewAction = (typeof CAREGIVER_REVIEW_ACTIONS)[number];

export const REVIEW_TRANSITIONS: Record<CaregiverReviewAction, { from: readonly CaregiverStatus[]; to: CaregiverStatus }> = {
  approve: { from: ["pending", "rejected"], to: "approved" },
  reject: { from: ["pending"], to: "rejected" },
  suspend: { from: ["approved"], to: "suspended" },
  reinstate: { from: ["suspended"], to: "approved" },
};

/** The review actions open to a helper in `status`, in the order the page offers them. */
export function reviewActionsFor(status: CaregiverStatus): CaregiverReviewAction[] {
  return CAREGIVER_REVIEW_ACTIONS.filter((action) => REVIEW_TRANSITIONS[action].from.includes(status));
}

/** Longest reason staff may write for a rejection or a suspension (a check in migration 0004). */
export const REVIEW_REASON_MAX = 1000;

/**
 * The checks staff record about an applicant, each a boolean column of caregivers. The first four
 * are the ones issue 14 names; insurance and education come from DESIGN.md decision 5.
 */
export const VERIFICATION_FLAGS = [
  "identity_verified",
  "interview_done",
  "references_checked",
  "background_check",
  "insurance_verified",
  "education_verified",
] as const;
export type VerificationFlag = (typeof VERIFICATION_FLAGS)[number];
export type VerificationFlags = Record<VerificationFlag, boolean>;

/** The flags that differ between two sets, for the audit line. */
export function changedFlags(before: VerificationFlags, after: VerificationFlags): VerificationFlag[] {
  return VERIFICATION_FLAGS.filter((flag) => before[flag] !== after[flag]);
}

/** Exact age in whole years on `today` ('yyyy-MM-dd' both), for the application page. */
export function ageOn(isoBirthDate: string, today: string): number {
  const [by, bm, bd] = isoBirthDate.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}
