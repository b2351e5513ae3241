import { sql } from "kysely";
import type { Executor } from "../db.server";

// Server-side drafts of multi-step forms (table form_drafts), found by id from a signed cookie.
// A draft is only ever read with its kind, so a cookie of one form cannot open another's draft.

export interface FormDraft<T> {
  id: string;
  data: T;
  expiresAt: Date;
}

export async function createFormDraft<T extends object>(
  executor: Executor,
  input: { kind: string; data: T; expiresAt: Date },
): Promise<string> {
  const row = await executor
    .insertInto("form_drafts")
    .values({ kind: input.kind, data: JSON.stringify(input.data), expires_at: input.expiresAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The draft if it exists, is of this kind and has not expired. */
export async function findFormDraft<T>(executor: Executor, kind: string, id: string): Promise<FormDraft<T> | null> {
  // The id comes from a cookie: anything that is not a uuid cannot be a draft (and would make
  // PostgreSQL raise an error on the cast).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const row = await executor
    .selectFrom("form_drafts")
    .select(["id", "data", "expires_at"])
    .where("id", "=", id)
    .where("kind", "=", kind)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return row ? { id: row.id, data: row.data as T, expiresAt: row.expires_at } : null;
}

/** Replaces the draft's data and extends its life. False when it no longer exists. */
export async function updateFormDraft<T extends object>(
  executor: Executor,
  input: { kind: string; id: string; data: T; expiresAt: Date },
): Promise<boolean> {
  const result = await executor
    .updateTable("form_drafts")
    .set({ data: JSON.stringify(input.data), expires_at: input.expiresAt, updated_at: new Date() })
    .where("id", "=", input.id)
    .where("kind", "=", input.kind)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The signed-in wizards' visit details (app/booking/visit-draft.server.ts). A draft that became an
 * online order says so (its `placedOrderId`); the order's payment forgets it.
 */
export const BOOKING_VISIT_DRAFT_KIND = "booking-visit";

/** Deletes the drafts of a kind that became the order (their data's `placedOrderId`). */
export async function deleteFormDraftsOfOrder(executor: Executor, kind: string, orderId: string): Promise<void> {
  await executor.deleteFrom("form_drafts").where("kind", "=", kind).where(sql<string>`data->>'placedOrderId'`, "=", orderId).execute();
}

export async function deleteFormDraft(executor: Executor, kind: string, id: string): Promise<void> {
  await executor.deleteFrom("form_drafts").where("id", "=", id).where("kind", "=", kind).execute();
}

/**
 * Deletes expired drafts of a kind and returns their data, so the caller can remove what they
 * point to (uploaded files). `limit` keeps one call short however many have piled up.
 */
export async function deleteExpiredFormDrafts<T>(executor: Executor, kind: string, limit = 50): Promise<T[]> {
  const rows = await executor
    .deleteFrom("form_drafts")
    .where("id", "in", (qb) =>
      qb
        .selectFrom("form_drafts")
        .select("id")
        .where("kind", "=", kind)
        .where("expires_at", "<=", sql<Date>`now()`)
        .limit(limit),
    )
    .returning("data")
    .execute();
  return rows.map((row) => row.data as T);
}

/**
 * Deletes the expired drafts of every kind except `exceptKinds` (the kinds whose drafts point to
 * stored files, which their owner deletes with deleteExpiredFormDrafts to remove the files too).
 */
export async function deleteExpiredFormDraftsExcept(executor: Executor, exceptKinds: readonly string[]): Promise<number> {
  let query = executor.deleteFrom("form_drafts").where("expires_at", "<=", sql<Date>`now()`);
  if (exceptKinds.length > 0) query = query.where("kind", "not in", [...exceptKinds]);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
