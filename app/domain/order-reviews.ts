import type { OrderStatus } from "./statuses";

// A customer's rating of a completed visit (issue 10 "Reviews"; DESIGN.md decision 17). Pure, no I/O.
//
// A helper's `average_rating` is the mean of their rated orders and `total_orders` is how many
// there are (the '(57 tilausta)' of the booking flow's cards). The demo data and helpers moved
// from the old product carry ratings without review rows, so a new rating is folded into the
// stored mean rather than the mean recomputed from the reviews table.

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATINGS = [1, 2, 3, 4, 5] as const;
export type Rating = (typeof RATINGS)[number];

/** The longest comment (the reviews table checks the same). */
export const REVIEW_COMMENT_MAX = 2000;

export function isRating(value: unknown): value is Rating {
  return typeof value === "number" && (RATINGS as readonly number[]).includes(value);
}

/** Only a completed order can be rated, and only once (the caller knows whether it already was). */
export function canReview(order: { status: OrderStatus; reviewed: boolean; hasCaregiver: boolean }): boolean {
  return order.status === "completed" && order.hasCaregiver && !order.reviewed;
}

export interface HelperRating {
  /** Null while nobody has rated the helper. */
  averageRating: number | null;
  ratedOrders: number;
}

/**
 * The helper's rating after one more rated order. A stored mean without a count (data from
 * elsewhere) counts as one rating, so a new rating never erases it and never weighs nothing.
 */
export function addRating(current: HelperRating, rating: Rating): HelperRating {
  if (current.averageRating === null) return { averageRating: rating, ratedOrders: 1 };
  const before = Math.max(current.ratedOrders, 1);
  const ratedOrders = before + 1;
  const mean = (current.averageRating * before + rating) / ratedOrders;
  // Floating-point sums may land a hair outside 1–5 (the column's check).
  return { averageRating: Math.min(RATING_MAX, Math.max(RATING_MIN, mean)), ratedOrders };
}
