// Rescheduling a visit, "Muuta aikaa" (DESIGN.md decision 23, docs/decisions/0020): who may move
// which order until when, and what the move does with the money. Apart from the visit's transition
// table (./visit-lifecycle.ts), which moves a visit between states: a move keeps the state (actor
// customer|staff, from pending, to pending) and changes the time, before rescheduleDeadline. Pure, no I/O.
import { freeCancellationDeadline } from "./cancellation";
import type { OrderStatus } from "./statuses";

export type RescheduleActor = "customer" | "staff";

export type RescheduleRefusal =
  /** Cancelled, completed or under way: the visit is not ahead of us any more. */
  | "not_reschedulable"
  /** An online order whose checkout is still open: the price it shows must stay what it is. */
  | "awaiting_payment"
  /** The customer's deadline (the free-cancellation deadline) or, for staff, the start has passed. */
  | "too_late";

/**
 * The last moment an actor may move the visit: the customer until the free-cancellation
 * deadline (moving is then as free as cancelling), staff until the visit starts (phone requests).
 */
export function rescheduleDeadline(startsAt: Date, actor: RescheduleActor): Date {
  return actor === "customer" ? freeCancellationDeadline(startsAt) : startsAt;
}

/** Why the actor may not move this order now, or null when they may. */
export function rescheduleRefusal(order: { status: OrderStatus; startsAt: Date }, actor: RescheduleActor, now: Date): RescheduleRefusal | null {
  if (order.status === "pending_payment") return "awaiting_payment";
  if (order.status !== "pending") return "not_reschedulable";
  const deadline = rescheduleDeadline(order.startsAt, actor);
  // The customer's deadline is inclusive like the free cancellation's; staff must act before the start.
  const late = actor === "customer" ? now.getTime() > deadline.getTime() : now.getTime() >= deadline.getTime();
  return late ? "too_late" : null;
}

export function canReschedule(order: { status: OrderStatus; startsAt: Date }, actor: RescheduleActor, now: Date): boolean {
  return rescheduleRefusal(order, actor, now) === null;
}

// ---------------------------------------------------------------- money

export interface RescheduleMoneyInput {
  paymentMethod: "online" | "invoice";
  oldTotalCents: number;
  newTotalCents: number;
  /** What a captured online payment holds after earlier refunds (0 for invoice orders). */
  paidOnlineCents: number;
  /** The order's current invoice, if any (an invoice order's, or an online order's extra invoice). */
  invoice: { amountCents: number; paidCents: number; status: "open" | "paid" | "cancelled" } | null;
  /**
   * A visit of a series paid by invoice (decision 0039): none of its own; `onInvoice` once its
   * month's invoice is out with the visit on a line. Absent for any other order.
   */
  monthlyInvoice?: { onInvoice: boolean } | null;
}

export type RescheduleMoneyPlan =
  | {
      ok: true;
      /** The current invoice is credited in full and replaced (it names the old time and price). */
      replaceInvoice: boolean;
      /** The amount of the new invoice, 0 for none. */
      newInvoiceCents: number;
      /** Refunded from the online payment through the provider, once. */
      refundCents: number;
      differenceCents: number;
    }
  /** Money was already paid on the invoice: a different price needs a person (staff, by hand). */
  | { ok: false; reason: "invoice_paid" }
  /** The visit is on its series' issued monthly invoice: a different price needs a person. */
  | { ok: false; reason: "monthly_invoiced" };

/**
 * What a move does with the money. The customer owes the new total; what they have paid online
 * stays paid. An unpaid invoice is credited and replaced by one of what is still owed; a lower
 * price than what was paid online is refunded, a higher one invoiced. An invoice with payments
 * on it is never credited here: the same price keeps it, a different one is refused.
 */
export function planRescheduleMoney(input: RescheduleMoneyInput): RescheduleMoneyPlan {
  const differenceCents = input.newTotalCents - input.oldTotalCents;
  // A series visit is billed by its month's invoice: never an invoice of its own. Before that
  // invoice it goes on it at its new price; once on it, a different price is refused like a paid one.
  if (input.monthlyInvoice) {
    if (input.monthlyInvoice.onInvoice && differenceCents !== 0) return { ok: false, reason: "monthly_invoiced" };
    return { ok: true, replaceInvoice: false, newInvoiceCents: 0, refundCents: 0, differenceCents };
  }
  const invoice = input.invoice && input.invoice.status !== "cancelled" ? input.invoice : null;
  if (invoice && (invoice.paidCents > 0 || invoice.status === "paid")) {
    if (differenceCents !== 0) return { ok: false, reason: "invoice_paid" };
    return { ok: true, replaceInvoice: false, newInvoiceCents: 0, refundCents: 0, differenceCents };
  }
  const owedCents = input.newTotalCents - input.paidOnlineCents;
  return {
    ok: true,
    replaceInvoice: invoice !== null,
    newInvoiceCents: Math.max(0, owedCents),
    refundCents: Math.max(0, -owedCents),
    differenceCents,
  };
}
