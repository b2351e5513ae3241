import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { loader as portalLoader } from "~/routes/portal";
import { action, loader } from "~/routes/portal.profile";
import { takeToast } from "~/services/flash.server";
import { verifyPassword } from "~/services/password.server";
import { createLocalStorage, getStorage, useStorage } from "~/services/storage.server";
import { answerOf, BASE_URL, contextFor, cookiesFrom, createTestUser, getRequest, postRequest, sessionCookieFor, TEST_PASSWORD } from "./support/auth";
import { emailsTo } from "./support/backoffice";

// The profile page (issue 10; spec 001 §5 "Profile", "Password change", "Caregiver profile", §8):
// every rule with its message, the e-mail address never changed, the helper's section really
// saved (photo included, with the registration's photo rules), and a password change that keeps
// this session and ends every other.

const PATH = "/portal/profile";
const SERVICE_SLUGS = ["errands", "companionship", "light_cleaning", "outdoor_walks", "digital_help", "yard_work"];
let db: DB;
let uploadsDir: string;
let ipCounter = 0;

beforeAll(async () => {
  db = await getDb();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkikaveri-profile-uploads-"));
  useStorage(createLocalStorage(uploadsDir));
  await db
    .insertInto("service_categories")
    .values(SERVICE_SLUGS.map((slug, index) => ({ slug, name: `Palvelu ${slug}`, sort_order: index })))
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
});

afterAll(() => {
  useStorage(undefined);
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

/** Each test signs in from its own address, so the password limits of one do not reach another. */
function freshContext() {
  ipCounter += 1;
  return contextFor(`198.51.100.${ipCounter}`);
}

async function signedIn(options: Parameters<typeof createTestUser>[0]) {
  const user = await createTestUser(options);
  return { user, cookie: await sessionCookieFor(user) };
}

function post(fields: Record<string, string>, cookie: string, context = freshContext()) {
  return answerOf(() => action({ request: postRequest(PATH, fields, cookie), params: {}, context }));
}

async function toastOf(answer: { response: Response | null }) {
  return (await takeToast(getRequest("/", cookiesFrom(answer.response!)))).toast;
}

describe("name and phone", () => {
  it("shows the e-mail address without a way to change it, and saves the name and phone", async () => {
    const { user, cookie } = await signedIn({ email: "profiili-perus@example.fi", fullName: "Helmi Virtanen" });
    const page = await answerOf(() => loader({ request: getRequest(PATH, cookie), params: {}, context: contextFor() }));
    expect(page.data).toMatchObject({ email: user.email, profile: { fullName: "Helmi Virtanen", phone: "" }, caregiver: null });

    const saved = await post({ intent: "profile", fullName: "Helmi Äijälä", phone: "040 123 4567", email: "toinen@example.fi" }, cookie);
    expect(saved.location).toBe(PATH);
    expect(await toastOf(saved)).toMatchObject({ type: "success", title: "Profiili päivitetty onnistuneesti!" });
    const row = await db.selectFrom("profiles").select(["full_name", "phone", "email"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ full_name: "Helmi Äijälä", phone: "0401234567", email: user.email });

    // The phone may be emptied again.
    await post({ intent: "profile", fullName: "Helmi Äijälä", phone: "" }, cookie);
    expect((await db.selectFrom("profiles").select("phone").where("id", "=", user.id).executeTakeFirstOrThrow()).phone).toBeNull();
    expect(await toastOf(await post({ intent: "profile", fullName: "Helmi Äijälä" }, cookie))).toMatchObject({ title: "Ei muutoksia tallennettavaksi" });
  });

  it("refuses a bad name or phone with 001 §5's messages and keeps what was typed", async () => {
    const { cookie } = await signedIn({ email: "profiili-virheet@example.fi" });
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ fullName: "" }, { fullName: ["Kirjoita nimesi"] }],
      [{ fullName: "H" }, { fullName: ["Nimi liian lyhyt"] }],
      [{ fullName: "H".repeat(101) }, { fullName: ["Nimi liian pitkä"] }],
      [{ fullName: "Helmi <b>" }, { fullName: ["Nimi sisältää epäkelpoja merkkejä"] }],
      [{ fullName: "Helmi", phone: "123" }, { phone: ["Virheellinen puhelinnumero (esim. +358401234567 tai 0401234567)"] }],
      [{ fullName: "Helmi", phone: "+358401234567890123" }, { phone: ["Virheellinen puhelinnumero (esim. +358401234567 tai 0401234567)"] }],
    ];
    for (const [fields, errors] of cases) {
      const answer = await post({ intent: "profile", ...fields }, cookie);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.data.intent).toBe("profile");
      expect(answer.data.result.error, JSON.stringify(fields)).toEqual(errors);
      expect(answer.data.result.initialValue.fullName ?? "").toBe(fields.fullName);
    }
  });
});

