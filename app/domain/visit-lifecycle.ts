// A visit's life as one table (DESIGN.md decision 22, docs/decisions/0018): who may move an order
// from which status to which, and when, relative to the visit's start and end. The helper's
// buttons, the back office's status control, the server's checks, the auto-complete job and the
// tests all read this table; nothing else decides. Pure, no I/O: the caller passes `now` (the
// server's clock, app/services/clock.server.ts).
import type { OrderStatus, StaffRole } from "./statuses";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A helper may start a visit this long before its start ("Aloita tehtävä"). */
export const START_WINDOW_BEFORE_START_MS = 30 * MINUTE_MS;
/** A started visit nobody marked done is completed by the job this long after its end. */
export const AUTO_COMPLETE_AFTER_END_MS = 12 * HOUR_MS;

export type VisitActor = "helper" | "staff" | "customer" | "system";

/** A moment relative to the visit: its start or its end, shifted by `offsetMs` (negative = before). */
export interface VisitMoment {
  anchor: "start" | "end";
  offsetMs: number;
}

export interface VisitTransition {
  actor: VisitActor;
  from: OrderStatus;
  to: OrderStatus;
  /** Allowed from this moment on (inclusive). */
  notBefore?: VisitMoment;
  /** Allowed until this moment (inclusive). */
  notAfter?: VisitMoment;
  /** The change needs the visit's helper (it starts or completes their work, or pays them). */
  needsCaregiver?: boolean;
  /** Only these staff roles (all staff when absent). */
  roles?: readonly StaffRole[];
}

const START: VisitMoment = { anchor: "start", offsetMs: 0 };
const END: VisitMoment = { anchor: "end", offsetMs: 0 };
const START_WINDOW_OPENS: VisitMoment = { anchor: "start", offsetMs: -START_WINDOW_BEFORE_START_MS };
const AUTO_COMPLETE_AT: VisitMoment = { anchor: "end", offsetMs: AUTO_COMPLETE_AFTER_END_MS };

/**
 * Every allowed change. Completed and cancelled have no row out: they are final for everyone.
 * Marking completed creates the helper's payout, so it is never allowed before the start, for any
 * actor. Cancelling (refund or credit note, e-mails) goes through the cancellation flows, which
 * check these rows too; 'pending_payment → pending' is the payment provider's confirmation.
 */
export const VISIT_TRANSITIONS: readonly VisitTransition[] = [
  // The helper on their task card (accepting first is not a status change: see order-status.ts).
  { actor: "helper", from: "pending", to: "in_progress", notBefore: START_WINDOW_OPENS, notAfter: END, needsCaregiver: true },
  { actor: "helper", from: "in_progress", to: "completed", notBefore: START, needsCaregiver: true },
  // Staff on the order page: the helper's own steps with the helper's own times, a mistaken start
  // undone before the end, a visit that happened but was never started marked done.
  { actor: "staff", from: "pending", to: "in_progress", notBefore: START_WINDOW_OPENS, notAfter: END, needsCaregiver: true },
  { actor: "staff", from: "in_progress", to: "pending", notAfter: END },
  { actor: "staff", from: "in_progress", to: "completed", notBefore: START, needsCaregiver: true },
  { actor: "staff", from: "pending", to: "completed", notBefore: START, needsCaregiver: true },
  { actor: "staff", from: "pending", to: "cancelled", roles: ["admin"] },
  { actor: "staff", from: "pending_payment", to: "cancelled", roles: ["admin"] },
  { actor: "staff", from: "in_progress", to: "cancelled", roles: ["admin"] },
  // The customer cancels their own order while it is still ahead (decision 16).
  { actor: "customer", from: "pending", to: "cancelled", notAfter: { anchor: "start", offsetMs: -1 } },
  { actor: "customer", from: "pending_payment", to: "cancelled", notAfter: { anchor: "start", offsetMs: -1 } },
  // The system: the payment confirmed or given up, an unconfirmed guest order expired, and the
  // auto-complete job.
  { actor: "system", from: "pending_payment", to: "pending" },
  { actor: "system", from: "pending_payment", to: "cancelled" },
  { actor: "system", from: "pending", to: "cancelled" },
  { actor: "system", from: "in_progress", to: "completed", notBefore: AUTO_COMPLETE_AT, needsCaregiver: true },
];

export const FINAL_STATUSES: readonly OrderStatus[] = ["completed", "cancelled"];

export function isFinalStatus(status: OrderStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

export interface VisitTimes {
  startsAt: Date;
  endsAt: Date;
}

export function momentOf(moment: VisitMoment, visit: VisitTimes): Date {
  const base = moment.anchor === "start" ? visit.startsAt : visit.endsAt;
  return new Date(base.getTime() + moment.offsetMs);
}

export type TransitionCheck =
  | { ok: true; transition: VisitTransition }
  /** No row for this actor (and role) from this status to that one, or it needs a helper the order lacks. */
  | { ok: false; reason: "not_allowed" }
  /** Allowed from `opensAt` on. */
  | { ok: false; reason: "too_early"; opensAt: Date }
  /** Was allowed until `closedAt`. */
  | { ok: false; reason: "too_late"; closedAt: Date };

export interface TransitionSubject extends VisitTimes {
  status: OrderStatus;
  hasCaregiver: boolean;
}

/** Whether `actor` (with `role` when staff) may move the order to `to` at `now`, and if not, why. */
export function checkVisitTransition(
  who: { actor: VisitActor; role?: StaffRole | null },
  order: TransitionSubject,
  to: OrderStatus,
  now: Date,
): TransitionCheck {
  const row = VISIT_TRANSITIONS.find(
    (t) =>
      t.actor === who.actor &&
      t.from === order.status &&
      t.to === to &&
      (!t.roles || (who.role != null && t.roles.includes(who.role))) &&
      (!t.needsCaregiver || order.hasCaregiver),
  );
  if (!row) return { ok: false, reason: "not_allowed" };
  if (row.notBefore) {
    const opensAt = momentOf(row.notBefore, order);
    if (now.getTime() < opensAt.getTime()) return { ok: false, reason: "too_early", opensAt };
  }
  if (row.notAfter) {
    const closedAt = momentOf(row.notAfter, order);
    if (now.getTime() > closedAt.getTime()) return { ok: false, reason: "too_late", closedAt };
  }
  return { ok: true, transition: row };
}

/** The statuses `actor` could move the order to at `now` (the buttons and the staff control). */
export function allowedTargets(who: { actor: VisitActor; role?: StaffRole | null }, order: TransitionSubject, now: Date): OrderStatus[] {
  const targets = new Set(VISIT_TRANSITIONS.filter((t) => t.actor === who.actor && t.from === order.status).map((t) => t.to));
  return [...targets].filter((to) => checkVisitTransition(who, order, to, now).ok);
}

/** When the system's auto-complete makes a started visit completed (its end + 12 h). */
export function autoCompleteAt(visit: VisitTimes): Date {
  return new Date(visit.endsAt.getTime() + AUTO_COMPLETE_AFTER_END_MS);
}
