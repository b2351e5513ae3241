import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireCaregiver } from "~/auth/guards.server";
import { AvailabilityEditor, type AvailabilityEditorActionData } from "~/components/availability-editor";
import { getDb } from "~/db.server";
import { AVAILABILITY_PATH } from "~/domain/portal-paths";
import { availabilityTexts as t } from "~/messages/availability";
import { availabilityAction, availabilityView } from "~/services/availability-page.server";
import { now as clockNow } from "~/services/clock.server";

// A helper's own availability, "Saatavuus" (issue 27 item 1; docs/decisions/0035): the weekly plan
// and the exceptions. Customers are offered the helper only within it.

export async function loader({ request }: LoaderFunctionArgs) {
  const caregiver = await requireCaregiver(request);
  return availabilityView(await getDb(), caregiver.caregiverId, clockNow());
}

export async function action({ request }: ActionFunctionArgs) {
  const caregiver = await requireCaregiver(request);
  return availabilityAction(request, await getDb(), { caregiverId: caregiver.caregiverId, staff: null, now: clockNow(), returnTo: AVAILABILITY_PATH });
}

export const meta: MetaFunction = () => [{ title: `${t.title} – Arkikaveri` }];

export default function AvailabilityPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AvailabilityEditorActionData;
  return (
    <div className="max-w-2xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-4xl font-bold text-brand-900">{t.title}</h1>
        <p className="text-lg text-gray-800">{t.intro}</p>
      </div>
      <AvailabilityEditor view={view} actionData={actionData} />
    </div>
  );
}
