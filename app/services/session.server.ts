import crypto from "node:crypto";
import { createSessionStorage, type Session } from "@remix-run/node";
import { getDb } from "../db.server";
import { deleteSession, findSessionData, insertSession, updateSession } from "../models/sessions.server";
import { signedCookie } from "./cookies.server";

// Sessions are rows in PostgreSQL behind a signed cookie (DESIGN.md "Runtime shape"): the web
// tier stays stateless, a sign-out really ends the session, and a password reset can end every
// session of a user. The cookie carries a random id; the table keeps only its SHA-256 hash, so a
// leaked copy of the table cannot be replayed as cookies.

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_COOKIE_NAME = "__session";

export interface SessionData {
  userId: string;
}

/** Who opened the session: kept with the row so staff can see where an account is signed in. */
export interface SessionClient {
  userAgent?: string | null;
  ip?: string | null;
}

export function hashSessionId(id: string): string {
  return crypto.createHash("sha256").update(id).digest("hex");
}

const sessionCookie = signedCookie(SESSION_COOKIE_NAME, SESSION_MAX_AGE_SECONDS);

function expiryFrom(expires: Date | undefined): Date {
  return expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
}

function userIdOf(data: Partial<SessionData>): string | null {
  return typeof data.userId === "string" ? data.userId : null;
}

/**
 * The session storage. `client` is recorded when a new session row is created (at sign-in);
 * reading and destroying sessions do not need it.
 */
export function sessionStorage(client: SessionClient = {}) {
  return createSessionStorage<SessionData>({
    cookie: sessionCookie(),
    async createData(data, expires) {
      const id = crypto.randomBytes(32).toString("base64url");
      await insertSession(await getDb(), {
        idHash: hashSessionId(id),
        userId: userIdOf(data),
        data,
        expiresAt: expiryFrom(expires),
        userAgent: client.userAgent,
        ip: client.ip,
      });
      return id;
    },
    async readData(id) {
      return ((await findSessionData(await getDb(), hashSessionId(id))) as Partial<SessionData> | null) ?? null;
    },
    async updateData(id, data, expires) {
      await updateSession(await getDb(), { idHash: hashSessionId(id), userId: userIdOf(data), data, expiresAt: expiryFrom(expires) });
    },
    async deleteData(id) {
      await deleteSession(await getDb(), hashSessionId(id));
    },
  });
}

export type AppSession = Session<SessionData>;

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** The stored hash of this request's session id, or null without a session. */
export async function currentSessionIdHash(request: Request): Promise<string | null> {
  const session = await getSession(request);
  return session.id ? hashSessionId(session.id) : null;
}
