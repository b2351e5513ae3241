import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { rescheduleCaregiverLoader } from "~/booking/reschedule-steps.server";
import { CaregiverStepPage } from "~/components/booking/caregiver-step-page";
import { manageRouteHeaders } from "~/manage/manage-page.server";
import { managePageMeta } from "~/manage/meta";

// "Muuta aikaa" from a "Hallitse varausta" link, step 2 of 3: the same helper when free at the new
// time, otherwise another free helper or 'Ei väliä', or the nearest times somebody can come.

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return rescheduleCaregiverLoader(request, "manage", params.token, context);
}

export const headers = manageRouteHeaders;

export const meta: MetaFunction = () => managePageMeta("Muuta aikaa: kaveri – Arkikaveri");

export default function ManageRescheduleCaregiverStep() {
  return <CaregiverStepPage view={useLoaderData<typeof loader>()} />;
}
