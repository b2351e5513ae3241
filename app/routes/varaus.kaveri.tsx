import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { VARAUS_FLOW } from "~/booking/flows";
import { caregiverStepLoader } from "~/booking/steps.server";
import { CaregiverStepPage } from "~/components/booking/caregiver-step-page";

// /varaus/kaveri, step 2: choose a caregiver or 'Ei väliä' (spec 000 §2).

export function loader({ request }: LoaderFunctionArgs) {
  return caregiverStepLoader(request, VARAUS_FLOW);
}

export const meta: MetaFunction = () => [{ title: "Valitse kaveri – Varaus – Arkikaveri" }];

export default function BookingCaregiverStep() {
  return <CaregiverStepPage view={useLoaderData<typeof loader>()} />;
}
