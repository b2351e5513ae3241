import fc from "fast-check";
import { DISCOUNT_INVALID_MESSAGE, DISCOUNT_VALID_MESSAGE, discountRejectionMessage } from "~/messages/booking";
import { DISCOUNT_STATUS_LABELS } from "~/messages/statuses";
import { describe, expect, it } from "vitest";
import {
  discountAmountCents,
  discountDisplayStatus,
  evaluateDiscount,
  normalizeDiscountCode,
  type DiscountRule,
} from "~/domain/discount";

const TODAY = "2026-05-12";

function percentage(overrides: Partial<DiscountRule> = {}): DiscountRule {
  return {
    type: "percentage",
    percentBp: 1000, // 10 %
    amountCents: null,
    minOrderCents: null,
    maxDiscountCents: null,
    validFrom: "2026-05-01",
    validUntil: "2026-05-31",
    usageLimit: null,
    perUserLimit: null,
    usageCount: 0,
    isActive: true,
    ...overrides,
  };
}

function fixed(amountCents: number, overrides: Partial<DiscountRule> = {}): DiscountRule {
  return percentage({ type: "fixed_amount", percentBp: null, amountCents, ...overrides });
}

const context = (orderCents: number, userRedemptions = 0) => ({ orderCents, today: TODAY, userRedemptions });

describe("percentage discounts", () => {
  it("takes the percentage of the order", () => {
    expect(evaluateDiscount(percentage(), context(8000))).toEqual({ ok: true, discountCents: 800, finalCents: 7200 });
  });

  it("rounds half a cent up", () => {
    // 12.5 % of 4 € = 50 c exactly; 12.5 % of 4.04 € = 50.5 c → 51 c; 12.5 % of 4.03 € = 50.375 → 50 c.
    expect(discountAmountCents(percentage({ percentBp: 1250 }), 400)).toBe(50);
    expect(discountAmountCents(percentage({ percentBp: 1250 }), 404)).toBe(51);
    expect(discountAmountCents(percentage({ percentBp: 1250 }), 403)).toBe(50);
    // 33.33 % of 1 € = 33.33 c → 33 c.
    expect(discountAmountCents(percentage({ percentBp: 3333 }), 100)).toBe(33);
  });

  it("is capped by the code's maximum discount", () => {
    const capped = percentage({ percentBp: 5000, maxDiscountCents: 2500 });
    expect(evaluateDiscount(capped, context(4000))).toEqual({ ok: true, discountCents: 2000, finalCents: 2000 });
    expect(evaluateDiscount(capped, context(8000))).toEqual({ ok: true, discountCents: 2500, finalCents: 5500 });
  });

  it("gives at most the whole order at 100 %", () => {
    expect(evaluateDiscount(percentage({ percentBp: 10_000 }), context(8000))).toEqual({
      ok: true,
      discountCents: 8000,
      finalCents: 0,
    });
  });
});

describe("fixed-amount discounts", () => {
  it("takes the amount off", () => {
    expect(evaluateDiscount(fixed(1500), context(8000))).toEqual({ ok: true, discountCents: 1500, finalCents: 6500 });
  });

  it("never takes more than the order", () => {
    expect(evaluateDiscount(fixed(10_000), context(4000))).toEqual({ ok: true, discountCents: 4000, finalCents: 0 });
  });
});

describe("when a code does not apply", () => {
  it("refuses a switched-off code", () => {
    expect(evaluateDiscount(percentage({ isActive: false }), context(8000))).toEqual({ ok: false, reason: "inactive" });
  });

  it("is valid from the first to the last day inclusive", () => {
    const code = percentage({ validFrom: "2026-05-12", validUntil: "2026-05-12" });
    expect(evaluateDiscount(code, context(8000)).ok).toBe(true);
    expect(evaluateDiscount(code, { ...context(8000), today: "2026-05-11" })).toEqual({ ok: false, reason: "not_started" });
    expect(evaluateDiscount(code, { ...context(8000), today: "2026-05-13" })).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses a code used up to its limit, and allows the last use", () => {
    expect(evaluateDiscount(percentage({ usageLimit: 10, usageCount: 10 }), context(8000))).toEqual({
      ok: false,
      reason: "used_up",
    });
    expect(evaluateDiscount(percentage({ usageLimit: 10, usageCount: 9 }), context(8000)).ok).toBe(true);
  });

  it("refuses a customer who has used their share", () => {
    const code = percentage({ perUserLimit: 1 });
    expect(evaluateDiscount(code, context(8000, 1))).toEqual({ ok: false, reason: "user_limit" });
    expect(evaluateDiscount(code, context(8000, 0)).ok).toBe(true);
  });

  it("refuses an order below the minimum and accepts one exactly at it", () => {
    const code = percentage({ minOrderCents: 8000 });
    expect(evaluateDiscount(code, context(7999))).toEqual({ ok: false, reason: "min_order" });
    expect(evaluateDiscount(code, context(8000)).ok).toBe(true);
  });

  it("reports the first failing rule when several fail", () => {
    const everythingWrong = percentage({
      isActive: false,
      validUntil: "2026-05-01",
      usageLimit: 1,
      usageCount: 1,
      minOrderCents: 99_999,
    });
    expect(evaluateDiscount(everythingWrong, context(100))).toEqual({ ok: false, reason: "inactive" });
    expect(evaluateDiscount({ ...everythingWrong, isActive: true }, context(100))).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses an order amount that is not whole cents", () => {
    expect(() => evaluateDiscount(percentage(), context(10.5))).toThrow(RangeError);
    expect(() => evaluateDiscount(percentage(), context(-1))).toThrow(RangeError);
  });
});

