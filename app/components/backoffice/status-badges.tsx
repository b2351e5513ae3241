import type { DiscountDisplayStatus } from "~/domain/discount";
import type { CaregiverStatus } from "~/domain/statuses";
import { CAREGIVER_STATUS_LABELS, DISCOUNT_STATUS_LABELS, customerStatusLabel } from "~/messages/statuses";

// Like OrderStatusBadge: the status always in words, colour only as a second signal.

const badge = "inline-flex items-center rounded-full border-2 px-3 py-0.5 text-base font-semibold";

const caregiverStyles: Record<CaregiverStatus, string> = {
  pending: "border-amber-700 bg-amber-50 text-amber-950",
  approved: "border-green-700 bg-green-50 text-green-900",
  rejected: "border-gray-600 bg-gray-100 text-gray-900",
  suspended: "border-red-700 bg-red-50 text-red-900",
};

export function CaregiverStatusBadge({ status }: { status: CaregiverStatus }) {
  return <span className={`${badge} ${caregiverStyles[status]}`}>{CAREGIVER_STATUS_LABELS[status]}</span>;
}

export function CustomerStatusBadge({ status }: { status: string }) {
  const active = status === "active";
  return (
    <span className={`${badge} ${active ? "border-green-700 bg-green-50 text-green-900" : "border-red-700 bg-red-50 text-red-900"}`}>
      {customerStatusLabel(status)}
    </span>
  );
}

const discountStyles: Record<DiscountDisplayStatus, string> = {
  active: "border-green-700 bg-green-50 text-green-900",
  upcoming: "border-brand-700 bg-brand-50 text-brand-900",
  used_up: "border-amber-700 bg-amber-50 text-amber-950",
  expired: "border-gray-600 bg-gray-100 text-gray-900",
  inactive: "border-gray-600 bg-gray-100 text-gray-900",
};

export function DiscountStatusBadge({ status }: { status: DiscountDisplayStatus }) {
  return <span className={`${badge} ${discountStyles[status]}`}>{DISCOUNT_STATUS_LABELS[status]}</span>;
}
