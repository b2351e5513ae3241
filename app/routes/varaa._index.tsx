import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { VARAA_FLOW } from "~/booking/flows";
import { timeStepLoader } from "~/booking/steps.server";
import { TimeStepPage } from "~/components/booking/time-step-page";

// /varaa, step 1: date, time, duration and service (spec 000 §2). The engine is shared with
// /varaus; see app/booking/ and app/components/booking/.

export function loader({ request }: LoaderFunctionArgs) {
  return timeStepLoader(request, VARAA_FLOW);
}

export const meta: MetaFunction = () => [{ title: "Valitse aika ja palvelu – Varaa kaveri – Arkikaveri" }];

export default function BookingTimeStep() {
  return <TimeStepPage view={useLoaderData<typeof loader>()} />;
}
