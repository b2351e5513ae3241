// Status names shown to people (spec 001 §4) and the few rules that follow from a status. Every
// page shows a status through these maps, so one status never reads two ways. Pure, no I/O.
import type { CaregiverStatus, OrderStatus, PaymentStatus, PayoutStatus } from "./statuses";

export const ORDER_STATUSES = ["pending", "pending_payment", "in_progress", "completed", "cancelled"] as const satisfies readonly OrderStatus[];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Odottaa",
  pending_payment: "Odottaa maksua",
  in_progress: "Käynnissä",
  completed: "Valmis",
  cancelled: "Peruutettu",
};

/** The caregiver's own bookings list words a pending order as waiting for their acceptance. */
export const CAREGIVER_BOOKING_STATUS_LABELS: Record<OrderStatus, string> = {
  ...ORDER_STATUS_LABELS,
  pending: "Odottaa hyväksyntää",
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Odottaa",
  authorized: "Valtuutettu",
  captured: "Maksettu",
  refunded: "Palautettu",
  failed: "Epäonnistui",
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: "Odottaa",
  paid: "Maksettu",
};

export const CAREGIVER_STATUS_LABELS: Record<CaregiverStatus, string> = {
  pending: "Odottaa",
  approved: "Hyväksytty",
  rejected: "Hylätty",
  suspended: "Jäädytetty",
};

export const CUSTOMER_STATUS_LABELS: Record<"active" | "suspended", string> = {
  active: "Aktiivinen",
  suspended: "Jäädytetty",
};

function isKey<T extends string>(labels: Record<T, string>, value: unknown): value is T {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(labels, value);
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return isKey(ORDER_STATUS_LABELS, value);
}

export function orderStatusLabel(status: OrderStatus): string {
  return ORDER_STATUS_LABELS[status];
}

/** An unknown payment status reads as pending (001 §4). */
export function paymentStatusLabel(status: string): string {
  return isKey(PAYMENT_STATUS_LABELS, status) ? PAYMENT_STATUS_LABELS[status] : PAYMENT_STATUS_LABELS.pending;
}

export function payoutStatusLabel(status: PayoutStatus): string {
  return PAYOUT_STATUS_LABELS[status];
}

export function caregiverStatusLabel(status: CaregiverStatus): string {
  return CAREGIVER_STATUS_LABELS[status];
}

/** Any status other than active reads as suspended (001 §4: 'Aktiivinen' or otherwise 'Jäädytetty'). */
export function customerStatusLabel(status: string): string {
  return status === "active" ? CUSTOMER_STATUS_LABELS.active : CUSTOMER_STATUS_LABELS.suspended;
}

/**
 * A live order holds its helper's time: every status but cancelled. This is exactly the
 * condition of the exclusion constraint `orders_no_caregiver_overlap` (migration 0001), so the
 * availability shown to customers agrees with what the database will accept.
 */
export function isLiveOrder(status: OrderStatus): boolean {
  return status !== "cancelled";
}

/** Open orders in the back-office statistics (001 §4): pending and pending_payment. */
export function isOpenOrder(status: OrderStatus): boolean {
  return status === "pending" || status === "pending_payment";
}

/** Staff may cancel an order that is neither cancelled nor completed (001 §4). */
export function canStaffCancel(status: OrderStatus): boolean {
  return status !== "cancelled" && status !== "completed";
}

export type CaregiverAction = "accept" | "reject" | "start" | "complete";

export const CAREGIVER_ACTION_LABELS: Record<CaregiverAction, string> = {
  accept: "Hyväksy",
  reject: "Hylkää",
  start: "Aloita tehtävä",
  complete: "Merkitse suoritetuksi",
};

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
