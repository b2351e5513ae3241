import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, canStaffCancel, caregiverActionsFor, isLiveOrder, isOpenOrder, isOrderStatus } from "~/domain/order-status";
import {
  CAREGIVER_BOOKING_STATUS_LABELS,
  caregiverStatusLabel,
  customerStatusLabel,
  orderStatusLabel,
  paymentStatusLabel,
  payoutStatusLabel,
} from "~/messages/statuses";

describe("status labels (spec 001 §4)", () => {
  it("names order statuses in Finnish", () => {
    expect(ORDER_STATUSES.map(orderStatusLabel)).toEqual(["Odottaa", "Odottaa maksua", "Käynnissä", "Valmis", "Peruutettu"]);
  });

  it("words a pending order as awaiting acceptance in the caregiver's list", () => {
    expect(CAREGIVER_BOOKING_STATUS_LABELS.pending).toBe("Odottaa hyväksyntää");
    expect(CAREGIVER_BOOKING_STATUS_LABELS.in_progress).toBe("Käynnissä");
    expect(CAREGIVER_BOOKING_STATUS_LABELS.completed).toBe("Valmis");
    expect(CAREGIVER_BOOKING_STATUS_LABELS.cancelled).toBe("Peruutettu");
  });

  it("names payment statuses and reads an unknown one as pending", () => {
    expect(["pending", "authorized", "captured", "refunded", "failed"].map(paymentStatusLabel)).toEqual([
      "Odottaa",
      "Valtuutettu",
      "Maksettu",
      "Palautettu",
      "Epäonnistui",
    ]);
    expect(paymentStatusLabel("requires_action")).toBe("Odottaa");
    expect(paymentStatusLabel("toString")).toBe("Odottaa");
  });

  it("names payout, caregiver and customer statuses", () => {
    expect(payoutStatusLabel("pending")).toBe("Odottaa");
    expect(payoutStatusLabel("paid")).toBe("Maksettu");
    expect(caregiverStatusLabel("pending")).toBe("Odottaa");
    expect(caregiverStatusLabel("approved")).toBe("Hyväksytty");
    expect(caregiverStatusLabel("rejected")).toBe("Hylätty");
    expect(caregiverStatusLabel("suspended")).toBe("Jäädytetty");
    expect(customerStatusLabel("active")).toBe("Aktiivinen");
    expect(customerStatusLabel("suspended")).toBe("Jäädytetty");
    expect(customerStatusLabel("anything else")).toBe("Jäädytetty");
  });

  it("recognises order statuses from untrusted input", () => {
    expect(isOrderStatus("in_progress")).toBe(true);
    expect(isOrderStatus("verified")).toBe(false);
    expect(isOrderStatus("constructor")).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
  });
});

describe("status rules", () => {
  it("treats every order but a cancelled one as holding the helper's time", () => {
    expect(ORDER_STATUSES.filter(isLiveOrder)).toEqual(["pending", "pending_payment", "in_progress", "completed"]);
  });

  it("counts pending and pending_payment as open", () => {
    expect(ORDER_STATUSES.filter(isOpenOrder)).toEqual(["pending", "pending_payment"]);
  });

  it("lets staff cancel anything not yet cancelled or completed", () => {
    expect(ORDER_STATUSES.filter(canStaffCancel)).toEqual(["pending", "pending_payment", "in_progress"]);
  });
});

describe("caregiver actions on an assigned order", () => {
  it("offers accept and reject on a pending order not yet accepted", () => {
    expect(caregiverActionsFor({ status: "pending", accepted: false })).toEqual(["accept", "reject"]);
  });

  it("offers start once accepted, and complete while in progress", () => {
    expect(caregiverActionsFor({ status: "pending", accepted: true })).toEqual(["start"]);
    expect(caregiverActionsFor({ status: "in_progress", accepted: true })).toEqual(["complete"]);
  });

  it("offers nothing on unpaid, completed or cancelled orders", () => {
    for (const status of ["pending_payment", "completed", "cancelled"] as const) {
      expect(caregiverActionsFor({ status, accepted: false })).toEqual([]);
      expect(caregiverActionsFor({ status, accepted: true })).toEqual([]);
    }
  });
});
