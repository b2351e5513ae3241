import { describe, expect, it } from "vitest";
import { invoicePaymentProblem, invoicePaymentState, remainingCents } from "~/domain/invoice-payment";
import { invoicePaymentSchema } from "~/schemas/backoffice";

// Paying an invoice in parts: what fits, and where the invoice stands.

describe("invoice payments", () => {
  const invoice = { amountCents: 12_000, paidCents: 5_000 };

  it("accepts a payment up to what is unpaid, and nothing more or less", () => {
    expect(remainingCents(invoice)).toBe(7_000);
    expect(invoicePaymentProblem(invoice, 7_000)).toBeNull();
    expect(invoicePaymentProblem(invoice, 1)).toBeNull();
    expect(invoicePaymentProblem(invoice, 7_001)).toBe("too_much");
    expect(invoicePaymentProblem(invoice, 0)).toBe("not_positive");
    expect(invoicePaymentProblem(invoice, -100)).toBe("not_positive");
    expect(invoicePaymentProblem(invoice, 10.5)).toBe("not_positive");
  });

  it("is unpaid, partly paid, then paid", () => {
    expect(invoicePaymentState({ amountCents: 12_000, paidCents: 0 })).toBe("unpaid");
    expect(invoicePaymentState(invoice)).toBe("partial");
    expect(invoicePaymentState({ amountCents: 12_000, paidCents: 12_000 })).toBe("paid");
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
