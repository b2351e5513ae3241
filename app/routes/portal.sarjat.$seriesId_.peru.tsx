import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SeriesCancelForm } from "~/components/series-manage";
import { seriesTexts as t } from "~/messages/series-manage";
import { postSeriesCancel } from "~/portal/series-actions.server";
import { customerSeriesPath, fromVisitOf, requireCustomerSeries, seriesCancelPage } from "~/portal/series-page.server";
import { now } from "~/services/clock.server";

// "Peru tämä ja kaikki tulevat" (issue 27 item 5): the GET shows which visits will be cancelled
// and each one's fee by the 24-hour rule; only the POST cancels them and ends the series.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { series } = await requireCustomerSeries(request, params.seriesId);
  return { plan: await seriesCancelPage(series, fromVisitOf(request), now()), back: customerSeriesPath(series.id) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, series } = await requireCustomerSeries(request, params.seriesId);
  const back = customerSeriesPath(series.id);
  const here = `${back}/peru?${new URLSearchParams({ alkaen: fromVisitOf(request) })}`;
  return postSeriesCancel(request, { actor: { id: user.id, ip: context?.clientIp ?? null }, customerProfileId: user.id }, series, { here, back });
}

export const meta: MetaFunction<typeof loader> = () => [{ title: `${t.cancelHeading} – Oma sivu – Arkikaveri` }];

export default function CancelSeriesPage() {
  const { plan, back } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{t.cancelHeading}</h1>
      <p className="text-lg">
        {plan.serviceName}: {plan.rule}
      </p>
      <SeriesCancelForm plan={plan} back={back} staff={false} lastResult={reply && "result" in reply ? reply.result : undefined} />
    </div>
  );
}
