import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { requireStaffActor } from "~/backoffice/staff.server";
import { PageHeading } from "~/components/backoffice/ui";
import { SeriesChangeForm } from "~/components/series-manage";
import { seriesTexts as t } from "~/messages/series-manage";
import { postSeriesChange } from "~/portal/series-actions.server";
import { fromVisitOf, requireStaffSeries, seriesChangePage, staffSeriesPath } from "~/portal/series-page.server";
import { now } from "~/services/clock.server";

// Staff's "Vaihda kaveria tästä eteenpäin" (issue 27 item 5), for those who assign helpers to
// orders: the same choice as the customer's, each change audit-logged.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, access.orders);
  const series = await requireStaffSeries(params.seriesId);
  return { plan: await seriesChangePage(series, fromVisitOf(request), now()), back: staffSeriesPath(series.id), customerName: series.customerName };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor } = await requireStaffActor(request, context, access.orders);
  const series = await requireStaffSeries(params.seriesId);
  return postSeriesChange(request, { actor }, series, { back: staffSeriesPath(series.id) });
}

export const meta: MetaFunction<typeof loader> = () => [{ title: `${t.changeHeading} – Hallintapaneeli – Arkikaveri` }];

export default function StaffChangeSeriesCaregiverPage() {
  const { plan, back, customerName } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeading title={t.changeHeading} />
      <p className="text-lg">
        {customerName} – {plan.serviceName}: {plan.rule}. Nyt: {plan.currentCaregiver}.
      </p>
      <SeriesChangeForm plan={plan} back={back} lastResult={reply && "result" in reply ? reply.result : undefined} />
    </div>
  );
}
