import { createCookie } from "@remix-run/node";
import type { Executor } from "~/db.server";
import { env } from "~/env.server";
import { createFormDraft, deleteExpiredFormDrafts, deleteFormDraft, findFormDraft } from "~/models/form-drafts.server";
import { CONTACT_FIELD_NAMES, type ContactDefaults } from "~/schemas/booking";

// When the order cannot be made because the chosen caregiver was just booked by someone else, the
// customer goes back to step 2 "with everything kept" (issue 4). The time and service travel in
// the address; the contact details typed on step 3 must not (they are personal data), so they
// wait here: a short-lived server-side draft found through a signed cookie. Step 3 fills its
// fields from it, and a placed order deletes it. Bot-check answers are never kept.

const KIND = "booking-contact";
const TTL_MS = 2 * 60 * 60 * 1000;

let cookie: ReturnType<typeof createCookie> | undefined;
function draftCookie() {
  const e = env();
  cookie ??= createCookie("__booking_contact", {
    httpOnly: true,
    sameSite: "lax",
    secure: e.NODE_ENV === "production",
    path: "/",
    maxAge: TTL_MS / 1000,
    secrets: [e.SESSION_SECRET],
  });
  return cookie;
}

function pickContactFields(formData: FormData): ContactDefaults {
  const values: ContactDefaults = {};
  for (const name of CONTACT_FIELD_NAMES) {
    const value = formData.get(name);
    if (typeof value === "string" && value.trim() !== "") values[name] = value.slice(0, 300);
  }
  return values;
}

/** Keeps the typed contact details; returns the Set-Cookie header that finds them again. */
export async function keepContactDetails(executor: Executor, request: Request, formData: FormData): Promise<string> {
  await deleteExpiredFormDrafts(executor, KIND);
  const previous = await readDraftId(request);
  if (previous) await deleteFormDraft(executor, KIND, previous);
  const id = await createFormDraft(executor, {
    kind: KIND,
    data: pickContactFields(formData),
    expiresAt: new Date(Date.now() + TTL_MS),
  });
  return draftCookie().serialize(id);
}

async function readDraftId(request: Request): Promise<string | null> {
  const value: unknown = await draftCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** The kept contact details of this browser, if any. */
export async function keptContactDetails(executor: Executor, request: Request): Promise<ContactDefaults | null> {
  const id = await readDraftId(request);
  if (!id) return null;
  const draft = await findFormDraft<ContactDefaults>(executor, KIND, id);
  return draft?.data ?? null;
}

/** Forgets the kept details (after the order is placed); returns the clearing Set-Cookie header or null. */
export async function forgetContactDetails(executor: Executor, request: Request): Promise<string | null> {
  const id = await readDraftId(request);
  if (!id) return null;
  await deleteFormDraft(executor, KIND, id);
  return draftCookie().serialize("", { maxAge: 0 });
}
