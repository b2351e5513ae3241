import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { toTheOneWizard } from "~/booking/one-wizard.server";

// /portal/orders/new/aika: the portal's old order wizard, now /varaa-kaveri (issue 26 item 3; one-wizard.server.ts).

export function loader({ request }: LoaderFunctionArgs) {
  return toTheOneWizard(request, "aika");
}

export function action({ request }: ActionFunctionArgs) {
  return toTheOneWizard(request, "aika");
}
