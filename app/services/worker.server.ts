import crypto from "node:crypto";
import os from "node:os";
import type { Transaction } from "kysely";
import { describeDatabaseError, isDatabaseFault, type Database, type DB } from "../db.server";
import { env } from "../env.server";
import { retryDelayMs } from "../domain/job-retry";
import { logger } from "../logger.server";
import {
  claimDueJobs,
  ensureNextRecurringRun,
  makePendingJobsDueNow,
  finishJob,
  releaseStaleJobs,
  releaseUnstartedJobs,
  renewJobLeases,
  scheduleJobRetry,
  type Job,
} from "../models/jobs.server";
import { handlerFor } from "./job-handlers.server";
import { JOB_HEARTBEAT_MS, RECURRING_JOBS, STALE_JOB_AFTER_MS } from "./job-queue.server";
import { clockOffsetMs } from "./clock.server";

/** Jobs claimed per round: small, so that stop() never waits long for the batch in hand. */
const BATCH_SIZE = 10;
/** How often a worker makes sure the recurring jobs (RECURRING_JOBS) have their next run queued. */
const SCHEDULE_EVERY_MS = 60_000;

/**
 * Runs due jobs until stopped: a round every `pollMs` while the queue is idle, back to back while
 * rounds come back full. About once a minute a round first queues the next run of each recurring
 * job (the stale-checkout sweep) if no worker has yet. Any number of workers may run against one
 * database. A failing job or an unreachable database is logged and the loop carries on; it never
 * takes the process down. While it holds jobs it renews their lease every JOB_HEARTBEAT_MS. What
 * it could not write while the database was away (a job's outcome, an e-mail's "sent") it keeps
 * and writes first when the database is back, before it claims anything new.
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
  const unwritten: Settlement[] = [];

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;

  const heartbeat = setInterval(() => {
    renewJobLeases(db, workerId).catch((error) => log.warn({ db: describeDatabaseError(error) }, "renewing job leases failed"));
  }, JOB_HEARTBEAT_MS);
  heartbeat.unref();

  async function runRound() {
    let claimed = 0;
    const writtenAll = await writeSettlements(unwritten, log);
    if (writtenAll && scheduleRecurring && Date.now() - lastScheduledAt >= SCHEDULE_EVERY_MS) {
      lastScheduledAt = Date.now();
      try {
        await scheduleRecurringJobs(db);
      } catch (error) {
        log.error({ db: describeDatabaseError(error) }, "scheduling recurring jobs failed");
      }
    }
    if (writtenAll) {
      try {
        claimed = (await runDueJobs(db, { workerId, limit: BATCH_SIZE, settleLater: (settlement) => unwritten.push(settlement) })).length;
      } catch (error) {
        log.error({ db: describeDatabaseError(error) }, "job worker round failed");
      }
    }
    if (!stopped) timer = setTimeout(startRound, claimed === BATCH_SIZE && unwritten.length === 0 ? 0 : pollMs);
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
    clearInterval(heartbeat);
    if (timer) clearTimeout(timer);
    timer = undefined;
    await round;
    // One last try; what is still unwritten comes back to the queue when its lease runs out.
    await writeSettlements(unwritten, log);
    log.info("job worker stopped");
  };
}

/** A write the worker owes the database: a job's outcome, with whatever must go with it. */
type Settlement = () => Promise<void>;

/** Writes the owed settlements in order; false (keeping the rest) when the database is still away. */
async function writeSettlements(unwritten: Settlement[], log: typeof logger): Promise<boolean> {
  while (unwritten.length > 0) {
    try {
      await unwritten[0]!();
      unwritten.shift();
    } catch (error) {
      if (!isDatabaseFault(error)) {
        // Not a connection problem: retrying it would fail for ever. The lease brings the job back.
        unwritten.shift();
        log.error({ db: describeDatabaseError(error) }, "writing a job outcome failed");
        continue;
      }
      log.warn({ db: describeDatabaseError(error), owed: unwritten.length }, "database still unreachable, job outcomes kept");
      return false;
    }
  }
  return true;
}

/**
 * After the test clock moved (/dev/kello): each recurring job's next run was scheduled with the
 * clock's lead of then, so a clock put back would leave it waiting for weeks, and one moved ahead
 * should see the new time at once. Each runs now, and is scheduled with the new lead after that.
 */
export async function runRecurringJobsSoon(db: DB): Promise<void> {
  await makePendingJobsDueNow(
    db,
    RECURRING_JOBS.map((job) => job.type),
  );
}

