import { describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { getDb } from "~/db.server";
import { isValidBusinessId, isValidFinnishIban } from "~/domain/business-identifiers";
import { DEFAULT_PRICE_BANDS } from "~/domain/pricing";
import { logger } from "~/logger.server";
import {
  getCompanyInfo,
  getContactInfo,
  getPriceBands,
  forgetCachedSettings,
  getSetting,
  insertMissingSettings,
  SETTINGS_CACHE_MS,
  SETTING_KEYS,
  setSetting,
} from "~/models/settings.server";

async function clearSettings() {
  const db = await getDb();
  await db.deleteFrom("settings").execute();
  // Behind the model's back: its kept copies must go too.
  forgetCachedSettings();
  return db;
}

describe("settings", () => {
  it("returns the defaults when nothing is stored", async () => {
    const db = await clearSettings();
    expect(await getPriceBands(db)).toEqual(DEFAULT_PRICE_BANDS);
    expect(await getContactInfo(db)).toEqual({ email: "asiakaspalvelu@arkikaveri.fi", phone: "+358 40 123 4567" });
    const company = await getCompanyInfo(db);
    expect(company.name).toBe("Arkikaveri Oy");
    expect(company.city).toBe("Helsinki");
    expect(isValidBusinessId(company.businessId)).toBe(true);
    expect(isValidFinnishIban(company.iban)).toBe(true);
  });

  it("stores a value and reads it back, recording who changed it", async () => {
    const db = await clearSettings();
    const admin = await db
      .insertInto("profiles")
      .values({ email: "settings-admin@example.fi", full_name: "Asetus Admin", phone: null, password_hash: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await setSetting(db, "contact", { email: "tuki@example.fi", phone: "+358 9 876 5432" }, admin.id);
    expect(await getContactInfo(db)).toEqual({ email: "tuki@example.fi", phone: "+358 9 876 5432" });

    // A second write replaces the first (upsert), it does not add a row.
    await setSetting(db, "contact", { email: "palvelu@example.fi", phone: "0401234567" });
    expect(await getSetting(db, "contact")).toEqual({ email: "palvelu@example.fi", phone: "0401234567" });
    const rows = await db.selectFrom("settings").selectAll().where("key", "=", "contact").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].updated_by).toBeNull();

    await setSetting(db, "contact", { email: "palvelu@example.fi", phone: "0401234567" }, admin.id);
    const row = await db.selectFrom("settings").select("updated_by").where("key", "=", "contact").executeTakeFirstOrThrow();
    expect(row.updated_by).toBe(admin.id);
  });

  it("accepts new price bands that cover every hour once and charges them", async () => {
    const db = await clearSettings();
    const bands = [
      { id: "night" as const, fromHour: 0, toHour: 6, hourlyCents: 9000 },
      { id: "day" as const, fromHour: 7, toHour: 19, hourlyCents: 4500 },
      { id: "evening" as const, fromHour: 20, toHour: 23, hourlyCents: 6500 },
    ];
    await setSetting(db, "price_bands", bands);
    expect(await getPriceBands(db)).toEqual(bands);
  });

  it("rejects price bands that leave an hour uncovered", async () => {
    const db = await clearSettings();
    const gap = [
      { id: "night", fromHour: 0, toHour: 7, hourlyCents: 8000 },
      { id: "day", fromHour: 8, toHour: 16, hourlyCents: 4000 },
      { id: "evening", fromHour: 18, toHour: 23, hourlyCents: 6000 },
    ];
    const error = await setSetting(db, "price_bands", gap).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues.map((issue) => issue.message)).toContain("Hinta puuttuu tunneilta 17");
    // Nothing was written: readers still get the default.
    expect(await db.selectFrom("settings").selectAll().execute()).toHaveLength(0);
    expect(await getPriceBands(db)).toEqual(DEFAULT_PRICE_BANDS);
  });

  it("rejects price bands that give an hour two prices", async () => {
    const db = await clearSettings();
    const overlap = [
      { id: "night", fromHour: 0, toHour: 8, hourlyCents: 8000 },
      { id: "day", fromHour: 8, toHour: 17, hourlyCents: 4000 },
      { id: "evening", fromHour: 18, toHour: 23, hourlyCents: 6000 },
    ];
    await expect(setSetting(db, "price_bands", overlap)).rejects.toThrow(/Tunneilla 8 on useampi kuin yksi hinta/);
  });

  it("rejects a company with a wrong business ID check digit or IBAN checksum", async () => {
    const db = await clearSettings();
    const company = await getCompanyInfo(db);
    await expect(setSetting(db, "company", { ...company, businessId: "3141593-7" })).rejects.toThrow(/Virheellinen Y-tunnus/);
    await expect(setSetting(db, "company", { ...company, iban: "FI21 1234 5600 0007 86" })).rejects.toThrow(
      /Virheellinen IBAN-tilinumero/,
    );
    // A spaced, lower-case IBAN is stored in its compact form.
    const saved = await setSetting(db, "company", { ...company, iban: "fi21 1234 5600 0007 85" });
    expect(saved.iban).toBe("FI2112345600000785");
    expect((await getCompanyInfo(db)).iban).toBe("FI2112345600000785");
  });

  it("falls back to the default when a stored value is no longer valid", async () => {
    const db = await clearSettings();
    await db
      .insertInto("settings")
      .values({ key: "price_bands", value: JSON.stringify([{ id: "day", fromHour: 8, toHour: 17, hourlyCents: 4000 }]), updated_by: null })
      .execute();
    forgetCachedSettings();
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    try {
      expect(await getPriceBands(db)).toEqual(DEFAULT_PRICE_BANDS);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ key: "price_bands" }), expect.any(String));
    } finally {
      warn.mockRestore();
    }
  });

  it("writes missing defaults without overwriting stored values", async () => {
    const db = await clearSettings();
    await setSetting(db, "contact", { email: "muutettu@example.fi", phone: "0401234567" });
    await insertMissingSettings(db);
    await insertMissingSettings(db);
    const keys = (await db.selectFrom("settings").select("key").execute()).map((row) => row.key).sort();
    expect(keys).toEqual([...SETTING_KEYS].sort());
    expect((await getContactInfo(db)).email).toBe("muutettu@example.fi");
  });

  describe("the in-memory copy", () => {
    const contactRow = (email: string) => ({ key: "contact", value: JSON.stringify({ email, phone: "0401234567" }), updated_by: null });

    it("is kept for a while: a change made behind the model's back (another process) shows once it expires", async () => {
      const db = await clearSettings();
      await setSetting(db, "contact", { email: "ensin@example.fi", phone: "0401234567" });
      // On PostgreSQL this process hears its own change notice too: let it arrive first.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await getContactInfo(db)).email).toBe("ensin@example.fi");
      // Another process writes the row without announcing it: this one keeps its copy for
      // SETTINGS_CACHE_MS (an announced change clears it at once, tests/integration/cache-sync.test.ts).
      await db.updateTable("settings").set(contactRow("toinen@example.fi")).where("key", "=", "contact").execute();
      expect((await getContactInfo(db)).email).toBe("ensin@example.fi");
      // Inside a transaction the database is always asked.
      expect((await db.transaction().execute((trx) => getContactInfo(trx))).email).toBe("toinen@example.fi");
      const later = Date.now() + SETTINGS_CACHE_MS + 1;
      const clock = vi.spyOn(Date, "now").mockReturnValue(later);
      try {
        expect((await getContactInfo(db)).email).toBe("toinen@example.fi");
      } finally {
        clock.mockRestore();
      }
    });

    it("shows a write through the model at once", async () => {
      const db = await clearSettings();
      expect(await getPriceBands(db)).toEqual(DEFAULT_PRICE_BANDS);
      const bands = [
        { id: "night" as const, fromHour: 0, toHour: 6, hourlyCents: 9100 },
        { id: "day" as const, fromHour: 7, toHour: 19, hourlyCents: 4600 },
        { id: "evening" as const, fromHour: 20, toHour: 23, hourlyCents: 6600 },
      ];
      await setSetting(db, "price_bands", bands);
      expect(await getPriceBands(db)).toEqual(bands);
    });

    it("hands out copies: a caller changing its result changes nothing for the next", async () => {
      const db = await clearSettings();
      const first = await getPriceBands(db);
      first[0].hourlyCents = 1;
      first.pop();
      const again = await getPriceBands(db);
      expect(again).toEqual(DEFAULT_PRICE_BANDS);
      again[0].hourlyCents = 2;
      expect(await getPriceBands(db)).toEqual(DEFAULT_PRICE_BANDS);
    });
  });
});
