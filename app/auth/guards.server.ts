import { redirect } from "@remix-run/node";
import { getDb } from "../db.server";
import type { StaffRole } from "../db/schema";
import {
  findCaregiverIdOfUser,
  findCustomerIdOfUser,
  findSessionUser,
  type AuthUser,
} from "../models/users.server";
import { touchProfileActivity } from "../models/inactive-accounts.server";
import { activityIsStale } from "../domain/retention";
import { now as clockNow } from "../services/clock.server";
import { getSession } from "../services/session.server";
import { authMessages } from "../messages/auth";
import { access } from "./access";

// Guards throw: the first line of every protected loader and action calls one, and what follows
// can assume the user is there with the right role (STYLE.md principle 5). Anonymous visitors are
// sent to /auth and come back afterwards; a signed-in user without the right gets the 403 page
// 'Ei käyttöoikeutta tälle sivulle.' (rendered by the root ErrorBoundary).

export type { AuthUser };

/**
 * The signed-in user, or null. A session whose user was deleted counts as signed out, and so does
 * a suspended helper's (their sessions are ended when staff suspend them; this closes the gap).
 */
export async function getOptionalUser(request: Request): Promise<AuthUser | null> {
  const session = await getSession(request);
  const userId = session.get("userId");
  if (!userId) return null;
  const db = await getDb();
  const found = await findSessionUser(db, userId);
  if (!found || found.user.caregiverStatus === "suspended") return null;
  // A session's use is a use of the account (decision 0047), written at most once a day: a page
  // view on a fresh account only reads.
  const now = clockNow();
  if (activityIsStale(found.lastActiveAt, now)) await touchProfileActivity(db, found.user.id, now);
  return found.user;
}

/** The one page a helper who is not approved (an applicant, or a rejected one) may open: it says where the application stands. */
export const APPLICANT_PAGE_PATH = "/portal";

/**
 * Only approved helpers work (decision 0018): an applicant or a rejected one reads the portal home
 * (their application's state) and nothing else; any other page sends them there, any form is refused.
 */
function requireWorkingHelperOrApplicantPage(request: Request, user: AuthUser): void {
  if (user.userType !== "caregiver" || user.caregiverStatus === "approved") return;
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const reading = request.method === "GET" || request.method === "HEAD";
  if (reading && path === APPLICANT_PAGE_PATH) return;
  throw reading ? redirect(APPLICANT_PAGE_PATH) : forbidden();
}

function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  // Remix's own parameters (?index, ?_data) are not part of the page's address.
  url.searchParams.delete("index");
  url.searchParams.delete("_data");
  const back = `${url.pathname}${url.search}`;
  return redirect(`/auth?${new URLSearchParams({ redirectTo: back })}`);
}

export function forbidden(): Response {
  return new Response(authMessages.forbidden, { status: 403, statusText: "Forbidden" });
}

export async function requireUser(request: Request): Promise<AuthUser> {
  const user = await getOptionalUser(request);
  if (!user) throw signInRedirect(request);
  requireWorkingHelperOrApplicantPage(request, user);
  return user;
}

export type StaffUser = AuthUser & { role: StaffRole };

/** A back-office user whose role is one of `roles` (take them from `access`, app/auth/access.ts). */
export async function requireRole(request: Request, roles: readonly StaffRole[]): Promise<StaffUser> {
  const user = await requireUser(request);
  if (!user.role || !roles.includes(user.role)) throw forbidden();
  return user as StaffUser;
}

/** Any back-office role: the guard of the /backoffice layout. */
export function requireStaff(request: Request): Promise<StaffUser> {
  return requireRole(request, access.backoffice);
}

/** A helper (profile user_type caregiver) with their caregivers row. */
export async function requireCaregiver(request: Request): Promise<AuthUser & { caregiverId: string }> {
  const user = await requireUser(request);
  if (user.userType !== "caregiver" || user.caregiverStatus !== "approved") throw forbidden();
  const caregiverId = await findCaregiverIdOfUser(await getDb(), user.id);
  if (!caregiverId) throw forbidden();
  return { ...user, caregiverId };
}

/**
 * A customer: a signed-in user who is neither a helper nor staff. `customerId` is their customers
 * row, or null if they have not booked yet (the first booking creates it).
 */
export async function requireCustomer(request: Request): Promise<AuthUser & { customerId: string | null }> {
  const user = await requireUser(request);
  if (user.userType !== "customer" || user.role) throw forbidden();
  const customerId = await findCustomerIdOfUser(await getDb(), user.id);
  return { ...user, customerId };
}

/** Throws a redirect away from /auth for a visitor who is already signed in. */
export async function requireAnonymous(request: Request, to: (user: AuthUser) => string): Promise<void> {
  const user = await getOptionalUser(request);
  if (user) throw redirect(to(user));
}
