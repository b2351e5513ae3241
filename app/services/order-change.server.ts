import type { Transaction } from "kysely";
import type { Database, DB } from "../db.server";
import { logger } from "../logger.server";
import { isCaregiverOverlapError } from "../models/orders.server";

// What the staff changes of an order (its status, its helper) share: one transaction, in which a
// refusal is thrown so that nothing of the change stays, and the helper-overlap exclusion
// violation of `orders_no_caregiver_overlap` read as "the helper is booked at that time".

export class ChangeRefused<Reason extends string> extends Error {
  constructor(readonly reason: Reason) {
    super(reason);
    this.name = "ChangeRefused";
  }
}

/**
 * Runs `change` in a transaction. A ChangeRefused thrown inside rolls it back and comes out as
 * `{ ok: false, reason }`, the overlap violation as reason "caregiver_busy" (logged with `busy`).
 */
export async function runOrderChange<Outcome, Reason extends string>(
  db: DB,
  change: (trx: Transaction<Database>) => Promise<Outcome>,
  busy: { log: Record<string, unknown>; message: string },
): Promise<Outcome | { ok: false; reason: Reason | "caregiver_busy" }> {
  try {
    return await db.transaction().execute(change);
  } catch (error) {
    if (error instanceof ChangeRefused) return { ok: false, reason: error.reason as Reason };
    if (isCaregiverOverlapError(error)) {
      logger.info(busy.log, busy.message);
      return { ok: false, reason: "caregiver_busy" };
    }
    throw error;
  }
}
