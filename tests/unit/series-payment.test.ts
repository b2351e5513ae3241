import { describe, expect, it } from "vitest";
import { awaitsCheckoutPayment, checkoutSavesCard, seriesPaymentDeadline, seriesVisitPayment } from "~/domain/series-payment";

// Which orders a checkout may pay, which checkout saves the card, and where a series visit's
// payment stands for the customer (docs/decisions/0040).

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

describe("seriesVisitPayment", () => {
  const booked = { inOnlineSeries: true, orderStatus: "pending", paymentStatus: "pending", chargeDeclined: false } as const;

  it("is 'not_charged' for a booked visit whose payment waits for the saved card", () => {
    expect(seriesVisitPayment(booked)).toBe("not_charged");
  });

  it("is 'declined' once the card was declined and the visit is still unpaid", () => {
    expect(seriesVisitPayment({ ...booked, chargeDeclined: true })).toBe("declined");
  });

  it("is 'paid' once the payment is captured, whether or not a charge was declined first", () => {
    expect(seriesVisitPayment({ ...booked, paymentStatus: "captured" })).toBe("paid");
    expect(seriesVisitPayment({ ...booked, paymentStatus: "captured", chargeDeclined: true })).toBe("paid");
    expect(seriesVisitPayment({ ...booked, orderStatus: "completed", paymentStatus: "captured" })).toBe("paid");
  });

  it("is null outside an online series, for a cancelled visit and for a first visit still at its checkout", () => {
    expect(seriesVisitPayment({ ...booked, inOnlineSeries: false })).toBeNull();
    expect(seriesVisitPayment({ ...booked, orderStatus: "cancelled" })).toBeNull();
    expect(seriesVisitPayment({ ...booked, orderStatus: "cancelled", paymentStatus: "captured" })).toBeNull();
    expect(seriesVisitPayment({ ...booked, orderStatus: "pending_payment" })).toBeNull();
    expect(seriesVisitPayment({ ...booked, paymentStatus: "failed", chargeDeclined: true })).toBeNull();
    expect(seriesVisitPayment({ ...booked, paymentStatus: null })).toBeNull();
  });
});

describe("seriesPaymentDeadline", () => {
  it("is 2 hours before the visit starts", () => {
    expect(seriesPaymentDeadline(new Date("2027-03-01T10:00:00Z"))).toEqual(new Date("2027-03-01T08:00:00Z"));
  });
});
