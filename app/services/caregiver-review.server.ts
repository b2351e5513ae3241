import type { DB, Executor } from "../db.server";
import {
  REVIEW_TRANSITIONS,
  changedFlags,
  reviewRefusal,
  type CaregiverReviewAction,
  type VerificationFlag,
  type VerificationFlags,
} from "../domain/caregiver-review";
import { env } from "../env.server";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import {
  lockCaregiverForReview,
  setCaregiverReviewStatus,
  setVerificationFlags,
  type LockedCaregiver,
} from "../models/backoffice-caregivers.server";
import { deleteSessionsOfUser } from "../models/sessions.server";
import { getContactInfo } from "../models/settings.server";
import { reviewEmailContent } from "../messages/caregiver-review-emails";
import { renderEmail, sendEmail } from "./email.server";

// Staff review of a helper (issue 14; DESIGN.md decisions 5 and 19): approve, reject with a
// reason, suspend, reinstate, and the verification checks. Each change, its audit line and the
// e-mail to the helper are written in one transaction, so none exists without the others.

export type ReviewOutcome =
  | { ok: true; action: CaregiverReviewAction }
  | { ok: false; reason: "not_found" | "invalid_state" | "reason_required" }
  /** Approving before the interview, the identity check and the criminal-record extract are done. */
  | { ok: false; reason: "checks_missing"; missing: VerificationFlag[] };

/**
 * Applies a review action. The helper's row is locked first, so two staff members pressing
 * different buttons at once cannot both win: the second sees the new status and is refused.
 */
export async function reviewCaregiver(
  db: DB,
  actor: AuditActor,
  input: { caregiverId: string; action: CaregiverReviewAction; reason?: string | null },
): Promise<ReviewOutcome> {
  const reason = input.reason?.trim() || null;
  if (input.action === "reject" && !reason) return { ok: false, reason: "reason_required" };
  const transition = REVIEW_TRANSITIONS[input.action];
  return db.transaction().execute(async (trx) => {
    const caregiver = await lockCaregiverForReview(trx, input.caregiverId);
    if (!caregiver) return { ok: false, reason: "not_found" } as const;
    const refusal = reviewRefusal(caregiver, input.action);
    if (refusal) return { ok: false, ...refusal };

    const keptReason = input.action === "reject" || input.action === "suspend" ? reason : null;
    await setCaregiverReviewStatus(trx, {
      caregiverId: caregiver.id,
      status: transition.to,
      reviewerId: actor.id,
      reason: keptReason,
    });
    await writeAudit(trx, actor, {
      action: `caregiver.${input.action}`,
      entityType: "caregiver",
      entityId: caregiver.id,
      before: { status: caregiver.status },
      after: { status: transition.to, ...(keptReason ? { reason: keptReason } : {}) },
    });
    // Only approved helpers work (decision 0018): whoever is signed in as them is signed out now.
    if (transition.to !== "approved") await deleteSessionsOfUser(trx, caregiver.profileId);
    await sendReviewEmail(trx, caregiver, input.action, keptReason);
    return { ok: true, action: input.action } as const;
  });
}

/** Saves the verification checks; only a real change is written to the audit log. */
export async function updateVerificationFlags(
  db: DB,
  actor: AuditActor,
  input: { caregiverId: string; flags: VerificationFlags },
): Promise<{ ok: true; changed: boolean } | { ok: false; reason: "not_found" }> {
  return db.transaction().execute(async (trx) => {
    const caregiver = await lockCaregiverForReview(trx, input.caregiverId);
    if (!caregiver) return { ok: false, reason: "not_found" } as const;
    const changed = changedFlags(caregiver.flags, input.flags);
    if (changed.length === 0) return { ok: true, changed: false } as const;
    await setVerificationFlags(trx, caregiver.id, input.flags);
    await writeAudit(trx, actor, {
      action: "caregiver.verification",
      entityType: "caregiver",
      entityId: caregiver.id,
      before: Object.fromEntries(changed.map((flag) => [flag, caregiver.flags[flag]])),
      after: Object.fromEntries(changed.map((flag) => [flag, input.flags[flag]])),
    });
    return { ok: true, changed: true } as const;
  });
}

// ---------------------------------------------------------------- e-mails to the helper

async function sendReviewEmail(trx: Executor, caregiver: LockedCaregiver, action: CaregiverReviewAction, reason: string | null) {
  const contact = await getContactInfo(trx);
  const signInUrl = new URL("/auth", env().APP_URL).toString();
  const { subject, content } = reviewEmailContent(action, { name: caregiver.fullName, reason, contact, signInUrl });
  await sendEmail(trx, { to: caregiver.email, subject, ...renderEmail(content) });
}
