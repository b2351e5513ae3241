import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/node";
import { access } from "~/auth/access";
import type { StaffRole } from "~/db/schema";
import type { Executor } from "~/db.server";
import { getDb } from "~/db.server";
import { formatDate } from "~/domain/format";
import { customerTexts } from "~/messages/backoffice";
import { customerDeletionTexts as t } from "~/messages/customer-deletion";
import { findAccountDeletionState } from "~/models/account-deletions.server";
import { getCustomerForStaff } from "~/models/backoffice-customers.server";
import { StaffAccountDeletionSchema } from "~/schemas/account-deletion";
import {
  cancelAccountDeletionByStaff,
  deletionBlockerLines,
  findDeletionBlockers,
  hasBlockers,
  requestAccountDeletion,
} from "~/services/account-deletion.server";
import { redirectWithToast } from "~/services/flash.server";
import { notFound, requireStaffActor } from "./staff.server";

// "Poista asiakkaan tiedot" on a customer's back-office page (GDPR art. 17; decision 0034): a
// person who phones and uses no computer can have their account deleted by an admin. The same
// request as the portal's "Poista tili" (the blockers, the 7-day grace period, the e-mailed cancel
// link, the sign-out); the admin writes the reason, which the audit log keeps, instead of the
// person's password.

export type CustomerDeletionActionData = { intent: "delete-account"; result: SubmissionResult<string[]> };

/** What the section shows: null for non-admins and for an account already erased. */
export async function customerDeletionSection(executor: Executor, profileId: string, role: StaffRole) {
  if (!(access.eraseCustomers as readonly StaffRole[]).includes(role)) return null;
  const state = await findAccountDeletionState(executor, profileId);
  if (state?.state === "erased") return null;
  if (state?.state === "pending") return { kind: "pending" as const, text: t.pending(formatDate(state.at)) };
  const blockers = await findDeletionBlockers(executor, profileId);
  if (hasBlockers(blockers)) return { kind: "blocked" as const, ...deletionBlockerLines(blockers) };
  // The form's attributes from the schema, sent with the page (it imports no schema).
  return { kind: "form" as const, constraint: getZodConstraint(StaffAccountDeletionSchema) };
}

/** The section's two POSTs ('delete-account', 'cancel-deletion'): admin only, 403 for others. */
export async function customerDeletionAction(
  request: Request,
  context: Partial<AppLoadContext> | undefined,
  formData: FormData,
  customerId: string,
  here: string,
) {
  const { actor } = await requireStaffActor(request, context, access.eraseCustomers);
  const customer = await getCustomerForStaff(await getDb(), customerId);
  if (!customer) throw notFound(customerTexts.notFound);
  if (formData.get("intent") === "cancel-deletion") {
    const cancelled = await cancelAccountDeletionByStaff(actor, customer);
    return cancelled
      ? redirectWithToast(request, here, { type: "success", title: t.cancelled, description: t.cancelledDetail })
      : redirectWithToast(request, here, { type: "info", title: t.notPending });
  }
  const submission = parseWithZod(formData, { schema: StaffAccountDeletionSchema });
  if (submission.status !== "success") {
    return data<CustomerDeletionActionData>({ intent: "delete-account", result: submission.reply() }, { status: 400 });
  }
  const person = { id: customer.profileId, email: customer.email, fullName: customer.fullName };
  const outcome = await requestAccountDeletion(person, undefined, { kind: "staff", actor, customerId: customer.id, reason: submission.value.reason });
  if (!outcome.ok) {
    const message = outcome.reason === "blocked" ? t.blockedIntro : t.alreadyPending;
    return data<CustomerDeletionActionData>({ intent: "delete-account", result: submission.reply({ formErrors: [`${t.failed}: ${message}`] }) }, { status: 409 });
  }
  return redirectWithToast(request, here, { type: "success", title: t.requested, description: t.requestedDetail(formatDate(outcome.deleteAfter)) });
}
