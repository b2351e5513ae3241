import crypto from "node:crypto";
import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { AuthTokenPurpose, CaregiverStatus, StaffRole, UserType } from "../db/schema";

// Accounts, roles and single-use e-mail links: the SQL behind
// app/services/auth.server.ts and the guards.

/** The signed-in user as the rest of the app sees it. */
export interface AuthUser {
  id: string;
  email: string;
  fullName: string;
  userType: UserType;
  /** A back-office role, or null for customers and caregivers. */
  role: StaffRole | null;
  /** A helper's application status (only 'approved' helpers work, decision 0018); null for others. */
  caregiverStatus: CaregiverStatus | null;
}

/** What a password check needs; never leaves the auth service. */
export interface Credentials extends AuthUser {
  passwordHash: string | null;
  emailConfirmedAt: Date | null;
  /** A customer frozen by staff ('suspended') cannot sign in; null without a customers row. */
  customerStatus: "active" | "suspended" | null;
}

function credentialsQuery(db: Executor) {
  return db
    .selectFrom("profiles")
    .leftJoin("user_roles", "user_roles.user_id", "profiles.id")
    .leftJoin("customers", "customers.profile_id", "profiles.id")
    .leftJoin("caregivers", "caregivers.profile_id", "profiles.id")
    .select([
      "profiles.id",
      "profiles.email",
      "profiles.full_name",
      "profiles.user_type",
      "profiles.password_hash",
      "profiles.email_confirmed_at",
      "user_roles.role",
      "customers.status as customer_status",
      "caregivers.status as caregiver_status",
    ]);
}

type CredentialsRow = {
  id: string;
  email: string;
  full_name: string;
  user_type: UserType;
  password_hash: string | null;
  email_confirmed_at: Date | null;
  role: StaffRole | null;
  customer_status: "active" | "suspended" | null;
  caregiver_status: CaregiverStatus | null;
};

function toCredentials(row: CredentialsRow): Credentials {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    userType: row.user_type,
    role: row.role,
    passwordHash: row.password_hash,
    emailConfirmedAt: row.email_confirmed_at,
    customerStatus: row.customer_status,
    caregiverStatus: row.caregiver_status,
  };
}

export function toAuthUser(credentials: Credentials): AuthUser {
  const { id, email, fullName, userType, role, caregiverStatus } = credentials;
  return { id, email, fullName, userType, role, caregiverStatus };
}

