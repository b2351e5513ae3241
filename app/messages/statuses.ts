import type { DiscountDisplayStatus } from "~/domain/discount";
import type { CaregiverAction, CustomerOrderStage } from "~/domain/order-status";
import type { CaregiverStatus, OrderStatus, PaymentStatus, PayoutStatus } from "~/domain/statuses";

// How every status reads to people (spec 001 §4). Every page shows a status through these maps,
// so one status never reads two ways.

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Odottaa",
  pending_payment: "Odottaa maksua",
  in_progress: "Käynnissä",
  completed: "Valmis",
  cancelled: "Peruutettu",
};

/** The caregiver's own bookings list words a pending order as waiting for their acceptance. */
export const CAREGIVER_BOOKING_STATUS_LABELS: Record<OrderStatus, string> = {
  ...ORDER_STATUS_LABELS,
  pending: "Odottaa hyväksyntää",
};

/** The customer's own pages say where the order stands in plain words (issue 10). */
export const CUSTOMER_ORDER_STAGE_LABELS: Record<CustomerOrderStage, string> = {
  awaiting_caregiver: "Odottaa kaverin vahvistusta",
  confirmed: "Vahvistettu",
  pending_payment: "Odottaa maksua",
  in_progress: "Käynnissä",
  completed: "Valmis",
  cancelled: "Peruutettu",
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Odottaa",
  authorized: "Valtuutettu",
  captured: "Maksettu",
  refunded: "Palautettu",
  failed: "Epäonnistui",
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: "Odottaa",
  paid: "Maksettu",
};

export const CAREGIVER_STATUS_LABELS: Record<CaregiverStatus, string> = {
  pending: "Odottaa",
  approved: "Hyväksytty",
  rejected: "Hylätty",
  suspended: "Jäädytetty",
};

export const CUSTOMER_STATUS_LABELS: Record<"active" | "suspended", string> = {
  active: "Aktiivinen",
  suspended: "Jäädytetty",
};

export const CAREGIVER_ACTION_LABELS: Record<CaregiverAction, string> = {
  accept: "Hyväksy",
  reject: "Hylkää",
  start: "Aloita tehtävä",
  complete: "Merkitse suoritetuksi",
};

/** The back office's discount-code status column (001 §4). */
export const DISCOUNT_STATUS_LABELS: Record<DiscountDisplayStatus, string> = {
  inactive: "Ei aktiivinen",
  upcoming: "Tuleva",
  expired: "Vanhentunut",
  used_up: "Käytetty loppuun",
  active: "Aktiivinen",
};

function isKey<T extends string>(labels: Record<T, string>, value: unknown): value is T {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(labels, value);
}

export function orderStatusLabel(status: OrderStatus): string {
  return ORDER_STATUS_LABELS[status];
}

/** An unknown payment status reads as pending (001 §4). */
export function paymentStatusLabel(status: string): string {
  return isKey(PAYMENT_STATUS_LABELS, status) ? PAYMENT_STATUS_LABELS[status] : PAYMENT_STATUS_LABELS.pending;
}

export function payoutStatusLabel(status: PayoutStatus): string {
  return PAYOUT_STATUS_LABELS[status];
}

export function caregiverStatusLabel(status: CaregiverStatus): string {
  return CAREGIVER_STATUS_LABELS[status];
}

/** Any status other than active reads as suspended (001 §4: 'Aktiivinen' or otherwise 'Jäädytetty'). */
export function customerStatusLabel(status: string): string {
  return status === "active" ? CUSTOMER_STATUS_LABELS.active : CUSTOMER_STATUS_LABELS.suspended;
}
