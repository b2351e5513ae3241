import type { Executor } from "../db.server";
import { deleteDoneJobsOlderThan, insertJob } from "../models/jobs.server";

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
}

export type JobType = keyof JobPayloads;
export type JobPayload<T extends JobType> = JobPayloads[T];

/** A worker that died mid-job leaves it 'running'; after this long another worker takes it. */
export const STALE_JOB_AFTER_MS = 10 * 60_000;

/** How long finished jobs are kept for looking into what happened. */
export const DONE_JOBS_KEPT_DAYS = 7;

/**
 * Jobs that keep coming back, with how long after the previous run the next one is due. Workers
 * call scheduleRecurringJobs; whichever gets there first adds the next run, the rest see it.
 */
export const RECURRING_JOBS: ReadonlyArray<{ type: JobType; everyMs: number }> = [
  { type: "payments.expire_stale_checkouts", everyMs: 5 * 60_000 },
  { type: "maintenance.housekeeping", everyMs: 60 * 60_000 },
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
 * Deletes jobs that finished successfully over DONE_JOBS_KEPT_DAYS ago. Failed jobs stay until
 * someone has looked at them; a recurring job's newest run is always far younger than this.
 */
export function deleteOldDoneJobs(executor: Executor): Promise<number> {
  return deleteDoneJobsOlderThan(executor, DONE_JOBS_KEPT_DAYS);
}
