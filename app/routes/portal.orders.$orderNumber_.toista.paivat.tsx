import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SeriesDatesPage } from "~/components/series-dates-page";
import { seriesPageTexts as t } from "~/messages/series";
import { seriesDatesAction, seriesDatesLoader, type SeriesDatesActionData } from "~/portal/series-booking.server";

// "Toista viikoittain", step 2 (issue 27 item 4): every date with the helper free or taken; a
// taken date is skipped or given to another helper; one POST books the whole series or nothing.

export function loader({ request, params }: LoaderFunctionArgs) {
  return seriesDatesLoader(request, params.orderNumber);
}

export function action({ request, params }: ActionFunctionArgs) {
  return seriesDatesAction(request, params.orderNumber);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${t.datesTitle}: tilaus ${data?.template.orderNumber ?? ""} – Oma sivu – Arkikaveri` }];

export default function RepeatOrderDatesPage() {
  return <SeriesDatesPage view={useLoaderData<typeof loader>()} actionData={useActionData<SeriesDatesActionData>()} />;
}
