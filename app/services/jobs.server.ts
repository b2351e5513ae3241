import { sql } from "kysely";
import type { DB, Executor } from "../db.server";
import type { Job } from "../db/schema";
import { retryDelayMs } from "../domain/job-retry";
import { logger } from "../logger.server";
import { deliverEmail } from "./mailer.server";
import { runHousekeeping } from "./housekeeping.server";
import { expireStaleCheckouts } from "./payments/reconcile.server";

export type { Job };

export interface JobContext {
  /** Not a transaction: a handler opens its own if it needs one. */
  db: DB;
  job: Job;
  /** True when a failure now marks the job failed instead of retrying it. */
  isFinalAttempt: boolean;
}

type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<void>;

/**
 * Every job type and the function that runs it; adding a type is one line here, and its payload
 * type is taken from the handler's first parameter, so `enqueueJob` checks it. The handlers are
 * arrows that call into their modules only when they run: a module that both enqueues and
 * handles jobs (say payments) can then import this one without a load-order cycle.
 */
const jobHandlers = {
  "email.deliver": (payload: { emailId: string }, context) => deliverEmail(context.db, payload.emailId, context),
  "payments.expire_stale_checkouts": async (_payload: Record<string, never>, context) => {
    await expireStaleCheckouts(context.db);
  },
  "maintenance.housekeeping": async (_payload: Record<string, never>, context) => {
    await runHousekeeping(context.db);
  },
} satisfies Record<string, JobHandler<never>>;

export type JobHandlers = typeof jobHandlers;
export type JobType = keyof JobHandlers;
export type JobPayload<T extends JobType> = Parameters<JobHandlers[T]>[0];

/** A worker that died mid-job leaves it 'running'; after this long another worker takes it. */
export const STALE_JOB_AFTER_MS = 10 * 60_000;

