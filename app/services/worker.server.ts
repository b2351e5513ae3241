import crypto from "node:crypto";
import os from "node:os";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { runDueJobs, scheduleRecurringJobs } from "./jobs.server";

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
