import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { VARAA_KAVERI_FLOW } from "~/booking/flows";
import { seriesStepAction, seriesStepLoader } from "~/booking/series-step.server";
import { SeriesDatesPage } from "~/components/series-dates-page";
import { wizardRepeatTexts as t } from "~/messages/wizard-repeat";
import type { SeriesDatesActionData } from "~/domain/series-preview-view";

// /varaa-kaveri/toista: the summary step's "Joka viikko" / "Joka toinen viikko" – every date with
// the helper free or taken, then the whole series booked at once (docs/decisions/0042).

export function loader({ request }: LoaderFunctionArgs) {
  return seriesStepLoader(request, VARAA_KAVERI_FLOW);
}

export function action({ request }: ActionFunctionArgs) {
  return seriesStepAction(request, VARAA_KAVERI_FLOW);
}

export const meta: MetaFunction = () => [{ title: `${t.title} – Varaa kaveri – Arkikaveri` }];

export default function WizardSeriesDatesPage() {
  return <SeriesDatesPage view={useLoaderData<typeof loader>()} actionData={useActionData<SeriesDatesActionData>()} />;
}
