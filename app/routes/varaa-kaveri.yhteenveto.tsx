import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { VARAA_KAVERI_FLOW } from "~/booking/flows";
import { answeredPriceChange } from "~/booking/shown-price";
import { summaryStepAction, summaryStepLoader } from "~/booking/summary-step.server";
import { SummaryStepPage, type SummaryActionData } from "~/components/booking/summary-step-page";
import { retryAfterHeaders } from "~/services/rate-limit.server";

// /varaa-kaveri/yhteenveto, step 4 of 4: the summary, the price, payment and terms, 'Varaa nyt'.

export function loader({ request }: LoaderFunctionArgs) {
  return summaryStepLoader(request, VARAA_KAVERI_FLOW);
}

export function action({ request }: ActionFunctionArgs) {
  return summaryStepAction(request, VARAA_KAVERI_FLOW);
}

// A changed price is read again (shown-price.ts).
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  answeredPriceChange(actionResult) || defaultShouldRevalidate;

// A database fault's 503 says when to try again (Retry-After), on the HTML page too.
export const headers = retryAfterHeaders;

export const meta: MetaFunction = () => [{ title: "Yhteenveto ja maksu – Varaa kaveri – Arkikaveri" }];

export default function SignedInSummaryStep() {
  const actionData = useActionData<typeof action>() as SummaryActionData | undefined;
  return <SummaryStepPage view={useLoaderData<typeof loader>()} actionData={actionData} />;
}
