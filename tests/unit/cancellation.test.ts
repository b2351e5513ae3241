import { describe, expect, it } from "vitest";
import { FREE_CANCELLATION_HOURS, cancellationTerms, freeCancellationDeadline } from "~/domain/cancellation";

const startsAt = new Date("2026-12-10T10:00:00Z");
const order = { startsAt, unitPriceCents: 4_000, totalPriceCents: 12_000 };

describe("cancellation terms", () => {
  it("is free up to and including the deadline 24 hours before the start", () => {
    expect(FREE_CANCELLATION_HOURS).toBe(24);
    expect(freeCancellationDeadline(startsAt).toISOString()).toBe("2026-12-09T10:00:00.000Z");
    expect(cancellationTerms(order, new Date("2026-12-09T10:00:00Z"))).toMatchObject({ free: true, feeCents: 0, refundCents: 12_000 });
  });

  it("charges one hour's price after the deadline", () => {
    expect(cancellationTerms(order, new Date("2026-12-09T10:00:01Z"))).toMatchObject({ free: false, feeCents: 4_000, refundCents: 8_000 });
  });

  it("never charges more than the customer pays (a discounted order)", () => {
    const discounted = { startsAt, unitPriceCents: 4_000, totalPriceCents: 2_500 };
    expect(cancellationTerms(discounted, new Date("2026-12-10T09:00:00Z"))).toMatchObject({ feeCents: 2_500, refundCents: 0 });
  });
});
