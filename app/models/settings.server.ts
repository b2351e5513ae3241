import { sql } from "kysely";
import { type z } from "zod";
import { announceCacheChange, isSharedCacheCurrent, onCacheChange, type Executor } from "../db.server";
import { DEFAULT_PRICE_BANDS, type PriceBand } from "../domain/pricing";
import { DEFAULT_TRAVEL_MINUTES } from "../domain/availability";
import {
  CompanyInfoSchema,
  ContactInfoSchema,
  DEMO_PREPAYMENT_REGISTER_CHECKED_ON,
  PriceBandsSchema,
  StaffAlertsSchema,
  TravelTimeSchema,
  type CompanyInfo,
  type ContactInfo,
  type StaffAlerts,
} from "../schemas/settings";

export type { CompanyInfo, ContactInfo, StaffAlerts };
import { logger } from "../logger.server";

// Platform settings are rows of the `settings` table (key → jsonb). Every key has a schema and a
// default, so a missing or damaged row never stops the service: readers get the default and the
// log says why. Writes are validated, so what an admin saves is always usable.

// ---------------------------------------------------------------- the key registry

export interface SettingValues {
  price_bands: PriceBand[];
  contact: ContactInfo;
  company: CompanyInfo;
  /** Where what needs staff is e-mailed (issue 26 item 6). */
  staff_alerts: StaffAlerts;
  /**
   * The least time between two visits of one helper (issue 27). The database reads it too: the
   * orders trigger of migration 0027 widens each order by half of it (caregiver_travel_margin()).
   */
  travel_time: { minutes: number };
}

export type SettingKey = keyof SettingValues;

interface SettingDefinition<T> {
  schema: z.ZodType<T, unknown>;
  /** A fresh copy each time, so a caller mutating its result cannot change the default. */
  defaultValue: () => T;
}

const definitions: { [K in SettingKey]: SettingDefinition<SettingValues[K]> } = {
  price_bands: {
    schema: PriceBandsSchema,
    defaultValue: () => DEFAULT_PRICE_BANDS.map((band) => ({ ...band })),
  },
  contact: {
    schema: ContactInfoSchema,
    defaultValue: () => ({ email: "asiakaspalvelu@arkikaveri.fi", phone: "+358 40 123 4567" }),
  },
  staff_alerts: {
    schema: StaffAlertsSchema,
    defaultValue: () => ({ email: "tuki@arkikaveri.fi" }),
  },
  travel_time: {
    schema: TravelTimeSchema,
    defaultValue: () => ({ minutes: DEFAULT_TRAVEL_MINUTES }),
  },
  company: {
    schema: CompanyInfoSchema,
    // Demo values: the business ID and IBAN have correct check digits but belong to no one.
    defaultValue: () => ({
      name: "Arkikaveri Oy",
      businessId: "3141593-8",
      address: "Mannerheimintie 12 A",
      postalCode: "00100",
      city: "Helsinki",
      iban: "FI2112345600000785",
      bic: "NDEAFIHH",
      prepaymentRegisterCheckedOn: DEMO_PREPAYMENT_REGISTER_CHECKED_ON,
    }),
  },
};

export const SETTING_KEYS = Object.keys(definitions) as SettingKey[];

export function defaultSetting<K extends SettingKey>(key: K): SettingValues[K] {
  return definitions[key].defaultValue();
}

/** Validates a value for a key; throws a ZodError (with Finnish messages) when it is not usable. */
export function parseSetting<K extends SettingKey>(key: K, value: unknown): SettingValues[K] {
  return definitions[key].schema.parse(value);
}

// ---------------------------------------------------------------- queries

// ---------------------------------------------------------------- in-memory copy
//
// Settings are read on nearly every public page (prices, contact details) and change a few times a
// year, so each database's values are kept in memory for SETTINGS_CACHE_MS. A write through
// setSetting forgets them at once (changeSetting once more after its commit, so a read between the
// write and the commit cannot keep the old value) and announces itself to every other process
// (announceCacheChange: NOTIFY on commit), which forgets its copy as the notice arrives. A process
// that cannot hear notices (its listening connection is down) keeps no copy meanwhile.
// Reads inside a transaction always go to the database: an order is priced with what is stored.

