import type { Executor } from "../db.server";

// The audit log (DESIGN.md decision 19): who changed what, when, before → after, written in the
// same transaction as the change.

/** A line in the audit log written by the system itself (no acting user). */
export async function writeSystemAudit(
  executor: Executor,
  entry: { action: string; entityType: string; entityId: string; before?: unknown; after?: unknown },
) {
  await executor
    .insertInto("audit_log")
    .values({
      actor_id: null,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
