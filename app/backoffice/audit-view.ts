import type { AuditEntryView } from "~/components/backoffice/audit-entries";
import { formatDate, formatDateTime, formatEuros } from "~/domain/format";
import { formatVatRate } from "~/domain/invoice";
import { AUDIT_FIELD_WORDS, AUDIT_VALUE_WORDS, PRICE_BAND_WORDS, auditWords } from "~/messages/audit-entries";
import { DELETED_ACTOR, STATUS_WORDS, SYSTEM_ACTOR, auditActionLabel, type AuditChangeLine } from "~/messages/backoffice";
import type { AuditRow } from "~/models/audit-log.server";

// The one formatter of audit lines (issue 25 item 7): the audit log, the order timeline and the
// histories of a customer and a helper all read a line through here, so staff see words and euros
// ("Peruutusmaksu: 0,00 €", "Alennus: 25 %", "Aktiivinen: kyllä"), never field names, cents or basis
// points. The log itself keeps machine values; only the reading changes.

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

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One value of a log line in words: euros for cents, percent for basis points, dates the Finnish way. */
export function auditValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return auditWords.none;
  if (typeof value === "boolean") return value ? auditWords.yes : auditWords.no;
  if (typeof value === "number") {
    if (/Cents$/.test(key)) return formatEuros(value);
    if (/Bp$/.test(key)) return formatVatRate(value);
    return String(value);
  }
  if (typeof value === "string") {
    const words = AUDIT_VALUE_WORDS[key]?.[value];
    if (words) return words;
    if (/status$/i.test(key)) return STATUS_WORDS[value] ?? value;
    if (ISO_DATE.test(value)) return formatDate(value);
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(new Date(value));
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => (isPriceBand(item) ? priceBandText(item) : auditValue(key, item))).join("; ");
  return Object.entries(value as Record<string, unknown>)
    .map(([inner, innerValue]) => `${fieldLabel(inner)} ${auditValue(inner, innerValue)}`)
    .join(", ");
}

function fieldLabel(key: string): string {
  return AUDIT_FIELD_WORDS[key] ?? key;
}

function isPriceBand(value: unknown): value is { id: string; fromHour: number; toHour: number; hourlyCents: number } {
  return typeof value === "object" && value !== null && "hourlyCents" in value && "fromHour" in value;
}

function priceBandText(band: { id: string; fromHour: number; toHour: number; hourlyCents: number }): string {
  return auditWords.priceBand(PRICE_BAND_WORDS[band.id] ?? band.id, band.fromHour, band.toHour, formatEuros(band.hourlyCents));
}

/**
 * before → after of a log line, one line per field, in words. Fields that did not change are left
 * out when both sides are known (a settings line keeps the whole value on both). A list (the price
 * bands) is one line.
 */
export function auditChangeLines(before: unknown, after: unknown): AuditChangeLine[] {
  if (Array.isArray(before) || Array.isArray(after)) {
    const sample = (Array.isArray(after) ? after : (before as unknown[]))[0];
    const field = isPriceBand(sample) ? fieldLabel("priceBands") : "Arvo";
    return [{ field, before: before === null || before === undefined ? null : auditValue("", before), after: after === null || after === undefined ? null : auditValue("", after) }];
  }
  const asObject = (value: unknown): Record<string, unknown> =>
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const b = asObject(before);
  const a = asObject(after);
  // Ids are kept in the log for machines; people read the names beside them.
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((key) => !/Id$/.test(key));
  return keys
    .filter((key) => !(key in b && key in a && JSON.stringify(b[key]) === JSON.stringify(a[key]) && Object.keys(b).length > 1))
    .map((key) => ({
      field: fieldLabel(key),
      before: key in b ? auditValue(key, b[key]) : null,
      after: key in a ? auditValue(key, a[key]) : null,
    }));
}
