import sharp from "sharp";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { currentConsentVersion } from "~/messages/consent-wordings";
import { collectPersonalData } from "~/models/data-exports.server";
import { currentConsent, listConsentsOf, recordConsent, textRemindersAllowed } from "~/models/consents.server";
import { loader as customerPageLoader } from "~/routes/backoffice.users.$customerId";
import { loader as caregiverPageLoader } from "~/routes/backoffice.caregivers.$caregiverId";
import { action as profileAction, loader as profileLoader } from "~/routes/portal.profile";
import { action as registrationAction } from "~/routes/rekisteroidy-kaveriksi";
import { createQuestion } from "~/services/bot-check.server";
import { zipPersonalData } from "~/services/data-export.server";
import { answerOf, contextFor, createTestUser, getRequest, postRequest, runQueuedJobs, sessionCookieFor } from "./support/auth";
import { signedInCustomer, signedInHelper, toastOf, type SignedIn } from "./support/portal";
import { completeRegistrationStep1, postRegistrationStep2, setUpRegistration } from "./support/registration";

// The consent log (issue 29 item 4; decision 0033): a row for every give and withdraw, the newest
// row as the state, only the signed-in person's own consents, the helper's registration consent
// required and logged, text reminders stopped by a withdrawal, the log in the data export and,
// read-only, on staff's pages.

let db: DB;
let cleanUpRegistration: () => void;

beforeAll(async () => {
  db = await getDb();
  cleanUpRegistration = await setUpRegistration();
});

afterAll(() => cleanUpRegistration());

function choose(person: SignedIn, purpose: string, given: boolean, extra: Record<string, string> = {}) {
  return answerOf(() =>
    profileAction({
      request: postRequest("/portal/profile", { intent: "consent", purpose, given: String(given), ...extra }, person.cookie),
      params: {},
      context: contextFor(),
    }),
  );
}

async function profileConsents(person: SignedIn) {
  const answer = await answerOf(() => profileLoader({ request: getRequest("/portal/profile", person.cookie), params: {}, context: contextFor() }));
  return answer.data.consents as Array<{ purpose: string; given: boolean; state: string; selfService: boolean }>;
}