/** Makes sure each recurring job (RECURRING_JOBS) has exactly one run pending or running. */
export async function scheduleRecurringJobs(db: DB): Promise<void> {
  for (const { type, everyMs } of RECURRING_JOBS) await ensureNextRecurringRun(db, type, everyMs, clockOffsetMs());
}

export type JobOutcome = "done" | "retry" | "failed" | "released";

/**
 * Claims up to `limit` due jobs and runs them one after another. The claim is one statement
 * (`FOR UPDATE SKIP LOCKED`), so concurrent workers never take the same job; handlers then run
 * outside any transaction, because a job may take seconds (SMTP) and PGlite has one connection.
 * When the database goes away mid-batch, the job in hand is put back with its retry and the rest
 * are released unstarted ("released"); an outcome that cannot be written then is passed to
 * `settleLater` (the worker writes it when the database is back), or thrown without it.
 * Returns what happened to each claimed job.
 */
export async function runDueJobs(
  db: DB,
  { workerId, limit = 10, settleLater }: { workerId: string; limit?: number; settleLater?: (settlement: Settlement) => void },
): Promise<Array<{ id: string; type: string; outcome: JobOutcome }>> {
  const released = await releaseStaleJobs(db, STALE_JOB_AFTER_MS);
  if (released.length) logger.warn({ jobs: released }, "released jobs left running by a stopped worker");

  const claimed = await claimDueJobs(db, { workerId, limit, clockOffsetMs: clockOffsetMs() });
  const results: Array<{ id: string; type: string; outcome: JobOutcome }> = [];
  let databaseAway = false;
  const settle = async (settlement: Settlement) => {
    try {
      await settlement();
    } catch (error) {
      if (!settleLater || !isDatabaseFault(error)) throw error;
      databaseAway = true;
      settleLater(settlement);
    }
  };
  for (const [index, job] of claimed.entries()) {
    if (databaseAway) {
      const rest = claimed.slice(index);
      await settle(() => releaseUnstartedJobs(db, workerId, rest.map((unstarted) => unstarted.id)));
      for (const unstarted of rest) results.push({ id: unstarted.id, type: unstarted.type, outcome: "released" });
      break;
    }
    const { outcome, databaseFault } = await runJob(db, job, workerId, settle);
    if (databaseFault) databaseAway = true;
    results.push({ id: job.id, type: job.type, outcome });
  }
  return results;
}

async function runJob(
  db: DB,
  job: Job,
  workerId: string,
  settle: (settlement: Settlement) => Promise<void>,
): Promise<{ outcome: JobOutcome; databaseFault: boolean }> {
  const isFinalAttempt = job.attempts >= job.max_attempts;
  const log = logger.child({ jobId: job.id, jobType: job.type, attempt: job.attempts, workerId });
  let finished = false;
  const finishWith = async (write: (trx: Transaction<Database>) => Promise<void>) => {
    finished = true;
    await settle(() =>
      db.transaction().execute(async (trx) => {
        await write(trx);
        await finishJob(trx, { jobId: job.id, workerId, status: "done" });
      }),
    );
  };
  try {
    const handler = handlerFor(job.type);
    // Retried like any failure rather than failed at once: during a rolling deploy an older
    // worker may meet a type that a newer one knows.
    if (!handler) throw new Error(`Unknown job type "${job.type}": no handler is registered for it`);
    await handler(job.payload, { db, job, isFinalAttempt, finishWith });
  } catch (error) {
    const message = errorMessage(error);
    const databaseFault = isDatabaseFault(error);
    // A database that went away is no fault of the job: it keeps its retry even on the last attempt.
    if (isFinalAttempt && !databaseFault) {
      await settle(() => finishJob(db, { jobId: job.id, workerId, status: "failed", lastError: message }));
      log.error({ err: error }, "job failed for good");
      return { outcome: "failed", databaseFault };
    }
    const delayMs = retryDelayMs(job.attempts);
    const retry = { jobId: job.id, workerId, delayMs, lastError: message, keepAttempt: databaseFault && isFinalAttempt, clockOffsetMs: clockOffsetMs() };
    await settle(() => scheduleJobRetry(db, retry));
    log.warn(databaseFault ? { db: describeDatabaseError(error), retryInMs: delayMs } : { err: error, retryInMs: delayMs }, "job failed, will retry");
    return { outcome: "retry", databaseFault };
  }
  if (!finished) await settle(() => finishJob(db, { jobId: job.id, workerId, status: "done" }));
  log.debug("job done");
  return { outcome: "done", databaseFault: false };
}

function errorMessage(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}
