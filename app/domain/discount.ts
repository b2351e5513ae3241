// Discount codes (spec 000 §4 and §8, 001 §4): whether a code applies to an order today and how
// much it takes off, in integer cents. The same rules serve the 'Tarkista' button and the order
// transaction (which re-checks them under a row lock before redeeming). Pure functions, no I/O.

export interface DiscountRule {
  type: "percentage" | "fixed_amount";
  /** Percentage in basis points (10 % = 1000); set for percentage codes. */
  percentBp: number | null;
  /** Fixed discount in cents; set for fixed_amount codes. */
  amountCents: number | null;
  minOrderCents: number | null;
  /** Cap of a percentage discount in cents. */
  maxDiscountCents: number | null;
  /** First and last valid Helsinki dates, 'yyyy-MM-dd', both inclusive. */
  validFrom: string;
  validUntil: string;
  usageLimit: number | null;
  perUserLimit: number | null;
  usageCount: number;
  isActive: boolean;
}

export type DiscountRejection = "inactive" | "not_started" | "expired" | "used_up" | "user_limit" | "min_order";

export type DiscountEvaluation =
  | { ok: true; discountCents: number; finalCents: number }
  | { ok: false; reason: DiscountRejection };

export interface DiscountContext {
  /** The order's price before the discount, cents. */
  orderCents: number;
  /** Helsinki date of the check, 'yyyy-MM-dd'. */
  today: string;
  /** How many times this customer has already redeemed the code (0 for a new customer). */
  userRedemptions: number;
}

function assertCents(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer of cents, got ${value}`);
  }
}

/** Half-up rounding of a non-negative rational a / b to an integer. */
function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * The discount a valid code gives on `orderCents`: percentage = order × bp / 10 000 rounded half
 * up to the cent, capped by the code's maximum; fixed = the amount. Never more than the order.
 */
export function discountAmountCents(code: Pick<DiscountRule, "type" | "percentBp" | "amountCents" | "maxDiscountCents">, orderCents: number): number {
  assertCents("orderCents", orderCents);
  let discount: number;
  if (code.type === "percentage") {
    const bp = code.percentBp ?? 0;
    discount = divideRoundHalfUp(orderCents * bp, 10_000);
    if (code.maxDiscountCents !== null) discount = Math.min(discount, code.maxDiscountCents);
  } else {
    discount = code.amountCents ?? 0;
  }
  return Math.max(0, Math.min(discount, orderCents));
}

/**
 * Whether the code applies, checked in the order a customer can act on: a switched-off code, not
 * yet or no longer valid, used up overall, used up by this customer, and finally an order too
 * small (the one reason a bigger booking would fix).
 */
export function evaluateDiscount(code: DiscountRule, context: DiscountContext): DiscountEvaluation {
  assertCents("orderCents", context.orderCents);
  if (!code.isActive) return { ok: false, reason: "inactive" };
  if (context.today < code.validFrom) return { ok: false, reason: "not_started" };
  if (context.today > code.validUntil) return { ok: false, reason: "expired" };
  if (code.usageLimit !== null && code.usageCount >= code.usageLimit) return { ok: false, reason: "used_up" };
  if (code.perUserLimit !== null && context.userRedemptions >= code.perUserLimit) {
    return { ok: false, reason: "user_limit" };
  }
  if (code.minOrderCents !== null && context.orderCents < code.minOrderCents) {
    return { ok: false, reason: "min_order" };
  }
  const discountCents = discountAmountCents(code, context.orderCents);
  return { ok: true, discountCents, finalCents: context.orderCents - discountCents };
}

export type DiscountDisplayStatus = "inactive" | "upcoming" | "expired" | "used_up" | "active";

/** The back office's status column (001 §4), in its order of precedence (labels: app/messages/statuses.ts). */
export function discountDisplayStatus(
  code: Pick<DiscountRule, "isActive" | "validFrom" | "validUntil" | "usageLimit" | "usageCount">,
  today: string,
): DiscountDisplayStatus {
  if (!code.isActive) return "inactive";
  if (today < code.validFrom) return "upcoming";
  if (today > code.validUntil) return "expired";
  if (code.usageLimit !== null && code.usageCount >= code.usageLimit) return "used_up";
  return "active";
}

/** Codes are stored upper-case (A–Z, 0–9); customers type them any way. */
export function normalizeDiscountCode(input: string): string {
  return input.trim().toUpperCase();
}