describe("discount messages", () => {
  it("uses the spec's texts for valid and generic invalid codes", () => {
    expect(DISCOUNT_VALID_MESSAGE).toBe("Alennuskoodi hyväksytty!");
    expect(DISCOUNT_INVALID_MESSAGE).toBe("Alennuskoodi ei ole voimassa");
    expect(discountRejectionMessage("not_found")).toBe("Alennuskoodi ei ole voimassa");
    expect(discountRejectionMessage("inactive")).toBe("Alennuskoodi ei ole voimassa");
  });

  it("tells the minimum order in euros", () => {
    expect(discountRejectionMessage("min_order", { minOrderCents: 5000 })).toBe(
      "Tilauksen vähimmäissumma tälle koodille on 50,00\u00a0€.",
    );
  });

  it("has a Finnish text for every reason", () => {
    for (const reason of ["inactive", "not_started", "expired", "used_up", "user_limit", "min_order"] as const) {
      expect(discountRejectionMessage(reason, { minOrderCents: 100 })).toMatch(/alennuskoodi|koodille/i);
    }
  });
});

describe("display status in the back office", () => {
  it("follows the precedence inactive, upcoming, expired, used up, active", () => {
    expect(DISCOUNT_STATUS_LABELS[discountDisplayStatus(percentage({ isActive: false, validFrom: "2027-01-01", validUntil: "2027-02-01" }), TODAY)]).toBe(
      "Ei aktiivinen",
    );
    expect(DISCOUNT_STATUS_LABELS[discountDisplayStatus(percentage({ validFrom: "2026-05-13" }), TODAY)]).toBe("Tuleva");
    expect(DISCOUNT_STATUS_LABELS[discountDisplayStatus(percentage({ validUntil: "2026-05-11", usageLimit: 1, usageCount: 1 }), TODAY)]).toBe(
      "Vanhentunut",
    );
    expect(DISCOUNT_STATUS_LABELS[discountDisplayStatus(percentage({ usageLimit: 5, usageCount: 5 }), TODAY)]).toBe("Käytetty loppuun");
    expect(DISCOUNT_STATUS_LABELS[discountDisplayStatus(percentage({ usageLimit: 5, usageCount: 4 }), TODAY)]).toBe("Aktiivinen");
    expect(DISCOUNT_STATUS_LABELS[discountDisplayStatus(percentage({ validFrom: TODAY, validUntil: TODAY }), TODAY)]).toBe("Aktiivinen");
  });
});

describe("normalising typed codes", () => {
  it("trims and upper-cases", () => {
    expect(normalizeDiscountCode("  kevat25 ")).toBe("KEVAT25");
    expect(normalizeDiscountCode("KEVAT25")).toBe("KEVAT25");
  });
});

describe("discount properties", () => {
  const rules = fc.oneof(
    fc.record({
      percentBp: fc.integer({ min: 1, max: 10_000 }),
      maxDiscountCents: fc.option(fc.integer({ min: 1, max: 1_000_000 })),
    }).map(({ percentBp, maxDiscountCents }) => percentage({ percentBp, maxDiscountCents })),
    fc.integer({ min: 1, max: 1_000_000 }).map((amount) => fixed(amount)),
  );

  it("never discounts below zero or above the order or the cap, and the final price adds up", () => {
    fc.assert(
      fc.property(rules, fc.integer({ min: 0, max: 10_000_000 }), (code, orderCents) => {
        const result = evaluateDiscount(code, context(orderCents));
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(Number.isInteger(result.discountCents)).toBe(true);
        expect(result.discountCents).toBeGreaterThanOrEqual(0);
        expect(result.discountCents).toBeLessThanOrEqual(orderCents);
        if (code.maxDiscountCents !== null) expect(result.discountCents).toBeLessThanOrEqual(code.maxDiscountCents);
        expect(result.discountCents + result.finalCents).toBe(orderCents);
      }),
    );
  });

  it("a percentage discount is within half a cent of the exact percentage (before the cap)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 10_000_000 }), (bp, orderCents) => {
        const exact = (orderCents * bp) / 10_000;
        const given = discountAmountCents(percentage({ percentBp: bp }), orderCents);
        expect(Math.abs(given - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
