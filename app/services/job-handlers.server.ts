import type { Transaction } from "kysely";
import type { Database, DB } from "../db.server";
import type { Job } from "../models/jobs.server";
import { completeCaregiverRegistration } from "./caregiver-applications.server";
import { autoCompleteVisits } from "./caregiver-tasks.server";
import { completeSignUp, sendPasswordReset } from "./auth.server";
import { eraseDueAccount } from "./account-deletion.server";
import { buildDataExport } from "./data-export.server";
import { runHousekeeping } from "./housekeeping.server";
import { mailYearlyStatements } from "./household-statement.server";
import type { JobPayloads, JobType } from "./job-queue.server";
import { deliverEmail } from "./mailer.server";
import { cancelExpiredUnconfirmedOrders } from "./order-email-confirmation.server";
import { retryRescheduleRefund } from "./order-reschedule.server";
import { expireStaleCheckouts } from "./payments/reconcile.server";
import { chargeDueSeriesVisits } from "./payments/series-charges.server";
import { issueMonthlySeriesInvoices } from "./series-invoices.server";
import { deliverText } from "./sms/text-messages.server";
import { now as clockNow } from "./clock.server";
import { extendOpenSeries } from "./series-extension.server";
import { sendVisitReminder } from "./visit-reminders.server";

// Who runs each job type. Only the worker imports this module: it is the one place that knows
// every feature with background work, so nothing that merely enqueues a job depends on them.

export interface JobContext {
  /** Not a transaction: a handler opens its own if it needs one. */
  db: DB;
  job: Job;
  /** True when a failure now marks the job failed instead of retrying it. */
  isFinalAttempt: boolean;
  /**
   * Marks the job done in one transaction with `write` (an e-mail's "sent" with the job that sent
   * it). If the database is away then, the worker keeps both and writes them when it is back.
   */
  finishWith: (write: (trx: Transaction<Database>) => Promise<void>) => Promise<void>;
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
  "visits.auto_complete": async (_payload, context) => {
    await autoCompleteVisits(context.db);
  },
  "accounts.sign_up": (payload) => completeSignUp(payload),
  "caregivers.register": (payload) => completeCaregiverRegistration(payload),
  "accounts.password_reset": (payload) => sendPasswordReset(payload.email),
  "payments.reschedule_refund": (payload, context) => retryRescheduleRefund(context.db, payload.rescheduleId, context.isFinalAttempt),
  "statements.mail_yearly": async (_payload, context) => {
    await mailYearlyStatements(context.db);
  },
  "invoices.issue_series_monthly": async (_payload, context) => {
    await issueMonthlySeriesInvoices(context.db);
  },
  "exports.build": (payload, context) => buildDataExport(context.db, payload.exportId),
  "accounts.erase": async (payload, context) => {
    await eraseDueAccount(context.db, payload.deletionId);
  },
  "visits.reminder": (payload, context) => sendVisitReminder(payload, context.finishWith),
  "sms.deliver": (payload, context) => deliverText(context.db, payload.textId, context),
  "series.extend": async (_payload, context) => {
    await extendOpenSeries(context.db, clockNow());
  },
  "payments.charge_series_visits": async (_payload, context) => {
    await chargeDueSeriesVisits(context.db);
  },
};

export function handlerFor(type: string): JobHandler<unknown> | undefined {
  return Object.prototype.hasOwnProperty.call(jobHandlers, type)
    ? (jobHandlers[type as JobType] as JobHandler<unknown>)
    : undefined;
}
