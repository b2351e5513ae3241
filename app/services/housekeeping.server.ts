import type { DB } from "../db.server";
import { logger } from "../logger.server";
import { retentionCutoffs } from "../domain/retention";
import { deleteFinishedOutboxRows } from "../models/outbox.server";
import { deleteOldContactRequests } from "../models/staff-notices.server";
import { eraseRejectedApplications, purgeExpiredArchive } from "./account-deletion.server";
import { now as clockNow } from "./clock.server";
import { deleteExpiredDataExportFiles } from "./data-export.server";
import { eraseInactiveAccounts, warnInactiveAccounts } from "./inactive-accounts.server";
import { deleteExpiredFormDraftsExcept } from "../models/form-drafts.server";
import { deleteExpiredChallengeTokens } from "../models/used-challenges.server";
import { deleteExpiredSessions } from "../models/sessions.server";
import { deleteStaleAuthTokens } from "../models/users.server";
import { REGISTRATION_DRAFT_KIND, deleteExpiredRegistrationDrafts } from "./registration-drafts.server";
import { deleteOldDoneJobs } from "./job-queue.server";
import { deleteExpiredRateLimits } from "./rate-limit.server";

// The recurring 'maintenance.housekeeping' job (RECURRING_JOBS in app/services/job-queue.server.ts):
// removes rows that no request will ever read again. Every table keeps refusing its own expired
// rows on read, so this only keeps the tables (and the photo storage) from growing for ever,
// and removes personal data (sessions' addresses, drafts, applicants' photos) once it is useless.
// It also keeps the retention periods of the privacy notice ("7. Säilytysajat"; decision 0045):
// contact requests, rejected applications and the outboxes of e-mails and texts; and unused
// accounts are warned and then erased (decision 0047).

export interface HousekeepingReport {
  sessions: number;
  authTokens: number;
  formDrafts: number;
  photosOfDrafts: number;
  usedChallenges: number;
  rateLimits: number;
  doneJobs: number;
  dataExports: number;
  /** Archived money documents of erased accounts past their purge date (decision 0034). */
  archivedDocuments: number;
  /** "Pyydä yhteydenottoa" requests older than two years that staff are done with (decision 0045). */
  contactRequests: number;
  /** Applicants rejected more than six months ago, erased as by "Poista tili" (decision 0045). */
  rejectedApplications: number;
  /** E-mails whose delivery ended more than 90 days ago (decision 0045). */
  emails: number;
  /** Texts whose delivery ended more than 90 days ago (decision 0045). */
  textMessages: number;
  /** Accounts unused for two years less 30 days, warned of their erasure by e-mail (decision 0047). */
  inactivityWarnings: number;
  /** Accounts unused for two years and warned at least 30 days ago, erased as by "Poista tili" (decision 0047). */
  inactiveAccounts: number;
}

/** One registration-draft batch per call is 50; a backlog is worked through in a few rounds. */
const MAX_DRAFT_ROUNDS = 20;

/** `at` is the server clock's now (the retention periods follow it, as the archive's purge does). */
export async function runHousekeeping(db: DB, at: Date = clockNow()): Promise<HousekeepingReport> {
  const cutoffs = retentionCutoffs(at);
  // Registration drafts first and through their owner, which deletes the photos they point to.
  let registrationDrafts = 0;
  let photosOfDrafts = 0;
  for (let round = 0; round < MAX_DRAFT_ROUNDS; round += 1) {
    const removed = await deleteExpiredRegistrationDrafts(db);
    registrationDrafts += removed.drafts;
    photosOfDrafts += removed.photos;
    if (removed.drafts === 0) break;
  }
  const report: HousekeepingReport = {
    sessions: await deleteExpiredSessions(db),
    authTokens: await deleteStaleAuthTokens(db),
    formDrafts: registrationDrafts + (await deleteExpiredFormDraftsExcept(db, [REGISTRATION_DRAFT_KIND])),
    photosOfDrafts,
    usedChallenges: await deleteExpiredChallengeTokens(db),
    rateLimits: await deleteExpiredRateLimits(),
    doneJobs: await deleteOldDoneJobs(db),
    dataExports: await deleteExpiredDataExportFiles(db),
    archivedDocuments: await purgeExpiredArchive(db, at),
    contactRequests: await deleteOldContactRequests(db, cutoffs.contactRequestsBefore),
    rejectedApplications: await eraseRejectedApplications(db, cutoffs.rejectedApplicationsBefore, at),
    emails: await deleteFinishedOutboxRows(db, "emails", cutoffs.outboxBefore),
    textMessages: await deleteFinishedOutboxRows(db, "text_messages", cutoffs.outboxBefore),
    inactiveAccounts: await eraseInactiveAccounts(db, cutoffs, at),
    inactivityWarnings: await warnInactiveAccounts(db, cutoffs, at),
  };
  logger.info({ removed: report }, "housekeeping done");
  return report;
}
