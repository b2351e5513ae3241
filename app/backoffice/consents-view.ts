import { currentStates } from "~/domain/consents";
import { formatDateTime } from "~/domain/format";
import { consentWording } from "~/messages/consent-wordings";
import { consentMethodNames } from "~/messages/consents";
import type { ConsentRow } from "~/models/consents.server";

// A person's consent log on their back-office page (issue 29 item 4; decision 0033): read-only,
// newest first, the rows in force marked.

export interface ConsentLogEntry {
  id: string;
  when: string;
  purpose: string;
  state: string;
  method: string;
  version: string;
  inForce: boolean;
}

export function consentLogView(rows: readonly ConsentRow[]): ConsentLogEntry[] {
  const latest = new Set([...currentStates(rows).values()].map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    when: formatDateTime(row.createdAt),
    purpose: consentWording(row.purpose, row.textVersion).title,
    state: row.given ? "Annettu" : "Peruttu",
    method: consentMethodNames[row.method],
    version: row.textVersion,
    inForce: latest.has(row.id),
  }));
}
