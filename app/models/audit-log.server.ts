import type { Executor } from "../db.server";
import type { AuditAction } from "../domain/audit-actions";
import { keysetPage, type PageDirection } from "../domain/list-query";
import { isUuid } from "../domain/uuid";
import { afterCursor, epochMicros } from "./keyset.server";

// The audit log (DESIGN.md decision 19): who changed what, when, before → after, written in the
// same transaction as the change.

export interface AuditEntry {
  /** What was done, e.g. 'order.status', 'caregiver.approve', 'settings.price_bands'. */
  action: AuditAction;
  /** The table of the changed thing ('orders', 'caregivers', 'settings', …) and its id. */
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** The staff member who made a change, and the address they made it from. */
export interface AuditActor {
  id: string;
  ip?: string | null;
}

/**
 * A line in the audit log for a staff member's write ("system" for a job's, with no acting user).
 * Call it with the transaction that makes the change, so the line exists exactly when the change
 * does (DESIGN.md decision 19).
 */
export async function writeAudit(executor: Executor, actor: AuditActor | "system", entry: AuditEntry) {
  if (actor === "system") await insertAudit(executor, null, null, entry);
  else await insertAudit(executor, actor.id, actor.ip ?? null, entry);
}

/** A line in the audit log written by the system itself (no acting user). */
export async function writeSystemAudit(executor: Executor, entry: AuditEntry) {
  await insertAudit(executor, null, null, entry);
}

async function insertAudit(executor: Executor, actorId: string | null, ip: string | null, entry: AuditEntry) {
  await executor
    .insertInto("audit_log")
    .values({
      actor_id: actorId,
      ip,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

// ---------------------------------------------------------------- reading the log

export interface AuditRow {
  id: string;
  createdAt: Date;
  action: string;
  entityType: string;
  entityId: string | null;
  actorId: string | null;
  /** The acting staff member's name (or e-mail when the profile has no name); null for the system. */
  actorName: string | null;
  before: unknown;
  after: unknown;
}

function auditQuery(db: Executor) {
  return db
    .selectFrom("audit_log")
    .leftJoin("profiles", "profiles.id", "audit_log.actor_id")
    .select([
      "audit_log.id",
      "audit_log.created_at",
      "audit_log.action",
      "audit_log.entity_type",
      "audit_log.entity_id",
      "audit_log.actor_id",
      "profiles.full_name as actor_full_name",
      "profiles.email as actor_email",
      "audit_log.before",
      "audit_log.after",
    ]);
}

type AuditQueryRow = Awaited<ReturnType<ReturnType<typeof auditQuery>["executeTakeFirstOrThrow"]>>;

function toAuditRow(row: AuditQueryRow): AuditRow {
  return {
    id: row.id,
    createdAt: row.created_at,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    actorId: row.actor_id,
    actorName: row.actor_full_name || row.actor_email || null,
    before: row.before,
    after: row.after,
  };
}

/** The log of one thing (an order's timeline, a helper's page), oldest first. */
export async function listAuditForEntity(db: Executor, entityType: string, entityId: string, limit = 200): Promise<AuditRow[]> {
  const rows = await auditQuery(db)
    .where("audit_log.entity_type", "=", entityType)
    .where("audit_log.entity_id", "=", entityId)
    .orderBy("audit_log.created_at", "asc")
    .orderBy("audit_log.id", "asc")
    .limit(limit)
    .execute();
  return rows.map(toAuditRow);
}

export interface AuditListFilters {
  entityType: string | null;
  action: string | null;
  /** A staff member's profile id, or "system" for lines written by the system itself. */
  actor: string | null;
  from: Date | null;
  before: Date | null;
  page: PageDirection;
  pageSize?: number;
}

export const AUDIT_PAGE_SIZE = 50;

/** The whole log, newest first, keyset-paged; each filter has an index (migrations 0001, 0004). */
export async function listAuditEntries(
  db: Executor,
  filters: AuditListFilters,
): Promise<{ rows: AuditRow[]; next: string | null; previous: string | null }> {
  const pageSize = filters.pageSize ?? AUDIT_PAGE_SIZE;
  const backwards = filters.page !== null && "before" in filters.page;
  const cursor = filters.page ? ("before" in filters.page ? filters.page.before : filters.page.after) : null;
  const direction = backwards ? "asc" : "desc";
  let query = auditQuery(db);
  if (filters.entityType) query = query.where("audit_log.entity_type", "=", filters.entityType);
  if (filters.action) query = query.where("audit_log.action", "=", filters.action);
  if (filters.actor === "system") query = query.where("audit_log.actor_id", "is", null);
  else if (filters.actor) query = query.where("audit_log.actor_id", "=", filters.actor);
  if (filters.from) query = query.where("audit_log.created_at", ">=", filters.from);
  if (filters.before) query = query.where("audit_log.created_at", "<", filters.before);
  if (cursor) {
    query = query.where(afterCursor("audit_log.created_at", "audit_log.id", cursor, backwards));
  }
  const rows = await query
    .select(epochMicros("audit_log.created_at").as("micros"))
    .orderBy("audit_log.created_at", direction)
    .orderBy("audit_log.id", direction)
    .limit(pageSize + 1)
    .execute();
  const page = keysetPage(rows, pageSize, filters.page, (row) => ({ micros: row.micros, id: row.id }));
  return { rows: page.rows.map(toAuditRow), next: page.next, previous: page.previous };
}

/** Staff who may appear as actors (the audit list's actor filter). */
export async function listStaffMembers(db: Executor): Promise<Array<{ id: string; name: string }>> {
  const rows = await db
    .selectFrom("user_roles")
    .innerJoin("profiles", "profiles.id", "user_roles.user_id")
    .select(["profiles.id", "profiles.full_name", "profiles.email"])
    .orderBy("profiles.full_name")
    .orderBy("profiles.email")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.full_name ? `${row.full_name} (${row.email})` : row.email }));
}

/** Names to show for the things log lines are about: order numbers, helpers' and customers' names. */
export async function describeAuditSubjects(
  db: Executor,
  rows: Pick<AuditRow, "entityType" | "entityId">[],
): Promise<Map<string, string>> {
  const ids = (type: string) =>
    [...new Set(rows.filter((row) => row.entityType === type && isUuid(row.entityId)).map((row) => row.entityId!))];
  const names = new Map<string, string>();
  const orderIds = ids("order");
  const caregiverIds = ids("caregiver");
  const customerIds = ids("customer");
  if (orderIds.length) {
    for (const row of await db.selectFrom("orders").select(["id", "order_number"]).where("id", "in", orderIds).execute()) {
      names.set(`order:${row.id}`, row.order_number);
    }
  }
  if (caregiverIds.length) {
    const found = await db
      .selectFrom("caregivers")
      .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
      .select(["caregivers.id", "profiles.full_name", "profiles.email"])
      .where("caregivers.id", "in", caregiverIds)
      .execute();
    for (const row of found) names.set(`caregiver:${row.id}`, row.full_name || row.email);
  }
  if (customerIds.length) {
    const found = await db
      .selectFrom("customers")
      .innerJoin("profiles", "profiles.id", "customers.profile_id")
      .select(["customers.id", "profiles.full_name", "profiles.email"])
      .where("customers.id", "in", customerIds)
      .execute();
    for (const row of found) names.set(`customer:${row.id}`, row.full_name || row.email);
  }
  return names;
}
