import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Cell, ResponsiveTable, Row, inlineLinkClass } from "~/components/backoffice/ui";
import { OrderStatusBadge } from "~/components/order-status-badge";
import type { OrderStatus } from "~/db/schema";

// The orders on a customer's or a helper's own page: the same columns, with the other party (and
// the price) between the city and the status.

export interface PersonOrderView {
  id: string;
  orderNumber: string;
  /** The order's page, or null for staff who may not open orders. */
  href: string | null;
  serviceName: string;
  when: string;
  city: string;
  status: OrderStatus;
}

export function PersonOrdersTable<T extends PersonOrderView>({
  caption,
  orders,
  columns,
}: {
  caption: string;
  orders: T[];
  /** The page's own columns, shown after the city. */
  columns: Array<{ label: string; value: (order: T) => ReactNode }>;
}) {
  return (
    <ResponsiveTable caption={caption} headers={["Tilaus", "Palvelu", "Aika", "Kaupunki", ...columns.map((column) => column.label), "Tila"]}>
      {orders.map((order) => (
        <Row key={order.id}>
          <Cell label="Tilaus">
            {order.href ? (
              <Link to={order.href} className={`${inlineLinkClass} font-semibold`}>
                {order.orderNumber}
              </Link>
            ) : (
              order.orderNumber
            )}
          </Cell>
          <Cell label="Palvelu">{order.serviceName}</Cell>
          <Cell label="Aika">{order.when}</Cell>
          <Cell label="Kaupunki">{order.city}</Cell>
          {columns.map((column) => (
            <Cell key={column.label} label={column.label}>
              {column.value(order)}
            </Cell>
          ))}
          <Cell label="Tila">
            <OrderStatusBadge status={order.status} />
          </Cell>
        </Row>
      ))}
    </ResponsiveTable>
  );
}
