import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { rescheduleTimeLoader } from "~/booking/reschedule-steps.server";
import { TimeStepPage } from "~/components/booking/time-step-page";

// "Muuta aikaa", step 1 of 3: the booking's own time step for a new date, time and duration
// (docs/decisions/0020).

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return rescheduleTimeLoader(request, "staff", params.orderNumber, context);
}

export const meta: MetaFunction = () => [{ title: "Muuta aikaa – Hallintapaneeli – Arkikaveri" }];

export default function RescheduleTimeStep() {
  return <TimeStepPage view={useLoaderData<typeof loader>()} />;
}
