import type { AuditChangeLine } from "~/messages/backoffice";

// Lines of the audit log as a readable history: when, who, what, and each field before → after.

export interface AuditEntryView {
  id: string;
  when: string;
  actor: string;
  action: string;
  /** What the line is about, e.g. 'Tilaus ORD-100123' (the audit list shows it, a page's own history does not). */
  subject?: { label: string; href: string | null } | null;
  changes: AuditChangeLine[];
}

export function AuditChanges({ changes }: { changes: AuditChangeLine[] }) {
  if (changes.length === 0) return null;
  return (
    <ul className="space-y-0.5">
      {changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="font-semibold">{change.field}:</span>{" "}
          {change.before !== null && change.after !== null ? (
            <>
              {change.before} <span aria-hidden="true">→</span>
              <span className="sr-only">muuttui arvoksi</span> {change.after}
            </>
          ) : (
            (change.after ?? change.before)
          )}
        </li>
      ))}
    </ul>
  );
}

/** A page's own history (a helper, an order), oldest first. */
export function AuditHistory({ entries, empty }: { entries: AuditEntryView[]; empty: string }) {
  if (entries.length === 0) return <p>{empty}</p>;
  return (
    <ol className="space-y-3">
      {entries.map((entry) => (
        <li key={entry.id} className="border-l-4 border-brand-700 pl-4">
          <p className="font-semibold text-gray-900">
            {entry.action}
          </p>
          <p className="text-gray-700">
            {entry.when} · {entry.actor}
          </p>
          <AuditChanges changes={entry.changes} />
        </li>
      ))}
    </ol>
  );
}
