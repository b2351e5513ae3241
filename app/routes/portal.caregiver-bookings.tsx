import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { requireCaregiver } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { formatEuros, formatHours, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { listCaregiverBookings } from "~/models/portal-orders.server";

// A helper's own bookings (spec 001 §2 caregiver-bookings): customer, time, duration, city,
// description, earnings and status. Only orders assigned to this helper are ever listed.

export async function loader({ request }: LoaderFunctionArgs) {
  const caregiver = await requireCaregiver(request);
  const bookings = await listCaregiverBookings(await getDb(), caregiver.caregiverId);
  return {
    bookings: bookings.map((booking) => ({
      id: booking.id,
      orderNumber: booking.orderNumber,
      serviceName: booking.serviceName,
      customerName: booking.customerName || "Ei nimeä",
      status: booking.status,
      date: formatWeekdayDate(booking.startsAt),
      time: formatTimeRange(booking.startsAt, booking.endsAt),
      duration: formatHours(booking.durationHours),
      city: booking.city,
      description: booking.description || "Ei kuvausta",
      earnings: formatEuros(booking.earningsCents),
    })),
  };
}

export const meta: MetaFunction = () => [{ title: "Omat varaukset – Arkikaveri" }];

export default function CaregiverBookings() {
  const { bookings } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <h1 className="text-4xl font-bold text-brand-900">Omat varaukset</h1>
      {bookings.length === 0 ? (
        <p className="rounded-lg border-2 border-gray-200 bg-white p-5">
          Sinulle ei ole vielä varauksia. Kun asiakas varaa sinut tai sinut valitaan tilaukseen, varaus näkyy täällä.
        </p>
      ) : (
        <ul className="space-y-4">
          {bookings.map((booking) => (
            <li key={booking.id} className="space-y-3 rounded-lg border-2 border-brand-100 bg-white p-5">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="text-xl font-bold text-gray-900">
                  {booking.serviceName}: {booking.customerName}
                </h2>
                <OrderStatusBadge status={booking.status} audience="caregiver" />
              </div>
              <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
                <dt className="font-semibold">Aika</dt>
                <dd>
                  {booking.date} {booking.time}
                </dd>
                <dt className="font-semibold">Kesto</dt>
                <dd>{booking.duration}</dd>
                <dt className="font-semibold">Kaupunki</dt>
                <dd>{booking.city}</dd>
                <dt className="font-semibold">Kuvaus</dt>
                <dd>{booking.description}</dd>
                <dt className="font-semibold">Ansio</dt>
                <dd>{booking.earnings}</dd>
                <dt className="font-semibold">Tilausnumero</dt>
                <dd>{booking.orderNumber}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
