import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NEW_ORDER_FLOW } from "~/booking/flows";
import { summaryStepAction, summaryStepLoader } from "~/booking/summary-step.server";
import { SummaryStepPage, type SummaryActionData } from "~/components/booking/summary-step-page";

// /portal/orders/new/yhteenveto, step 5 of 5: the summary, the price, payment and terms, 'Varaa nyt'.

export function loader({ request }: LoaderFunctionArgs) {
  return summaryStepLoader(request, NEW_ORDER_FLOW);
}

export function action({ request }: ActionFunctionArgs) {
  return summaryStepAction(request, NEW_ORDER_FLOW);
}

export const meta: MetaFunction = () => [{ title: "Yhteenveto ja maksu – Uusi tilaus – Arkikaveri" }];

export default function SignedInSummaryStep() {
  const actionData = useActionData<typeof action>() as SummaryActionData | undefined;
  return <SummaryStepPage view={useLoaderData<typeof loader>()} actionData={actionData} />;
}
