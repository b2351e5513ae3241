import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatVatRate, invoiceAmounts, invoiceDates, vatNumberOf } from "~/domain/invoice";
import { priceOrder } from "~/domain/order-amounts";
import { DEFAULT_PRICE_BANDS } from "~/domain/pricing";
import { pdfText } from "~/services/pdf-layout.server";

function orderFor(startHour: number, durationHours: number, discountCents: number) {
  const a = priceOrder({ bands: DEFAULT_PRICE_BANDS, startHour, durationHours, discountCents });
  return {
    unitPriceCents: a.unitPriceCents,
    durationHours,
    originalPriceCents: a.originalPriceCents,
    discountCents: a.discountCents,
    totalPriceCents: a.totalPriceCents,
    netAmountCents: a.netAmountCents,
    vatAmountCents: a.vatAmountCents,
  };
}

describe("invoice amounts", () => {
  it("prints 3 h × 40 € less 10 € as the Tax Administration expects", () => {
    expect(invoiceAmounts(orderFor(14, 3, 1000))).toEqual({
      unitNetCents: 3187,
      unitGrossCents: 4000,
      quantityHours: 3,
      lineNetCents: 9562,
      lineGrossCents: 12000,
      discountNetCents: 797,
      discountGrossCents: 1000,
      taxBaseCents: 8765,
      vatCents: 2235,
      totalCents: 11000,
      workShareCents: 11000,
    });
  });

  it("lines always add up to the order's own net, VAT and total", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 24 }), fc.integer({ min: 0, max: 200_000 }), (hour, hours, discount) => {
        const order = orderFor(hour, hours, discount);
        const a = invoiceAmounts(order);
        expect(a.lineNetCents - a.discountNetCents).toBe(order.netAmountCents);
        expect(a.taxBaseCents + a.vatCents).toBe(a.totalCents);
        expect(a.lineGrossCents - a.discountGrossCents).toBe(a.totalCents);
        expect(a.discountNetCents).toBeGreaterThanOrEqual(0);
        expect(a.workShareCents).toBe(a.totalCents);
      }),
    );
  });

  it("refuses amounts that do not add up", () => {
    const broken = { ...orderFor(14, 2, 0), vatAmountCents: 1 };
    expect(() => invoiceAmounts(broken)).toThrow(RangeError);
  });
});

describe("invoice dates", () => {
  it("issues on today's Helsinki date and is due 14 days later", () => {
    expect(invoiceDates(new Date("2026-06-10T09:00:00Z"))).toEqual({ issueDate: "2026-06-10", dueDate: "2026-06-24" });
    // Just after midnight in Helsinki is still the previous day in UTC.
    expect(invoiceDates(new Date("2026-12-31T22:30:00Z"))).toEqual({ issueDate: "2027-01-01", dueDate: "2027-01-15" });
    // Across the autumn clock change (25 October 2026).
    expect(invoiceDates(new Date("2026-10-20T12:00:00Z"))).toEqual({ issueDate: "2026-10-20", dueDate: "2026-11-03" });
  });
});

describe("invoice texts", () => {
  it("formats the VAT rate and number the Finnish way", () => {
    expect(formatVatRate(2550)).toBe("25,5 %");
    expect(formatVatRate(2400)).toBe("24 %");
    expect(vatNumberOf("3141593-8")).toBe("FI31415938");
  });

  it("keeps Finnish letters and the euro sign for the PDF fonts and tames the rest", () => {
    expect(pdfText("Äijälä Öhman Åsa Šárka – 12,50 €")).toBe("Äijälä Öhman Åsa Šárka – 12,50 €");
    expect(pdfText("\u221212,50\u00a0€")).toBe("-12,50\u00a0€");
    expect(pdfText("Łukasz Dvořák")).toBe("Lukasz Dvorák");
    expect(pdfText("Иван")).toBe("????");
  });
});
