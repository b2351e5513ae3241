import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { VARAA_FLOW } from "~/booking/flows";
import { contactRequestAction } from "~/booking/contact-request-step.server";
import { caregiverStepLoader } from "~/booking/steps.server";
import { CaregiverStepPage } from "~/components/booking/caregiver-step-page";

// /varaa/kaveri, step 2: choose a caregiver or 'Ei väliä' (spec 000 §2).

export function loader({ request }: LoaderFunctionArgs) {
  return caregiverStepLoader(request, VARAA_FLOW);
}

/** "Pyydä yhteydenottoa" when nobody can do the visit (issue 26 item 5). */
export function action({ request, context }: ActionFunctionArgs) {
  return contactRequestAction(request, VARAA_FLOW, context.clientIp);
}

export const meta: MetaFunction = () => [{ title: "Valitse kaveri – Varaa kaveri – Arkikaveri" }];

export default function BookingCaregiverStep() {
  return <CaregiverStepPage view={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />;
}
