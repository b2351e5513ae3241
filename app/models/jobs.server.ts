import { sql, type UpdateObject } from "kysely";
import type { Database, DB, Executor } from "../db.server";
import type { Job } from "../db/schema";

// The jobs table (the outbox and job queue of DESIGN.md "Runtime shape"): rows taken with
// FOR UPDATE SKIP LOCKED by any number of workers. Only SQL here; which job types exist and who
// runs them is app/services/job-queue.server.ts and app/services/job-handlers.server.ts.

export type { Job };

export async function insertJob(
  executor: Executor,
  job: { type: string; payload: unknown; runAt?: Date; maxAttempts?: number },
): Promise<string> {
  const row = await executor
    .insertInto("jobs")
    .values({
      type: job.type,
      payload: JSON.stringify(job.payload),
      ...(job.runAt ? { run_at: sql`${job.runAt}::timestamptz` } : {}),
      ...(job.maxAttempts ? { max_attempts: job.maxAttempts } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes jobs that finished successfully over `keptDays` ago; failed jobs stay to be looked at. */
export async function deleteDoneJobsOlderThan(executor: Executor, keptDays: number): Promise<number> {
  const result = await executor
    .deleteFrom("jobs")
    .where("status", "=", "done")
    .where("finished_at", "<", sql<Date>`now() - ${keptDays}::int * interval '1 day'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Queues the next run of a recurring job unless one is pending or running. The check and the
 * insert run under a transaction-scoped advisory lock per job type, so workers calling this at the
 * same moment on any number of machines add one run between them, not one each. The run is due
 * `everyMs` after the last one finished (or now, the first time).
 */
export async function ensureNextRecurringRun(db: DB, type: string, everyMs: number): Promise<void> {
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

/** Claims up to `limit` due jobs for `workerId` in one statement (`FOR UPDATE SKIP LOCKED`). */
export function claimDueJobs(db: Executor, { workerId, limit }: { workerId: string; limit: number }): Promise<Job[]> {
  return db
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
}

/** Puts a failed job of `workerId` back in the queue, due after `delayMs`. */
export async function scheduleJobRetry(
  db: Executor,
  { jobId, workerId, delayMs, lastError }: { jobId: string; workerId: string; delayMs: number; lastError: string },
): Promise<void> {
  await releaseHeldJob(db, jobId, workerId, {
    status: "pending",
    run_at: sql`now() + ${delayMs}::int * interval '1 millisecond'`,
    last_error: lastError,
  });
}

/** Marks a job of `workerId` done or failed; a job taken over by another worker is theirs to finish. */
export async function finishJob(
  db: Executor,
  { jobId, workerId, status, lastError }: { jobId: string; workerId: string; status: "done" | "failed"; lastError?: string },
): Promise<void> {
  await releaseHeldJob(db, jobId, workerId, {
    status,
    ...(lastError === undefined ? {} : { last_error: lastError }),
    finished_at: sql`now()`,
  });
}

/** Unlocks a running job with `changes`, only while `workerId` still holds it. */
async function releaseHeldJob(db: Executor, jobId: string, workerId: string, changes: UpdateObject<Database, "jobs">): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ ...changes, locked_at: null, locked_by: null })
    .where("id", "=", jobId)
    .where("status", "=", "running")
    .where("locked_by", "=", workerId)
    .execute();
}

/** Jobs left 'running' for over `staleAfterMs` by a stopped worker: back to the queue, or failed if out of attempts. */
export function releaseStaleJobs(db: Executor, staleAfterMs: number): Promise<Array<{ id: string; status: Job["status"] }>> {
  return db
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
    .where(sql<boolean>`locked_at < now() - ${staleAfterMs}::int * interval '1 millisecond'`)
    .returning(["id", "status"])
    .execute();
}
