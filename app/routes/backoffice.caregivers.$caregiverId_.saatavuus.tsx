import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { notFound, requireStaffActor } from "~/backoffice/staff.server";
import { AvailabilityEditor, type AvailabilityEditorActionData } from "~/components/availability-editor";
import { PageHeading, inlineLinkClass } from "~/components/backoffice/ui";
import { getDb } from "~/db.server";
import { availabilityTexts as t } from "~/messages/availability";
import { caregiverTexts } from "~/messages/backoffice";
import { getCaregiverApplication } from "~/models/backoffice-caregivers.server";
import { availabilityAction, availabilityView } from "~/services/availability-page.server";
import { now as clockNow } from "~/services/clock.server";

// A helper's availability for staff (issue 27 item 1): the same page as the helper's own
// /portal/saatavuus, each change written to the helper's history (audit log).

async function requireHelper(caregiverId: string | undefined) {
  const caregiver = await getCaregiverApplication(await getDb(), caregiverId ?? "");
  if (!caregiver) throw notFound(caregiverTexts.notFound);
  return caregiver;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, access.caregivers);
  const caregiver = await requireHelper(params.caregiverId);
  return { name: caregiver.fullName || caregiver.email, id: caregiver.id, view: await availabilityView(await getDb(), caregiver.id, clockNow()) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor } = await requireStaffActor(request, context, access.caregivers);
  const caregiver = await requireHelper(params.caregiverId);
  return availabilityAction(request, await getDb(), {
    caregiverId: caregiver.id,
    staff: actor,
    now: clockNow(),
    returnTo: `/backoffice/caregivers/${caregiver.id}/saatavuus`,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${t.title}: ${data?.name ?? ""} – Hallintapaneeli – Arkikaveri` }];

export default function CaregiverAvailabilityPage() {
  const { name, id, view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AvailabilityEditorActionData;
  return (
    <div className="max-w-2xl space-y-6">
      <p>
        <Link to={`/backoffice/caregivers/${id}`} className={inlineLinkClass}>
          ← {name}
        </Link>
      </p>
      <PageHeading title={`${t.title}: ${name}`} />
      <p className="text-gray-800">{t.staffIntro(name)}</p>
      <AvailabilityEditor view={view} actionData={actionData} />
    </div>
  );
}
