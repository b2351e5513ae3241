import type { DB } from "../db.server";
import type { OrderStatus } from "../db/schema";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { lockOrderForChange, setOrderStatus } from "../models/backoffice-orders.server";
import { insertPendingPayoutOfOrder } from "../models/caregiver-tasks.server";
import { ChangeRefused, runOrderChange } from "./order-change.server";

// Staff set an order's status by hand (spec 001 §4: "Staff can set any status directly from a
// dropdown with no restriction on transitions"; DESIGN.md decisions 7 and 19). Every change is
// audited in its own transaction. Cancelling is the exception: it has consequences (a refund or
// a credit note, e-mails, the helper's time released) that only the cancellation flow carries
// out, so 'cancelled' is refused here and the pages send staff to that flow instead.

export type StatusChangeRefusal =
  | "order_not_found"
  /** 'cancelled' goes through the cancellation flow (refund, credit note, e-mails). */
  | "use_cancel"
  /** Reviving a cancelled order whose helper has been booked for that time meanwhile. */
  | "caregiver_busy";

export type StatusChangeOutcome =
  | { ok: true; changed: boolean; orderNumber: string }
  | { ok: false; reason: StatusChangeRefusal };

export async function changeOrderStatus(
  db: DB,
  actor: AuditActor,
  input: { orderId: string; status: OrderStatus },
): Promise<StatusChangeOutcome> {
  if (input.status === "cancelled") return { ok: false, reason: "use_cancel" };
  return runOrderChange<StatusChangeOutcome, StatusChangeRefusal>(
    db,
    async (trx) => {
      const order = await lockOrderForChange(trx, input.orderId);
      if (!order) throw new ChangeRefused("order_not_found");
      if (order.status === input.status) return { ok: true, changed: false, orderNumber: order.orderNumber } as const;
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
