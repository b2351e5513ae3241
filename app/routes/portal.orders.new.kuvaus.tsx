import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NEW_ORDER_FLOW } from "~/booking/flows";
import { detailsStepAction, detailsStepLoader } from "~/booking/signed-in-steps.server";
import { DetailsStepPage } from "~/components/booking/details-step-page";

// /portal/orders/new/kuvaus, step 3 of 5: the description and the note for the helper (spec 001 §2
// orders/new, §5 "Portal wizard").

export function loader({ request }: LoaderFunctionArgs) {
  return detailsStepLoader(request, NEW_ORDER_FLOW);
}

export function action({ request }: ActionFunctionArgs) {
  return detailsStepAction(request, NEW_ORDER_FLOW);
}

export const meta: MetaFunction = () => [{ title: "Kuvaus ja lisätiedot – Uusi tilaus – Arkikaveri" }];

export default function NewOrderDetailsStep() {
  const loaded = useLoaderData<typeof loader>();
  const corrected = useActionData<typeof action>();
  return <DetailsStepPage view={corrected ?? loaded} />;
}