/** E-mail addresses are unique regardless of case (index profiles_email_key on lower(email)). */
export async function findCredentialsByEmail(db: Executor, email: string): Promise<Credentials | null> {
  const row = await credentialsQuery(db)
    .where(sql<string>`lower(profiles.email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row ? toCredentials(row) : null;
}

/** A session's user with the account's last use, read in the same query so that most page views only read. */
export async function findSessionUser(db: Executor, id: string): Promise<{ user: AuthUser; lastActiveAt: Date } | null> {
  const row = await credentialsQuery(db).select("profiles.last_active_at").where("profiles.id", "=", id).executeTakeFirst();
  return row ? { user: toAuthUser(toCredentials(row)), lastActiveAt: row.last_active_at } : null;
}

/** Is there an account with this address (in any letter case)? */
export async function isEmailRegistered(db: Executor, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("profiles")
    .select("id")
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates the profile of a new account (unconfirmed) in the caller's transaction. Null when the
 * address already has an account: the unique index on lower(email) decides, so two simultaneous
 * sign-ups or registrations with one address cannot both win.
 */
export async function insertProfile(
  db: Executor,
  input: {
    email: string;
    fullName: string;
    phone?: string | null;
    /** Null for an account made for someone (a guest booking) until they choose a password. */
    passwordHash: string | null;
    userType: UserType;
  },
): Promise<{ id: string } | null> {
  const row = await db
    .insertInto("profiles")
    .values({
      email: input.email.trim(),
      full_name: input.fullName.trim(),
      phone: input.phone ?? null,
      password_hash: input.passwordHash,
      user_type: input.userType,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row ?? null;
}

/** A customer account made at sign-up: the profile and its customers row. Null when the address is taken. */
export async function insertCustomerAccount(
  db: Executor,
  input: { email: string; fullName: string; passwordHash: string },
): Promise<{ id: string } | null> {
  const profile = await insertProfile(db, { ...input, userType: "customer" });
  if (!profile) return null;
  await db.insertInto("customers").values({ profile_id: profile.id }).execute();
  return profile;
}

/** Sets the password hash; returns the account's e-mail address. */
export async function setPassword(db: Executor, userId: string, passwordHash: string): Promise<string> {
  const row = await db
    .updateTable("profiles")
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where("id", "=", userId)
    .returning("email")
    .executeTakeFirstOrThrow();
  return row.email;
}

/** Marks the address confirmed (once: a later confirmation keeps the first time). */
export async function markEmailConfirmed(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable("profiles")
    .set({ email_confirmed_at: sql`coalesce(email_confirmed_at, now())`, updated_at: sql`now()` })
    .where("id", "=", userId)
    .execute();
}

// ------------------------------------------------------------------ single-use e-mail links

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * Stores a new link token and returns the raw token for the e-mail. Only its hash is kept, so
 * the table cannot be used to forge links.
 */
export async function createAuthToken(
  db: Executor,
  input: { userId: string; purpose: AuthTokenPurpose; ttlMs: number },
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("auth_tokens")
    .values({
      user_id: input.userId,
      purpose: input.purpose,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + input.ttlMs),
    })
    .execute();
  return token;
}

/** The owner of a token that is still usable, without using it (to decide what page to show). */
export async function peekAuthToken(
  db: Executor,
  token: string,
  purposes: readonly AuthTokenPurpose[],
): Promise<{ userId: string; purpose: AuthTokenPurpose } | null> {
  const row = await db
    .selectFrom("auth_tokens")
    .select(["user_id", "purpose"])
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "in", [...purposes])
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return row ? { userId: row.user_id, purpose: row.purpose } : null;
}

/**
 * Uses a token: one statement marks it used only if it is unused and unexpired, so two
 * simultaneous clicks cannot both succeed. Returns the owner, or null for an unknown, used or
 * expired token.
 */
export async function consumeAuthToken(
  db: Executor,
  token: string,
  purposes: readonly AuthTokenPurpose[],
): Promise<{ userId: string; purpose: AuthTokenPurpose } | null> {
  const row = await db
    .updateTable("auth_tokens")
    .set({ used_at: sql`now()` })
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "in", [...purposes])
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning(["user_id", "purpose"])
    .executeTakeFirst();
  return row ? { userId: row.user_id, purpose: row.purpose } : null;
}

/** Older links of the same kind stop working when a new one is sent or one is used. */
export async function revokeAuthTokens(db: Executor, userId: string, purposes: readonly AuthTokenPurpose[]) {
  await db
    .updateTable("auth_tokens")
    .set({ used_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("purpose", "in", [...purposes])
    .where("used_at", "is", null)
    .execute();
}

// ------------------------------------------------------------------ e-mail links

/**
 * E-mail links that expired or were used over a day ago. The recent ones stay a while so that a
 * link opened twice still meets its own row (and says it was used or expired, not unknown).
 */
export async function deleteStaleAuthTokens(db: Executor): Promise<number> {
  const result = await db
    .deleteFrom("auth_tokens")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<", sql<Date>`now() - interval '1 day'`),
        eb("used_at", "<", sql<Date>`now() - interval '1 day'`),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ------------------------------------------------------------------ portal and caregiver ids

export async function findCaregiverIdOfUser(db: Executor, userId: string): Promise<string | null> {
  const row = await db.selectFrom("caregivers").select("id").where("profile_id", "=", userId).executeTakeFirst();
  return row?.id ?? null;
}

export async function findCustomerIdOfUser(db: Executor, userId: string): Promise<string | null> {
  const row = await db.selectFrom("customers").select("id").where("profile_id", "=", userId).executeTakeFirst();
  return row?.id ?? null;
}

// ------------------------------------------------------------------ staff roles

/** The profile of an address, if there is one. */
export async function findProfileIdByEmail(db: Executor, email: string): Promise<string | null> {
  const row = await db.selectFrom("profiles").select("id").where(sql<string>`lower(email)`, "=", email.trim().toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

/** Gives a profile a staff role, replacing the one it had. */
export async function setStaffRole(db: Executor, userId: string, role: StaffRole): Promise<void> {
  await db
    .insertInto("user_roles")
    .values({ user_id: userId, role })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ role }))
    .execute();
}
