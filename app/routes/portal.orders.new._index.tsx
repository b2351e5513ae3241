import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NEW_ORDER_FLOW } from "~/booking/flows";
import { serviceStepLoader } from "~/booking/signed-in-steps.server";
import { ServiceStepPage } from "~/components/booking/service-step-page";

// /portal/orders/new, step 1 of 5 of the portal's order wizard: the service (spec 001 §2
// orders/new). The engine is shared with every booking flow; see app/booking/.

export function loader({ request }: LoaderFunctionArgs) {
  return serviceStepLoader(request, NEW_ORDER_FLOW);
}

export const meta: MetaFunction = () => [{ title: "Valitse palvelu – Uusi tilaus – Arkikaveri" }];

export default function SignedInServiceStep() {
  return <ServiceStepPage view={useLoaderData<typeof loader>()} />;
}
