import { sql } from "kysely";
import type { Executor } from "../db.server";

// Sign-in sessions: rows keyed by the SHA-256 hash of the id in the signed cookie
// (app/services/session.server.ts makes the cookie and the hash).

export interface SessionRow {
  idHash: string;
  userId: string | null;
  data: unknown;
  expiresAt: Date;
  userAgent?: string | null;
  ip?: string | null;
}

export async function insertSession(db: Executor, row: SessionRow): Promise<void> {
  await db
    .insertInto("sessions")
    .values({
      id: row.idHash,
      user_id: row.userId,
      data: JSON.stringify(row.data),
      expires_at: row.expiresAt,
      user_agent: row.userAgent?.slice(0, 500) ?? null,
      ip: row.ip ?? null,
    })
    .execute();
}

/** The data of a session that has not expired, or null. */
export async function findSessionData(db: Executor, idHash: string): Promise<unknown> {
  const row = await db
    .selectFrom("sessions")
    .select(["data"])
    .where("id", "=", idHash)
    .where("expires_at", ">", new Date())
    .executeTakeFirst();
  return row?.data ?? null;
}

export async function updateSession(db: Executor, row: Omit<SessionRow, "userAgent" | "ip">): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ data: JSON.stringify(row.data), user_id: row.userId, expires_at: row.expiresAt })
    .where("id", "=", row.idHash)
    .execute();
}

export async function deleteSession(db: Executor, idHash: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", idHash).execute();
}

/** Ends every session of a user (after a password reset: whoever knew the old one is out). */
export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

/** Ends every session of a user but one (after a password change: this device stays signed in). */
export async function deleteOtherSessionsOfUser(db: Executor, userId: string, keepIdHash: string): Promise<number> {
  const result = await db.deleteFrom("sessions").where("user_id", "=", userId).where("id", "<>", keepIdHash).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sessions past their expiry: refused on read already, removed here by the housekeeping job. */
export async function deleteExpiredSessions(db: Executor): Promise<number> {
  const result = await db.deleteFrom("sessions").where("expires_at", "<", sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
