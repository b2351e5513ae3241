import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { ButtonLink, SubmitButton } from "~/components/button";
import { linkClass } from "~/components/layout";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { SeriesBadge } from "~/components/series-badge";
import { getDb } from "~/db.server";
import { pageNumberOf } from "~/domain/list-query";
import { formatEuros, formatHours, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { reviewPath } from "~/domain/portal-paths";
import { isUuid } from "~/domain/uuid";
import { reviewTexts, seriesMark } from "~/messages/portal";
import { claimOrder, listCustomerOrders, listUnclaimedOrders, type CustomerOrder } from "~/models/portal-orders.server";
import { redirectWithToast } from "~/services/flash.server";

// The customer's orders (spec 001 §2 "Tilaukset"; issue 10): upcoming ones first, then the past
// and cancelled ones a page at a time (?sivu=2), each with what the customer needs to know and
// the invoice of an invoice order; each opens the order's own page. Only the signed-in customer's
// own orders, by the session.

const UPCOMING_LIMIT = 50;
const PAST_PAGE_SIZE = 20;

/** 'Varaa sama kaveri uudelleen': the one order wizard with the service and the helper chosen. */
function againHref(order: CustomerOrder): string | null {
  if (!order.caregiverId || order.status === "cancelled") return null;
  return `/varaa-kaveri?${new URLSearchParams({ palvelu: order.serviceId, kaveri: order.caregiverId })}`;
}

function view(order: CustomerOrder, past = false) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    serviceName: order.serviceName,
    status: order.status,
    accepted: order.accepted,
    href: `/portal/orders/${encodeURIComponent(order.orderNumber)}`,
    when: `${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}`,
    duration: formatHours(order.durationHours),
    place: `${order.address}, ${order.postalCode} ${order.city}`,
    caregiver: order.caregiverName ?? "Kaveri valitaan puolestasi",
    recipient: order.recipientName,
    price: formatEuros(order.totalPriceCents),
    // An occurrence of a weekly series: "Joka viikko" beside its status (its series page is on the order page).
    seriesMark: seriesMark(order.seriesIntervalWeeks),
    invoiceHref: order.hasInvoice ? `/lasku/${encodeURIComponent(order.orderNumber)}` : null,
    reviewHref: order.status === "completed" && !order.reviewed && order.caregiverName ? reviewPath(order.orderNumber) : null,
    againHref: past ? againHref(order) : null,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const page = pageNumberOf(new URL(request.url).searchParams.get("sivu"));
  const [upcoming, past, unclaimed] = await Promise.all([
    listCustomerOrders(db, user.id, { when: "upcoming", limit: UPCOMING_LIMIT }),
    listCustomerOrders(db, user.id, { when: "past", limit: PAST_PAGE_SIZE, offset: (page - 1) * PAST_PAGE_SIZE }),
    listUnclaimedOrders(db, user.id),
  ]);
  return {
    // Only what the guest typed as their name is shown: it is the holder's own address's booking.
    unclaimed: unclaimed.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      label: `${order.serviceName}, ${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}, ${order.city}`,
      bookedAs: order.payerName,
    })),
    canOrder: user.userType === "customer" && user.role === null,
    upcoming: upcoming.rows.map((order) => view(order)),
    upcomingCapped: upcoming.hasMore,
    past: past.rows.map((order) => view(order, true)),
    page,
    previousHref: page > 1 ? (page === 2 ? "/portal/orders#aiemmat" : `/portal/orders?sivu=${page - 1}#aiemmat`) : null,
    nextHref: past.hasMore ? `/portal/orders?sivu=${page + 1}#aiemmat` : null,
  };
}

