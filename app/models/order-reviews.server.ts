import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { HelperRating, Rating } from "../domain/order-reviews";
import { ordersWithParties, orderSummaryColumns, toOrderSummary, type OrderSummary } from "./order-views.server";

// Customers' ratings of completed visits (issue 10 "Reviews"): the order as its customer may rate
// it, the review row, and the helper's rating it feeds. Always scoped by the customer's own
// profile: another person's order is "not found".

export interface ReviewableOrder extends OrderSummary {
  caregiverId: string | null;
  caregiverName: string | null;
  customerId: string;
  review: { rating: number; comment: string | null; createdAt: Date } | null;
}

/**
 * The customer's own order by its number, with its review if given; `byManageLink` when the
 * order's manage link found the profile, so an unclaimed guest order counts too. With `lock`, the order row
 * is locked for the caller's transaction, so that two submissions of the form queue and the second
 * finds the first one's review.
 */
export async function findOrderForReview(
  db: Executor,
  profileId: string,
  orderNumber: string,
  { lock = false, byManageLink = false }: { lock?: boolean; byManageLink?: boolean } = {},
): Promise<ReviewableOrder | null> {
  if (orderNumber.length > 40) return null;
  const row = await ordersWithParties(db)
    .select([...orderSummaryColumns, "o.caregiver_id", "gp.full_name as caregiver_name", "o.customer_id"])
    .where("o.order_number", "=", orderNumber)
    .where("cp.id", "=", profileId)
    // A guest order on this address joins the account only when its holder claims it (decision 15);
    // its "Hallitse varausta" link opens it either way, the link being the permission (decision 0036).
    .$if(!byManageLink, (query) => query.where("o.claimed", "=", true))
    .$if(lock, (query) => query.forUpdate("o"))
    .executeTakeFirst();
  if (!row) return null;
  const review = await db
    .selectFrom("reviews")
    .select(["rating", "comment", "created_at"])
    .where("order_id", "=", row.id)
    .executeTakeFirst();
  return {
    ...toOrderSummary(row),
    caregiverId: row.caregiver_id,
    caregiverName: row.caregiver_name ?? null,
    customerId: row.customer_id,
    review: review ? { rating: review.rating, comment: review.comment, createdAt: review.created_at } : null,
  };
}

/** Inserts the review; false when the order already has one (the unique order_id decides). */
export async function insertReview(
  trx: Executor,
  review: { orderId: string; caregiverId: string; customerId: string; rating: Rating; comment: string | null },
): Promise<boolean> {
  const row = await trx
    .insertInto("reviews")
    .values({ order_id: review.orderId, caregiver_id: review.caregiverId, customer_id: review.customerId, rating: review.rating, comment: review.comment })
    .onConflict((oc) => oc.column("order_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The helper's rating, locked until the caller's transaction ends, so two new ratings add up. */
export async function lockHelperRating(trx: Executor, caregiverId: string): Promise<HelperRating | null> {
  const row = await trx
    .selectFrom("caregivers")
    .select(["average_rating", "total_orders"])
    .where("id", "=", caregiverId)
    .forUpdate()
    .executeTakeFirst();
  return row ? { averageRating: row.average_rating, ratedOrders: row.total_orders } : null;
}

export async function setHelperRating(trx: Executor, caregiverId: string, rating: HelperRating): Promise<void> {
  await trx
    .updateTable("caregivers")
    .set({ average_rating: rating.averageRating, total_orders: rating.ratedOrders, updated_at: sql`now()` })
    .where("id", "=", caregiverId)
    .execute();
}
