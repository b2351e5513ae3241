import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { getContactInfo, getPriceBands } from "~/models/settings.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/backoffice.settings";
import { answerOf, contextFor, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { auditRows } from "./support/backoffice";

// The settings page (issue 14 "Settings"): price bands that must cover every start hour once,
// contact and company details, each change audited with who made it; admins only.

const cookies = { admin: "", moderator: "" };

beforeAll(async () => {
  cookies.admin = await sessionCookieFor(await createTestUser({ email: "admin-asetukset@example.fi", role: "admin", fullName: "Asta Asettaja" }));
  cookies.moderator = await sessionCookieFor(await createTestUser({ email: "mod-asetukset@example.fi", role: "moderator" }));
});

const post = (fields: Record<string, string>, who: keyof typeof cookies = "admin") =>
  answerOf(() => settingsAction({ request: postRequest("/backoffice/settings", fields, cookies[who]), params: {}, context: contextFor() }));

function bandFields(bands: Array<[string, number, number, string]>): Record<string, string> {
  const fields: Record<string, string> = { intent: "prices" };
  bands.forEach(([id, from, to, euros], index) => {
    fields[`bands[${index}].id`] = id;
    fields[`bands[${index}].fromHour`] = String(from);
    fields[`bands[${index}].toHour`] = String(to);
    fields[`bands[${index}].hourlyEuros`] = euros;
  });
  return fields;
}

describe("the settings page", () => {
  it("saves price bands that cover the day, audited, and shows who changed them", async () => {
    const db = await getDb();
    // Read (and so kept in memory) before the change: the change must still show at once.
    await getPriceBands(db);
    const answer = await post(bandFields([["night", 0, 6, "85"], ["day", 7, 17, "42,50"], ["evening", 18, 23, "61,5"]]));
    expect(answer.status).toBe(302);
    expect(await getPriceBands(db)).toEqual([
      { id: "night", fromHour: 0, toHour: 6, hourlyCents: 8500 },
      { id: "day", fromHour: 7, toHour: 17, hourlyCents: 4250 },
      { id: "evening", fromHour: 18, toHour: 23, hourlyCents: 6150 },
    ]);
    const audit = await auditRows("settings", "price_bands");
    expect(audit.at(-1)).toMatchObject({ action: "settings.price_bands" });
    const page = await answerOf(() => settingsLoader({ request: getRequest("/backoffice/settings", cookies.admin), params: {}, context: contextFor() }));
    expect(page.data.changed.prices).toContain("Asta Asettaja");
    expect(page.data.bands[1]).toMatchObject({ id: "day", hourlyEuros: "42,50" });
  });

  it("refuses bands that leave hours without a price or overlap, with the Finnish rule, and keeps the old prices", async () => {
    const db = await getDb();
    const before = await getPriceBands(db);
    const gap = await post(bandFields([["night", 0, 5, "85"], ["day", 7, 17, "40"], ["evening", 18, 23, "60"]]));
    expect(gap.status).toBe(400);
    expect(gap.data.result.error[""]).toEqual(["Hinta puuttuu tunneilta 6"]);
    const overlap = await post(bandFields([["night", 0, 8, "85"], ["day", 7, 17, "40"], ["evening", 18, 23, "60"]]));
    expect(overlap.data.result.error[""]).toEqual(["Tunneilla 7, 8 on useampi kuin yksi hinta"]);
    const price = await post(bandFields([["night", 0, 6, "0,50"], ["day", 7, 17, "40"], ["evening", 18, 23, "abc"]]));
    expect(price.data.result.error["bands[0].hourlyEuros"]).toEqual(["Tuntihinnan on oltava 1–1000 €"]);
    expect(price.data.result.error["bands[2].hourlyEuros"]).toEqual(["Tuntihinnan on oltava 1–1000 €"]);
    expect(await getPriceBands(db)).toEqual(before);
  });

  it("saves the contact details and refuses an invalid e-mail address", async () => {
    const db = await getDb();
    const bad = await post({ intent: "contact", email: "ei-osoite", phone: "+358 40 765 4321" });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.email?.[0]).toMatch(/sähköposti/i);
    expect((await getContactInfo(db)).email).not.toBe("palvelu@example.fi");
    await post({ intent: "contact", email: "palvelu@example.fi", phone: "+358 40 765 4321" });
    expect(await getContactInfo(db)).toEqual({ email: "palvelu@example.fi", phone: "+358 40 765 4321" });
  });

  it("is for admins only", async () => {
    const page = await answerOf(() => settingsLoader({ request: getRequest("/backoffice/settings", cookies.moderator), params: {}, context: contextFor() }));
    expect(page.status).toBe(403);
    expect((await post({ intent: "contact", email: "x@example.fi", phone: "0401234567" }, "moderator")).status).toBe(403);
  });
});
