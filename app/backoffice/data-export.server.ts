import type { AppLoadContext } from "@remix-run/node";
import { access } from "~/auth/access";
import { getDb } from "~/db.server";
import { dataExportMessages as m } from "~/messages/data-export";
import { requestDataExportForPerson } from "~/services/data-export.server";
import { redirectWithToast } from "~/services/flash.server";
import { notFound, requireStaffActor } from "./staff.server";

// The back office's "Lähetä tiedot henkilölle" on a customer's and a helper's page (issue 29
// item 2; decision 0032): admin only, audit-logged on that record, the same limits as the
// person's own request; the link goes to the person's own address and works only for them.

export async function staffDataExportAction(
  request: Request,
  context: Partial<AppLoadContext> | undefined,
  subject: { profileId: string; entityType: "customer" | "caregiver"; entityId: string } | null,
  here: string,
  notFoundText: string,
): Promise<Response> {
  const { actor } = await requireStaffActor(request, context, access.exportPersonalData);
  if (!subject) throw notFound(notFoundText);
  const outcome = await requestDataExportForPerson(await getDb(), actor, subject);
  if (!outcome.ok) {
    return redirectWithToast(request, here, { type: "error", title: m.failed, description: outcome.reason === "pending" ? m.staffPending : m.staffTooMany });
  }
  return redirectWithToast(request, here, { type: "success", title: m.staffQueued, description: m.staffQueuedDetail });
}