describe("password change", () => {
  const NEW_PASSWORD = "UusiSalasana2027";

  it("says every rule's message, and that the current password is wrong, changing nothing", async () => {
    const { user, cookie } = await signedIn({ email: "salasana-virheet@example.fi" });
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { currentPassword: ["Nykyinen salasana vaaditaan"] }],
      [{ currentPassword: TEST_PASSWORD, newPassword: "Ab1", confirmPassword: "Ab1" }, { newPassword: ["Uuden salasanan on oltava vähintään 8 merkkiä"] }],
      [{ currentPassword: TEST_PASSWORD, newPassword: `Aa1${"x".repeat(70)}`, confirmPassword: `Aa1${"x".repeat(70)}` }, { newPassword: ["Salasana liian pitkä"] }],
      [{ currentPassword: TEST_PASSWORD, newPassword: "salasana123", confirmPassword: "salasana123" }, { newPassword: ["Salasanan tulee sisältää vähintään yksi iso kirjain"] }],
      [{ currentPassword: TEST_PASSWORD, newPassword: "SALASANA123", confirmPassword: "SALASANA123" }, { newPassword: ["Salasanan tulee sisältää vähintään yksi pieni kirjain"] }],
      [{ currentPassword: TEST_PASSWORD, newPassword: "Salasanaton", confirmPassword: "Salasanaton" }, { newPassword: ["Salasanan tulee sisältää vähintään yksi numero"] }],
      [{ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: "UusiSalasana2028" }, { confirmPassword: ["Salasanat eivät täsmää"] }],
      [{ currentPassword: "VaaraSalasana1", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { currentPassword: ["Nykyinen salasana on väärin"] }],
    ];
    for (const [fields, errors] of cases) {
      const answer = await post({ intent: "password", ...fields }, cookie);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.data.intent).toBe("password");
      expect(answer.data.result.error, JSON.stringify(fields)).toMatchObject(errors);
      // No password is ever sent back to the browser.
      expect(answer.data.result.initialValue).not.toHaveProperty("currentPassword");
      expect(answer.data.result.initialValue).not.toHaveProperty("newPassword");
    }
    const hash = await db.selectFrom("profiles").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(hash.password_hash, TEST_PASSWORD)).toBe(true);
  });

  it("changes the password, keeps this session and signs every other session out", async () => {
    const { user, cookie } = await signedIn({ email: "salasana-vaihto@example.fi", fullName: "Saara Salainen" });
    const otherDevice = await sessionCookieFor(user);
    const thirdDevice = await sessionCookieFor(user);
    const stranger = await sessionCookieFor(await createTestUser({ email: "salasana-muukalainen@example.fi" }));

    const changed = await post({ intent: "password", currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, cookie);
    expect(changed.location).toBe(PATH);
    expect(await toastOf(changed)).toMatchObject({ type: "success", title: "Salasana vaihdettu onnistuneesti!" });

    const hash = await db.selectFrom("profiles").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(hash.password_hash, NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(hash.password_hash, TEST_PASSWORD)).toBe(false);

    const portalAs = (who: string) => answerOf(() => portalLoader({ request: getRequest("/portal", who), params: {}, context: contextFor() }));
    expect((await portalAs(cookie)).status).toBe(200);
    for (const device of [otherDevice, thirdDevice]) {
      const answer = await portalAs(device);
      expect(answer.status).toBe(302);
      expect(answer.location).toContain("/auth?redirectTo=");
    }
    expect((await portalAs(stranger)).status).toBe(200);
    expect((await emailsTo(user.email)).at(-1)?.subject).toBe("Salasanasi on vaihdettu – Arkikaveri");
  });

  it("stops guessing the current password after five wrong tries from one address", async () => {
    const { cookie } = await signedIn({ email: "salasana-arvaus@example.fi" });
    const context = freshContext();
    const wrong = { intent: "password", currentPassword: "VaaraSalasana1", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    for (let attempt = 0; attempt < 5; attempt++) expect((await post(wrong, cookie, context)).status).toBe(400);
    const limited = await post({ ...wrong, currentPassword: TEST_PASSWORD }, cookie, context);
    expect(limited.status).toBe(429);
    expect(limited.data.result.error[""][0]).toMatch(/^Salasanan vaihto epäonnistui: Liian monta yritystä\. Yritä uudelleen \d+ minuutin kuluttua\.$/);
  });
});

