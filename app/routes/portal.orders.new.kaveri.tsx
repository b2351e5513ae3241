import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NEW_ORDER_FLOW } from "~/booking/flows";
import { caregiverStepLoader } from "~/booking/steps.server";
import { CaregiverStepPage } from "~/components/booking/caregiver-step-page";

// /portal/orders/new/kaveri, step 4 of 5: a helper near the visit and free at that time, or 'Ei väliä'.

export function loader({ request }: LoaderFunctionArgs) {
  return caregiverStepLoader(request, NEW_ORDER_FLOW);
}

export const meta: MetaFunction = () => [{ title: "Valitse kaveri – Uusi tilaus – Arkikaveri" }];

export default function SignedInCaregiverStep() {
  return <CaregiverStepPage view={useLoaderData<typeof loader>()} />;
}