/** 'Tilaus on minun': a guest order on this account's e-mail joins the account's orders. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const orderId = formData.get("orderId");
  if (formData.get("intent") !== "claim" || !isUuid(orderId)) throw new Response("Lomakkeen tiedot olivat puutteelliset.", { status: 400 });
  const claimed = await claimOrder(await getDb(), user.id, orderId);
  return redirectWithToast(
    request,
    "/portal/orders",
    claimed ? { type: "success", title: "Tilaus lisätty tilauksiisi" } : { type: "error", title: "Tilausta ei löytynyt tai se on jo lisätty." },
  );
}

export const meta: MetaFunction = () => [{ title: "Tilaukset – Oma sivu – Arkikaveri" }];

function OrderCards({ orders }: { orders: ReturnType<typeof view>[] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {orders.map((order) => (
        <li key={order.id} className="space-y-3 rounded-lg border-2 border-brand-100 bg-white p-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="text-xl font-bold text-gray-900">{order.serviceName}</h3>
            <div className="flex flex-wrap gap-2">
              {order.seriesMark ? <SeriesBadge mark={order.seriesMark} /> : null}
              <OrderStatusBadge status={order.status} audience="customer" accepted={order.accepted} />
            </div>
          </div>
          <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Aika</dt>
            <dd>{order.when}</dd>
            <dt className="font-semibold">Kesto</dt>
            <dd>{order.duration}</dd>
            <dt className="font-semibold">Osoite</dt>
            <dd className="break-words">{order.place}</dd>
            {order.recipient ? (
              <>
                <dt className="font-semibold">Palvelun saaja</dt>
                <dd>{order.recipient}</dd>
              </>
            ) : null}
            <dt className="font-semibold">Kaveri</dt>
            <dd>{order.caregiver}</dd>
            <dt className="font-semibold">Hinta</dt>
            <dd>{order.price}</dd>
            <dt className="font-semibold">Tilausnumero</dt>
            <dd>{order.orderNumber}</dd>
          </dl>
          <p className="flex flex-wrap gap-x-5">
            <Link to={order.href} className={`inline-flex min-h-target items-center ${linkClass}`}>
              Näytä tilaus ja viestit<span className="sr-only">: {order.orderNumber}</span>
            </Link>
            {order.invoiceHref ? (
              <a href={order.invoiceHref} className={`inline-flex min-h-target items-center ${linkClass}`} download>
                Lataa lasku (PDF)<span className="sr-only">, tilaus {order.orderNumber}</span>
              </a>
            ) : null}
            {order.reviewHref ? (
              <Link to={order.reviewHref} className={`inline-flex min-h-target items-center font-semibold ${linkClass}`}>
                {reviewTexts.listLink}
                <span className="sr-only">: tilaus {order.orderNumber}</span>
              </Link>
            ) : null}
            {order.againHref ? (
              <ButtonLink to={order.againHref} variant="secondary">
                Varaa sama kaveri uudelleen<span className="sr-only">: {order.caregiver}</span>
              </ButtonLink>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}

export default function CustomerOrdersPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-4xl font-bold text-brand-900">Tilaukset</h1>
        {data.canOrder ? <ButtonLink to="/varaa-kaveri">Tee uusi tilaus</ButtonLink> : null}
      </div>

      {data.unclaimed.length > 0 ? (
        <section aria-labelledby="vahvistettavat" className="space-y-4 rounded-lg border-2 border-amber-300 bg-white p-5">
          <h2 id="vahvistettavat" className="text-2xl font-bold text-gray-900">
            Sähköpostiosoitteellasi tehdyt varaukset
          </h2>
          <p>Nämä varaukset tehtiin kirjautumatta sähköpostiosoitteellasi. Jos varaus on sinun, lisää se tilauksiisi. Jos et tunnista varausta, ota yhteyttä asiakaspalveluun.</p>
          <ul className="space-y-3">
            {data.unclaimed.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 pt-3">
                <span>
                  <span className="font-semibold">{order.orderNumber}</span>: {order.label}
                  {order.bookedAs ? <span className="block text-gray-700">Varaajan nimi: {order.bookedAs}</span> : null}
                </span>
                <Form method="post">
                  <input type="hidden" name="orderId" value={order.id} />
                  <SubmitButton name="intent" value="claim" variant="secondary" busyLabel="Lisätään…">
                    <span>
                      Tilaus on minun<span className="sr-only">: {order.orderNumber}</span>
                    </span>
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="tulevat" className="space-y-4">
        <h2 id="tulevat" className="text-2xl font-bold text-gray-900">
          Tulevat tilaukset
        </h2>
        {data.upcoming.length === 0 ? (
          <p className="rounded-lg border-2 border-gray-200 bg-white p-5">Sinulla ei ole tulevia tilauksia.</p>
        ) : (
          <OrderCards orders={data.upcoming} />
        )}
        {data.upcomingCapped ? <p>Näytetään {UPCOMING_LIMIT} lähintä tilausta.</p> : null}
      </section>

      <section aria-labelledby="aiemmat" className="space-y-4">
        <h2 id="aiemmat" className="text-2xl font-bold text-gray-900">
          Aiemmat ja peruutetut tilaukset{data.page > 1 ? `, sivu ${data.page}` : ""}
        </h2>
        {data.past.length === 0 ? (
          <p className="rounded-lg border-2 border-gray-200 bg-white p-5">{data.page > 1 ? "Tällä sivulla ei ole tilauksia." : "Sinulla ei ole aiempia tilauksia."}</p>
        ) : (
          <OrderCards orders={data.past} />
        )}
        {data.previousHref || data.nextHref ? (
          <nav aria-label="Aiempien tilausten sivut" className="flex flex-wrap gap-4">
            {data.previousHref ? (
              <Link to={data.previousHref} className={`inline-flex min-h-target items-center ${linkClass}`}>
                Uudemmat
              </Link>
            ) : null}
            {data.nextHref ? (
              <Link to={data.nextHref} className={`inline-flex min-h-target items-center ${linkClass}`}>
                Vanhemmat
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
