import { describe, expect, it } from "vitest";
import { planRescheduleMoney } from "~/domain/reschedule";
import { dueInvoiceMonths, helsinkiMonthOf, invoiceMonthName, lineCreditCents, nextMonthStart, seriesInvoiceTotals } from "~/domain/series-invoice";

describe("helsinkiMonthOf", () => {
  it("takes the month on the Helsinki wall clock, not in UTC", () => {
    // 31.12. 23.30 UTC is already 1.1. 01.30 in Helsinki.
    expect(helsinkiMonthOf(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(helsinkiMonthOf(new Date("2026-12-31T21:30:00Z"))).toBe("2026-12-01");
  });
});

describe("dueInvoiceMonths", () => {
  const visits = [
    { orderId: "jan-1", startsAt: new Date("2027-01-05T08:00:00Z") },
    { orderId: "dec-2", startsAt: new Date("2026-12-15T08:00:00Z") },
    { orderId: "dec-1", startsAt: new Date("2026-12-08T08:00:00Z") },
    { orderId: "dec-3", startsAt: new Date("2026-12-22T08:00:00Z") },
    { orderId: "jan-2", startsAt: new Date("2027-01-12T08:00:00Z") },
  ];

  it("in December only December is due, its visits in time order", () => {
    const due = dueInvoiceMonths(visits, new Date("2026-12-01T10:00:00Z"));
    expect(due).toEqual([{ month: "2026-12-01", visits: [visits[2], visits[1], visits[3]] }]);
  });

  it("from the first of January on both months are due, oldest first", () => {
    const due = dueInvoiceMonths(visits, new Date("2026-12-31T22:05:00Z"));
    expect(due.map((group) => [group.month, group.visits.map((visit) => visit.orderId)])).toEqual([
      ["2026-12-01", ["dec-1", "dec-2", "dec-3"]],
      ["2027-01-01", ["jan-1", "jan-2"]],
    ]);
  });

  it("nothing is due before the visits' month", () => {
    expect(dueInvoiceMonths(visits, new Date("2026-11-30T21:59:00Z"))).toEqual([]);
  });
});

describe("seriesInvoiceTotals", () => {
  it("sums the lines and breaks the VAT down by rate", () => {
    const totals = seriesInvoiceTotals([
      { amountCents: 7650, netAmountCents: 6096, vatAmountCents: 1554, vatRateBp: 2550 },
      { amountCents: 9180, netAmountCents: 7315, vatAmountCents: 1865, vatRateBp: 2550 },
      { amountCents: 7400, netAmountCents: 6016, vatAmountCents: 1384, vatRateBp: 2300 },
    ]);
    expect(totals.totalCents).toBe(24230);
    expect(totals.byRate).toEqual([
      { vatRateBp: 2300, taxBaseCents: 6016, vatCents: 1384, totalCents: 7400 },
      { vatRateBp: 2550, taxBaseCents: 13411, vatCents: 3419, totalCents: 16830 },
    ]);
  });

  it("refuses a line whose net and VAT do not make its amount", () => {
    expect(() => seriesInvoiceTotals([{ amountCents: 100, netAmountCents: 80, vatAmountCents: 19, vatRateBp: 2550 }])).toThrow(RangeError);
  });
});

describe("lineCreditCents", () => {
  it("credits all but the fee, never below nothing", () => {
    expect(lineCreditCents(7650, 0)).toBe(7650);
    expect(lineCreditCents(7650, 3825)).toBe(3825);
    expect(lineCreditCents(7650, 9000)).toBe(0);
  });
});

describe("invoiceMonthName and nextMonthStart", () => {
  it("names the month in Finnish and steps over the year's end", () => {
    expect(invoiceMonthName("2026-12-01")).toBe("joulukuu 2026");
    expect(nextMonthStart("2026-12-01")).toBe("2027-01-01");
    expect(nextMonthStart("2027-01-01")).toBe("2027-02-01");
  });
});

describe("moving a series visit paid by invoice (planRescheduleMoney)", () => {
  const base = { paymentMethod: "invoice" as const, oldTotalCents: 8000, paidOnlineCents: 0, invoice: null };

  it("never gives the visit an invoice of its own: before its month's invoice the new price goes on it", () => {
    expect(planRescheduleMoney({ ...base, newTotalCents: 9200, monthlyInvoice: { onInvoice: false } })).toEqual({
      ok: true,
      replaceInvoice: false,
      newInvoiceCents: 0,
      refundCents: 0,
      differenceCents: 1200,
    });
  });

  it("refuses a new price once the visit is on its month's invoice, and keeps the same price", () => {
    expect(planRescheduleMoney({ ...base, newTotalCents: 9200, monthlyInvoice: { onInvoice: true } })).toEqual({ ok: false, reason: "monthly_invoiced" });
    expect(planRescheduleMoney({ ...base, newTotalCents: 8000, monthlyInvoice: { onInvoice: true } })).toMatchObject({ ok: true, newInvoiceCents: 0 });
  });

  it("leaves a single invoice order as it was: its unpaid invoice replaced by one of the new price", () => {
    expect(planRescheduleMoney({ ...base, newTotalCents: 9200 })).toMatchObject({ ok: true, newInvoiceCents: 9200 });
  });
});
