import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { VARAUS_FLOW } from "~/booking/flows";
import { timeStepLoader } from "~/booking/steps.server";
import { TimeStepPage } from "~/components/booking/time-step-page";

// /varaus, step 1: date, time, duration and service (spec 000 §2). The engine is shared with
// /varaa; see app/booking/ and app/components/booking/.

export function loader({ request }: LoaderFunctionArgs) {
  return timeStepLoader(request, VARAUS_FLOW);
}

export const meta: MetaFunction = () => [{ title: "Valitse aika ja palvelu – Varaus – Arkikaveri" }];

export default function BookingTimeStep() {
  return <TimeStepPage view={useLoaderData<typeof loader>()} />;
}
