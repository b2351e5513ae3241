import type { AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getDb, type Executor } from "../db.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import {
  consumeAuthToken,
  createAuthToken,
  findCredentialsByEmail,
  insertCustomerAccount,
  markEmailConfirmed,
  peekAuthToken,
  revokeAuthTokens,
  setPassword,
  toAuthUser,
  type AuthUser,
} from "../models/users.server";
import type { AuthTokenPurpose } from "../db/schema";
import { LINK_LIFETIME_MS } from "../domain/auth-links";
import { SignInSchema } from "../schemas/auth";
import { deleteSessionsOfUser } from "../models/sessions.server";
import { findPendingAccountDeletion } from "../models/account-deletions.server";
import { touchProfileActivity } from "../models/inactive-accounts.server";
import { now as clockNow } from "./clock.server";
import { renderEmail, sendEmail, type EmailContent } from "./email.server";
import {
  accountExistsEmailContent,
  confirmationEmailContent,
  passwordResetEmailContent,
  type ConfirmationOrigin,
} from "../messages/auth-emails";
import { hashPassword, verifyPassword } from "./password.server";
import { enqueueJob } from "./job-queue.server";
import { consumeMailRequest, consumeSignInAttempt, consumeSignUp, forgiveSignInAttempt } from "./rate-limit.server";
import { sessionStorage, type SessionClient } from "./session.server";

// Accounts and sign-in (spec 000 §2, §5, §7; DESIGN.md decision 9). Routes call these functions
// and turn their results into pages, toasts and redirects.

export const CONFIRM_EMAIL_TTL_MS = LINK_LIFETIME_MS.confirm_email;
export const RESET_PASSWORD_TTL_MS = LINK_LIFETIME_MS.reset_password;
/** Links that let someone choose a password: a reset, or finishing a profile made by a guest booking. */
export const PASSWORD_LINK_PURPOSES = ["reset_password", "set_password"] as const satisfies readonly AuthTokenPurpose[];

export function clientOf(request: Request, context?: Partial<AppLoadContext>): SessionClient {
  return { userAgent: request.headers.get("User-Agent"), ip: context?.clientIp ?? null };
}

// ------------------------------------------------------------------ sign-in

/** Why a sign-in failed; thrown by the form strategy and turned into a result by `signIn`. */
export class SignInFailure extends Error {
  constructor(
    readonly reason: "invalid" | "unconfirmed" | "suspended" | "caregiver_suspended" | "deletion_pending",
    readonly email: string,
    /** When a pending account deletion takes effect (reason 'deletion_pending'). */
    readonly deleteAfter: Date | null = null,
  ) {
    super(reason);
    this.name = "SignInFailure";
  }
}

// Checking a password against a missing account takes as long as against a real one, so the
// answer time does not tell which e-mail addresses have accounts.
let dummyHash: Promise<string> | undefined;
function timingDummyHash() {
  dummyHash ??= hashPassword("arkikaveri-timing-equaliser");
  return dummyHash;
}

export const authenticator = new Authenticator<AuthUser>();
authenticator.use(
  new FormStrategy<AuthUser>(async ({ form }) => {
    const parsed = SignInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) throw new SignInFailure("invalid", String(form.get("email") ?? ""));
    const { email, password } = parsed.data;
    const credentials = await findCredentialsByEmail(await getDb(), email);
    // An account made by a guest booking has no password yet: it cannot sign in until one is set.
    const realHash = credentials?.passwordHash ?? null;
    const matches = await verifyPassword(realHash ?? (await timingDummyHash()), password);
    if (!credentials || !realHash || !matches) throw new SignInFailure("invalid", email);
    // A customer frozen by staff is told so, but only once the password has proved who they are.
    if (credentials.customerStatus === "suspended" && !credentials.role) throw new SignInFailure("suspended", credentials.email);
    // So is a suspended helper, with whom to contact (decision 0018).
    if (credentials.caregiverStatus === "suspended") throw new SignInFailure("caregiver_suspended", credentials.email);
    // During a deletion's grace period the account is closed; the e-mailed link reopens it (decision 0034).
    const deletion = await findPendingAccountDeletion(await getDb(), credentials.id);
    if (deletion) throw new SignInFailure("deletion_pending", credentials.email, deletion.deleteAfter);
    // Only someone who knows the password learns that the address is still unconfirmed.
    if (!credentials.emailConfirmedAt) throw new SignInFailure("unconfirmed", credentials.email);
    return toAuthUser(credentials);
  }),
  "form",
);

