import type { OrderStatus } from "~/db/schema";
import { customerOrderStage } from "~/domain/order-status";
import { CAREGIVER_BOOKING_STATUS_LABELS, CUSTOMER_ORDER_STAGE_LABELS, ORDER_STATUS_LABELS } from "~/messages/statuses";

// Colour is never the only signal: the badge always says the status in words. Dark text on pale
// tints keeps every pair above 4.5:1.
const styles: Record<OrderStatus, string> = {
  pending: "border-amber-700 bg-amber-50 text-amber-950",
  pending_payment: "border-amber-700 bg-amber-50 text-amber-950",
  in_progress: "border-brand-700 bg-brand-50 text-brand-900",
  completed: "border-green-700 bg-green-50 text-green-900",
  cancelled: "border-gray-600 bg-gray-100 text-gray-900",
};

const confirmedStyle = "border-green-700 bg-green-50 text-green-900";

/**
 * `audience` picks the words: staff see the status itself, a helper their own bookings' words,
 * a customer where their order stands ('Odottaa kaverin vahvistusta' until the helper has
 * accepted it, then 'Vahvistettu'). `label`, when given, says more than the status alone.
 */
export function OrderStatusBadge({
  status,
  audience = "default",
  accepted = false,
  label,
}: {
  status: OrderStatus;
  audience?: "default" | "caregiver" | "customer";
  /** For the customer's words: has the helper accepted the order? */
  accepted?: boolean;
  /** Words that say more than the status alone (a pending order its helper has accepted). */
  label?: string;
}) {
  let words: string;
  let style = styles[status];
  if (audience === "customer") {
    const stage = customerOrderStage({ status, accepted });
    words = CUSTOMER_ORDER_STAGE_LABELS[stage];
    if (stage === "confirmed") style = confirmedStyle;
  } else {
    words = (audience === "caregiver" ? CAREGIVER_BOOKING_STATUS_LABELS : ORDER_STATUS_LABELS)[status];
  }
  return <span className={`inline-flex items-center rounded-full border-2 px-3 py-0.5 text-base font-semibold ${style}`}>{label ?? words}</span>;
}
