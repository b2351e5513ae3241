import type { Executor } from "../db.server";
import type { StoredStep1 } from "./registration-drafts.server";
import type { Step2Values } from "../schemas/caregiver-registration";
import { deleteDoneJobsOlderThan, deletePendingJobsByKeyPrefix, insertJob, insertJobOnce } from "../models/jobs.server";

// The job queue everyone may import: it knows the job types and their payloads, never the
// features that run them (app/services/job-handlers.server.ts, imported only by the worker). So
// enqueuing a job never pulls a feature in, and features can enqueue each other's jobs without an
// import circle.

/** Every job type and its payload. Adding a type: a line here and its handler in job-handlers. */
export interface JobPayloads {
  "email.deliver": { emailId: string };
  /** Releases orders whose checkout ended without the provider telling us (issue 5). */
  "payments.expire_stale_checkouts": Record<string, never>;
  /** Deletes expired sessions, links, drafts (with their photos), challenges, counters, old jobs. */
  "maintenance.housekeeping": Record<string, never>;
  /** Completes started visits nobody marked done 12 h after their end (decision 0018). */
  "visits.auto_complete": Record<string, never>;
  /**
   * A sign-up at /auth, its password already hashed: makes the account, or mails the owner of a
   * taken address. Done here rather than in the request so that the request does the same work
   * whether or not the address has an account (issue 31; decision 0025).
   */
  "accounts.sign_up": { fullName: string; email: string; passwordHash: string; ip: string | null };
  /**
   * A helper's application after step 2 (/rekisteroidy-kaveriksi), its password already hashed and
   * its photo stored: makes the account and the pending helper, or mails the owner of a taken
   * address. In the worker for the same reason as a sign-up (issue 31; decision 0025).
   */
  "caregivers.register": { step1: StoredStep1; step2: Step2Values; photoKey: string; ip: string | null };
  /** "Unohtuiko salasana?": mails a reset link if the address has an account (decision 0025). */
  "accounts.password_reset": { email: string };
  /**
   * The refund of a move to a cheaper time, tried again after the provider failed or the process
   * stopped before asking it (decision 0020). Enqueued with the move; a no-op once refunded.
   */
  "payments.reschedule_refund": { rescheduleId: string };
  /**
   * From 2 January through January (Helsinki), e-mails each payer with payments in the past year
   * their household-deduction statement, once per payer and year (decision 0028).
   */
  "statements.mail_yearly": Record<string, never>;
  /**
   * Issues the monthly invoices of series paid by invoice: from a month's first day (Helsinki)
   * on, each series' visits of that month go on one invoice (decision 0039); a no-op otherwise.
   */
  "invoices.issue_series_monthly": Record<string, never>;
  /**
   * A visit's reminder e-mail to one person, about a day before it (issue 28; decision 0027).
   * Queued under its idempotency key (visit, kind, recipient, visit version); it checks when it
   * runs that the visit is still live, at `startsAt`, at `visitSequence`, and the person still its.
   */
  /** Builds a "Lataa tietoni" ZIP and e-mails its link (issue 29 item 2; decision 0032); a no-op once built. */
  "exports.build": { exportId: string };
  /** Erases an account once its 7-day grace period is over (issue 29 item 3; decision 0034); a no-op if cancelled or done. */
  "accounts.erase": { deletionId: string };
  /**
   * `kind` "sms" (docs/decisions/0031): a text to `address`, a mobile number in E.164; "email" when
   * absent (jobs queued before texts existed).
   */
  "visits.reminder": { orderId: string; kind?: "email" | "sms"; audience: "payer" | "recipient" | "caregiver"; address: string; visitSequence: number; startsAt: string };
  /** Hands one queued text (text_messages) to the SMS provider, or keeps it for /dev/tekstiviestit (decision 0031). */
  "sms.deliver": { textId: string };
  /** Adds the dates of open-ended series ("Toistaiseksi") that came within 12 weeks (decision 0037). */
  "series.extend": Record<string, never>;
  /** Charges series visits due within 24 h to the saved card; cancels those unpaid 2 h before (decision 0040). */
  "payments.charge_series_visits": Record<string, never>;
}

export type JobType = keyof JobPayloads;
export type JobPayload<T extends JobType> = JobPayloads[T];

/**
 * A claimed job's lease: a live worker renews it every JOB_HEARTBEAT_MS while it holds the job; one
 * not renewed for this long belongs to a worker that died (kill -9, a lost machine), and any
 * worker puts it back in the queue. So a dead worker's jobs run again within about a minute.
 */
export const STALE_JOB_AFTER_MS = 30_000;
export const JOB_HEARTBEAT_MS = 10_000;

/** How long finished jobs are kept for looking into what happened. */
export const DONE_JOBS_KEPT_DAYS = 7;

/**
 * Jobs that keep coming back, with how long after the previous run the next one is due. Workers
 * call scheduleRecurringJobs; whichever gets there first adds the next run, the rest see it.
 */
export const RECURRING_JOBS: ReadonlyArray<{ type: JobType; everyMs: number }> = [
  { type: "payments.expire_stale_checkouts", everyMs: 5 * 60_000 },
  { type: "maintenance.housekeeping", everyMs: 60 * 60_000 },
  { type: "visits.auto_complete", everyMs: 5 * 60_000 },
  { type: "statements.mail_yearly", everyMs: 60 * 60_000 },
  { type: "series.extend", everyMs: 60 * 60_000 },
  // Every ten minutes: a visit is charged 24 h to 23 h 50 min before it, and an unpaid one is
  // cancelled at most ten minutes after its 2-hour deadline.
  { type: "payments.charge_series_visits", everyMs: 10 * 60_000 },
  { type: "invoices.issue_series_monthly", everyMs: 60 * 60_000 },
];

/** Adds a job in the caller's transaction, so it exists exactly when the caller's work does. */
export function enqueueJob<T extends JobType>(
  executor: Executor,
  type: T,
  payload: JobPayload<T>,
  options: { runAt?: Date; maxAttempts?: number } = {},
): Promise<string> {
  return insertJob(executor, { type, payload, ...options });
}

/**
 * Adds a job under `idempotencyKey` in the caller's transaction unless one with that key exists
 * (whatever its state): true when this call added it. Two callers with one key make one job.
 */
export function enqueueJobOnce<T extends JobType>(
  executor: Executor,
  type: T,
  payload: JobPayload<T>,
  options: { runAt: Date; idempotencyKey: string; maxAttempts?: number },
): Promise<boolean> {
  return insertJobOnce(executor, { type, payload, ...options });
}

/** Withdraws the pending jobs whose key starts with `prefix`, but those whose key is in `keep`. */
export function withdrawPendingJobs(executor: Executor, prefix: string, keep: readonly string[] = []): Promise<number> {
  return deletePendingJobsByKeyPrefix(executor, prefix, keep);
}

/**
 * Deletes jobs that finished successfully over DONE_JOBS_KEPT_DAYS ago. Failed jobs stay until
 * someone has looked at them; a recurring job's newest run is always far younger than this.
 */
export function deleteOldDoneJobs(executor: Executor): Promise<number> {
  return deleteDoneJobsOlderThan(executor, DONE_JOBS_KEPT_DAYS);
}