describe("giving and withdrawing in the profile", () => {
  it("logs a row for each give and withdraw, and the newest row is the state shown", async () => {
    const person = await signedInCustomer("suostumus-anna@example.fi");
    expect((await profileConsents(person)).map((c) => [c.purpose, c.given])).toEqual([
      ["markkinointi", false],
      ["tekstiviestimuistutukset", false],
    ]);

    const given = await choose(person, "markkinointi", true);
    expect(given.status).toBe(302);
    expect(given.location).toBe("/portal/profile");
    expect(await toastOf(given)).toMatchObject({ type: "success", title: "Lupa annettu" });
    expect((await currentConsent(db, { profileId: person.user.id }, "markkinointi"))?.given).toBe(true);

    const withdrawn = await choose(person, "markkinointi", false);
    expect(await toastOf(withdrawn)).toMatchObject({ type: "success", title: "Lupa peruttu" });
    const rows = await listConsentsOf(db, person.user.id);
    expect(rows.map((row) => [row.purpose, row.given, row.method, row.textVersion])).toEqual([
      ["markkinointi", false, "profiili", currentConsentVersion("markkinointi")],
      ["markkinointi", true, "profiili", currentConsentVersion("markkinointi")],
    ]);
    expect((await currentConsent(db, { profileId: person.user.id }, "markkinointi"))?.given).toBe(false);
    const shown = (await profileConsents(person)).find((c) => c.purpose === "markkinointi")!;
    expect(shown.given).toBe(false);
    expect(shown.state).toMatch(/^Olet perunut luvan \d{1,2}\.\d{1,2}\.\d{4} omalla sivulla\.$/);

    await choose(person, "markkinointi", true);
    expect((await currentConsent(db, { profileId: person.user.id }, "markkinointi"))?.given).toBe(true);
    expect(await listConsentsOf(db, person.user.id)).toHaveLength(3);
  });

  it("logs nothing for the same choice sent twice (a double submit)", async () => {
    const person = await signedInCustomer("suostumus-tupla@example.fi");
    await choose(person, "tekstiviestimuistutukset", true);
    const again = await choose(person, "tekstiviestimuistutukset", true);
    expect(await toastOf(again)).toMatchObject({ type: "info" });
    expect(await listConsentsOf(db, person.user.id)).toHaveLength(1);
  });

  it("lets a helper give and withdraw too, and shows the registration consent without a button", async () => {
    const helper = await signedInHelper("suostumus-kaveri@example.fi");
    await recordConsent(db, { subject: { profileId: helper.user.id }, purpose: "tietojenkäsittely", given: true, textVersion: "tietojenkäsittely-1", method: "rekisteröityminen" });
    await choose(helper, "tekstiviestimuistutukset", true);
    const consents = await profileConsents(helper);
    expect(consents.map((c) => [c.purpose, c.given, c.selfService])).toEqual([
      ["markkinointi", false, true],
      ["tekstiviestimuistutukset", true, true],
      ["tietojenkäsittely", true, false],
    ]);
    // The registration consent is not withdrawn through this form.
    const refused = await choose(helper, "tietojenkäsittely", false);
    expect(refused.status).toBe(400);
    expect((await currentConsent(db, { profileId: helper.user.id }, "tietojenkäsittely"))?.given).toBe(true);
  });

  it("refuses a purpose or a choice it does not know", async () => {
    const person = await signedInCustomer("suostumus-vaara@example.fi");
    expect((await choose(person, "mainonta", true)).status).toBe(400);
    const badChoice = await answerOf(() =>
      profileAction({ request: postRequest("/portal/profile", { intent: "consent", purpose: "markkinointi", given: "kyllä" }, person.cookie), params: {}, context: contextFor() }),
    );
    expect(badChoice.status).toBe(400);
    expect(await listConsentsOf(db, person.user.id)).toEqual([]);
  });
});

