import type { DB } from "../db.server";
import { formatDate } from "../domain/format";
import { inactiveAccountErasureDate, type RetentionCutoffs } from "../domain/retention";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { inactiveAccountWarningEmailContent } from "../messages/inactive-account-emails";
import { markAccountDeletionCancelled } from "../models/account-deletions.server";
import {
  insertErasureOfInactiveAccount,
  listDueErasuresOfInactiveAccounts,
  listInactiveAccountsToErase,
  markInactiveAccountsWarned,
} from "../models/inactive-accounts.server";
import { eraseDueAccount, findDeletionBlockers, hasBlockers } from "./account-deletion.server";
import { renderEmail, sendEmail } from "./email.server";

// Housekeeping (decision 0047): "Käyttäjätili … Poistamme tiedot viimeistään kahden vuoden
// kuluttua viimeisestä käytöstä." An account unused for two years less 30 days gets one warning
// e-mail; unused for two years and warned at least 30 days ago, it is erased by the same routine
// as "Poista tili" (decision 0034), as rejected applicants are (decision 0045). A use in between
// (sign-in, a session's use, a booking) clears the warning and moves the last use. A guest's
// profile (no password: nothing to sign in to, so no warning) is erased two years after its last
// visit, by the same request and routine.

/** Warns each newly unused account once: the mark and its e-mail in one transaction. */
export async function warnInactiveAccounts(db: DB, cutoffs: Pick<RetentionCutoffs, "warnUnusedBefore">, at: Date): Promise<number> {
  const signInUrl = new URL("/auth", env().APP_URL).toString();
  return db.transaction().execute(async (trx) => {
    const warned = await markInactiveAccountsWarned(trx, cutoffs.warnUnusedBefore, at);
    for (const account of warned) {
      const date = formatDate(inactiveAccountErasureDate(account.lastUse, at));
      const { subject, content } = inactiveAccountWarningEmailContent(account.fullName, signInUrl, date);
      await sendEmail(trx, { to: account.email, subject, ...renderEmail(content) });
    }
    return warned.length;
  });
}

/**
 * Erases the unused, warned accounts. One with a visit ahead or an open invoice (the blockers of
 * "Poista tili") is skipped and looked at again on a later run; no request row is written for it,
 * since a waiting one would refuse their sign-in. Two workers: the one-pending index lets one
 * request in and eraseDueAccount locks it, so each account is erased once.
 */
export async function eraseInactiveAccounts(db: DB, cutoffs: Pick<RetentionCutoffs, "eraseUnusedBefore" | "eraseWarnedBefore">, at: Date): Promise<number> {
  for (const profileId of await listInactiveAccountsToErase(db, cutoffs.eraseUnusedBefore, cutoffs.eraseWarnedBefore)) {
    if (hasBlockers(await findDeletionBlockers(db, profileId, at))) continue;
    await insertErasureOfInactiveAccount(db, profileId, cutoffs.eraseUnusedBefore, cutoffs.eraseWarnedBefore, at);
  }
  let erased = 0;
  for (const deletionId of await listDueErasuresOfInactiveAccounts(db, at)) {
    const outcome = await eraseDueAccount(db, deletionId, at);
    if (outcome === "erased") erased += 1;
    // Booked a visit between the check and the erasure: they are using the account, so the
    // request goes (it would refuse their sign-in) and a later run decides again.
    if (outcome === "blocked" && (await markAccountDeletionCancelled(db, deletionId, at))) {
      logger.info({ deletionId }, "inactive account's erasure dropped: a visit or an open invoice");
    }
  }
  return erased;
}
