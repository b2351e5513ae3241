import { sql } from "kysely";
import { getDb } from "~/db.server";
import type { AuthUser } from "~/models/users.server";
import { takeToast } from "~/services/flash.server";
import { cookiesFrom, createTestUser, getRequest, sessionCookieFor } from "./auth";

// People and read-backs of the portal tests (helper's tasks, notifications, reviews).

export interface SignedIn {
  user: AuthUser;
  cookie: string;
}

export async function signedInCustomer(email: string, fullName = "Tuula Tilaaja"): Promise<SignedIn> {
  const user = await createTestUser({ email, fullName });
  return { user, cookie: await sessionCookieFor(user) };
}

export async function signedInHelper(email: string, fullName = "Kalle Kaveri"): Promise<SignedIn & { caregiverId: string }> {
  const user = await createTestUser({ email, fullName, userType: "caregiver" });
  const db = await getDb();
  const row = await db.selectFrom("caregivers").select("id").where("profile_id", "=", user.id).executeTakeFirstOrThrow();
  return { user, cookie: await sessionCookieFor(user), caregiverId: row.id };
}

/** The toast a redirect carries (its flash cookie), as the next page would show it. */
export async function toastOf(answer: { response: Response | null }) {
  if (!answer.response) return null;
  const { toast } = await takeToast(getRequest("/", cookiesFrom(answer.response)));
  return toast;
}

export async function notificationsOf(profileId: string) {
  const db = await getDb();
  return db.selectFrom("notifications").selectAll().where("user_id", "=", profileId).orderBy("created_at").orderBy("id").execute();
}

export async function emailsWithSubject(address: string, subjectPart: string) {
  const db = await getDb();
  return db
    .selectFrom("emails")
    .selectAll()
    .where(sql<string>`lower(to_address)`, "=", address.toLowerCase())
    .where("subject", "like", `%${subjectPart}%`)
    .orderBy("created_at")
    .execute();
}

let slot = 0;
/** A fresh two-hour visit per call, in the future, so one helper's orders never overlap. */
export function nextVisit(): Date {
  slot += 1;
  return new Date(Date.UTC(2027, 2, 1, 8) + slot * 24 * 3_600_000);
}
