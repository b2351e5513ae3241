import type { Executor } from "../db.server";
import type { Order, OrderStatus } from "../db/schema";
import type { OrderVisit } from "../domain/order-visit";

// The joins and columns that every view of orders shares (back-office lists and pages, the
// portal, the booking documents), so each query names only what it adds.

/**
 * Orders with their service and the profiles of the customer and of the assigned helper.
 * Aliases: o (orders), sc (service), c and cp (customer and their profile), cg and gp (helper
 * and their profile; null while unassigned).
 */
export function ordersWithParties(db: Executor) {
  return db
    .selectFrom("orders as o")
    .innerJoin("service_categories as sc", "sc.id", "o.service_category_id")
    .innerJoin("customers as c", "c.id", "o.customer_id")
    .innerJoin("profiles as cp", "cp.id", "c.profile_id")
    .leftJoin("caregivers as cg", "cg.id", "o.caregiver_id")
    .leftJoin("profiles as gp", "gp.id", "cg.profile_id");
}

/** The columns of an order's one-line summary; `toOrderSummary` turns them into `OrderSummary`. */
export const orderSummaryColumns = ["o.id", "o.order_number", "sc.name as service_name", "o.status", "o.starts_at", "o.ends_at", "o.city"] as const;

export interface OrderSummary {
  id: string;
  orderNumber: string;
  serviceName: string;
  status: OrderStatus;
  startsAt: Date;
  endsAt: Date;
  city: string;
}

export function toOrderSummary(row: {
  id: string;
  order_number: string;
  service_name: string;
  status: OrderStatus;
  starts_at: Date;
  ends_at: Date;
  city: string;
}): OrderSummary {
  return {
    id: row.id,
    orderNumber: row.order_number,
    serviceName: row.service_name,
    status: row.status,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    city: row.city,
  };
}

/** The columns of an order's visit; `toOrderVisit` turns them into `OrderVisit`. */
export const orderVisitColumns = [
  "o.starts_at",
  "o.ends_at",
  "o.duration_hours",
  "o.address",
  "o.postal_code",
  "o.city",
  "o.description",
  "o.special_notes",
] as const;

export function toOrderVisit(
  row: Pick<Order, "starts_at" | "ends_at" | "duration_hours" | "address" | "postal_code" | "city" | "description" | "special_notes">,
): OrderVisit {
  return {
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    durationHours: row.duration_hours,
    address: row.address,
    postalCode: row.postal_code,
    city: row.city,
    description: row.description,
    specialNotes: row.special_notes,
  };
}
