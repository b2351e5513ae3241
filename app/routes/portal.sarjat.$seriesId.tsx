import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { linkClass } from "~/components/layout";
import { SeriesFacts, SeriesVisitList } from "~/components/series-manage";
import { seriesTexts as t } from "~/messages/series-manage";
import { requireCustomerSeries, seriesPage } from "~/portal/series-page.server";
import { now } from "~/services/clock.server";

// The customer's series of weekly visits (issue 27 item 5): the rule, the helper, how it ends, and
// every visit with its status and order page; from a visit still ahead, "Peru vain tämä käynti"
// (the order's own cancel page), "Peru tämä ja kaikki tulevat" and "Vaihda kaveria tästä
// eteenpäin". Only the series' customer sees it; anyone else gets the 404 of a missing series.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { series } = await requireCustomerSeries(request, params.seriesId);
  return seriesPage(series, { kind: "customer" }, now());
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${t.title}: ${data?.serviceName ?? ""} – Oma sivu – Arkikaveri` }];

export default function CustomerSeriesPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to="/portal/orders" className={`inline-flex min-h-target items-center ${linkClass}`}>
          <span aria-hidden="true">←&nbsp;</span>Takaisin tilauksiin
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">
        {t.title}: {data.serviceName}
      </h1>
      <p className="text-lg">{data.rule}</p>
      <SeriesFacts facts={data.facts} />
      <h2 className="text-2xl font-bold text-gray-900">{t.visitsHeading}</h2>
      <SeriesVisitList visits={data.visits} />
    </div>
  );
}
