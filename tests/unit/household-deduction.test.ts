import { describe, expect, it } from "vitest";
import {
  deductionEstimateCents,
  entriesOfYear,
  orderEntries,
  parseStatementYear,
  paymentDateOf,
  statementState,
  statementTotals,
  unpaidInvoicesOfYear,
  vatPartCents,
  yearToMail,
  type InvoiceMoneyFacts,
  type OrderMoneyFacts,
} from "~/domain/household-deduction";

// The household-deduction statement's arithmetic (issue 29 item 1; decision 0028).

function order(overrides: Partial<OrderMoneyFacts> = {}): OrderMoneyFacts {
  return { orderNumber: "ORD-100001", cancelled: false, workDate: "2026-12-20", vatRateBp: 2550, online: null, invoices: [], ...overrides };
}

function invoice(overrides: Partial<InvoiceMoneyFacts> = {}): InvoiceMoneyFacts {
  return { invoiceNumber: 1001, issueDate: "2026-12-20", amountCents: 80_00, status: "open", paidAt: null, payments: [], credit: null, ...overrides };
}

describe("the estimate: min(35 % × work − 150 €, 1 600 €), never below 0", () => {
  it.each([
    [6_000_00, 1_600_00],
    [300_00, 0],
    [0, 0],
    [-50_00, 0],
    [1_000_00, 200_00],
    [5_000_00, 1_600_00],
    [4_999_99, 1_600_00],
    [428_58, 0],
    [428_59, 1],
  ])("work %i cents → %i cents", (work, estimate) => {
    expect(deductionEstimateCents(work)).toBe(estimate);
  });
});

describe("the VAT inside a price and the payment's Helsinki date", () => {
  it("takes 25,5 % VAT out of a VAT-inclusive amount, symmetric for refunds", () => {
    expect(vatPartCents(80_00, 2550)).toBe(16_25);
    expect(vatPartCents(-80_00, 2550)).toBe(-16_25);
    expect(vatPartCents(0, 2550)).toBe(0);
  });

  it("dates a payment by the Helsinki calendar: 31.12. 23.30 Helsinki is still December, 00.30 on 1.1. is the new year", () => {
    expect(paymentDateOf(new Date("2026-12-31T21:30:00Z"))).toBe("2026-12-31");
    expect(paymentDateOf(new Date("2026-12-31T22:30:00Z"))).toBe("2027-01-01");
  });
});