export type SignInResult =
  | { ok: true; user: AuthUser }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "unconfirmed"; email: string }
  | { ok: false; reason: "suspended" }
  | { ok: false; reason: "caregiver_suspended" }
  | { ok: false; reason: "deletion_pending"; deleteAfter: Date }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * Signs in with the posted e-mail and password (the request body must be unread: clone it
 * before reading). Every attempt counts against the per-address and per-client limits; a
 * successful one is forgiven.
 */
export async function signIn(request: Request, input: { email: string; ip: string | null }): Promise<SignInResult> {
  const limit = await consumeSignInAttempt(input.email, input.ip);
  if (!limit.allowed) {
    logger.warn({ ip: input.ip }, "sign-in rate limited");
    return { ok: false, reason: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  }
  try {
    const user = await authenticator.authenticate("form", request);
    await forgiveSignInAttempt(input.email, input.ip);
    return { ok: true, user };
  } catch (error) {
    if (!(error instanceof SignInFailure)) throw error;
    if (error.reason === "unconfirmed") return { ok: false, reason: "unconfirmed", email: error.email };
    if (error.reason === "suspended") return { ok: false, reason: "suspended" };
    if (error.reason === "caregiver_suspended") return { ok: false, reason: "caregiver_suspended" };
    if (error.reason === "deletion_pending" && error.deleteAfter) {
      // The password was right: the attempt is not a guess.
      await forgiveSignInAttempt(input.email, input.ip);
      return { ok: false, reason: "deletion_pending", deleteAfter: error.deleteAfter };
    }
    return { ok: false, reason: "invalid" };
  }
}

/**
 * Starts a session for `user` and returns its Set-Cookie header. Any session the browser had is
 * deleted first and a new id issued, so an id planted before sign-in is worthless after it.
 */
export async function createUserSession(request: Request, user: AuthUser, client: SessionClient): Promise<string> {
  const storage = sessionStorage(client);
  const previous = await storage.getSession(request.headers.get("Cookie"));
  if (previous.id) await storage.destroySession(previous);
  const session = await storage.getSession();
  session.set("userId", user.id);
  // Signing in is a use of the account: it keeps an unused one from erasure (decision 0047).
  await touchProfileActivity(await getDb(), user.id, clockNow());
  return storage.commitSession(session);
}

/** Deletes the session row and returns the Set-Cookie header that clears the cookie. */
export async function signOut(request: Request): Promise<string> {
  const storage = sessionStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  return storage.destroySession(session);
}

// ------------------------------------------------------------------ e-mails

function link(path: string, token: string): string {
  const url = new URL(path, env().APP_URL);
  url.searchParams.set("token", token);
  return url.toString();
}

/**
 * Who the confirmation e-mail greets: someone who signed up at /auth, or a helper who applied at
 * /rekisteroidy-kaveriksi (their account is made by the application; spec 001 §4).
 */
export type { ConfirmationOrigin };

function email(to: string, { subject, content }: { subject: string; content: EmailContent }) {
  return { to, subject, ...renderEmail(content) };
}

function confirmationEmail(to: string, fullName: string, token: string, origin: ConfirmationOrigin) {
  return email(to, confirmationEmailContent(fullName, link("/auth/vahvista", token), origin));
}

function resetEmail(to: string, token: string) {
  return email(to, passwordResetEmailContent(link("/auth/uusi-salasana", token)));
}

function accountExistsEmail(to: string, token: string) {
  return email(to, accountExistsEmailContent(new URL("/auth", env().APP_URL).toString(), link("/auth/uusi-salasana", token)));
}

// ------------------------------------------------------------------ sign-up and confirmation

/**
 * Creates a confirmation link (a 'confirm_email' token, stored as its SHA-256 hash, valid 48
 * hours and once; /auth/vahvista consumes it) and queues the e-mail that carries it, both with
 * `trx`: call it inside the transaction that creates the account, so that neither exists without
 * the other. Every flow that makes an account with a password uses this one function.
 */
export async function queueEmailConfirmation(
  trx: Executor,
  recipient: { userId: string; email: string; fullName: string },
  origin: ConfirmationOrigin = "sign_up",
): Promise<void> {
  const token = await createAuthToken(trx, { userId: recipient.userId, purpose: "confirm_email", ttlMs: CONFIRM_EMAIL_TTL_MS });
  await sendEmail(trx, confirmationEmail(recipient.email.trim(), recipient.fullName.trim(), token, origin));
}

export type SignUpRequestResult = { ok: true } | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * A sign-up at /auth, after its form and bot check passed. What the request itself does is the
 * same whether or not the address has an account, so neither the answer nor its time tells
 * (issue 31, decision 0025): count it against the per-client and per-address limits, hash the
 * password, and queue the rest (completeSignUp) for the worker. The plain password never leaves
 * this function.
 */
export async function requestSignUp(
  input: { fullName: string; email: string; password: string },
  client: SessionClient,
): Promise<SignUpRequestResult> {
  const limit = await consumeSignUp(input.email, client.ip);
  if (!limit.allowed) {
    logger.warn({ ip: client.ip }, "sign-up rate limited");
    return { ok: false, reason: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  }
  const passwordHash = await hashPassword(input.password);
  await enqueueJob(await getDb(), "accounts.sign_up", {
    fullName: input.fullName,
    email: input.email,
    passwordHash,
    ip: client.ip ?? null,
  });
  return { ok: true };
}

/**
 * The worker's half of a sign-up: creates the customer account and queues its confirmation
 * e-mail in the same transaction; never signs in (spec 000 §2). If the address already has an
 * account, that account's owner gets an e-mail instead; the person who signed up saw the same
 * success either way.
 */
export async function completeSignUp(input: { fullName: string; email: string; passwordHash: string; ip: string | null }): Promise<void> {
  const db = await getDb();
  const client: SessionClient = { ip: input.ip, userAgent: null };
  const existing = await findCredentialsByEmail(db, input.email);
  if (existing) {
    await notifyExistingAccount(existing.id, existing.email, client);
    return;
  }
  const created = await db.transaction().execute(async (trx) => {
    const account = await insertCustomerAccount(trx, {
      fullName: input.fullName,
      email: input.email,
      passwordHash: input.passwordHash,
    });
    if (!account) return false;
    await queueEmailConfirmation(trx, { userId: account.id, email: input.email, fullName: input.fullName });
    return true;
  });
  // Lost a race with a simultaneous sign-up of the same address: treat as existing.
  if (!created) {
    const winner = await findCredentialsByEmail(db, input.email);
    if (winner) await notifyExistingAccount(winner.id, winner.email, client);
  }
}

async function notifyExistingAccount(userId: string, email: string, client: SessionClient) {
  const limit = await consumeMailRequest(email, client.ip);
  if (!limit.allowed) return;
  const db = await getDb();
  await db.transaction().execute((trx) => queueAccountExistsNotice(trx, { userId, email }));
}

/**
 * Tells the owner of an address that someone tried to make a new account with it ("Sinulla on jo
 * Arkikaveri-tili", with a reset link): the one place a taken address is revealed, to its owner's
 * mailbox (decision 0025). Call with the transaction of the caller's other work.
 */
export async function queueAccountExistsNotice(trx: Executor, account: { userId: string; email: string }): Promise<void> {
  await revokeAuthTokens(trx, account.userId, ["reset_password"]);
  const token = await createAuthToken(trx, { userId: account.userId, purpose: "reset_password", ttlMs: RESET_PASSWORD_TTL_MS });
  await sendEmail(trx, accountExistsEmail(account.email, token));
}

/**
 * Sends a new confirmation link if the address has an unconfirmed account. Says nothing either
 * way: the page tells everyone the same.
 */
export async function resendConfirmation(email: string, client: SessionClient): Promise<void> {
  const db = await getDb();
  const account = await findCredentialsByEmail(db, email);
  if (!account || account.emailConfirmedAt) return;
  const limit = await consumeMailRequest(account.email, client.ip);
  if (!limit.allowed) return;
  await db.transaction().execute(async (trx) => {
    await revokeAuthTokens(trx, account.id, ["confirm_email"]);
    // A helper's new link comes with the words of their application, not of a customer sign-up.
    const origin = account.userType === "caregiver" ? "helper_application" : "sign_up";
    await queueEmailConfirmation(trx, { userId: account.id, email: account.email, fullName: account.fullName }, origin);
  });
}

/** Uses a confirmation link. False when it is unknown, used or expired. */
export async function confirmEmail(token: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const owner = await consumeAuthToken(trx, token, ["confirm_email"]);
    if (!owner) return false;
    await markEmailConfirmed(trx, owner.userId);
    return true;
  });
}

