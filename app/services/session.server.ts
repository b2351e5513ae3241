import crypto from "node:crypto";
import { createSessionStorage, type Session } from "@remix-run/node";
import { getDb } from "../db.server";
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
      const db = await getDb();
      await db
        .insertInto("sessions")
        .values({
          id: hashSessionId(id),
          user_id: userIdOf(data),
          data: JSON.stringify(data),
          expires_at: expiryFrom(expires),
          user_agent: client.userAgent?.slice(0, 500) ?? null,
          ip: client.ip ?? null,
        })
        .execute();
      return id;
    },
    async readData(id) {
      const db = await getDb();
      const row = await db
        .selectFrom("sessions")
        .select(["data"])
        .where("id", "=", hashSessionId(id))
        .where("expires_at", ">", new Date())
        .executeTakeFirst();
      return (row?.data as Partial<SessionData> | undefined) ?? null;
    },
    async updateData(id, data, expires) {
      const db = await getDb();
      await db
        .updateTable("sessions")
        .set({ data: JSON.stringify(data), user_id: userIdOf(data), expires_at: expiryFrom(expires) })
        .where("id", "=", hashSessionId(id))
        .execute();
    },
    async deleteData(id) {
      const db = await getDb();
      await db.deleteFrom("sessions").where("id", "=", hashSessionId(id)).execute();
    },
  });
}

export type AppSession = Session<SessionData>;

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}
