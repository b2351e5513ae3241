import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { VARAA_KAVERI_FLOW } from "~/booking/flows";
import { serviceStepLoader } from "~/booking/signed-in-steps.server";
import { ServiceStepPage } from "~/components/booking/service-step-page";

// /varaa-kaveri, step 1 of 4 for signed-in customers: the service (spec 000 §2 "Four-step
// wizard"). The engine is shared with every booking flow; see app/booking/.

export function loader({ request }: LoaderFunctionArgs) {
  return serviceStepLoader(request, VARAA_KAVERI_FLOW);
}

export const meta: MetaFunction = () => [{ title: "Valitse palvelu – Varaa kaveri – Arkikaveri" }];

export default function SignedInServiceStep() {
  return <ServiceStepPage view={useLoaderData<typeof loader>()} />;
}