export async function isConfirmationTokenUsable(token: string): Promise<boolean> {
  return (await peekAuthToken(await getDb(), token, ["confirm_email"])) !== null;
}

// ------------------------------------------------------------------ password reset

/**
 * "Unohtuiko salasana?": counts the request against the mail limits of the address typed and of
 * the client, and queues sendPasswordReset. The request does the same work whether or not the
 * address has an account, so neither the answer nor its time tells (issue 31, decision 0025).
 */
export async function requestPasswordReset(email: string, client: SessionClient): Promise<void> {
  const limit = await consumeMailRequest(email, client.ip);
  if (!limit.allowed) return;
  await enqueueJob(await getDb(), "accounts.password_reset", { email });
}

/** The worker's half: a reset link to the address, if it has an account. */
export async function sendPasswordReset(email: string): Promise<void> {
  const db = await getDb();
  const account = await findCredentialsByEmail(db, email);
  if (!account) return;
  await db.transaction().execute(async (trx) => {
    await revokeAuthTokens(trx, account.id, ["reset_password"]);
    const token = await createAuthToken(trx, { userId: account.id, purpose: "reset_password", ttlMs: RESET_PASSWORD_TTL_MS });
    await sendEmail(trx, resetEmail(account.email, token));
  });
}

/**
 * What a still-usable password link is for: a reset, or finishing a profile made by a guest
 * booking (the page words itself accordingly). Null when the link is unknown, used or expired.
 */
