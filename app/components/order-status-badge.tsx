import type { OrderStatus } from "~/db/schema";
import { CAREGIVER_BOOKING_STATUS_LABELS, ORDER_STATUS_LABELS } from "~/messages/statuses";

// Colour is never the only signal: the badge always says the status in words. Dark text on pale
// tints keeps every pair above 4.5:1.
const styles: Record<OrderStatus, string> = {
  pending: "border-amber-700 bg-amber-50 text-amber-950",
  pending_payment: "border-amber-700 bg-amber-50 text-amber-950",
  in_progress: "border-brand-700 bg-brand-50 text-brand-900",
  completed: "border-green-700 bg-green-50 text-green-900",
  cancelled: "border-gray-600 bg-gray-100 text-gray-900",
};

export function OrderStatusBadge({ status, audience = "default" }: { status: OrderStatus; audience?: "default" | "caregiver" }) {
  const labels = audience === "caregiver" ? CAREGIVER_BOOKING_STATUS_LABELS : ORDER_STATUS_LABELS;
  return (
    <span className={`inline-flex items-center rounded-full border-2 px-3 py-0.5 text-base font-semibold ${styles[status]}`}>
      {labels[status]}
    </span>
  );
}
