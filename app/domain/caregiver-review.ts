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

/**
 * The checks the landing page promises for every helper (an interview, an identity check and a
 * criminal-record extract, "Rikostaustaote nähty"): approving waits for all three (decision 0018).
 */
export const REQUIRED_FOR_APPROVAL = ["interview_done", "identity_verified", "background_check"] as const satisfies readonly VerificationFlag[];

/** The required checks not yet marked done, in the order staff see them. */
export function missingApprovalChecks(flags: VerificationFlags): VerificationFlag[] {
  return REQUIRED_FOR_APPROVAL.filter((flag) => !flags[flag]);
}

export type ReviewRefusal = { reason: "invalid_state" } | { reason: "checks_missing"; missing: VerificationFlag[] };

/** Why `action` cannot be taken on a helper in `status` with these checks, or null when it can. */
export function reviewRefusal(caregiver: { status: CaregiverStatus; flags: VerificationFlags }, action: CaregiverReviewAction): ReviewRefusal | null {
  const transition = REVIEW_TRANSITIONS[action];
  if (!transition.from.includes(caregiver.status)) return { reason: "invalid_state" };
  // Reinstating a suspended helper is not a new approval: their checks were looked at then.
  const missing = action === "approve" ? missingApprovalChecks(caregiver.flags) : [];
  return missing.length > 0 ? { reason: "checks_missing", missing } : null;
}