export async function passwordLinkPurpose(token: string): Promise<(typeof PASSWORD_LINK_PURPOSES)[number] | null> {
  const owner = await peekAuthToken(await getDb(), token, PASSWORD_LINK_PURPOSES);
  return owner?.purpose === "reset_password" || owner?.purpose === "set_password" ? owner.purpose : null;
}

/**
 * Sets a new password with a reset (or profile-finishing) link. The link proves the mailbox, so
 * the address counts as confirmed; every existing session of the account ends. False when the
 * link is unknown, used or expired.
 */
/**
 * Uses the link and sets the password: the account's e-mail address and the user to sign in (the
 * link and the new password prove who they are), or null for a dead link. A customer frozen by
 * staff is not signed in (`user` null): the sign-in page tells them why, as it would anyway.
 */
export async function resetPassword(token: string, password: string): Promise<{ email: string; user: AuthUser | null } | null> {
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const owner = await consumeAuthToken(trx, token, PASSWORD_LINK_PURPOSES);
    if (!owner) return null;
    const email = await setPassword(trx, owner.userId, passwordHash);
    await markEmailConfirmed(trx, owner.userId);
    await revokeAuthTokens(trx, owner.userId, PASSWORD_LINK_PURPOSES);
    await deleteSessionsOfUser(trx, owner.userId);
    const credentials = await findCredentialsByEmail(trx, email);
    const frozen = !credentials || (credentials.customerStatus === "suspended" && !credentials.role);
    return { email, user: frozen ? null : toAuthUser(credentials) };
  });
}

/**
 * A link for someone whose account was made for them (a guest booking, DESIGN.md decision 8) to
 * choose their password. Call inside the transaction that creates the account and put the
 * returned URL in the e-mail queued in that same transaction.
 */
export async function createSetPasswordLink(
  trx: Executor,
  userId: string,
  ttlMs: number = LINK_LIFETIME_MS.set_password,
): Promise<string> {
  const token = await createAuthToken(trx, { userId, purpose: "set_password", ttlMs });
  return link("/auth/uusi-salasana", token);
}
