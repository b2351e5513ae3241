import type { DB } from "../db.server";
import type { OrderStatus, StaffRole } from "../db/schema";
import { checkVisitTransition } from "../domain/visit-lifecycle";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { lockOrderForChange, setOrderStatus } from "../models/backoffice-orders.server";
import { insertPendingPayoutOfOrder } from "../models/caregiver-tasks.server";
import { now } from "./clock.server";
import { ChangeRefused, runOrderChange } from "./order-change.server";

// Staff set an order's status by hand (DESIGN.md decisions 7, 19 and 22): only along the staff rows
// of the visit's transition table (domain/visit-lifecycle.ts, decision 0018), checked on the
// locked row against the server's clock, so completed and cancelled stay final and a payout is
// never created before the visit has started. Every change is audited in its own transaction.
// Cancelling has consequences (a refund or a credit note, e-mails, the helper's time released)
// that only the cancellation flow carries out, so 'cancelled' is refused here and the pages send
// staff to that flow instead.

export type StatusChangeRefusal =
  | "order_not_found"
  /** 'cancelled' goes through the cancellation flow (refund, credit note, e-mails). */
  | "use_cancel"
  /** Moving an order back into the helper's time when they have been booked meanwhile. */
  | "caregiver_busy"
  /** The transition table has no staff row from this status to that one (final states, no helper). */
  | "not_allowed";

export type StatusChangeOutcome =
  | { ok: true; changed: boolean; orderNumber: string }
  | { ok: false; reason: StatusChangeRefusal }
  | { ok: false; reason: "too_early"; opensAt: Date }
  | { ok: false; reason: "too_late"; closedAt: Date };

class TimeRefused extends Error {
  constructor(readonly outcome: Extract<StatusChangeOutcome, { reason: "too_early" | "too_late" }>) {
    super(outcome.reason);
  }
}

export async function changeOrderStatus(
  db: DB,
  actor: AuditActor,
  input: { orderId: string; status: OrderStatus; role: StaffRole },
): Promise<StatusChangeOutcome> {
  if (input.status === "cancelled") return { ok: false, reason: "use_cancel" };
  try {
    return await changeInTransaction(db, actor, input);
  } catch (error) {
    if (error instanceof TimeRefused) return error.outcome;
    throw error;
  }
}

function changeInTransaction(db: DB, actor: AuditActor, input: { orderId: string; status: OrderStatus; role: StaffRole }) {
  return runOrderChange<StatusChangeOutcome, StatusChangeRefusal>(
    db,
    async (trx) => {
      const order = await lockOrderForChange(trx, input.orderId);
      if (!order) throw new ChangeRefused("order_not_found");
      if (order.status === input.status) return { ok: true, changed: false, orderNumber: order.orderNumber } as const;
      const check = checkVisitTransition({ actor: "staff", role: input.role }, { ...order, hasCaregiver: order.caregiverId !== null }, input.status, now());
      if (!check.ok) {
        if (check.reason === "not_allowed") throw new ChangeRefused("not_allowed");
        throw new TimeRefused(check);
      }
      await setOrderStatus(trx, order.id, input.status);
      // A completed order owes its helper their earnings, whoever marked it (DESIGN.md decision 18).
      const payoutCents = input.status === "completed" ? await insertPendingPayoutOfOrder(trx, order.id) : null;
      await writeAudit(trx, actor, {
        action: "order.status",
        entityType: "order",
        entityId: order.id,
        before: { status: order.status },
        after: payoutCents === null ? { status: input.status } : { status: input.status, payoutCents },
      });
      return { ok: true, changed: true, orderNumber: order.orderNumber } as const;
    },
    { log: { orderId: input.orderId }, message: "status change refused: the helper is booked at that time" },
  );
}