/** Adds a job in the caller's transaction, so it exists exactly when the caller's work does. */
export async function enqueueJob<T extends JobType>(
  executor: Executor,
  type: T,
  payload: JobPayload<T>,
  options: { runAt?: Date; maxAttempts?: number } = {},
): Promise<string> {
  const row = await executor
    .insertInto("jobs")
    .values({
      type,
      payload: JSON.stringify(payload),
      ...(options.runAt ? { run_at: sql`${options.runAt}::timestamptz` } : {}),
      ...(options.maxAttempts ? { max_attempts: options.maxAttempts } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Jobs that keep coming back, with how long after the previous run the next one is due. Workers
 * call scheduleRecurringJobs; whichever gets there first adds the next run, the rest see it.
 */
export const RECURRING_JOBS: ReadonlyArray<{ type: JobType; everyMs: number }> = [
  // Releases orders whose checkout ended without the provider telling us (issue 5).
  { type: "payments.expire_stale_checkouts", everyMs: 5 * 60_000 },
  // Deletes expired sessions, links, drafts (with their photos), challenges, counters, old jobs.
  { type: "maintenance.housekeeping", everyMs: 60 * 60_000 },
];

/** How long finished jobs are kept for looking into what happened. */
export const DONE_JOBS_KEPT_DAYS = 7;

/**
 * Deletes jobs that finished successfully over DONE_JOBS_KEPT_DAYS ago. Failed jobs stay until
 * someone has looked at them; a recurring job's newest run is always far younger than this.
 */
export async function deleteOldDoneJobs(db: Executor): Promise<number> {
  const result = await db
    .deleteFrom("jobs")
    .where("status", "=", "done")
    .where("finished_at", "<", sql<Date>`now() - ${DONE_JOBS_KEPT_DAYS}::int * interval '1 day'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Makes sure each recurring job has exactly one run pending (or running). The check and the insert
 * run under a transaction-scoped advisory lock per job type, so workers calling this at the same
 * moment on any number of machines add one run between them, not one each. The next run is due
 * `everyMs` after the last one finished (or after now, the first time).
 */
export async function scheduleRecurringJobs(db: DB): Promise<void> {
  for (const { type, everyMs } of RECURRING_JOBS) {
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`recurring-job:${type}`}))`.execute(trx);
      const queued = await trx
        .selectFrom("jobs")
        .select("id")
        .where("type", "=", type)
        .where("status", "in", ["pending", "running"])
        .executeTakeFirst();
      if (queued) return;
      await trx
        .insertInto("jobs")
        .values({
          type,
          payload: JSON.stringify({}),
          run_at: sql`greatest(now(), coalesce((select max(finished_at) from jobs where type = ${type}), now()) + ${everyMs}::int * interval '1 millisecond')`,
        })
        .execute();
    });
  }
}

export type JobOutcome = "done" | "retry" | "failed";

/**
 * Claims up to `limit` due jobs and runs them one after another. The claim is one statement
 * (`FOR UPDATE SKIP LOCKED`), so concurrent workers never take the same job; handlers then run
 * outside any transaction, because a job may take seconds (SMTP) and PGlite has one connection.
 * Returns what happened to each claimed job.
 */
export async function runDueJobs(
  db: DB,
  { workerId, limit = 10 }: { workerId: string; limit?: number },
): Promise<Array<{ id: string; type: string; outcome: JobOutcome }>> {
  await releaseStaleJobs(db);

  const claimed = await db
    .updateTable("jobs")
    .set({
      status: "running",
      locked_at: sql`now()`,
      locked_by: workerId,
      attempts: sql`attempts + 1`,
    })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("jobs")
        .select("id")
        .where("status", "=", "pending")
        .where(sql<boolean>`run_at <= now()`)
        .orderBy("run_at")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();

  const results: Array<{ id: string; type: string; outcome: JobOutcome }> = [];
  for (const job of claimed) {
    results.push({ id: job.id, type: job.type, outcome: await runJob(db, job, workerId) });
  }
  return results;
}

async function runJob(db: DB, job: Job, workerId: string): Promise<JobOutcome> {
  const isFinalAttempt = job.attempts >= job.max_attempts;
  const log = logger.child({ jobId: job.id, jobType: job.type, attempt: job.attempts, workerId });
  try {
    const handler = (jobHandlers as Record<string, JobHandler<unknown>>)[job.type];
    // Retried like any failure rather than failed at once: during a rolling deploy an older
    // worker may meet a type that a newer one knows.
    if (!handler) throw new Error(`Unknown job type "${job.type}": no handler is registered for it`);
    await handler(job.payload, { db, job, isFinalAttempt });
  } catch (error) {
    const message = errorMessage(error);
    if (isFinalAttempt) {
      await finishJob(db, job, workerId, { status: "failed", last_error: message });
      log.error({ err: error }, "job failed for good");
      return "failed";
    }
    const delayMs = retryDelayMs(job.attempts);
    await db
      .updateTable("jobs")
      .set({
        status: "pending",
        run_at: sql`now() + ${delayMs}::int * interval '1 millisecond'`,
        locked_at: null,
        locked_by: null,
        last_error: message,
      })
      .where("id", "=", job.id)
      .where("status", "=", "running")
      .where("locked_by", "=", workerId)
      .execute();
    log.warn({ err: error, retryInMs: delayMs }, "job failed, will retry");
    return "retry";
  }
  await finishJob(db, job, workerId, { status: "done" });
  log.debug("job done");
  return "done";
}

function finishJob(db: DB, job: Job, workerId: string, result: { status: "done" | "failed"; last_error?: string }) {
  return db
    .updateTable("jobs")
    .set({ ...result, finished_at: sql`now()`, locked_at: null, locked_by: null })
    .where("id", "=", job.id)
    // Only if still ours: a job declared stale and taken by another worker is theirs to finish.
    .where("status", "=", "running")
    .where("locked_by", "=", workerId)
    .execute();
}

/** Jobs left 'running' by a crashed worker go back to the queue (or fail if out of attempts). */
async function releaseStaleJobs(db: DB) {
  const released = await db
    .updateTable("jobs")
    .set({
      status: sql`case when attempts >= max_attempts then 'failed' else 'pending' end`,
      finished_at: sql`case when attempts >= max_attempts then now() end`,
      run_at: sql`now()`,
      last_error: sql`'Worker ' || coalesce(locked_by, '?') || ' stopped while running the job'`,
      locked_at: null,
      locked_by: null,
    })
    .where("status", "=", "running")
    .where(sql<boolean>`locked_at < now() - ${STALE_JOB_AFTER_MS}::int * interval '1 millisecond'`)
    .returning(["id", "status"])
    .execute();
  if (released.length) logger.warn({ jobs: released }, "released jobs left running by a stopped worker");
}

function errorMessage(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}