describe("the helper's own section", () => {
  function multipart(fields: Record<string, string | string[]>, photo: Buffer | null, cookie: string) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(name, item);
    form.append("photo", photo ? new File([new Uint8Array(photo)], "kasvot.png", { type: "image/png" }) : new File([], "", { type: "application/octet-stream" }));
    const request = new Request(new URL(PATH, BASE_URL), { method: "POST", body: form, headers: { Cookie: cookie } });
    return answerOf(() => action({ request, params: {}, context: freshContext() }));
  }

  const valid = {
    intent: "caregiver",
    bio: "Olen sairaanhoitaja ja autan mielelläni kauppa-asioissa ja ulkoilussa.",
    services: ["errands", "outdoor_walks"],
    languages: ["suomi", "ruotsi"],
    serviceCities: ["Espoo", "Vantaa"],
  };

  it("really saves the bio, services, languages, towns and a new photo (re-encoded), replacing the old photo", async () => {
    const { user, cookie } = await signedIn({ email: "profiili-kaveri@example.fi", userType: "caregiver", fullName: "Elina Mäkinen" });
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 120, b: 60 } } }).png().toBuffer();

    const saved = await multipart(valid, png, cookie);
    expect(saved.location).toBe(PATH);
    expect(await toastOf(saved)).toMatchObject({ type: "success", title: "Kaveriprofiilin tiedot päivitetty!" });
    const page = await answerOf(() => loader({ request: getRequest(PATH, cookie), params: {}, context: contextFor() }));
    expect(page.data.caregiver.defaults).toEqual({
      bio: valid.bio,
      services: ["errands", "outdoor_walks"],
      languages: ["suomi", "ruotsi"],
      serviceCities: ["Espoo", "Vantaa"],
    });
    const firstUrl: string = page.data.caregiver.photoUrl;
    expect(firstUrl).toMatch(/^\/kuvat\/photo-[0-9a-f]{32}\.jpg$/);
    const stored = await getStorage().get(firstUrl.replace("/kuvat/", ""));
    expect((await sharp(stored!.bytes).metadata()).format).toBe("jpeg");

    // Saved again without a photo: the photo stays. With a new one: the old file is gone.
    await multipart(valid, null, cookie);
    const kept = await answerOf(() => loader({ request: getRequest(PATH, cookie), params: {}, context: contextFor() }));
    expect(kept.data.caregiver).toMatchObject({ photoUrl: firstUrl });
    await multipart(valid, png, cookie);
    const replaced = await answerOf(() => loader({ request: getRequest(PATH, cookie), params: {}, context: contextFor() }));
    expect(replaced.data.caregiver.photoUrl).not.toBe(firstUrl);
    expect(await getStorage().get(firstUrl.replace("/kuvat/", ""))).toBeNull();

    const row = await db.selectFrom("caregivers").select(["service_cities", "languages"]).where("profile_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ service_cities: ["Espoo", "Vantaa"], languages: ["suomi", "ruotsi"] });
  });

  it("refuses each field with the spec's messages and a photo that is not an image, saving nothing", async () => {
    const { user, cookie } = await signedIn({ email: "profiili-kaveri-virheet@example.fi", userType: "caregiver" });
    const cases: Array<[Record<string, string | string[]>, Record<string, string[]>]> = [
      [{ bio: "x".repeat(2001) }, { bio: ["Esittely liian pitkä (max 2000 merkkiä)"] }],
      [{ services: [] }, { services: ["Valitse vähintään yksi palvelu"] }],
      [{ languages: [] }, { languages: ["Valitse vähintään yksi kieli"] }],
      [{ serviceCities: ["Tukholma"] }, { serviceCities: ["Valitse kaupungit listasta"] }],
    ];
    for (const [change, errors] of cases) {
      const answer = await multipart({ ...valid, ...change }, null, cookie);
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.data).toMatchObject({ intent: "caregiver", result: { error: errors } });
    }
    const notAnImage = await multipart(valid, Buffer.from("tämä ei ole kuva"), cookie);
    expect(notAnImage.data.result.error).toEqual({ photo: ["Lataa selkeä kasvokuva (jpg/png, max 5 Mt)"] });
    const row = await db.selectFrom("caregivers").select(["bio", "hourly_rate_cents", "profile_image_url"]).where("profile_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ bio: "", hourly_rate_cents: null, profile_image_url: null });
  });

  it("is only for helpers", async () => {
    const { cookie } = await signedIn({ email: "profiili-ei-kaveri@example.fi" });
    expect((await multipart(valid, null, cookie)).status).toBe(403);
  });
});

describe("the portal menu", () => {
  it("asks an anonymous visitor to sign in", async () => {
    const answer = await answerOf(() => loader({ request: getRequest(PATH), params: {}, context: contextFor() }));
    expect(answer.location).toBe(`/auth?redirectTo=${encodeURIComponent(PATH)}`);
    expect((await post({ intent: "profile", fullName: "Helmi" }, "")).location).toContain("/auth?redirectTo=");
  });
});
