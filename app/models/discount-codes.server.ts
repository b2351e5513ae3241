import { sql } from "kysely";
import type { Executor } from "../db.server";
import {
  evaluateDiscount,
  normalizeDiscountCode,
  type DiscountEvaluation,
  type DiscountRejection,
  type DiscountRule,
} from "../domain/discount";
import type { DiscountCode } from "../db/schema";

// Discount codes as customers use them: the 'Tarkista' check and the redemption inside the order
// transaction. The rules themselves are pure (app/domain/discount.ts); here is only what needs the
// database: finding a code, counting a customer's earlier uses, and taking one use atomically.

const CODE_PATTERN = /^[A-Z0-9]{3,20}$/;

export async function findDiscountCode(executor: Executor, input: string): Promise<DiscountCode | null> {
  const code = normalizeDiscountCode(input);
  // Stored codes match this pattern (check constraint); anything else cannot exist.
  if (!CODE_PATTERN.test(code)) return null;
  const row = await executor
    .selectFrom("discount_codes")
    .selectAll()
    .where(sql<string>`upper(code)`, "=", code)
    .executeTakeFirst();
  return row ?? null;
}

/** How many times the profile with this e-mail address has redeemed the code (0 for a new customer). */
export async function countRedemptionsByEmail(executor: Executor, discountCodeId: string, email: string): Promise<number> {
  const row = await executor
    .selectFrom("discount_redemptions")
    .innerJoin("profiles", "profiles.id", "discount_redemptions.profile_id")
    .select(sql<number>`count(*)::int`.as("count"))
    .where("discount_redemptions.discount_code_id", "=", discountCodeId)
    .where(sql<string>`lower(profiles.email)`, "=", email.trim().toLowerCase())
    .executeTakeFirstOrThrow();
  return row.count;
}

async function countRedemptionsByProfile(executor: Executor, discountCodeId: string, profileId: string): Promise<number> {
  const row = await executor
    .selectFrom("discount_redemptions")
    .select(sql<number>`count(*)::int`.as("count"))
    .where("discount_code_id", "=", discountCodeId)
    .where("profile_id", "=", profileId)
    .executeTakeFirstOrThrow();
  return row.count;
}

export type DiscountPreview =
  | { ok: true; code: string; discountCents: number; finalCents: number }
  | { ok: false; reason: DiscountRejection | "not_found"; minOrderCents: number | null };

/**
 * What a code would give on an order of `orderCents` today, for the 'Tarkista' button. Changes
 * nothing: the code is redeemed only with the order (`redeemDiscountCode`).
 */
export async function previewDiscount(
  executor: Executor,
  input: { code: string; orderCents: number; today: string; email: string | null },
): Promise<DiscountPreview> {
  const row = await findDiscountCode(executor, input.code);
  if (!row) return { ok: false, reason: "not_found", minOrderCents: null };
  const userRedemptions = input.email ? await countRedemptionsByEmail(executor, row.id, input.email) : 0;
  const result = evaluateDiscount(discountRuleFromRow(row), {
    orderCents: input.orderCents,
    today: input.today,
    userRedemptions,
  });
  if (!result.ok) return { ok: false, reason: result.reason, minOrderCents: row.min_order_cents };
  return { ok: true, code: row.code, discountCents: result.discountCents, finalCents: result.finalCents };
}

export type Redemption =
  | { ok: true; discountCodeId: string; code: string; discountCents: number }
  | { ok: false; reason: DiscountRejection | "not_found"; minOrderCents: number | null };

/**
 * Takes one use of a code for an order, inside the order's transaction. The use is counted by a
 * single conditional UPDATE (`usage_count < usage_limit` in its WHERE), which PostgreSQL applies
 * to the newest row version after waiting for any concurrent redeemer: however many orders race
 * for the last use, exactly one gets it, and the check constraint on usage_count stands behind it.
 * The row stays locked until the transaction ends, so the per-customer count read after it sees
 * every earlier redemption of the same customer. A refusal leaves nothing changed once the caller
 * rolls back.
 */
