import { describe, expect, it } from "vitest";
import { planRescheduleMoney, rescheduleDeadline, rescheduleRefusal } from "~/domain/reschedule";

// Who may move a visit until when, and what the move does with the money (docs/decisions/0020).

const startsAt = new Date("2027-03-10T10:00:00Z");
const at = (hoursBefore: number, minutes = 0) => new Date(startsAt.getTime() - hoursBefore * 3_600_000 - minutes * 60_000);

describe("rescheduleRefusal", () => {
  it("lets the customer move a pending visit until the free-cancellation deadline, inclusive, and not a minute after", () => {
    expect(rescheduleDeadline(startsAt, "customer")).toEqual(at(24));
    expect(rescheduleRefusal({ status: "pending", startsAt }, "customer", at(24))).toBeNull();
    expect(rescheduleRefusal({ status: "pending", startsAt }, "customer", at(23, 59))).toBe("too_late");
  });

  it("lets staff move it until the start, not at the start", () => {
    expect(rescheduleRefusal({ status: "pending", startsAt }, "staff", at(0, 1))).toBeNull();
    expect(rescheduleRefusal({ status: "pending", startsAt }, "staff", startsAt)).toBe("too_late");
  });

  it("refuses an order awaiting its online payment, and one under way, done or cancelled, for everyone", () => {
    for (const actor of ["customer", "staff"] as const) {
      expect(rescheduleRefusal({ status: "pending_payment", startsAt }, actor, at(48))).toBe("awaiting_payment");
      for (const status of ["in_progress", "completed", "cancelled"] as const) {
        expect(rescheduleRefusal({ status, startsAt }, actor, at(48))).toBe("not_reschedulable");
      }
    }
  });
});

describe("planRescheduleMoney", () => {
  const open = (amountCents: number) => ({ amountCents, paidCents: 0, status: "open" as const });

  it("replaces an unpaid invoice by one of the new total, dearer or cheaper", () => {
    expect(planRescheduleMoney({ paymentMethod: "invoice", oldTotalCents: 8000, newTotalCents: 12000, paidOnlineCents: 0, invoice: open(8000) })).toEqual({
      ok: true, replaceInvoice: true, newInvoiceCents: 12000, refundCents: 0, differenceCents: 4000,
    });
    expect(planRescheduleMoney({ paymentMethod: "invoice", oldTotalCents: 12000, newTotalCents: 8000, paidOnlineCents: 0, invoice: open(12000) })).toMatchObject({
      replaceInvoice: true, newInvoiceCents: 8000, refundCents: 0, differenceCents: -4000,
    });
  });

  it("refunds a paid online order's difference when cheaper and invoices it when dearer", () => {
    expect(planRescheduleMoney({ paymentMethod: "online", oldTotalCents: 12000, newTotalCents: 8000, paidOnlineCents: 12000, invoice: null })).toMatchObject({ replaceInvoice: false, newInvoiceCents: 0, refundCents: 4000 });
    expect(planRescheduleMoney({ paymentMethod: "online", oldTotalCents: 8000, newTotalCents: 12000, paidOnlineCents: 8000, invoice: null })).toMatchObject({ replaceInvoice: false, newInvoiceCents: 4000, refundCents: 0 });
  });

  it("replaces an online order's unpaid extra invoice when it moves again", () => {
    expect(planRescheduleMoney({ paymentMethod: "online", oldTotalCents: 12000, newTotalCents: 16000, paidOnlineCents: 8000, invoice: open(4000) })).toMatchObject({
      replaceInvoice: true, newInvoiceCents: 8000, refundCents: 0,
    });
  });

  it("keeps an invoice with a payment on it at the same price, and refuses a different one", () => {
    const partlyPaid = { amountCents: 8000, paidCents: 1000, status: "open" as const };
    expect(planRescheduleMoney({ paymentMethod: "invoice", oldTotalCents: 8000, newTotalCents: 8000, paidOnlineCents: 0, invoice: partlyPaid })).toMatchObject({ ok: true, replaceInvoice: false, newInvoiceCents: 0 });
    expect(planRescheduleMoney({ paymentMethod: "invoice", oldTotalCents: 8000, newTotalCents: 12000, paidOnlineCents: 0, invoice: partlyPaid })).toEqual({ ok: false, reason: "invoice_paid" });
  });

  it("never asks more nor gives back more than the difference between the new total and what was paid (property)", () => {
    for (let paid = 0; paid <= 20000; paid += 2500) {
      for (let next = 0; next <= 20000; next += 1500) {
        const plan = planRescheduleMoney({ paymentMethod: "online", oldTotalCents: paid, newTotalCents: next, paidOnlineCents: paid, invoice: null });
        if (!plan.ok) throw new Error("unexpected refusal");
        expect(plan.newInvoiceCents - plan.refundCents).toBe(next - paid);
        expect(Math.min(plan.newInvoiceCents, plan.refundCents)).toBe(0);
      }
    }
  });
});
