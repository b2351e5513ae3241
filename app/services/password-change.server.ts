import { getDb } from "../db.server";
import { env } from "../env.server";
import { passwordChangedEmailContent } from "../messages/auth-emails";
import { findPasswordHash } from "../models/profile.server";
import { deleteOtherSessionsOfUser } from "../models/sessions.server";
import { revokeAuthTokens, setPassword } from "../models/users.server";
import { PASSWORD_LINK_PURPOSES } from "./auth.server";
import { renderEmail, sendEmail } from "./email.server";
import { hashPassword, verifyPassword } from "./password.server";
import { consumeSignInAttempt, forgiveSignInAttempt } from "./rate-limit.server";

// Changing one's password in the portal (spec 001 §5 "Password change"; issue 10). The current
// password is checked first, under the sign-in limits (a borrowed session must not become a way to
// guess it); then, in one transaction, the new hash is saved, unused reset links stop working,
// every other session of the account ends (whoever knew the old password is out) while this one
// stays, and the owner is told by e-mail.

export type PasswordChangeOutcome = { ok: true; otherSessionsEnded: number } | Exclude<CurrentPasswordCheck, { ok: true }>;

export type CurrentPasswordCheck =
  | { ok: true }
  | { ok: false; reason: "wrong_current" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * The signed-in person's password asked again before something sensitive (a password change, a
 * data export): checked under the sign-in limits, so a borrowed session cannot guess it.
 */
export async function verifyCurrentPassword(user: { id: string; email: string }, password: string, ip: string | null): Promise<CurrentPasswordCheck> {
  const limit = await consumeSignInAttempt(user.email, ip);
  if (!limit.allowed) return { ok: false, reason: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  if (!(await verifyPassword(await findPasswordHash(await getDb(), user.id), password))) {
    return { ok: false, reason: "wrong_current" };
  }
  await forgiveSignInAttempt(user.email, ip);
  return { ok: true };
}

export async function changePassword(input: {
  user: { id: string; email: string; fullName: string };
  /** The session that stays signed in (currentSessionIdHash). */
  keepSessionIdHash: string;
  currentPassword: string;
  newPassword: string;
  ip: string | null;
}): Promise<PasswordChangeOutcome> {
  const check = await verifyCurrentPassword(input.user, input.currentPassword, input.ip);
  if (!check.ok) return check;
  const db = await getDb();
  const passwordHash = await hashPassword(input.newPassword);
  const otherSessionsEnded = await db.transaction().execute(async (trx) => {
    await setPassword(trx, input.user.id, passwordHash);
    await revokeAuthTokens(trx, input.user.id, PASSWORD_LINK_PURPOSES);
    const ended = await deleteOtherSessionsOfUser(trx, input.user.id, input.keepSessionIdHash);
    await sendEmail(trx, passwordChangedEmail(input.user));
    return ended;
  });
  return { ok: true, otherSessionsEnded };
}

function passwordChangedEmail(user: { email: string; fullName: string }) {
  const { subject, content } = passwordChangedEmailContent(user.fullName, new URL("/auth/unohtunut-salasana", env().APP_URL).toString());
  return { to: user.email, subject, ...renderEmail(content) };
}
