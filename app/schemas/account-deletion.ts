import { accountDeletionNotices as adn } from "~/messages/account-deletion-notices";
import { staffDeletionSharedTexts as t } from "~/messages/staff-deletion";
import { isConfirmationWord } from "~/domain/account-deletion";
import { z } from "./zod";

// "Poista tili" (decision 0034): the word POISTA that the portal's form and the back office's
// form both ask for, and the back office's form, which asks for the reason instead of a password.

/** The word POISTA, typed to confirm a deletion. */
export function deletionConfirmationField() {
  return z
    .string({ error: adn.confirmWrong })
    .max(50, { error: adn.confirmWrong })
    .refine(isConfirmationWord, { error: adn.confirmWrong });
}

export const STAFF_DELETION_REASON_MAX = 500;

/** An admin asking for a customer's or a helper's deletion on their behalf: why (the audit log keeps it) and POISTA. */
export const StaffAccountDeletionSchema = z.object({
  intent: z.literal("delete-account"),
  reason: z
    .string({ error: t.reasonRequired })
    .trim()
    .min(1, { error: t.reasonRequired })
    .max(STAFF_DELETION_REASON_MAX, { error: t.reasonTooLong(STAFF_DELETION_REASON_MAX) }),
  deleteConfirmation: deletionConfirmationField(),
});
