import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { toTheOneWizard } from "~/booking/one-wizard.server";

// /portal/orders/new/yhteenveto: the portal's old order wizard, now /varaa-kaveri (issue 26 item 3; one-wizard.server.ts).

export function loader({ request }: LoaderFunctionArgs) {
  return toTheOneWizard(request, "yhteenveto");
}

export function action({ request }: ActionFunctionArgs) {
  return toTheOneWizard(request, "yhteenveto");
}