export const SETTINGS_CACHE_MS = 10_000;

let cached = new WeakMap<Executor, Map<SettingKey, { value: unknown; expires: number }>>();
let generation = 0;

/** Drops every kept value: the next read of each key goes to the database. */
export function forgetCachedSettings(): void {
  cached = new WeakMap();
  generation++;
}

onCacheChange((scope) => {
  if (scope === "settings" || scope === "*") forgetCachedSettings();
});

/** The stored value of a key, or its default when the row is missing or no longer valid. */
export async function getSetting<K extends SettingKey>(executor: Executor, key: K): Promise<SettingValues[K]> {
  if (executor.isTransaction || !isSharedCacheCurrent()) return readSetting(executor, key);
  const hit = cached.get(executor)?.get(key);
  // A copy each time, so a caller mutating its result cannot change what others read.
  if (hit && hit.expires > Date.now()) return structuredClone(hit.value) as SettingValues[K];
  const readIn = generation;
  const value = await readSetting(executor, key);
  // A read that began before a write must not keep what it saw.
  if (readIn === generation) {
    const perDatabase = cached.get(executor) ?? new Map();
    perDatabase.set(key, { value: structuredClone(value), expires: Date.now() + SETTINGS_CACHE_MS });
    cached.set(executor, perDatabase);
  }
  return value;
}

async function readSetting<K extends SettingKey>(executor: Executor, key: K): Promise<SettingValues[K]> {
  const row = await executor.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  if (!row) return defaultSetting(key);
  const parsed = definitions[key].schema.safeParse(row.value);
  if (!parsed.success) {
    logger.warn({ key, issues: parsed.error.issues }, "invalid setting in database, using the default");
    return defaultSetting(key);
  }
  return parsed.data;
}

/** Validates and stores a value (insert or replace); returns the value as stored. */
export async function setSetting<K extends SettingKey>(
  executor: Executor,
  key: K,
  value: unknown,
  actorId: string | null = null,
): Promise<SettingValues[K]> {
  const parsed = parseSetting(key, value);
  const json = JSON.stringify(parsed);
  forgetCachedSettings();
  await executor
    .insertInto("settings")
    .values({ key, value: json, updated_by: actorId })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({ value: json, updated_by: actorId, updated_at: sql`now()` }),
    )
    .execute();
  await announceCacheChange(executor, "settings");
  return parsed;
}

/**
 * Writes the default of every key that has no row yet, leaving existing rows alone (an admin's
 * changes survive re-seeding). Used by the demo seed and safe to run at any time.
 */
export async function insertMissingSettings(executor: Executor): Promise<void> {
  forgetCachedSettings();
  await executor
    .insertInto("settings")
    .values(SETTING_KEYS.map((key) => ({ key, value: JSON.stringify(defaultSetting(key)), updated_by: null })))
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  await announceCacheChange(executor, "settings");
}

export function getPriceBands(executor: Executor): Promise<PriceBand[]> {
  return getSetting(executor, "price_bands");
}

export function getContactInfo(executor: Executor): Promise<ContactInfo> {
  return getSetting(executor, "contact");
}

export function getTravelTime(executor: Executor): Promise<{ minutes: number }> {
  return getSetting(executor, "travel_time");
}

export function getStaffAlerts(executor: Executor): Promise<StaffAlerts> {
  return getSetting(executor, "staff_alerts");
}

export function getCompanyInfo(executor: Executor): Promise<CompanyInfo> {
  return getSetting(executor, "company");
}

/** Who last changed each stored setting and when (the settings page shows it). */
export async function listSettingChanges(executor: Executor): Promise<Map<string, { at: Date; by: string | null }>> {
  const rows = await executor
    .selectFrom("settings")
    .leftJoin("profiles", "profiles.id", "settings.updated_by")
    .select(["settings.key", "settings.updated_at", "profiles.full_name", "profiles.email"])
    .where("settings.updated_by", "is not", null)
    .execute();
  return new Map(rows.map((row) => [row.key, { at: row.updated_at, by: row.full_name || row.email || null }]));
}
