import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { VARAA_KAVERI_FLOW } from "~/booking/flows";
import { contactRequestAction } from "~/booking/contact-request-step.server";
import { caregiverStepLoader } from "~/booking/steps.server";
import { CaregiverStepPage } from "~/components/booking/caregiver-step-page";

// /varaa-kaveri/kaveri, step 3 of 4: a helper near the visit and free at that time, or 'Ei väliä'.

export function loader({ request }: LoaderFunctionArgs) {
  return caregiverStepLoader(request, VARAA_KAVERI_FLOW);
}

/** "Pyydä yhteydenottoa" when nobody can do the visit (issue 26 item 5). */
export function action({ request, context }: ActionFunctionArgs) {
  return contactRequestAction(request, VARAA_KAVERI_FLOW, context.clientIp);
}

export const meta: MetaFunction = () => [{ title: "Valitse kaveri – Varaa kaveri – Arkikaveri" }];

export default function SignedInCaregiverStep() {
  return <CaregiverStepPage view={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />;
}
