import type { DB } from "../db.server";
import { addRating, canReview, type Rating } from "../domain/order-reviews";
import { findOrderForReview, insertReview, lockHelperRating, setHelperRating } from "../models/order-reviews.server";

// A customer rates a completed visit once (issue 10 "Reviews"). The review and the helper's new
// average and count commit together: the order row is locked first, so a resubmitted form waits
// and then finds the review already given; the helper's row is locked before its rating is read,
// so two customers rating the same helper at once both count.

export type ReviewOutcome =
  | { ok: true; orderNumber: string }
  | { ok: false; reason: "not_found" | "not_completed" | "already_reviewed" };

export async function submitOrderReview(
  db: DB,
  input: { profileId: string; orderNumber: string; rating: Rating; comment: string | null; byManageLink?: boolean },
): Promise<ReviewOutcome> {
  return db.transaction().execute(async (trx) => {
    const order = await findOrderForReview(trx, input.profileId, input.orderNumber, { lock: true, byManageLink: input.byManageLink });
    if (!order) return { ok: false, reason: "not_found" } as const;
    if (order.review) return { ok: false, reason: "already_reviewed" } as const;
    if (!order.caregiverId || !canReview({ status: order.status, reviewed: false, hasCaregiver: true })) {
      return { ok: false, reason: "not_completed" } as const;
    }
    // The helper's row first: the review's foreign key would otherwise take a share lock on it
    // that two concurrent reviews each hold while waiting for the other's to go (a deadlock).
    const current = await lockHelperRating(trx, order.caregiverId);
    if (!current) throw new Error(`submitOrderReview: helper ${order.caregiverId} of order ${order.orderNumber} vanished`);
    const inserted = await insertReview(trx, {
      orderId: order.id,
      caregiverId: order.caregiverId,
      customerId: order.customerId,
      rating: input.rating,
      comment: input.comment,
    });
    if (!inserted) return { ok: false, reason: "already_reviewed" } as const;
    await setHelperRating(trx, order.caregiverId, addRating(current, input.rating));
    return { ok: true, orderNumber: order.orderNumber } as const;
  });
}
