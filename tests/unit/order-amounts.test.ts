import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceOrder } from "~/domain/order-amounts";
import {
  DEFAULT_PRICE_BANDS,
  afterHouseholdDeductionCents,
  hourlyPriceCents,
  householdDeductionCents,
  splitTotal,
} from "~/domain/pricing";

const bands = DEFAULT_PRICE_BANDS;

describe("hourly price by start hour (DESIGN.md decision 1)", () => {
  it("charges 80 € at night, 40 € by day and 60 € in the evening, at every boundary hour", () => {
    const expected: Record<number, number> = {};
    for (let hour = 0; hour <= 7; hour++) expected[hour] = 8000;
    for (let hour = 8; hour <= 17; hour++) expected[hour] = 4000;
    for (let hour = 18; hour <= 23; hour++) expected[hour] = 6000;
    for (let hour = 0; hour <= 23; hour++) {
      expect(hourlyPriceCents(bands, hour), `start ${hour}:00`).toBe(expected[hour]);
    }
    // The band edges named explicitly: 07→08, 17→18, 23→00.
    expect([7, 8, 17, 18, 23, 0].map((h) => hourlyPriceCents(bands, h))).toEqual([8000, 4000, 4000, 6000, 6000, 8000]);
  });

  it("refuses hours outside 0–23", () => {
    expect(() => hourlyPriceCents(bands, 24)).toThrow(RangeError);
    expect(() => hourlyPriceCents(bands, -1)).toThrow(RangeError);
    expect(() => hourlyPriceCents(bands, 8.5)).toThrow(RangeError);
  });
});

describe("household deduction estimate", () => {
  it("is 35 % off, shown as 65 % of the price", () => {
    // Landing page: 40 € → 26,00 €; 2 h daytime 80 € → 52,00 €; 4 h night 320 € → 208,00 €.
    expect(afterHouseholdDeductionCents(4000)).toBe(2600);
    expect(afterHouseholdDeductionCents(8000)).toBe(5200);
    expect(afterHouseholdDeductionCents(32_000)).toBe(20_800);
    expect(householdDeductionCents(4000)).toBe(1400);
  });
});

describe("pricing an order", () => {
  it("snapshots every amount of a two-hour daytime booking", () => {
    // 2 × 40 € = 80 €; net = round(8000 / 1.255) = round(6374.50…) = 6375; VAT = 1625;
    // fee = round(6375 × 0.20) = 1275; earnings = 5100.
    expect(priceOrder({ bands, startHour: 10, durationHours: 2 })).toEqual({
      unitPriceCents: 4000,
      originalPriceCents: 8000,
      discountCents: 0,
      totalPriceCents: 8000,
      netAmountCents: 6375,
      vatAmountCents: 1625,
      platformFeeCents: 1275,
      caregiverEarningsCents: 5100,
      vatRateBp: 2550,
      commissionRateBp: 2000,
    });
  });

  it("prices the whole booking at the start hour's band, even when it runs into the next band", () => {
    const evening = priceOrder({ bands, startHour: 17, durationHours: 3 }); // 17–20 at the 40 € rate
    expect(evening.unitPriceCents).toBe(4000);
    expect(evening.originalPriceCents).toBe(12_000);
    const night = priceOrder({ bands, startHour: 23, durationHours: 2 }); // 23–01 at the 60 € rate
    expect(night.originalPriceCents).toBe(12_000);
  });

  it("takes the discount off the total before the VAT split", () => {
    const amounts = priceOrder({ bands, startHour: 10, durationHours: 2, discountCents: 800 });
    expect(amounts).toMatchObject({ originalPriceCents: 8000, discountCents: 800, totalPriceCents: 7200 });
    // 7200 / 1.255 = 5737.05… → 5737; VAT 1463.
    expect(amounts).toMatchObject({ netAmountCents: 5737, vatAmountCents: 1463 });
  });

  it("caps a discount at the original price", () => {
    const amounts = priceOrder({ bands, startHour: 10, durationHours: 1, discountCents: 10_000 });
    expect(amounts).toMatchObject({ discountCents: 4000, totalPriceCents: 0, netAmountCents: 0, vatAmountCents: 0 });
  });

  it("refuses a negative or fractional discount, and durations outside 1–24", () => {
    expect(() => priceOrder({ bands, startHour: 10, durationHours: 2, discountCents: -1 })).toThrow(RangeError);
    expect(() => priceOrder({ bands, startHour: 10, durationHours: 2, discountCents: 0.5 })).toThrow(RangeError);
    expect(() => priceOrder({ bands, startHour: 10, durationHours: 0 })).toThrow(RangeError);
    expect(() => priceOrder({ bands, startHour: 10, durationHours: 25 })).toThrow(RangeError);
  });
});

describe("amount invariants for every input (the database's check constraints)", () => {
  it("total = original − discount, net + VAT = total, fee + earnings = net, all whole cents", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 300_000 }),
        (startHour, durationHours, discountCents) => {
          const a = priceOrder({ bands, startHour, durationHours, discountCents });
          expect(a.originalPriceCents).toBe(a.unitPriceCents * durationHours);
          expect(a.discountCents).toBe(Math.min(discountCents, a.originalPriceCents));
          expect(a.totalPriceCents).toBe(a.originalPriceCents - a.discountCents);
          expect(a.netAmountCents + a.vatAmountCents).toBe(a.totalPriceCents);
          expect(a.platformFeeCents + a.caregiverEarningsCents).toBe(a.netAmountCents);
          for (const value of [a.netAmountCents, a.vatAmountCents, a.platformFeeCents, a.caregiverEarningsCents]) {
            expect(Number.isInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });

  it("splits any total with net within half a cent of total / 1.255 and fee within half a cent of 20 %", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (total) => {
        const split = splitTotal(total);
        expect(split.netCents + split.vatCents).toBe(total);
        expect(split.platformFeeCents + split.caregiverEarningsCents).toBe(split.netCents);
        expect(Math.abs(split.netCents - total / 1.255)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(split.platformFeeCents - split.netCents * 0.2)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
