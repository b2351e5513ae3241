import crypto from "node:crypto";
import os from "node:os";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { retryDelayMs } from "../domain/job-retry";
import { logger } from "../logger.server";
import {
  claimDueJobs,
  ensureNextRecurringRun,
  finishJob,
  releaseStaleJobs,
  scheduleJobRetry,
  type Job,
} from "../models/jobs.server";
import { handlerFor } from "./job-handlers.server";
import { RECURRING_JOBS, STALE_JOB_AFTER_MS } from "./job-queue.server";

/** Jobs claimed per round: small, so that stop() never waits long for the batch in hand. */
const BATCH_SIZE = 10;
/** How often a worker makes sure the recurring jobs (RECURRING_JOBS) have their next run queued. */
const SCHEDULE_EVERY_MS = 60_000;

/**
 * Runs due jobs until stopped: a round every `pollMs` while the queue is idle, back to back while
 * rounds come back full. About once a minute a round first queues the next run of each recurring
 * job (the stale-checkout sweep) if no worker has yet. Any number of workers may run against one database. A failing job or
 * an unreachable database is logged and the loop carries on; it never takes the process down.
 * Returns `stop`, which resolves once the round in progress has finished.
 */
export function startWorker(
  db: DB,
  options: { pollMs?: number; workerId?: string; scheduleRecurring?: boolean } = {},
): () => Promise<void> {
  const pollMs = options.pollMs ?? env().WORKER_POLL_MS;
  const scheduleRecurring = options.scheduleRecurring ?? true;
  let lastScheduledAt = 0;
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
  const log = logger.child({ workerId });

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;

  async function runRound() {
    let claimed = 0;
    if (scheduleRecurring && Date.now() - lastScheduledAt >= SCHEDULE_EVERY_MS) {
      lastScheduledAt = Date.now();
      try {
        await scheduleRecurringJobs(db);
      } catch (error) {
        log.error({ err: error }, "scheduling recurring jobs failed");
      }
    }
    try {
      claimed = (await runDueJobs(db, { workerId, limit: BATCH_SIZE })).length;
    } catch (error) {
      log.error({ err: error }, "job worker round failed");
    }
    if (!stopped) timer = setTimeout(startRound, claimed === BATCH_SIZE ? 0 : pollMs);
  }

  function startRound() {
    timer = undefined;
    round = runRound().finally(() => {
      round = undefined;
    });
  }

  log.info({ pollMs }, "job worker started");
  startRound();

  return async function stop() {
    if (stopped) return round;
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
    await round;
    log.info("job worker stopped");
  };
}

/** Makes sure each recurring job (RECURRING_JOBS) has exactly one run pending or running. */
export async function scheduleRecurringJobs(db: DB): Promise<void> {
  for (const { type, everyMs } of RECURRING_JOBS) await ensureNextRecurringRun(db, type, everyMs);
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
  const released = await releaseStaleJobs(db, STALE_JOB_AFTER_MS);
  if (released.length) logger.warn({ jobs: released }, "released jobs left running by a stopped worker");

  const claimed = await claimDueJobs(db, { workerId, limit });
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
    const handler = handlerFor(job.type);
    // Retried like any failure rather than failed at once: during a rolling deploy an older
    // worker may meet a type that a newer one knows.
    if (!handler) throw new Error(`Unknown job type "${job.type}": no handler is registered for it`);
    await handler(job.payload, { db, job, isFinalAttempt });
  } catch (error) {
    const message = errorMessage(error);
    if (isFinalAttempt) {
      await finishJob(db, { jobId: job.id, workerId, status: "failed", lastError: message });
      log.error({ err: error }, "job failed for good");
      return "failed";
    }
    const delayMs = retryDelayMs(job.attempts);
    await scheduleJobRetry(db, { jobId: job.id, workerId, delayMs, lastError: message });
    log.warn({ err: error, retryInMs: delayMs }, "job failed, will retry");
    return "retry";
  }
  await finishJob(db, { jobId: job.id, workerId, status: "done" });
  log.debug("job done");
  return "done";
}

function errorMessage(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}
