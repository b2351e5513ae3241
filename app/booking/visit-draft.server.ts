import type { AuthUser } from "~/auth/guards.server";
import { requireCustomer } from "~/auth/guards.server";
import type { Executor } from "~/db.server";
import { SIGNED_IN_BOOKING_MESSAGES } from "~/messages/booking-wording";
import { BOOKING_VISIT_DRAFT_KIND } from "~/models/form-drafts.server";
import { findCustomerContact } from "~/models/orders.server";
import { toastCookie } from "~/services/flash.server";
import { draftStore } from "~/services/form-draft.server";
import { EMPTY_VISIT, RECIPIENT_VISIT_FIELDS, type VisitValues } from "./visit-fields";

// The signed-in wizards (/varaa-kaveri, /portal/orders/new) ask the visit's street address,
// phone, description and the note for the helper ('Lisätietoja kaverille': door codes, pets).
// That is personal data, so it never travels in the address like the rest of the draft
// (docs/decisions/0008): it waits in a server-side draft behind a signed cookie, belongs to the
// signed-in customer who typed it (another account signing in on the same browser never sees it),
// and is forgotten once the order is placed. Nothing here is validated: each step checks what it
// needs with the flow's schema (app/schemas/booking-visit.ts).

export type VisitDetails = Omit<VisitValues, "postalCode" | "city">;

export const VISIT_DETAIL_NAMES = [
  "bookingFor",
  ...RECIPIENT_VISIT_FIELDS,
  "recipientEmail",
  "address",
  "phone",
  "saveAddress",
  "smsReminder",
  "description",
  "specialNotes",
] as const satisfies ReadonlyArray<keyof VisitDetails>;

const STORED_LENGTH_MAX = 10_000;

interface StoredVisit extends Partial<VisitDetails> {
  userId: string;
  /** The online order these details became, still unpaid: its payment forgets them (deleteFormDraftsOfOrder). */
  placedOrderId?: string;
}

const drafts = draftStore<StoredVisit>({
  kind: BOOKING_VISIT_DRAFT_KIND,
  cookieName: "__booking_visit",
  ttlMs: 24 * 60 * 60 * 1000,
});

/**
 * The signed-in customer of the wizards. An anonymous visitor goes to /auth and comes back here
 * afterwards (the guard's redirectTo), told why ('Käyttäjä ei ole kirjautunut'); a helper or a
 * staff member gets the 403 page (spec 000 §6: booking requires a signed-in customer).
 */
export async function requireBookingCustomer(request: Request): Promise<AuthUser> {
  try {
    return await requireCustomer(request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 302 && thrown.headers.get("Location")?.startsWith("/auth?")) {
      thrown.headers.append(
        "Set-Cookie",
        await toastCookie(request, { type: "info", title: SIGNED_IN_BOOKING_MESSAGES.notSignedIn, description: SIGNED_IN_BOOKING_MESSAGES.signInToBook }),
      );
    }
    throw thrown;
  }
}

/** What the customer has typed for this visit, or what their saved details say where nothing was typed yet. */
export async function visitDetailsOf(
  executor: Executor,
  request: Request,
  userId: string,
): Promise<{ details: VisitDetails; saved: { postalCode: string | null; city: string | null } }> {
  const stored = await drafts.read(executor, request);
  const own = stored && stored.data.userId === userId ? stored.data : null;
  const contact = await findCustomerContact(executor, userId);
  return {
    details: {
      ...EMPTY_VISIT,
      ...Object.fromEntries(VISIT_DETAIL_NAMES.flatMap((name) => (own?.[name] === undefined ? [] : [[name, own[name]]]))),
      address: own?.address ?? contact?.address ?? "",
      phone: own?.phone ?? contact?.phone ?? "",
    },
    saved: { postalCode: contact?.postalCode ?? null, city: contact?.city ?? null },
  };
}

/** Keeps what a step's form sent of the visit's details; returns the Set-Cookie header that finds them. */
export async function keepVisitDetails(executor: Executor, request: Request, userId: string, formData: FormData): Promise<string> {
  const stored = await drafts.read(executor, request);
  const previous = stored && stored.data.userId === userId ? stored.data : { userId };
  const next: StoredVisit = { ...previous, userId };
  // Typed again after an online order was placed from them: these are another booking's now.
  delete next.placedOrderId;
  for (const name of VISIT_DETAIL_NAMES) {
    const value = formData.get(name);
    // Kept whole up to a bound far beyond any field's limit, so that "too long" is said, not done.
    if (typeof value === "string") next[name] = value.slice(0, STORED_LENGTH_MAX);
  }
  // An unticked box sends nothing: the form that asks it (the one that asks whom the visit is for) clears it.
  if (formData.has("bookingFor")) {
    next.saveAddress = formData.get("saveAddress") === "on" ? "on" : "";
    next.smsReminder = formData.get("smsReminder") === "on" ? "on" : "";
  }
  await drafts.deleteExpired(executor);
  return drafts.save(executor, stored?.id ?? null, next);
}

/**
 * Marks the visit's details as those of an online order just placed: they stay for 'Yritä
 * uudelleen' after a cancelled payment, and the payment forgets them (events.server.ts).
 */
export async function markVisitDetailsPlaced(executor: Executor, request: Request, userId: string, orderId: string): Promise<void> {
  const stored = await drafts.read(executor, request);
  if (!stored || stored.data.userId !== userId) return;
  await drafts.save(executor, stored.id, { ...stored.data, placedOrderId: orderId });
}

/** Forgets the visit's details once its order is placed; returns the clearing Set-Cookie header or null. */
export async function forgetVisitDetails(executor: Executor, request: Request): Promise<string | null> {
  const id = await drafts.idFrom(request);
  if (!id) return null;
  await drafts.remove(executor, id);
  return drafts.clearCookie();
}
