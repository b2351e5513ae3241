import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SeriesChangeForm } from "~/components/series-manage";
import { seriesTexts as t } from "~/messages/series-manage";
import { postSeriesChange } from "~/portal/series-actions.server";
import { customerSeriesPath, fromVisitOf, requireCustomerSeries, seriesChangePage } from "~/portal/series-page.server";
import { now } from "~/services/clock.server";

// "Vaihda kaveria tästä eteenpäin" (issue 27 item 5): the visits from the chosen one on, and the
// helpers who can take every one of them by the one matching rule; the POST moves them all or
// none, checked again inside its transaction.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { series } = await requireCustomerSeries(request, params.seriesId);
  return { plan: await seriesChangePage(series, fromVisitOf(request), now()), back: customerSeriesPath(series.id) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, series } = await requireCustomerSeries(request, params.seriesId);
  return postSeriesChange(request, { actor: { id: user.id, ip: context?.clientIp ?? null }, customerProfileId: user.id }, series, { back: customerSeriesPath(series.id) });
}

export const meta: MetaFunction<typeof loader> = () => [{ title: `${t.changeHeading} – Oma sivu – Arkikaveri` }];

export default function ChangeSeriesCaregiverPage() {
  const { plan, back } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{t.changeHeading}</h1>
      <p className="text-lg">
        {plan.serviceName}: {plan.rule}. Nyt: {plan.currentCaregiver}.
      </p>
      <SeriesChangeForm plan={plan} back={back} lastResult={reply && "result" in reply ? reply.result : undefined} />
    </div>
  );
}
