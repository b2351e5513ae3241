// The cancellation rule (DESIGN.md decision 16), the one source for the terms page, the booking
// summary, the result page and e-mail, the portal's cancel page and the back office's refund:
// free until FREE_CANCELLATION_HOURS before the visit starts; later, the price of one hour
// (the order's own unit price, never more than what the customer pays). Pure, no I/O.

export const FREE_CANCELLATION_HOURS = 24;

const HOUR_MS = 60 * 60 * 1000;

export interface CancellableOrder {
  startsAt: Date;
  /** Hourly price of the order, VAT included, as snapshotted on the order. */
  unitPriceCents: number;
  /** What the customer pays for the order. */
  totalPriceCents: number;
}

export interface CancellationTerms {
  /** True when cancelled at least FREE_CANCELLATION_HOURS before the start. */
  free: boolean;
  /** The last moment a cancellation is free. */
  freeUntil: Date;
  feeCents: number;
  /** What goes back to the customer: total − fee (refund online, credit on an invoice). */
  refundCents: number;
}

export function freeCancellationDeadline(startsAt: Date): Date {
  return new Date(startsAt.getTime() - FREE_CANCELLATION_HOURS * HOUR_MS);
}

export function cancellationTerms(order: CancellableOrder, now: Date): CancellationTerms {
  const freeUntil = freeCancellationDeadline(order.startsAt);
  const free = now.getTime() <= freeUntil.getTime();
  const feeCents = free ? 0 : Math.min(order.unitPriceCents, order.totalPriceCents);
  return { free, freeUntil, feeCents, refundCents: order.totalPriceCents - feeCents };
}
