import type { DB } from "../db.server";
import type { Job } from "../models/jobs.server";
import { runHousekeeping } from "./housekeeping.server";
import type { JobPayloads, JobType } from "./job-queue.server";
import { deliverEmail } from "./mailer.server";
import { cancelExpiredUnconfirmedOrders } from "./order-email-confirmation.server";
import { expireStaleCheckouts } from "./payments/reconcile.server";

// Who runs each job type. Only the worker imports this module: it is the one place that knows
// every feature with background work, so nothing that merely enqueues a job depends on them.

export interface JobContext {
  /** Not a transaction: a handler opens its own if it needs one. */
  db: DB;
  job: Job;
  /** True when a failure now marks the job failed instead of retrying it. */
  isFinalAttempt: boolean;
}

type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<void>;

export const jobHandlers: { [T in JobType]: JobHandler<JobPayloads[T]> } = {
  "email.deliver": (payload, context) => deliverEmail(context.db, payload.emailId, context),
  // Every five minutes, everything that holds a helper's time without being paid or confirmed:
  // abandoned checkouts, and guest orders whose e-mail confirmation link expired.
  "payments.expire_stale_checkouts": async (_payload, context) => {
    await expireStaleCheckouts(context.db);
    await cancelExpiredUnconfirmedOrders(context.db);
  },
  "maintenance.housekeeping": async (_payload, context) => {
    await runHousekeeping(context.db);
  },
};

export function handlerFor(type: string): JobHandler<unknown> | undefined {
  return Object.prototype.hasOwnProperty.call(jobHandlers, type)
    ? (jobHandlers[type as JobType] as JobHandler<unknown>)
    : undefined;
}
