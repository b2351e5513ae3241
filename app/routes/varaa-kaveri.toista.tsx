import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { seriesStepAction, seriesStepLoader } from "~/booking/series-step.server";
import { PageLayout } from "~/components/layout";
import { SeriesDatesPage } from "~/components/series-dates-page";
import { seriesPageTexts as t } from "~/messages/series";
import type { SeriesDatesActionData } from "~/domain/series-preview-view";

// /varaa-kaveri/toista: the summary step's "Joka viikko" / "Joka toinen viikko" – every date with
// the helper free or taken, then the whole series booked at once (docs/decisions/0042).

export function loader({ request }: LoaderFunctionArgs) {
  return seriesStepLoader(request);
}

export function action({ request }: ActionFunctionArgs) {
  return seriesStepAction(request);
}

export const meta: MetaFunction = () => [{ title: `${t.datesTitle} – Varaa kaveri – Arkikaveri` }];

export default function WizardSeriesDatesPage() {
  // In the site's frame, as the wizard's steps are (BookingLayout).
  return (
    <PageLayout>
      <SeriesDatesPage view={useLoaderData<typeof loader>()} actionData={useActionData<SeriesDatesActionData>()} />
    </PageLayout>
  );
}
