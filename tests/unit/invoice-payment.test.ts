import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoicePaymentProblem, invoicePaymentState, isInvoiceOpen, openBalanceCents, payableCents } from "~/domain/invoice-payment";
import { invoicePaymentSchema } from "~/schemas/backoffice";

// Paying an invoice in parts: what fits, and where the invoice stands.

describe("invoice payments", () => {
  const invoice = { amountCents: 12_000, creditedCents: 0, paidCents: 5_000 };

  it("accepts a payment up to what is unpaid, and nothing more or less", () => {
    expect(openBalanceCents(invoice)).toBe(7_000);
    expect(invoicePaymentProblem(invoice, 7_000)).toBeNull();
    expect(invoicePaymentProblem(invoice, 1)).toBeNull();
    expect(invoicePaymentProblem(invoice, 7_001)).toBe("too_much");
    expect(invoicePaymentProblem(invoice, 0)).toBe("not_positive");
    expect(invoicePaymentProblem(invoice, -100)).toBe("not_positive");
    expect(invoicePaymentProblem(invoice, 10.5)).toBe("not_positive");
  });

  it("is unpaid, partly paid, then paid", () => {
    expect(invoicePaymentState({ amountCents: 12_000, creditedCents: 0, paidCents: 0 })).toBe("unpaid");
    expect(invoicePaymentState(invoice)).toBe("partial");
    expect(invoicePaymentState({ amountCents: 12_000, creditedCents: 0, paidCents: 12_000 })).toBe("paid");
  });

  it("takes a late cancellation's credit note off the balance: 240 € less 160 € credited asks for 80 €", () => {
    const late = { amountCents: 24_000, creditedCents: 16_000, paidCents: 0 };
    expect(openBalanceCents(late)).toBe(8_000);
    expect(payableCents(late)).toBe(8_000);
    expect(invoicePaymentProblem(late, 16_000)).toBe("too_much");
    expect(invoicePaymentProblem(late, 8_000)).toBeNull();
    expect(invoicePaymentState({ ...late, paidCents: 8_000 })).toBe("paid");
    expect(isInvoiceOpen({ ...late, paidCents: 8_000 })).toBe(false);
  });

  it("closes a fully credited invoice: nothing to pay, not open", () => {
    const credited = { amountCents: 24_000, creditedCents: 24_000, paidCents: 0 };
    expect(openBalanceCents(credited)).toBe(0);
    expect(invoicePaymentState(credited)).toBe("credited");
    expect(isInvoiceOpen(credited)).toBe(false);
    expect(invoicePaymentProblem(credited, 1)).toBe("too_much");
  });

  it("never has a balance below 0 and never fits a payment above it", () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(cents, cents, cents, fc.integer({ min: -1_000, max: 10_000_000 }), (amountCents, credited, paid, payment) => {
        const creditedCents = Math.min(credited, amountCents);
        const balanceOf = { amountCents, creditedCents, paidCents: paid };
        const balance = openBalanceCents(balanceOf);
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(balance).toBeLessThanOrEqual(amountCents - creditedCents);
        if (invoicePaymentProblem(balanceOf, payment) === null) {
          expect(payment).toBeGreaterThan(0);
          expect(payment).toBeLessThanOrEqual(balance);
          // Once recorded, the balance is what was left less the payment, still not below 0.
          expect(openBalanceCents({ ...balanceOf, paidCents: paid + payment })).toBe(balance - payment);
        } else if (payment > 0 && Number.isInteger(payment)) {
          expect(payment).toBeGreaterThan(balance);
        }
      }),
    );
  });

  it("reads the amount in Finnish notation and refuses a day after today", () => {
    const schema = invoicePaymentSchema("2026-11-25");
    const base = { intent: "invoice", invoiceId: "3f1c6a52-8d1e-4a57-9d3b-1c2e3f4a5b6c" };
    expect(schema.safeParse({ ...base, paidOn: "2026-11-25", amount: "49,90" }).data?.amount).toBe(4990);
    // A space between thousands, as Finns write them, and the euro sign are fine.
    expect(schema.safeParse({ ...base, paidOn: "2026-11-25", amount: " 1 200,50 € " }).data?.amount).toBe(120_050);
    expect(schema.safeParse({ ...base, paidOn: "2026-11-25", amount: "1.200,50" }).success).toBe(false);
    expect(schema.safeParse({ ...base, paidOn: "2026-11-25", amount: "120 €" }).data?.amount).toBe(12_000);
    const future = schema.safeParse({ ...base, paidOn: "2026-11-26", amount: "10" });
    expect(future.error?.issues.map((issue) => issue.message)).toEqual(["Maksupäivä ei voi olla tulevaisuudessa."]);
  });
});
