import type { Executor } from "~/db.server";
import { CONTACT_FIELD_NAMES, SPECIAL_NOTES_MAX, type ContactDefaults } from "~/schemas/booking";
import { draftStore } from "~/services/form-draft.server";

// When the order cannot be made because the chosen caregiver was just booked by someone else, the
// customer goes back to step 2 "with everything kept" (issue 4). The time and service travel in
// the address; the contact details typed on step 3 must not (they are personal data), so they
// wait in a short-lived server-side draft (app/services/form-draft.server.ts). Step 3 fills its
// fields from it, and a placed order deletes it. Bot-check answers are never kept.

const drafts = draftStore<ContactDefaults>({
  kind: "booking-contact",
  cookieName: "__booking_contact",
  ttlMs: 2 * 60 * 60 * 1000,
});

function pickContactFields(formData: FormData): ContactDefaults {
  const values: ContactDefaults = {};
  for (const name of CONTACT_FIELD_NAMES) {
    const value = formData.get(name);
    // The longest field is the note for the helper; anything beyond its limit is not kept.
    if (typeof value === "string" && value.trim() !== "") values[name] = value.slice(0, SPECIAL_NOTES_MAX);
  }
  return values;
}

/** Keeps the typed contact details; returns the Set-Cookie header that finds them again. */
export async function keepContactDetails(executor: Executor, request: Request, formData: FormData): Promise<string> {
  await drafts.deleteExpired(executor);
  return drafts.save(executor, await drafts.idFrom(request), pickContactFields(formData));
}

/** The kept contact details of this browser, if any. */
export async function keptContactDetails(executor: Executor, request: Request): Promise<ContactDefaults | null> {
  return (await drafts.read(executor, request))?.data ?? null;
}

/** Forgets the kept details (after the order is placed); returns the clearing Set-Cookie header or null. */
export async function forgetContactDetails(executor: Executor, request: Request): Promise<string | null> {
  const id = await drafts.idFrom(request);
  if (!id) return null;
  await drafts.remove(executor, id);
  return drafts.clearCookie();
}