describe("only one's own consents", () => {
  it("changes the signed-in person's consent whatever the form says about anyone else", async () => {
    const mine = await signedInCustomer("suostumus-oma@example.fi");
    const other = await signedInCustomer("suostumus-toinen@example.fi");
    await choose(mine, "markkinointi", true, { profileId: other.user.id, userId: other.user.id, subject: other.user.id });
    expect(await listConsentsOf(db, other.user.id)).toEqual([]);
    expect(await listConsentsOf(db, mine.user.id)).toHaveLength(1);
    // Each sees their own state.
    expect((await profileConsents(other)).every((c) => !c.given)).toBe(true);
  });

  it("sends a signed-out visitor to sign in and logs nothing", async () => {
    const before = await db.selectFrom("consents").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    const answer = await answerOf(() =>
      profileAction({ request: postRequest("/portal/profile", { intent: "consent", purpose: "markkinointi", given: "true" }), params: {}, context: contextFor() }),
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/auth/);
    const after = await db.selectFrom("consents").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("shows staff a customer's and a helper's log read-only, and keeps customers out of it", async () => {
    const customer = await signedInCustomer("suostumus-tuki@example.fi");
    await choose(customer, "markkinointi", true);
    await choose(customer, "markkinointi", false);
    const customerRow = await db.selectFrom("customers").select("id").where("profile_id", "=", customer.user.id).executeTakeFirstOrThrow();
    const admin = await createTestUser({ email: "suostumus-admin@example.fi", role: "admin" });
    const adminCookie = await sessionCookieFor(admin);
    const page = await answerOf(() =>
      customerPageLoader({ request: getRequest(`/backoffice/users/${customerRow.id}`, adminCookie), params: { customerId: customerRow.id }, context: contextFor() }),
    );
    expect(page.status).toBe(200);
    expect(page.data.consents.map((entry: { state: string; inForce: boolean; method: string }) => [entry.state, entry.inForce, entry.method])).toEqual([
      ["Peruttu", true, "omalla sivulla"],
      ["Annettu", false, "omalla sivulla"],
    ]);

    const helper = await signedInHelper("suostumus-tuki-kaveri@example.fi");
    await choose(helper, "tekstiviestimuistutukset", true);
    const helperPage = await answerOf(() =>
      caregiverPageLoader({ request: getRequest(`/backoffice/caregivers/${helper.caregiverId}`, adminCookie), params: { caregiverId: helper.caregiverId }, context: contextFor() }),
    );
    expect(helperPage.data.consents).toHaveLength(1);

    const refused = await answerOf(() =>
      customerPageLoader({ request: getRequest(`/backoffice/users/${customerRow.id}`, customer.cookie), params: { customerId: customerRow.id }, context: contextFor() }),
    );
    expect(refused.status).toBe(403);
  });
});

describe("text reminders", () => {
  it("are allowed until the newest row of the person or of the number is a withdrawal", async () => {
    const person = await signedInCustomer("suostumus-tekstiviesti@example.fi");
    expect(await textRemindersAllowed(db, { userId: person.user.id, phone: "0407770001" })).toBe(true);
    await choose(person, "tekstiviestimuistutukset", true);
    expect(await textRemindersAllowed(db, { userId: person.user.id })).toBe(true);
    await choose(person, "tekstiviestimuistutukset", false);
    expect(await textRemindersAllowed(db, { userId: person.user.id })).toBe(false);
    expect(await textRemindersAllowed(db, { userId: person.user.id, phone: "0407770001" })).toBe(false);
    // Withdrawing marketing is another purpose: it does not touch text reminders, and back.
    await choose(person, "tekstiviestimuistutukset", true);
    await choose(person, "markkinointi", false);
    expect(await textRemindersAllowed(db, { userId: person.user.id })).toBe(true);
  });

  it("a withdrawal with nothing logged before it still stops them (a reminder chosen on a booking form)", async () => {
    const person = await signedInCustomer("suostumus-varauslomake@example.fi");
    await choose(person, "tekstiviestimuistutukset", false);
    expect(await listConsentsOf(db, person.user.id)).toHaveLength(1);
    expect(await textRemindersAllowed(db, { userId: person.user.id })).toBe(false);
  });

  it("a guest's number is one subject however it is written", async () => {
    await recordConsent(db, { subject: { phone: "040 777 0002" }, purpose: "tekstiviestimuistutukset", given: true, textVersion: "tekstiviestimuistutukset-1", method: "varauslomake" });
    expect(await textRemindersAllowed(db, { phone: "+358407770002" })).toBe(true);
    await recordConsent(db, { subject: { phone: "+358 40-777 0002" }, purpose: "tekstiviestimuistutukset", given: false, textVersion: "tekstiviestimuistutukset-1", method: "profiili" });
    expect(await textRemindersAllowed(db, { phone: "0407770002" })).toBe(false);
    expect(await textRemindersAllowed(db, { phone: "0407770003" })).toBe(true);
    const guestByMail = await recordConsent(db, { subject: { email: " Vieras@Example.FI " }, purpose: "markkinointi", given: true, textVersion: "markkinointi-1", method: "varauslomake" });
    expect(guestByMail.given).toBe(true);
    expect((await currentConsent(db, { email: "vieras@example.fi" }, "markkinointi"))?.id).toBe(guestByMail.id);
  });

  it("the database refuses a row with no subject or two", async () => {
    await expect(
      db.insertInto("consents").values({ profile_id: null, email: null, phone: null, purpose: "markkinointi", text_version: "markkinointi-1", given: true, method: "profiili" }).execute(),
    ).rejects.toThrow();
    await expect(
      db.insertInto("consents").values({ profile_id: null, email: "a@example.fi", phone: "+358401234567", purpose: "markkinointi", text_version: "markkinointi-1", given: true, method: "profiili" }).execute(),
    ).rejects.toThrow();
  });
});

describe("the helper's data-processing consent at registration", () => {
  it("is required in step 1", async () => {
    const form = new FormData();
    const question = createQuestion();
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 60 } } }).png().toBuffer();
    const fields: Record<string, string> = {
      intent: "step1",
      firstName: "Kaisa",
      lastName: "Kaveri",
      dateOfBirth: "1985-04-12",
      address: "Mannerheimintie 1 A 2",
      postalCode: "00100",
      city: "Helsinki",
      phone: "0401234567",
      email: "suostumus-ilman@example.fi",
      password: "Salasana1234",
      termsAccepted: "on",
      botCheckToken: question.token,
      botCheck: String(question.answer),
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("profileImage", new File([new Uint8Array(photo)], "kuva.png", { type: "image/png" }));
    const answer = await answerOf(() =>
      registrationAction({ request: new Request("http://localhost:3000/rekisteroidy-kaveriksi", { method: "POST", body: form }), params: {}, context: contextFor("198.51.100.77") }),
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.data)).toContain("Anna lupa tietojen käsittelyyn");
    await runQueuedJobs();
    expect(await db.selectFrom("profiles").select("id").where("email", "=", "suostumus-ilman@example.fi").executeTakeFirst()).toBeUndefined();
  });

  it("is logged with its version and how when the application is stored", async () => {
    const email = "suostumus-hakija@example.fi";
    const cookie = await completeRegistrationStep1(email);
    const answer = await postRegistrationStep2(cookie, "198.51.100.78");
    expect(answer.location).toBe("/rekisteroidy-kaveriksi/kiitos");
    await runQueuedJobs();
    const profile = await db.selectFrom("profiles").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const rows = await listConsentsOf(db, profile.id);
    expect(rows.map((row) => [row.purpose, row.given, row.method, row.textVersion])).toEqual([
      ["tietojenkäsittely", true, "rekisteröityminen", currentConsentVersion("tietojenkäsittely")],
    ]);
  });
});

