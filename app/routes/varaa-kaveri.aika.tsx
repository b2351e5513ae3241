import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { VARAA_KAVERI_FLOW } from "~/booking/flows";
import { timeStepAction } from "~/booking/signed-in-steps.server";
import { timeStepLoader } from "~/booking/steps.server";
import { TimeStepPage } from "~/components/booking/time-step-page";
import { VisitDescriptionFields } from "~/components/booking/visit-description";

// /varaa-kaveri/aika, step 2 of 4: date, time, duration, the visit's address and phone, the
// description and the note for the helper, with a live price (spec 000 §2 "Four-step wizard").

export function loader({ request }: LoaderFunctionArgs) {
  return timeStepLoader(request, VARAA_KAVERI_FLOW);
}

export function action({ request }: ActionFunctionArgs) {
  return timeStepAction(request, VARAA_KAVERI_FLOW);
}

export const meta: MetaFunction = () => [{ title: "Aika ja paikka – Varaa kaveri – Arkikaveri" }];

export default function SignedInTimeStep() {
  return (
    <TimeStepPage
      view={useLoaderData<typeof loader>()}
      actionData={useActionData<typeof action>()}
      extraSection={(props) => <VisitDescriptionFields {...props} />}
    />
  );
}
