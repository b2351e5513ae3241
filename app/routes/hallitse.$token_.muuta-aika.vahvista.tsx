import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { rescheduleConfirmAction, rescheduleConfirmLoader } from "~/booking/reschedule-steps.server";
import { RescheduleConfirmPage } from "~/components/booking/reschedule-confirm-page";
import { manageRouteHeaders } from "~/manage/manage-page.server";
import { managePageMeta } from "~/manage/meta";

// "Muuta aikaa" from a "Hallitse varausta" link, step 3 of 3: the new price and what happens with
// the money; the POST moves the visit and returns to the link's page.

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return rescheduleConfirmLoader(request, "manage", params.token, context);
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return rescheduleConfirmAction(request, "manage", params.token, context);
}

export const headers = manageRouteHeaders;

export const meta: MetaFunction = () => managePageMeta("Vahvista uusi aika – Arkikaveri");

export default function ManageRescheduleConfirmStep() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return <RescheduleConfirmPage view={refused ?? loaded} />;
}
