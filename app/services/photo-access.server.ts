import { access } from "../auth/access";
import { getOptionalUser } from "../auth/guards.server";
import type { Executor } from "../db.server";
import { findPhotoOwner } from "../models/caregivers.server";
import { photoUrl } from "./photo.server";
import { registrationDrafts } from "./registration-drafts.server";

// Who may see a stored photo (issue 12, finding 13). A helper's picture is shown to customers once
// the helper has been approved; until then it is an applicant's personal data, seen only by the
// back office that reviews the application and by the applicant (signed in as the helper, or still
// filling in the form, whose draft holds the photo). Everyone else gets the same 404 as for a key
// that does not exist, so a key reveals nothing.

export type PhotoVisibility = "public" | "private" | "hidden";

/** Statuses whose picture customers have seen: a suspension does not make it secret again. */
const SHOWN_TO_CUSTOMERS = new Set(["approved", "suspended"]);

export async function photoVisibility(db: Executor, request: Request, key: string): Promise<PhotoVisibility> {
  const owner = await findPhotoOwner(db, photoUrl(key));
  if (owner && SHOWN_TO_CUSTOMERS.has(owner.status)) return "public";

  const user = await getOptionalUser(request);
  if (user?.role && (access.caregivers as readonly string[]).includes(user.role)) return "private";
  if (owner) return user?.id === owner.profileId ? "private" : "hidden";

  const draft = await registrationDrafts.read(db, request);
  return draft?.data.photoKey === key ? "private" : "hidden";
}
