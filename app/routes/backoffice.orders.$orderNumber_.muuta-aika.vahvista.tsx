import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { rescheduleConfirmAction, rescheduleConfirmLoader } from "~/booking/reschedule-steps.server";
import { RescheduleConfirmPage } from "~/components/booking/reschedule-confirm-page";

// "Muuta aikaa", step 3 of 3: the new price and what happens with the money; the POST moves the visit.

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return rescheduleConfirmLoader(request, "staff", params.orderNumber, context);
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return rescheduleConfirmAction(request, "staff", params.orderNumber, context);
}

export const meta: MetaFunction = () => [{ title: "Vahvista uusi aika – Hallintapaneeli – Arkikaveri" }];

export default function RescheduleConfirmStep() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return <RescheduleConfirmPage view={refused ?? loaded} />;
}
