import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/node";
import { access } from "~/auth/access";
import type { StaffRole } from "~/db/schema";
import type { Executor } from "~/db.server";
import { formatDate } from "~/domain/format";
import { staffDeletionTexts } from "~/messages/staff-deletion";
import { findAccountDeletionState } from "~/models/account-deletions.server";
import { StaffAccountDeletionSchema } from "~/schemas/account-deletion";
import {
  cancelAccountDeletionByStaff,
  deletionBlockerLines,
  findDeletionBlockers,
  hasBlockers,
  requestAccountDeletion,
  type StaffDeletionRecord,
} from "~/services/account-deletion.server";
import { redirectWithToast } from "~/services/flash.server";
import { requireStaffActor } from "./staff.server";

// "Poista asiakkaan tiedot" and "Poista kaverin tiedot" on a customer's or helper's back-office
// page (GDPR art. 17; decision 0034): a person who phones and uses no computer can have their
// account deleted by an admin. The same request as the portal's "Poista tili" (the blockers, the
// 7-day grace period, the e-mailed cancel link, the sign-out); the admin writes the reason, which
// the audit log keeps on the person's record, instead of the person's password.

export type StaffDeletionActionData = { intent: "delete-account"; result: SubmissionResult<string[]> };

/** The person a section is about: their profile, the record the audit log writes on, their name and address. */
export interface StaffDeletionPerson {
  profileId: string;
  email: string;
  fullName: string;
  record: StaffDeletionRecord;
}

/** What the section shows: null for non-admins and for an account already erased. */
export async function staffDeletionSection(executor: Executor, person: Pick<StaffDeletionPerson, "profileId" | "record">, role: StaffRole) {
  if (!(access.erasePeople as readonly StaffRole[]).includes(role)) return null;
  const subject = person.record.entityType;
  const state = await findAccountDeletionState(executor, person.profileId);
  if (state?.state === "erased") return null;
  if (state?.state === "pending") return { subject, kind: "pending" as const, text: staffDeletionTexts[subject].pending(formatDate(state.at)) };
  const blockers = await findDeletionBlockers(executor, person.profileId);
  if (hasBlockers(blockers)) return { subject, kind: "blocked" as const, ...deletionBlockerLines(blockers) };
  // The form's attributes from the schema, sent with the page (it imports no schema).
  return { subject, kind: "form" as const, constraint: getZodConstraint(StaffAccountDeletionSchema) };
}

/**
 * The section's two POSTs ('delete-account', 'cancel-deletion'): admin only, 403 for others.
 * `findPerson` runs after the role check, so a refused caller learns nothing; it throws the
 * page's 404 when the record is gone.
 */
export async function staffDeletionAction(
  request: Request,
  context: Partial<AppLoadContext> | undefined,
  formData: FormData,
  findPerson: () => Promise<StaffDeletionPerson>,
  here: string,
) {
  const { actor } = await requireStaffActor(request, context, access.erasePeople);
  const person = await findPerson();
  const t = staffDeletionTexts[person.record.entityType];
  if (formData.get("intent") === "cancel-deletion") {
    const cancelled = await cancelAccountDeletionByStaff(actor, person.profileId, person.record);
    return cancelled
      ? redirectWithToast(request, here, { type: "success", title: t.cancelled, description: t.cancelledDetail })
      : redirectWithToast(request, here, { type: "info", title: t.notPending });
  }
  const submission = parseWithZod(formData, { schema: StaffAccountDeletionSchema });
  if (submission.status !== "success") {
    return data<StaffDeletionActionData>({ intent: "delete-account", result: submission.reply() }, { status: 400 });
  }
  const outcome = await requestAccountDeletion({ id: person.profileId, email: person.email, fullName: person.fullName }, undefined, {
    kind: "staff",
    actor,
    record: person.record,
    reason: submission.value.reason,
  });
  if (!outcome.ok) {
    const message = outcome.reason === "blocked" ? t.blockedIntro : t.alreadyPending;
    return data<StaffDeletionActionData>({ intent: "delete-account", result: submission.reply({ formErrors: [`${t.failed}: ${message}`] }) }, { status: 409 });
  }
  return redirectWithToast(request, here, { type: "success", title: t.requested, description: t.requestedDetail(formatDate(outcome.deleteAfter)) });
}