describe("which payments count in which year", () => {
  it("counts a December visit paid on 5 January in the next year only", () => {
    const facts = [order({ invoices: [invoice({ status: "paid", payments: [{ amountCents: 80_00, paidOn: "2027-01-05" }] })] })];
    expect(entriesOfYear(facts, 2026)).toEqual([]);
    expect(entriesOfYear(facts, 2027)).toMatchObject([{ documentKind: "invoice", documentNumber: "1001", workDate: "2026-12-20", paidOn: "2027-01-05", totalCents: 80_00, workCents: 80_00, nonDeductibleCents: 0, vatCents: 16_25 }]);
    expect(unpaidInvoicesOfYear(facts, 2026)).toEqual([{ invoiceNumber: 1001, orderNumber: "ORD-100001", workDate: "2026-12-20", issueDate: "2026-12-20", openCents: 80_00 }]);
    expect(unpaidInvoicesOfYear(facts, 2027)).toEqual([]);
  });

  it("counts an online payment at its capture and its refunds when they were made", () => {
    const facts = order({
      online: {
        status: "refunded",
        amountCents: 160_00,
        capturedAt: new Date("2026-03-01T10:00:00Z"),
        refundedCents: 160_00,
        refundedAt: new Date("2027-01-10T10:00:00Z"),
        rescheduleRefunds: [{ cents: 40_00, at: new Date("2026-03-05T10:00:00Z") }],
      },
    });
    expect(orderEntries(facts).map((row) => [row.paidOn, row.totalCents, row.documentKind])).toEqual([
      ["2026-03-01", 160_00, "order"],
      ["2026-03-05", -40_00, "order"],
      ["2027-01-10", -120_00, "order"],
    ]);
  });

  it("takes an older refunded payment without its amount as refunded in full", () => {
    const facts = order({ online: { status: "refunded", amountCents: 80_00, capturedAt: new Date("2026-03-01T10:00:00Z"), refundedCents: null, refundedAt: new Date("2026-03-02T10:00:00Z"), rescheduleRefunds: [] } });
    expect(statementTotals(entriesOfYear([facts], 2026)).totalCents).toBe(0);
  });

  it("ignores online payments that were never captured", () => {
    for (const status of ["pending", "authorized", "failed"] as const) {
      expect(orderEntries(order({ online: { status, amountCents: 80_00, capturedAt: null, refundedCents: null, refundedAt: null, rescheduleRefunds: [] } }))).toEqual([]);
    }
  });

  it("reduces the year by what a credit note gives back of money already paid, on the credit note's date", () => {
    const paidThenCancelled = order({
      cancelled: true,
      invoices: [invoice({ status: "cancelled", payments: [{ amountCents: 80_00, paidOn: "2026-05-02" }], credit: { creditNoteNumber: 7, amountCents: 40_00, issueDate: "2026-05-10" } })],
    });
    const rows = entriesOfYear([paidThenCancelled], 2026);
    expect(rows.map((row) => [row.documentKind, row.totalCents, row.workCents, row.nonDeductibleCents])).toEqual([
      ["invoice", 80_00, 0, 80_00],
      ["credit_note", -40_00, 0, -40_00],
    ]);
    expect(statementTotals(rows)).toMatchObject({ totalCents: 40_00, workCents: 0, nonDeductibleCents: 40_00 });
  });

  it("gives nothing back for a credit note of an invoice that was never paid", () => {
    const unpaidCredited = order({ invoices: [invoice({ status: "cancelled", credit: { creditNoteNumber: 8, amountCents: 80_00, issueDate: "2026-05-10" } })] });
    expect(orderEntries(unpaidCredited)).toEqual([]);
    expect(unpaidInvoicesOfYear([unpaidCredited], 2026)).toEqual([]);
  });

  it("counts an invoice marked paid before single payments were recorded on the day it was marked", () => {
    const legacy = order({ invoices: [invoice({ status: "paid", paidAt: new Date("2026-06-01T09:00:00Z") })] });
    expect(orderEntries(legacy)).toMatchObject([{ paidOn: "2026-06-01", totalCents: 80_00 }]);
  });

  it("lists a partly paid invoice as unpaid with what was left at the year's end", () => {
    const partly = order({ invoices: [invoice({ payments: [{ amountCents: 30_00, paidOn: "2026-12-28" }, { amountCents: 50_00, paidOn: "2027-01-03" }] })] });
    expect(unpaidInvoicesOfYear([partly], 2026)).toMatchObject([{ openCents: 50_00 }]);
    expect(statementTotals(entriesOfYear([partly], 2026)).totalCents).toBe(30_00);
  });
});

describe("when a year's statement can be had", () => {
  it("gives the past year's from 2 January, the current year's so far, and none for the future", () => {
    expect(statementState(2026, "2027-01-01")).toBe("not_yet");
    expect(statementState(2026, "2027-01-02")).toBe("final");
    expect(statementState(2027, "2027-01-02")).toBe("so_far");
    expect(statementState(2028, "2027-06-01")).toBe("not_yet");
    expect(statementState(2021, "2027-06-01")).toBe("final");
  });

  it("mails the past year's statements from 2 January through January", () => {
    expect(yearToMail("2027-01-01")).toBeNull();
    expect(yearToMail("2027-01-02")).toBe(2026);
    expect(yearToMail("2027-01-31")).toBe(2026);
    expect(yearToMail("2027-02-01")).toBeNull();
  });

  it("reads a year from the address only when the picker offers it", () => {
    expect(parseStatementYear("2025", "2026-11-27")).toBe(2025);
    expect(parseStatementYear("2027", "2026-11-27")).toBeNull();
    expect(parseStatementYear("1999", "2026-11-27")).toBeNull();
    expect(parseStatementYear("20x5", "2026-11-27")).toBeNull();
    expect(parseStatementYear(null, "2026-11-27")).toBeNull();
  });
});
