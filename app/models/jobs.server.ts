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

/**
 * Adds a job under an idempotency key unless a job with that key exists (pending, running or
 * done): true when this call added it. The unique index decides, so concurrent callers add one.
 */
export async function insertJobOnce(
  executor: Executor,
  job: { type: string; payload: unknown; runAt: Date; idempotencyKey: string; maxAttempts?: number },
): Promise<boolean> {
  const rows = await executor
    .insertInto("jobs")
    .values({
      type: job.type,
      payload: JSON.stringify(job.payload),
      run_at: sql`${job.runAt}::timestamptz`,
      idempotency_key: job.idempotencyKey,
      ...(job.maxAttempts ? { max_attempts: job.maxAttempts } : {}),
    })
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .returning("id")
    .execute();
  return rows.length > 0;
}

/**
 * Deletes the pending jobs whose idempotency key starts with `prefix`, except those whose key is
 * in `keep`; a job already running or done is left alone. Returns how many went.
 */
export async function deletePendingJobsByKeyPrefix(executor: Executor, prefix: string, keep: readonly string[] = []): Promise<number> {
  let query = executor
    .deleteFrom("jobs")
    .where("status", "=", "pending")
    .where("idempotency_key", "like", `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (keep.length > 0) query = query.where("idempotency_key", "not in", keep);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
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
export async function ensureNextRecurringRun(db: DB, type: string, everyMs: number, clockOffsetMs = 0): Promise<void> {
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
        run_at: sql`greatest(now(), coalesce((select max(finished_at) from jobs where type = ${type}), now()) + ${everyMs}::int * interval '1 millisecond') + ${clockOffsetMs}::bigint * interval '1 millisecond'`,
      })
      .execute();
  });
}

/**
 * Claims up to `limit` due jobs for `workerId` in one statement (`FOR UPDATE SKIP LOCKED`). Due is
 * by the database's clock plus `clockOffsetMs`, the moved test clock's lead (0 in production);
 * the runs this module schedules itself (recurring, retries) add the same lead, so a moved clock
 * makes them due no sooner than real time would.
 */
export function claimDueJobs(db: Executor, { workerId, limit, clockOffsetMs = 0 }: { workerId: string; limit: number; clockOffsetMs?: number }): Promise<Job[]> {
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
        .where(sql<boolean>`run_at <= now() + ${clockOffsetMs}::bigint * interval '1 millisecond'`)
        .orderBy("run_at")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

/**
 * Puts a failed job of `workerId` back in the queue, due after `delayMs`; with `keepAttempt` the
 * failed run is not counted (the database, not the job, was at fault on its last attempt).
 */
export async function scheduleJobRetry(
  db: Executor,
  {
    jobId,
    workerId,
    delayMs,
    lastError,
    keepAttempt = false,
    clockOffsetMs = 0,
  }: { jobId: string; workerId: string; delayMs: number; lastError: string; keepAttempt?: boolean; clockOffsetMs?: number },
): Promise<void> {
  await releaseHeldJob(db, jobId, workerId, {
    status: "pending",
    ...(keepAttempt ? { attempts: sql`attempts - 1` } : {}),
    run_at: sql`now() + (${delayMs}::bigint + ${clockOffsetMs}::bigint) * interval '1 millisecond'`,
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

/**
 * The heartbeat of a live worker: its running jobs' leases start again now, so that only a worker
 * that stopped renewing (a crash, kill -9, a lost machine) has its jobs taken back.
 */
export async function renewJobLeases(db: Executor, workerId: string): Promise<number> {
  const result = await db
    .updateTable("jobs")
    .set({ locked_at: sql`now()` })
    .where("status", "=", "running")
    .where("locked_by", "=", workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Gives back claimed jobs that `workerId` never started (the database went away mid-batch): due
 * now, and the claim's attempt is not counted.
 */
export async function releaseUnstartedJobs(db: Executor, workerId: string, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db
    .updateTable("jobs")
    .set({ status: "pending", attempts: sql`greatest(attempts - 1, 0)`, run_at: sql`now()`, locked_at: null, locked_by: null })
    .where("id", "in", jobIds)
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

/** Makes the pending runs of these job types due now (the test clock moved: see clock.server). */
export async function makePendingJobsDueNow(db: Executor, types: readonly string[]): Promise<void> {
  if (types.length === 0) return;
  await db.updateTable("jobs").set({ run_at: sql`now()` }).where("status", "=", "pending").where("type", "in", types).execute();
}
