import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { rescheduleCaregiverLoader } from "~/booking/reschedule-steps.server";
import { CaregiverStepPage } from "~/components/booking/caregiver-step-page";

// "Muuta aikaa", step 2 of 3: the same helper when free at the new time (the step then goes
// straight on), otherwise another free helper or 'Ei väliä'.

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return rescheduleCaregiverLoader(request, "staff", params.orderNumber, context);
}

export const meta: MetaFunction = () => [{ title: "Muuta aikaa: kaveri – Hallintapaneeli – Arkikaveri" }];

export default function RescheduleCaregiverStep() {
  return <CaregiverStepPage view={useLoaderData<typeof loader>()} />;
}
