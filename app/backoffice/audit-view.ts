import type { AuditEntryView } from "~/components/backoffice/audit-entries";
import { formatDateTime } from "~/domain/format";
import { DELETED_ACTOR, SYSTEM_ACTOR, auditActionLabel, auditChangeLines } from "~/messages/backoffice";
import type { AuditRow } from "~/models/audit-log.server";

/** A log line as the history lists show it (loaders call this; the browser gets only strings). */
export function auditEntryView(row: AuditRow, subject?: AuditEntryView["subject"]): AuditEntryView {
  return {
    id: row.id,
    when: formatDateTime(row.createdAt),
    actor: row.actorId === null ? SYSTEM_ACTOR : (row.actorName ?? DELETED_ACTOR),
    action: auditActionLabel(row.action),
    subject: subject ?? null,
    changes: auditChangeLines(row.before, row.after),
  };
}
