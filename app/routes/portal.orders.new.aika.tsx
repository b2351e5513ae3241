import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NEW_ORDER_FLOW } from "~/booking/flows";
import { timeStepAction } from "~/booking/signed-in-steps.server";
import { timeStepLoader } from "~/booking/steps.server";
import { TimeStepPage } from "~/components/booking/time-step-page";

// /portal/orders/new/aika, step 2 of 5: date, time, duration, the visit's address and phone, with a
// live price (spec 001 §2 orders/new).

export function loader({ request }: LoaderFunctionArgs) {
  return timeStepLoader(request, NEW_ORDER_FLOW);
}

export function action({ request }: ActionFunctionArgs) {
  return timeStepAction(request, NEW_ORDER_FLOW);
}

export const meta: MetaFunction = () => [{ title: "Aika ja paikka – Uusi tilaus – Arkikaveri" }];

export default function SignedInTimeStep() {
  return <TimeStepPage view={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
