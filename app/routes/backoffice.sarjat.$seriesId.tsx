import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { PageHeading, inlineLinkClass } from "~/components/backoffice/ui";
import { SeriesFacts, SeriesVisitList } from "~/components/series-manage";
import { seriesTexts as t } from "~/messages/series-manage";
import { requireStaffSeries, seriesPage } from "~/portal/series-page.server";
import { now } from "~/services/clock.server";

// A series of weekly visits in the back office (issue 27 item 5): the same page as the customer's,
// with each visit's back-office order page, for staff who handle orders; cancelling is for the
// roles that may cancel an order (the link is shown only to them, the action checks again).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, access.orders);
  const series = await requireStaffSeries(params.seriesId);
  const canCancel = (access.cancelOrders as readonly string[]).includes(user.role);
  return seriesPage(series, { kind: "staff", canCancel }, now());
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${t.title}: ${data?.serviceName ?? ""} – Hallintapaneeli – Arkikaveri` }];

export default function StaffSeriesPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to="/backoffice/orders" className={inlineLinkClass}>
          <span aria-hidden="true">←&nbsp;</span>Takaisin tilauksiin
        </Link>
      </p>
      <PageHeading title={`${t.title}: ${data.serviceName}`} />
      <p className="text-lg">
        {data.customerName}: {data.rule}
      </p>
      <SeriesFacts facts={data.facts} />
      <h2 className="text-2xl font-bold text-gray-900">{t.visitsHeading}</h2>
      <SeriesVisitList visits={data.visits} />
    </div>
  );
}
