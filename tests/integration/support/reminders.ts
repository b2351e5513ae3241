import { sql } from "kysely";
import { getDb } from "~/db.server";
import { reminderKeyPrefix } from "~/domain/visit-reminders";
import { runDueJobs } from "~/services/worker.server";

// The reminder machinery as the reminder tests look at it: an order's queued reminder jobs, made
// due now, and run by several workers side by side.

export interface ReminderJobPayload {
  kind?: string;
  audience: string;
  address: string;
  visitSequence: number;
}

/** The order's reminder jobs (e-mail and text), in key order. */
export async function reminderJobs(orderId: string) {
  const db = await getDb();
  const rows = await db
    .selectFrom("jobs")
    .select(["id", "status", "run_at", "payload", "idempotency_key"])
    .where("type", "=", "visits.reminder")
    .where("idempotency_key", "like", `${reminderKeyPrefix(orderId)}%`)
    .orderBy("idempotency_key")
    .execute();
  return rows.map((row) => ({ ...row, payload: row.payload as unknown as ReminderJobPayload }));
}

/** The order's waiting reminders, due now. */
export async function makeRemindersDue(orderId: string) {
  const db = await getDb();
  await db
    .updateTable("jobs")
    .set({ run_at: sql`now()` })
    .where("idempotency_key", "like", `${reminderKeyPrefix(orderId)}%`)
    .where("status", "=", "pending")
    .execute();
}

/** Runs due jobs until none is left, with the given workers side by side. */
export async function drainJobs(workerIds: string[]) {
  const db = await getDb();
  for (;;) {
    const rounds = await Promise.all(workerIds.map((workerId) => runDueJobs(db, { workerId, limit: 10 })));
    if (rounds.every((round) => round.length === 0)) return;
  }
}
