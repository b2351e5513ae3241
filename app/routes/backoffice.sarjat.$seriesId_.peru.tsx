import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { requireStaffActor } from "~/backoffice/staff.server";
import { PageHeading } from "~/components/backoffice/ui";
import { SeriesCancelForm } from "~/components/series-manage";
import { seriesTexts as t } from "~/messages/series-manage";
import { postSeriesCancel } from "~/portal/series-actions.server";
import { fromVisitOf, requireStaffSeries, seriesCancelPage, staffSeriesPath } from "~/portal/series-page.server";
import { now } from "~/services/clock.server";

// Staff's "Peru tämä ja kaikki tulevat" (issue 27 item 5), for the roles that may cancel an order:
// the same confirmation as the customer's, with the reason (told to the customer, kept in the
// audit log) and the choice to waive the late fees, as on a single order.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, access.cancelOrders);
  const series = await requireStaffSeries(params.seriesId);
  return { plan: await seriesCancelPage(series, fromVisitOf(request), now()), back: staffSeriesPath(series.id), customerName: series.customerName };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor } = await requireStaffActor(request, context, access.cancelOrders);
  const series = await requireStaffSeries(params.seriesId);
  const back = staffSeriesPath(series.id);
  const here = `${back}/peru?${new URLSearchParams({ alkaen: fromVisitOf(request) })}`;
  return postSeriesCancel(request, { actor }, series, { here, back });
}

export const meta: MetaFunction<typeof loader> = () => [{ title: `${t.cancelHeading} – Hallintapaneeli – Arkikaveri` }];

export default function StaffCancelSeriesPage() {
  const { plan, back, customerName } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeading title={t.cancelHeading} />
      <p className="text-lg">
        {customerName} – {plan.serviceName}: {plan.rule}
      </p>
      <SeriesCancelForm plan={plan} back={back} staff lastResult={reply && "result" in reply ? reply.result : undefined} />
    </div>
  );
}
