import { describe, expect, it } from "vitest";
import { awaitsCheckoutPayment, checkoutSavesCard } from "~/domain/series-payment";

// Which orders a checkout may pay, and which checkout saves the card (docs/decisions/0040).

describe("awaitsCheckoutPayment", () => {
  it("is an order awaiting its payment, or a booked visit of an online series not yet paid", () => {
    expect(awaitsCheckoutPayment({ orderStatus: "pending_payment", paymentStatus: "pending", inOnlineSeries: false })).toBe(true);
    expect(awaitsCheckoutPayment({ orderStatus: "pending", paymentStatus: "pending", inOnlineSeries: true })).toBe(true);
  });

  it("is never a paid, failed or cancelled payment, nor a booked order outside a series", () => {
    expect(awaitsCheckoutPayment({ orderStatus: "pending", paymentStatus: "pending", inOnlineSeries: false })).toBe(false);
    expect(awaitsCheckoutPayment({ orderStatus: "pending", paymentStatus: "captured", inOnlineSeries: true })).toBe(false);
    expect(awaitsCheckoutPayment({ orderStatus: "pending_payment", paymentStatus: "failed", inOnlineSeries: true })).toBe(false);
    expect(awaitsCheckoutPayment({ orderStatus: "cancelled", paymentStatus: "pending", inOnlineSeries: true })).toBe(false);
    expect(awaitsCheckoutPayment({ orderStatus: "in_progress", paymentStatus: "pending", inOnlineSeries: true })).toBe(false);
  });
});

describe("checkoutSavesCard", () => {
  it("saves the card only for a series' visit still awaiting its first payment", () => {
    expect(checkoutSavesCard({ orderStatus: "pending_payment", inOnlineSeries: true })).toBe(true);
    expect(checkoutSavesCard({ orderStatus: "pending", inOnlineSeries: true })).toBe(false);
    expect(checkoutSavesCard({ orderStatus: "pending_payment", inOnlineSeries: false })).toBe(false);
  });
});
