import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addRating, canReview, RATINGS, type Rating } from "~/domain/order-reviews";
import { bellLabel, ratingLabel } from "~/messages/portal";
import { OrderReviewSchema } from "~/schemas/order-review";

// Ratings of completed visits (issue 10 "Reviews"): the helper's mean and count after each new
// rating, who may rate, and the words around them.

const rating = fc.constantFrom(...RATINGS);

describe("a helper's rating after one more rated order", () => {
  it("starts from the first rating and averages the rest", () => {
    expect(addRating({ averageRating: null, ratedOrders: 0 }, 4)).toEqual({ averageRating: 4, ratedOrders: 1 });
    expect(addRating({ averageRating: 4, ratedOrders: 1 }, 5)).toEqual({ averageRating: 4.5, ratedOrders: 2 });
    expect(addRating({ averageRating: 4.8, ratedOrders: 57 }, 1)).toEqual({ averageRating: (4.8 * 57 + 1) / 58, ratedOrders: 58 });
  });

  it("treats a stored mean without a count as one rating, never erasing it", () => {
    expect(addRating({ averageRating: 3, ratedOrders: 0 }, 5)).toEqual({ averageRating: 4, ratedOrders: 2 });
  });

  it("equals the plain mean of all ratings, whatever their order, and stays between 1 and 5", () => {
    fc.assert(
      fc.property(fc.array(rating, { minLength: 1, maxLength: 200 }), (ratings) => {
        let state: { averageRating: number | null; ratedOrders: number } = { averageRating: null, ratedOrders: 0 };
        for (const value of ratings) state = addRating(state, value as Rating);
        const mean = ratings.reduce((sum, value) => sum + value, 0) / ratings.length;
        expect(state.ratedOrders).toBe(ratings.length);
        expect(state.averageRating).toBeCloseTo(mean, 9);
        expect(state.averageRating).toBeGreaterThanOrEqual(1);
        expect(state.averageRating).toBeLessThanOrEqual(5);
      }),
    );
  });
});

describe("who may rate", () => {
  it("rates only a completed order with a helper, once", () => {
    expect(canReview({ status: "completed", reviewed: false, hasCaregiver: true })).toBe(true);
    expect(canReview({ status: "completed", reviewed: true, hasCaregiver: true })).toBe(false);
    expect(canReview({ status: "completed", reviewed: false, hasCaregiver: false })).toBe(false);
    for (const status of ["pending", "pending_payment", "in_progress", "cancelled"] as const) {
      expect(canReview({ status, reviewed: false, hasCaregiver: true })).toBe(false);
    }
  });
});

describe("the review form", () => {
  it("takes 1–5 and an optional comment up to 2000 characters", () => {
    expect(OrderReviewSchema.parse({ rating: "5" })).toEqual({ rating: 5 });
    expect(OrderReviewSchema.parse({ rating: "1", comment: " Kiitos! " })).toEqual({ rating: 1, comment: "Kiitos!" });
    for (const bad of [undefined, "", "0", "6", "4.5", " 4", "viisi"]) {
      const result = OrderReviewSchema.safeParse({ rating: bad });
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0].message).toBe("Valitse arvio yhdestä viiteen");
    }
    expect(OrderReviewSchema.safeParse({ rating: "3", comment: "x".repeat(2000) }).success).toBe(true);
    expect(OrderReviewSchema.safeParse({ rating: "3", comment: "x".repeat(2001) }).error?.issues[0].message).toBe("Kommentti voi olla enintään 2000 merkkiä");
  });
});

describe("words", () => {
  it("names the bell with its unread count", () => {
    expect(bellLabel(0)).toBe("Ilmoitukset");
    expect(bellLabel(1)).toBe("Ilmoitukset, 1 lukematon");
    expect(bellLabel(2)).toBe("Ilmoitukset, 2 lukematonta");
  });

  it("says a rating in words", () => {
    expect(ratingLabel(1)).toBe("1 tähti viidestä");
    expect(ratingLabel(4)).toBe("4 tähteä viidestä");
  });
});
