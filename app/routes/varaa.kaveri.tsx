import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { VARAA_FLOW } from "~/booking/flows";
import { caregiverStepLoader } from "~/booking/steps.server";
import { CaregiverStepPage } from "~/components/booking/caregiver-step-page";

// /varaa/kaveri, step 2: choose a caregiver or 'Ei väliä' (spec 000 §2).

export function loader({ request }: LoaderFunctionArgs) {
  return caregiverStepLoader(request, VARAA_FLOW);
}

export const meta: MetaFunction = () => [{ title: "Valitse kaveri – Varaa kaveri – Arkikaveri" }];

export default function BookingCaregiverStep() {
  return <CaregiverStepPage view={useLoaderData<typeof loader>()} />;
}
