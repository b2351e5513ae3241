// The rules that follow from a status (spec 001 §4). How each status reads to people is in
// app/messages/statuses.ts. Pure, no I/O.
import type { OrderStatus } from "./statuses";
import { checkVisitTransition, VISIT_TRANSITIONS, type VisitTimes } from "./visit-lifecycle";

export const ORDER_STATUSES = ["pending", "pending_payment", "in_progress", "completed", "cancelled"] as const satisfies readonly OrderStatus[];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * A live order holds its helper's time: every status but cancelled. This is exactly the
 * condition of the exclusion constraint `orders_no_caregiver_overlap` (migration 0001), so the
 * availability shown to customers agrees with what the database will accept.
 */
export function isLiveOrder(status: OrderStatus): boolean {
  return status !== "cancelled";
}

/** The back-office orders list's filter value for the open orders (isOpenOrder), '?tila=avoimet'. */
export const OPEN_FILTER = "avoimet";

/** Open orders in the back-office statistics (001 §4): pending and pending_payment. */
export function isOpenOrder(status: OrderStatus): boolean {
  return status === "pending" || status === "pending_payment";
}

/** Staff may cancel an order that is neither cancelled nor completed (001 §4): the transition table's staff rows. */
export function canStaffCancel(status: OrderStatus): boolean {
  return VISIT_TRANSITIONS.some((t) => t.actor === "staff" && t.from === status && t.to === "cancelled");
}

export type CaregiverAction = "accept" | "reject" | "start" | "complete";

/**
 * The one-tap actions a caregiver has on an order assigned to them (001 §4 "Caregiver actions"):
 * - pending, not yet accepted: accept (order stays pending, customer notified) or reject (the
 *   order is unassigned and staff asked to reassign it);
 * - pending, accepted: start ('Aloita tehtävä' → in_progress);
 * - in_progress: complete ('Merkitse suoritetuksi' → completed, payout created);
 * - any other status: nothing.
 * The old product offered "start" only on pending orders with no caregiver, which can never
 * appear in a caregiver's own list; we read it as "after accepting", so every assigned order has
 * a way forward. `accepted` is whatever the portal records for the caregiver's acceptance.
 * An order still waiting for its online payment (pending_payment) offers nothing: the time is
 * not yet paid for.
 */
export function caregiverActionsFor(order: { status: OrderStatus; accepted: boolean }): CaregiverAction[] {
  switch (order.status) {
    case "pending":
      return order.accepted ? ["start"] : ["accept", "reject"];
    case "in_progress":
      return ["complete"];
    case "pending_payment":
    case "completed":
    case "cancelled":
      return [];
  }
}

/** Why a helper's start or complete is not offered yet (or any more), and from or until when. */
export type TaskTimeNotice = { kind: "start_opens" | "complete_opens"; at: Date } | { kind: "start_closed"; at: Date };

/**
 * The buttons a helper's task card shows at `now`: the actions its status affords
 * (caregiverActionsFor), with start and complete only inside their times in the transition table
 * (decision 0018); outside them, a notice naming when they become possible.
 */
export function caregiverTaskActions(
  task: { status: OrderStatus; accepted: boolean } & VisitTimes,
  now: Date,
): { actions: CaregiverAction[]; notice: TaskTimeNotice | null } {
  let notice: TaskTimeNotice | null = null;
  const actions = caregiverActionsFor(task).filter((action) => {
    if (action !== "start" && action !== "complete") return true;
    const check = checkVisitTransition({ actor: "helper" }, { ...task, hasCaregiver: true }, action === "start" ? "in_progress" : "completed", now);
    if (check.ok) return true;
    if (check.reason === "too_early") notice = { kind: action === "start" ? "start_opens" : "complete_opens", at: check.opensAt };
    else if (check.reason === "too_late") notice = { kind: "start_closed", at: check.closedAt };
    return false;
  });
  return { actions, notice };
}

/**
 * Where an order stands in the customer's words (issue 10): a pending order waits for its helper
 * to confirm it until the helper has accepted it ('Vahvistettu'); every other status is itself.
 */
export type CustomerOrderStage = "awaiting_caregiver" | "confirmed" | Exclude<OrderStatus, "pending">;

export function customerOrderStage(order: { status: OrderStatus; accepted: boolean }): CustomerOrderStage {
  if (order.status !== "pending") return order.status;
  return order.accepted ? "confirmed" : "awaiting_caregiver";
}

/**
 * A customer may cancel their own order from the portal while it is still ahead of them and
 * nobody has started it: waiting for payment or for the visit (DESIGN.md decision 16). The fee
 * depends on the time left (app/domain/cancellation.ts); an order already under way or past its
 * start is cancelled by calling customer service.
 */
export function canCustomerCancel(order: { status: OrderStatus; startsAt: Date }, now: Date): boolean {
  const visit = { status: order.status, startsAt: order.startsAt, endsAt: order.startsAt, hasCaregiver: false };
  return checkVisitTransition({ actor: "customer" }, visit, "cancelled", now).ok;
}
