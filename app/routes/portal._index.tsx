import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ButtonLink } from "~/components/button";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { requireUser } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { formatEuros, formatHours, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { listUpcomingOrdersForUser } from "~/models/portal-orders.server";

// Portal home (spec 001 §2): a greeting, a new-order button for customers, and the next three
// upcoming orders of the user as customer or as helper.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const orders = await listUpcomingOrdersForUser(await getDb(), user.id);
  const isCaregiver = user.userType === "caregiver";
  return {
    fullName: user.fullName,
    isCaregiver,
    canOrder: !isCaregiver && user.role === null,
    orders: orders.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      serviceName: order.serviceName,
      status: order.status,
      date: formatWeekdayDate(order.startsAt),
      time: formatTimeRange(order.startsAt, order.endsAt),
      duration: formatHours(order.durationHours),
      place: `${order.address}, ${order.postalCode} ${order.city}`,
      description: order.description,
      amount: formatEuros(order.amountCents),
    })),
  };
}

export default function PortalHome() {
  const { fullName, isCaregiver, canOrder, orders } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-4xl font-bold text-brand-900">{fullName ? `Hei, ${fullName}!` : "Hei!"}</h1>
          <p className="text-lg text-gray-800">
            {isCaregiver ? "Tervetuloa kaverin omalle sivulle." : "Tervetuloa omalle sivullesi."}
          </p>
        </div>
        {canOrder ? <ButtonLink to="/varaa">Tee uusi tilaus</ButtonLink> : null}
      </div>

      <section aria-labelledby="upcoming-heading" className="space-y-4">
        <h2 id="upcoming-heading" className="text-2xl font-bold text-gray-900">
          {isCaregiver ? "Tulevat keikat" : "Tulevat tilaukset"}
        </h2>
        {orders.length === 0 ? (
          <p className="rounded-lg border-2 border-gray-200 bg-white p-5">
            {isCaregiver ? "Sinulla ei ole tulevia keikkoja." : "Sinulla ei ole tulevia tilauksia."}
          </p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-3">
            {orders.map((order) => (
              <li key={order.id} className="space-y-3 rounded-lg border-2 border-brand-100 bg-white p-5">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="text-xl font-bold text-gray-900">{order.serviceName}</h3>
                  <OrderStatusBadge status={order.status} />
                </div>
                <dl className="space-y-1">
                  <div>
                    <dt className="sr-only">Aika</dt>
                    <dd>
                      {order.date} {order.time}
                    </dd>
                  </div>
                  <div>
                    <dt className="sr-only">Paikka</dt>
                    <dd>{order.place}</dd>
                  </div>
                  <div className="flex gap-2">
                    <dt>Kesto:</dt>
                    <dd>{order.duration}</dd>
                  </div>
                  {order.description ? (
                    <div>
                      <dt className="sr-only">Kuvaus</dt>
                      <dd className="text-gray-800">{order.description}</dd>
                    </div>
                  ) : null}
                  <div className="flex gap-2 font-semibold">
                    <dt>{isCaregiver ? "Ansio:" : "Hinta:"}</dt>
                    <dd>{order.amount}</dd>
                  </div>
                  <div className="flex gap-2 text-gray-700">
                    <dt>Tilausnumero:</dt>
                    <dd>{order.orderNumber}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
