import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { rescheduleTimeLoader } from "~/booking/reschedule-steps.server";
import { TimeStepPage } from "~/components/booking/time-step-page";
import { manageRouteHeaders } from "~/manage/manage-page.server";
import { managePageMeta } from "~/manage/meta";

// "Muuta aikaa" from a "Hallitse varausta" link, step 1 of 3: the portal's very steps with the
// customer's rules, the link being the permission (docs/decisions/0036).

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return rescheduleTimeLoader(request, "manage", params.token, context);
}

export const headers = manageRouteHeaders;

export const meta: MetaFunction = () => managePageMeta("Muuta aikaa – Arkikaveri");

export default function ManageRescheduleTimeStep() {
  return <TimeStepPage view={useLoaderData<typeof loader>()} />;
}
