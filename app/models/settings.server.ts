import { sql } from "kysely";
import { z } from "zod";
import type { Executor } from "../db.server";
import { isValidBusinessId, isValidFinnishIban, normalizeIban } from "../domain/business-identifiers";
import { DEFAULT_PRICE_BANDS, priceBandCoverage, type PriceBand } from "../domain/pricing";
import { logger } from "../logger.server";

// Platform settings are rows of the `settings` table (key → jsonb). Every key has a schema and a
// default, so a missing or damaged row never stops the service: readers get the default and the
// log says why. Writes are validated, so what an admin saves is always usable.

// ---------------------------------------------------------------- price bands

const hour = z.number().int().min(0).max(23);

const PriceBandSchema = z
  .object({
    id: z.enum(["day", "evening", "night"]),
    fromHour: hour,
    toHour: hour,
    hourlyCents: z.number().int().min(100).max(100_000),
  })
  .refine((band) => band.fromHour <= band.toHour, {
    message: "Hintaluokan alkutunti ei voi olla lopputunnin jälkeen",
    path: ["toHour"],
  });

export const PriceBandsSchema = z
  .array(PriceBandSchema)
  .min(1)
  .max(24)
  .superRefine((bands, ctx) => {
    const ids = bands.map((band) => band.id);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: "custom", message: "Sama hintaluokka on annettu kahdesti" });
    }
    const { uncovered, overlapping } = priceBandCoverage(bands);
    if (uncovered.length) {
      ctx.addIssue({ code: "custom", message: `Hinta puuttuu tunneilta ${uncovered.join(", ")}` });
    }
    if (overlapping.length) {
      ctx.addIssue({
        code: "custom",
        message: `Tunneilla ${overlapping.join(", ")} on useampi kuin yksi hinta`,
      });
    }
  });

// ---------------------------------------------------------------- contact and company

export const ContactInfoSchema = z.object({
  email: z.email("Virheellinen sähköpostiosoite"),
  /** Shown to people as written, e.g. "+358 40 123 4567". */
  phone: z
    .string()
    .trim()
    .regex(/^(\+358|0)[0-9 ]{6,16}$/, "Virheellinen puhelinnumero (esim. +358401234567 tai 0401234567)"),
});

export const CompanyInfoSchema = z.object({
  name: z.string().trim().min(2).max(200),
  businessId: z.string().trim().refine(isValidBusinessId, "Virheellinen Y-tunnus"),
  address: z.string().trim().min(2).max(200),
  postalCode: z.string().trim().regex(/^[0-9]{5}$/, "Postinumeron on oltava 5 numeroa"),
  city: z.string().trim().min(2).max(100),
  iban: z
    .string()
    .transform(normalizeIban)
    .refine(isValidFinnishIban, "Virheellinen IBAN-tilinumero"),
  bic: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "Virheellinen BIC-koodi"),
});

export type ContactInfo = z.infer<typeof ContactInfoSchema>;
export type CompanyInfo = z.infer<typeof CompanyInfoSchema>;

// ---------------------------------------------------------------- the key registry

export interface SettingValues {
  price_bands: PriceBand[];
  contact: ContactInfo;
  company: CompanyInfo;
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

/** The stored value of a key, or its default when the row is missing or no longer valid. */
export async function getSetting<K extends SettingKey>(executor: Executor, key: K): Promise<SettingValues[K]> {
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
  await executor
    .insertInto("settings")
    .values({ key, value: json, updated_by: actorId })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({ value: json, updated_by: actorId, updated_at: sql`now()` }),
    )
    .execute();
  return parsed;
}

/**
 * Writes the default of every key that has no row yet, leaving existing rows alone (an admin's
 * changes survive re-seeding). Used by the demo seed and safe to run at any time.
 */
export async function insertMissingSettings(executor: Executor): Promise<void> {
  await executor
    .insertInto("settings")
    .values(SETTING_KEYS.map((key) => ({ key, value: JSON.stringify(defaultSetting(key)), updated_by: null })))
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

export function getPriceBands(executor: Executor): Promise<PriceBand[]> {
  return getSetting(executor, "price_bands");
}

export function getContactInfo(executor: Executor): Promise<ContactInfo> {
  return getSetting(executor, "contact");
}

export function getCompanyInfo(executor: Executor): Promise<CompanyInfo> {
  return getSetting(executor, "company");
}