export async function redeemDiscountCode(
  trx: Executor,
  input: { code: string; profileId: string; orderCents: number; today: string },
): Promise<Redemption> {
  const code = normalizeDiscountCode(input.code);
  if (!CODE_PATTERN.test(code)) return { ok: false, reason: "not_found", minOrderCents: null };
  const taken = await trx
    .updateTable("discount_codes")
    .set((eb) => ({ usage_count: eb("usage_count", "+", 1) }))
    .where(sql<string>`upper(code)`, "=", code)
    .where("is_active", "=", true)
    .where("valid_from", "<=", input.today)
    .where("valid_until", ">=", input.today)
    .where((eb) => eb.or([eb("usage_limit", "is", null), eb("usage_count", "<", eb.ref("usage_limit"))]))
    .returningAll()
    .executeTakeFirst();
  if (!taken) {
    // Not taken: say why, from the code as it is now.
    const row = await findDiscountCode(trx, code);
    if (!row) return { ok: false, reason: "not_found", minOrderCents: null };
    const result = evaluateDiscount(discountRuleFromRow(row), { orderCents: input.orderCents, today: input.today, userRedemptions: 0 });
    return { ok: false, reason: result.ok ? "used_up" : result.reason, minOrderCents: row.min_order_cents };
  }
  const userRedemptions = await countRedemptionsByProfile(trx, taken.id, input.profileId);
  // The rule sees the code as it was before this use.
  const result: DiscountEvaluation = evaluateDiscount(
    { ...discountRuleFromRow(taken), usageCount: taken.usage_count - 1 },
    { orderCents: input.orderCents, today: input.today, userRedemptions },
  );
  if (!result.ok) return { ok: false, reason: result.reason, minOrderCents: taken.min_order_cents };
  return { ok: true, discountCodeId: taken.id, code: taken.code, discountCents: result.discountCents };
}

export async function insertDiscountRedemption(
  trx: Executor,
  input: { discountCodeId: string; profileId: string; orderId: string; amountCents: number },
): Promise<void> {
  await trx
    .insertInto("discount_redemptions")
    .values({
      discount_code_id: input.discountCodeId,
      profile_id: input.profileId,
      order_id: input.orderId,
      amount_cents: input.amountCents,
    })
    .execute();
}

/** The rule of a discount_codes row. */
function discountRuleFromRow(
  row: Pick<
    DiscountCode,
    | "type"
    | "percent_bp"
    | "amount_cents"
    | "min_order_cents"
    | "max_discount_cents"
    | "valid_from"
    | "valid_until"
    | "usage_limit"
    | "per_user_limit"
    | "usage_count"
    | "is_active"
  >,
): DiscountRule {
  return {
    type: row.type,
    percentBp: row.percent_bp,
    amountCents: row.amount_cents,
    minOrderCents: row.min_order_cents,
    maxDiscountCents: row.max_discount_cents,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    usageLimit: row.usage_limit,
    perUserLimit: row.per_user_limit,
    usageCount: row.usage_count,
    isActive: row.is_active,
  };
}

/**
 * Gives back the discount use of a cancelled order: its redemption row goes and the code's
 * usage count drops by one, so the code can be used again within its limits.
 */
export async function releaseDiscountRedemption(executor: Executor, orderId: string): Promise<boolean> {
  const redemption = await executor
    .deleteFrom("discount_redemptions")
    .where("order_id", "=", orderId)
    .returning("discount_code_id")
    .executeTakeFirst();
  if (!redemption) return false;
  await executor
    .updateTable("discount_codes")
    .set({ usage_count: sql`usage_count - 1` })
    .where("id", "=", redemption.discount_code_id)
    .where("usage_count", ">", 0)
    .execute();
  return true;
}
