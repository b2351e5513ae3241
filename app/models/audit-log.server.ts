import type { Executor } from "../db.server";

// The audit log (DESIGN.md decision 19): who changed what, when, before → after, written in the
// same transaction as the change.

export interface AuditEntry {
  /** What was done, e.g. 'order.status', 'caregiver.approve', 'settings.price_bands'. */
  action: string;
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
 * A line in the audit log for a staff member's write. Call it with the transaction that makes
 * the change, so the line exists exactly when the change does (DESIGN.md decision 19).
 */
export async function writeAudit(executor: Executor, actor: AuditActor, entry: AuditEntry) {
  await insertAudit(executor, actor.id, actor.ip ?? null, entry);
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
