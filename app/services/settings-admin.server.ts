import type { DB } from "../db.server";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { forgetCachedSettings, getSetting, setSetting, type SettingKey, type SettingValues } from "../models/settings.server";

// An admin changes a setting (issue 14 "Settings"; DESIGN.md decision 19): the value is validated
// by the setting's own schema, stored with who changed it, and audited before → after in the same
// transaction. A price change affects only orders made after it: orders keep the unit price they
// were made with.

export async function changeSetting<K extends SettingKey>(db: DB, actor: AuditActor, key: K, value: SettingValues[K]): Promise<{ changed: boolean }> {
  const result = await db.transaction().execute(async (trx) => {
    const before = await getSetting(trx, key);
    if (JSON.stringify(before) === JSON.stringify(value)) return { changed: false };
    const after = await setSetting(trx, key, value, actor.id);
    await writeAudit(trx, actor, { action: `settings.${key}`, entityType: "settings", entityId: key, before, after });
    return { changed: true };
  });
  // The new value is visible to everyone now, not only after the kept copies expire.
  if (result.changed) forgetCachedSettings();
  return result;
}
