import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { carriedListSearch, requireOrderOfPage } from "~/backoffice/order-page.server";
import { CopyButton } from "~/components/backoffice/order-controls";
import { inlineLinkClass } from "~/components/backoffice/ui";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { getDb } from "~/db.server";
import { formatDateTime, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { orderTexts } from "~/messages/backoffice";
import { SeriesOfOrder } from "~/components/series-of-order";
import { seriesLinkOfOrder } from "~/portal/series-page.server";

// One order (spec 001 §2 "Order-details dialog", as pages): the heading and the four tabs, each
// tab its own URL and loader (perustiedot, maksu, viestit, aikajana), so every tab works without
// JavaScript and can be linked to. The list's filters ride along in the query string.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, access.orders);
  const order = await requireOrderOfPage(await getDb(), params);
  const search = carriedListSearch(request);
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    awaitingEmailUntil: order.emailConfirmationDueAt ? formatDateTime(order.emailConfirmationDueAt) : null,
    summary: `${order.serviceName}, ${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}, ${order.city}`,
    search,
    backHref: `/backoffice/orders${search}`,
    series: await seriesLinkOfOrder(order.id, "staff"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Tilaus ${data?.orderNumber ?? ""} – Hallintapaneeli – Arkikaveri` },
];

const TABS = [
  { path: "", label: "Perustiedot" },
  { path: "/maksu", label: "Maksu" },
  { path: "/viestit", label: "Viestit" },
  { path: "/aikajana", label: "Aikajana" },
] as const;

const tabClass = ({ isActive }: { isActive: boolean }) =>
  "inline-flex min-h-target items-center rounded-t-md border-b-4 px-4 font-semibold " +
  (isActive ? "border-brand-700 text-brand-900" : "border-transparent text-brand-800 underline underline-offset-4 hover:border-brand-100");

export default function OrderLayout() {
  const { orderNumber, status, awaitingEmailUntil, summary, search, backHref, series } = useLoaderData<typeof loader>();
  const base = `/backoffice/orders/${encodeURIComponent(orderNumber)}`;
  return (
    <div className="max-w-5xl space-y-6">
      <p>
        <Link to={backHref} className={inlineLinkClass}>
          <span aria-hidden="true">←&nbsp;</span>Takaisin tilauksiin
        </Link>
      </p>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">
            Tilaus <span className="select-all">{orderNumber}</span>
          </h1>
          <CopyButton text={orderNumber} label={`Kopioi tilausnumero ${orderNumber}`} />
        </div>
        <p className="flex flex-wrap items-center gap-2 text-lg">
          <OrderStatusBadge status={status} />
          <span>{summary}</span>
        </p>
        {awaitingEmailUntil ? <p className="text-lg">{orderTexts.awaitingEmailConfirmation(awaitingEmailUntil)}</p> : null}
        {series ? <SeriesOfOrder series={series} /> : null}
      </div>
      <nav aria-label="Tilauksen tiedot" className="border-b-2 border-gray-200">
        <ul className="flex flex-wrap gap-1">
          {TABS.map((tab) => (
            <li key={tab.label}>
              <NavLink to={`${base}${tab.path}${search}`} end className={tabClass} preventScrollReset>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