describe("the data export", () => {
  it("holds the consent log in data.json and suostumukset.csv, with guest rows under the person's address", async () => {
    const person = await signedInCustomer("suostumus-vienti@example.fi");
    await choose(person, "markkinointi", true);
    await choose(person, "markkinointi", false);
    await recordConsent(db, { subject: { email: "suostumus-vienti@example.fi" }, purpose: "tekstiviestimuistutukset", given: true, textVersion: "tekstiviestimuistutukset-1", method: "varauslomake" });
    await recordConsent(db, { subject: { email: "joku-muu@example.fi" }, purpose: "markkinointi", given: true, textVersion: "markkinointi-1", method: "varauslomake" });
    const personal = await collectPersonalData(db, person.user.id);
    const rows = personal!.tables.consents!;
    expect(rows.map((row) => [row.purpose, row.given, row.method])).toEqual([
      ["markkinointi", true, "profiili"],
      ["markkinointi", false, "profiili"],
      ["tekstiviestimuistutukset", true, "varauslomake"],
    ]);
    const files = unzipSync(await zipPersonalData(db, person.user.id, personal!, new Date()));
    const data = JSON.parse(strFromU8(files["data.json"]!));
    expect(data.tables.consents).toHaveLength(3);
    const csv = strFromU8(files["suostumukset.csv"]!).replace(/^\uFEFF/, "");
    expect(csv.split("\r\n")[0]!.split(";")).toEqual(expect.arrayContaining(["purpose", "text_version", "given", "method", "created_at"]));
    expect(csv).toContain("tekstiviestimuistutukset");
    expect(csv).not.toContain("joku-muu@example.fi");
  });
});
