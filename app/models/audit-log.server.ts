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

/**
 * A line in the audit log for a staff member's write. Call it with the transaction that makes
 * the change, so the line exists exactly when the change does (DESIGN.md decision 19).
 */
export async function writeAudit(executor: Executor, actor: { id: string; ip?: string | null }, entry: AuditEntry) {
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
