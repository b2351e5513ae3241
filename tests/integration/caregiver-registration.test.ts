import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { helsinkiDateString } from "~/domain/format";
import { makePendingJobsDueNow } from "~/models/jobs.server";
import { action, loader } from "~/routes/rekisteroidy-kaveriksi";
import { loader as photoLoader } from "~/routes/kuvat.$key";
import { caregiverRegistrationMessages as m } from "~/messages/caregiver-registration";
import { fieldMessages } from "~/messages/fields";
import { botCheckMessages } from "~/messages/bot-check";
import { createQuestion } from "~/services/bot-check.server";
import { verifyPassword } from "~/services/password.server";
import { MAX_PHOTO_BYTES, processProfilePhoto } from "~/services/photo.server";
import { createLocalStorage, useStorage } from "~/services/storage.server";
import { answerOf, createTestUser, lastEmailTo, runQueuedJobs, sessionCookieFor, type RouteAnswer } from "./support/auth";

// Helper registration through real multipart and form POSTs against a real database (spec 001
// §3–§5, §7–§9). Every request goes through the route's loader and action, as a browser without
// JavaScript would send it.

const BASE = "http://localhost:3000";
const CONTEXT = { cspNonce: "test" };
const CURRENT_YEAR = Number(helsinkiDateString(new Date()).slice(0, 4));
const SERVICE_SLUGS = ["errands", "companionship", "light_cleaning", "outdoor_walks", "digital_help"];

let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkikaveri-uploads-"));
  useStorage(createLocalStorage(uploadsDir));
  const db = await getDb();
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

beforeEach(async () => {
  const db = await getDb();
  await db.deleteFrom("form_drafts").execute();
});

// ------------------------------------------------------------------ fixtures

async function pngBytes(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } } }).png().toBuffer();
}

async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .withExif({ IFD0: { Copyright: "Salainen kuvaaja", Artist: "Maija Meikäläinen", ImageDescription: "Kotona Kalliossa" } })
    .jpeg()
    .toBuffer();
}

type Photo = { bytes: Buffer; name: string; type: string };

async function defaultPhoto(): Promise<Photo> {
  return { bytes: await pngBytes(), name: "kasvokuva.png", type: "image/png" };
}

let emailCounter = 0;
function uniqueEmail() {
  emailCounter += 1;
  return `kaveri${emailCounter}-${Date.now()}@example.fi`;
}

function validStep1(overrides: Record<string, string | null> = {}): Record<string, string> {
  const fields: Record<string, string | null> = {
    intent: "step1",
    firstName: "Kalle",
    lastName: "Kaveri",
    dateOfBirth: "1990-04-12",
    address: "Mannerheimintie 1 A 2",
    postalCode: "00100",
    city: "Helsinki",
    phone: "0401234567",
    email: uniqueEmail(),
    password: "Salasana1234",
    termsAccepted: "on",
    dataProcessingAccepted: "on",
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null));
}

interface Step1Options {
  /** A photo to upload; null for none (the file input left empty). */
  photo?: Photo | null;
  /** Answer the bot check correctly (default), wrongly, or leave it out. */
  botCheck?: "right" | "wrong" | "none";
  cookie?: string;
}

async function postStep1(fields: Record<string, string>, options: Step1Options = {}): Promise<RouteAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const photo = options.photo === undefined ? await defaultPhoto() : options.photo;
  if (photo) form.append("profileImage", new File([new Uint8Array(photo.bytes)], photo.name, { type: photo.type }));
  else form.append("profileImage", new File([], "", { type: "application/octet-stream" }));
  const botCheck = options.botCheck ?? "right";
  if (botCheck !== "none") {
    const question = createQuestion();
    form.append("botCheckToken", question.token);
    form.append("botCheck", String(botCheck === "right" ? question.answer : question.answer + 1));
  }
  const request = new Request(`${BASE}/rekisteroidy-kaveriksi`, {
    method: "POST",
    body: form,
    headers: options.cookie ? { Cookie: options.cookie } : {},
  });
  return answerOf(() => action({ request, params: {}, context: CONTEXT }));
}

function validStep2(overrides: Record<string, string | string[] | null> = {}): Record<string, string | string[]> {
  const fields: Record<string, string | string[] | null> = {
    intent: "step2",
    bio: "Olen eläkkeellä oleva opettaja ja pidän ulkoilusta ja keskustelusta.",
    services: ["companionship", "outdoor_walks"],
    languages: ["suomi", "ruotsi"],
    transportation: "license",
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string | string[]] => entry[1] !== null),
  );
}

async function postStep2(fields: Record<string, string | string[]>, cookie: string): Promise<RouteAnswer> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  const request = new Request(`${BASE}/rekisteroidy-kaveriksi?vaihe=2`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
  const answer = await answerOf(() => action({ request, params: {}, context: CONTEXT }));
  // The application is finished by the worker (issue 31): run it, as the worker would next.
  if (answer.location === "/rekisteroidy-kaveriksi/kiitos") await runQueuedJobs();
  return answer;
}

async function load(url: string, cookie?: string): Promise<RouteAnswer> {
  const request = new Request(`${BASE}${url}`, { headers: cookie ? { Cookie: cookie } : {} });
  return answerOf(() => loader({ request, params: {}, context: CONTEXT }));
}

/** The Cookie header for the registration draft a response set (empty when it cleared it). */
function draftCookie(answer: RouteAnswer, previous = ""): string {
  for (const header of answer.headers.getSetCookie()) {
    const [pair] = header.split(";");
    if (!pair.startsWith("__kaverihakemus=")) continue;
    return /max-age=0/i.test(header) || /expires=Thu, 01 Jan 1970/i.test(header) ? "" : pair;
  }
  return previous;
}

function fieldErrors(answer: RouteAnswer): Record<string, string[] | null> {
  return answer.data?.result?.error ?? {};
}

/** Completes step 1 and returns the draft cookie. */
async function completeStep1(fields = validStep1(), photo?: Photo): Promise<string> {
  const answer = await postStep1(fields, { photo });
  expect(fieldErrors(answer)).toEqual({});
  expect(answer.status).toBe(302);
  expect(answer.location).toBe("/rekisteroidy-kaveriksi?vaihe=2");
  const cookie = draftCookie(answer);
  expect(cookie).not.toBe("");
  return cookie;
}

async function storedPhotoOf(cookie: string): Promise<Buffer> {
  const step1 = await load("/rekisteroidy-kaveriksi", cookie);
  const url: string = step1.data.view.photoUrl;
  expect(url).toMatch(/^\/kuvat\/photo-[0-9a-f]{32}\.jpg$/);
  const response = await photoLoader({
    request: new Request(`${BASE}${url}`, { headers: { Cookie: cookie } }),
    params: { key: url.split("/").pop() },
    context: CONTEXT,
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * An applicant's photo is personal data: until approval only the back office (admin, moderator)
 * and the applicant see it, never cached by a shared cache; afterwards it is public (issue 12).
 */
async function expectPhotoSeenOnlyByStaffUntilApproved(caregiverId: string, url: string) {
  const key = url.split("/").pop();
  const fetchPhoto = (cookie?: string) =>
    answerOf(() => photoLoader({ request: new Request(`${BASE}${url}`, { headers: cookie ? { Cookie: cookie } : {} }), params: { key }, context: CONTEXT }));
  const moderator = await sessionCookieFor(await createTestUser({ email: "moderaattori@example.fi", role: "moderator" }));
  const support = await sessionCookieFor(await createTestUser({ email: "tuki@example.fi", role: "support" }));
  const customer = await sessionCookieFor(await createTestUser({ email: "asiakas@example.fi" }));

  expect((await fetchPhoto()).status).toBe(404);
  expect((await fetchPhoto(customer)).status).toBe(404);
  expect((await fetchPhoto(support)).status).toBe(404);
  const seen = await fetchPhoto(moderator);
  expect(seen.status).toBe(200);
  expect(seen.headers.get("Cache-Control")).toBe("private, no-cache");

  const db = await getDb();
  await db.updateTable("caregivers").set({ status: "approved" }).where("id", "=", caregiverId).execute();
  const approved = await fetchPhoto();
  expect(approved.status).toBe(200);
  expect(approved.headers.get("Cache-Control")).toBe("public, max-age=86400");
}

// ------------------------------------------------------------------ step 1

describe("step 1 validation (spec 001 §5, verbatim messages)", () => {
  it("reports every missing field, the photo and the consents on an empty form", async () => {
    const answer = await postStep1({ intent: "step1" }, { photo: null, botCheck: "none" });
    expect(answer.status).toBe(400);
    const errors = fieldErrors(answer);
    expect(errors.firstName).toEqual([m.firstNameRequired]);
    expect(errors.lastName).toEqual([m.lastNameRequired]);
    expect(errors.address).toEqual([m.addressRequired]);
    expect(errors.city).toEqual([m.cityRequired]);
    expect(errors.postalCode).toEqual([m.postalCode]);
    expect(errors.phone).toEqual([m.phone]);
    expect(errors.email).toEqual([m.email]);
    expect(errors.password).toEqual([fieldMessages.passwordTooShort]);
    expect(errors.profileImage).toEqual([m.profileImage]);
    expect(errors.termsAccepted).toEqual([m.termsAccepted]);
    expect(errors.dataProcessingAccepted).toEqual([m.dataProcessingAccepted]);
    expect(errors.dateOfBirth).toEqual([m.dateOfBirthRequired]);
    expect(errors.botCheck).toEqual([botCheckMessages.required]);
    // Nobody who failed the bot check gets a draft.
    expect(draftCookie(answer)).toBe("");
  });

  it.each([
    ["firstName", { firstName: "   " }, "Etunimi on pakollinen"],
    ["lastName", { lastName: "" }, "Sukunimi on pakollinen"],
    ["address", { address: "" }, "Osoite on pakollinen"],
    ["city", { city: "" }, "Kaupunki on pakollinen"],
    ["city", { city: "Tukholma" }, "Kaupunki on pakollinen"],
    ["dateOfBirth", { dateOfBirth: `${CURRENT_YEAR - 17}-01-01` }, "Palvelu on tarkoitettu täysi-ikäisille"],
    ["dateOfBirth", { dateOfBirth: `1.1.${CURRENT_YEAR - 10}` }, "Palvelu on tarkoitettu täysi-ikäisille"],
    ["postalCode", { postalCode: "1234" }, "Syötä 5-numeroinen postinumero"],
    ["postalCode", { postalCode: "0010A" }, "Syötä 5-numeroinen postinumero"],
    ["phone", { phone: "12345" }, "Syötä suomalainen puhelinnumero muodossa +358… tai 04…"],
    ["phone", { phone: "+46701234567" }, "Syötä suomalainen puhelinnumero muodossa +358… tai 04…"],
    ["email", { email: "kalle.example.fi" }, "Tarkista sähköpostiosoite"],
    // The one password rule of every form (decision record 0011).
    ["password", { password: "Lyhyt12" }, "Salasanan on oltava vähintään 8 merkkiä"],
    ["password", { password: "salasanaton1" }, "Salasanan tulee sisältää vähintään yksi iso kirjain"],
    ["password", { password: "Salasanaton" }, "Salasanan tulee sisältää vähintään yksi numero"],
    ["password", { password: `Aa1${"x".repeat(70)}` }, "Salasana liian pitkä"],
    ["termsAccepted", { termsAccepted: null }, "Hyväksy käyttöehdot jatkaaksesi"],
    ["dataProcessingAccepted", { dataProcessingAccepted: null }, "Anna lupa tietojen käsittelyyn"],
  ])("%s: %j gives '%s'", async (field, overrides, message) => {
    const answer = await postStep1(validStep1(overrides));
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)[field]).toEqual([message]);
    // The password is never sent back.
    expect(answer.data.result.initialValue?.password).toBeUndefined();
  });

  it("counts age by year difference: born on the last day of the year 18 years ago is enough", async () => {
    const cookie = await completeStep1(validStep1({ dateOfBirth: `31.12.${CURRENT_YEAR - 18}` }));
    expect(cookie).toMatch(/^__kaverihakemus=/);
  });

  it("accepts the Finnish phone formats (+358 or 0, then 9–10 digits, spaces allowed)", async () => {
    for (const phone of ["+358401234567", "040 123 4567", "0501234567", "+3584012345678"]) {
      const answer = await postStep1(validStep1({ phone }));
      expect(fieldErrors(answer).phone, phone).toBeUndefined();
    }
  });

  it("asks for the town's name when the city is 'Muu'", async () => {
    const answer = await postStep1(validStep1({ city: "Muu" }));
    expect(fieldErrors(answer).otherCity).toEqual([m.otherCityRequired]);
    const accepted = await postStep1(validStep1({ city: "Muu", otherCity: "Kirkkonummi" }));
    expect(accepted.status).toBe(302);
  });

  it("refuses a wrong answer to the bot check and keeps no photo", async () => {
    const answer = await postStep1(validStep1(), { botCheck: "wrong" });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer).botCheck).toEqual([botCheckMessages.failed]);
    expect(draftCookie(answer)).toBe("");
    expect(answer.data.view.botCheck.question).toMatch(/^Paljonko on [1-9] \+ [1-9]\?$/);
  });
});

describe("an address that already has an account (issue 31: nothing tells who has one)", () => {
  it("passes step 1 like any other address, whatever its letter case", async () => {
    const db = await getDb();
    await db.insertInto("profiles").values({ email: "Olemassa@Example.fi", full_name: "Olli Olemassa", phone: null, password_hash: null }).execute();
    for (const email of ["olemassa@example.fi", "OLEMASSA@EXAMPLE.FI", " Olemassa@Example.fi "]) await completeStep1(validStep1({ email }));
  });

  it("gets at step 2 the answer of a new applicant; the owner is told by e-mail and nothing is made", async () => {
    const db = await getDb();
    const taken = await createTestUser({ email: uniqueEmail(), fullName: "Olli Olemassa" });
    const free = uniqueEmail();
    const answers: RouteAnswer[] = [];
    const photoKeys: string[] = [];
    for (const email of [taken.email.toUpperCase(), free]) {
      const cookie = await completeStep1(validStep1({ email }));
      const draft = await db.selectFrom("form_drafts").select("data").executeTakeFirstOrThrow();
      photoKeys.push((draft.data as { photoKey: string }).photoKey);
      answers.push(await postStep2(validStep2(), cookie));
    }
    const seen = (answer: RouteAnswer) => ({
      status: answer.status,
      location: answer.location,
      cookies: answer.headers.getSetCookie().map((cookie) => cookie.split("=")[0]).sort(),
    });
    expect(seen(answers[0]!)).toEqual(seen(answers[1]!));
    expect(answers[0]!.location).toBe("/rekisteroidy-kaveriksi/kiitos");

    expect(await lastEmailTo(taken.email).then((email) => email?.subject)).toBe("Sinulla on jo Arkikaveri-tili");
    expect(await db.selectFrom("caregivers").select("id").where("profile_id", "=", taken.id).execute()).toEqual([]);
    expect(await db.selectFrom("profiles").select("full_name").where(sql<string>`lower(email)`, "=", taken.email).execute()).toEqual([
      { full_name: "Olli Olemassa" },
    ]);
    // Both drafts are gone, and the photo of the application that made nothing with it.
    expect(await db.selectFrom("form_drafts").select("id").execute()).toEqual([]);
    expect(photoKeys.map((key) => fs.existsSync(path.join(uploadsDir, key)))).toEqual([false, true]);
  });
});

// ------------------------------------------------------------------ the photo

describe("the profile photo", () => {
  async function paddedJpeg(size: number): Promise<Buffer> {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#888" } }).jpeg().toBuffer();
    // Bytes after the end-of-image marker are ignored by decoders: a valid JPEG of any size.
    return Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
  }

  it("accepts exactly 5 Mt and refuses 5 Mt + 1 byte", async () => {
    const exact = await postStep1(validStep1(), { photo: { bytes: await paddedJpeg(MAX_PHOTO_BYTES), name: "iso.jpg", type: "image/jpeg" } });
    expect(fieldErrors(exact)).toEqual({});
    expect(exact.status).toBe(302);

    const tooBig = await postStep1(validStep1(), {
      photo: { bytes: await paddedJpeg(MAX_PHOTO_BYTES + 1), name: "iso.jpg", type: "image/jpeg" },
    });
    expect(tooBig.status).toBe(400);
    expect(fieldErrors(tooBig).profileImage).toEqual(["Lataa selkeä kasvokuva (jpg/png, max 5 Mt)"]);
    // The other fields come back filled in.
    expect(tooBig.data.result.initialValue.firstName).toBe("Kalle");
  });

  it("accepts a PNG named .jpg as the PNG it is", async () => {
    const png = await pngBytes();
    const processed = await processProfilePhoto(png);
    expect(processed?.sourceType).toBe("image/png");
    const cookie = await completeStep1(validStep1(), { bytes: png, name: "kuva.jpg", type: "image/jpeg" });
    const stored = await storedPhotoOf(cookie);
    expect((await sharp(stored).metadata()).format).toBe("jpeg");
  });

  it("refuses a text file named .jpg", async () => {
    const text = Buffer.from("Tämä ei ole kuva vaan tekstiä.\n".repeat(20));
    expect(await processProfilePhoto(text)).toBeNull();
    const answer = await postStep1(validStep1(), { photo: { bytes: text, name: "kuva.jpg", type: "image/jpeg" } });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer).profileImage).toEqual([m.profileImage]);
  });

  it("refuses a file that starts like a JPEG but is not one", async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const answer = await postStep1(validStep1(), { photo: { bytes: fake, name: "kuva.jpg", type: "image/jpeg" } });
    expect(fieldErrors(answer).profileImage).toEqual([m.profileImage]);
  });

  it("stores the photo without EXIF, resized to at most 800 × 800", async () => {
    const original = await jpegWithExif();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(original.includes(Buffer.from("Salainen kuvaaja"))).toBe(true);

    const cookie = await completeStep1(validStep1(), { bytes: original, name: "kuva.jpg", type: "image/jpeg" });
    const stored = await storedPhotoOf(cookie);
    const after = await sharp(stored).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(stored.includes(Buffer.from("Salainen kuvaaja"))).toBe(false);
    expect(stored.includes(Buffer.from("Kalliossa"))).toBe(false);
    expect(Math.max(after.width ?? 0, after.height ?? 0)).toBe(800);
  });

  it("serves an applicant's photo privately to the applicant's own browser only, and 404 for unknown keys", async () => {
    const cookie = await completeStep1();
    const step1 = await load("/rekisteroidy-kaveriksi", cookie);
    const url: string = step1.data.view.photoUrl;
    const key = url.split("/").pop();
    const response = await photoLoader({ request: new Request(`${BASE}${url}`, { headers: { Cookie: cookie } }), params: { key }, context: CONTEXT });
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const etag = response.headers.get("ETag")!;
    const again = await photoLoader({
      request: new Request(`${BASE}${url}`, { headers: { "If-None-Match": etag, Cookie: cookie } }),
      params: { key },
      context: CONTEXT,
    });
    expect(again.status).toBe(304);

    // Another browser (no draft cookie) cannot see it: the same 404 as for a key that does not exist.
    const stranger = await answerOf(() => photoLoader({ request: new Request(`${BASE}${url}`), params: { key }, context: CONTEXT }));
    expect(stranger.status).toBe(404);

    for (const bad of ["photo-00000000000000000000000000000000.jpg", "../../etc/passwd", ".."]) {
      const missing = await answerOf(() =>
        photoLoader({ request: new Request(`${BASE}/kuvat/x`), params: { key: bad }, context: CONTEXT }),
      );
      expect(missing.status).toBe(404);
    }
  });

  it("keeps an accepted photo when another field fails, so it is never asked twice", async () => {
    const failed = await postStep1(validStep1({ postalCode: "123" }));
    expect(fieldErrors(failed).postalCode).toEqual([m.postalCode]);
    expect(fieldErrors(failed).profileImage).toBeUndefined();
    const cookie = draftCookie(failed);
    expect(failed.data.view.photoUrl).toMatch(/^\/kuvat\//);
    // The bot check was passed once; it is not asked again in this registration.
    expect(failed.data.view.botCheck).toBeNull();

    const fixed = await postStep1(validStep1(), { photo: null, botCheck: "none", cookie });
    expect(fieldErrors(fixed)).toEqual({});
    expect(fixed.location).toBe("/rekisteroidy-kaveriksi?vaihe=2");
  });
});

// ------------------------------------------------------------------ step 2 and the account

describe("step 2 validation (spec 001 §5)", () => {
  it.each([
    ["bio", { bio: null }, "Kirjoita lyhyt esittely"],
    ["bio", { bio: "Lyhyt tek" }, "Kirjoita lyhyt esittely"],
    ["bio", { bio: "a".repeat(401) }, "Esittely voi olla enintään 400 merkkiä"],
    ["services", { services: null }, "Valitse vähintään yksi palvelu"],
    ["services", { services: ["jotain_muuta"] }, "Valitse vähintään yksi palvelu"],
    ["languages", { languages: null }, "Valitse vähintään yksi kieli"],
  ])("%s: %j gives '%s'", async (field, overrides, message) => {
    const cookie = await completeStep1();
    const answer = await postStep2(validStep2(overrides), cookie);
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)[field]).toEqual([message]);
  });

  it("accepts a bio of exactly 400 characters and no transportation (none by default)", async () => {
    const cookie = await completeStep1();
    const answer = await postStep2(validStep2({ bio: "b".repeat(400), transportation: null }), cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/rekisteroidy-kaveriksi/kiitos");
  });
});

describe("completing the registration", () => {
  it("creates the account, the pending helper, its services and the confirmation e-mail in one go", async () => {
    const email = uniqueEmail();
    const cookie = await completeStep1(validStep1({ email, firstName: "Liisa", lastName: "Lähimmäinen", phone: "040 765 4321" }));

    const step2Page = await load("/rekisteroidy-kaveriksi?vaihe=2", cookie);
    expect(step2Page.data.view).toMatchObject({ step: 2, firstName: "Liisa" });

    const answer = await postStep2(validStep2({ transportation: "car" }), cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/rekisteroidy-kaveriksi/kiitos");
    expect(draftCookie(answer, cookie)).toBe("");
    const flash = answer.headers.getSetCookie().find((header) => header.startsWith("__flash="));
    expect(flash).toBeDefined();

    const db = await getDb();
    const profile = await db.selectFrom("profiles").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ user_type: "caregiver", full_name: "Liisa Lähimmäinen", phone: "0407654321", email_confirmed_at: null });
    expect(await verifyPassword(profile.password_hash, "Salasana1234")).toBe(true);

    const caregiver = await db.selectFrom("caregivers").selectAll().where("profile_id", "=", profile.id).executeTakeFirstOrThrow();
    expect(caregiver).toMatchObject({
      status: "pending",
      radius_km: 20,
      city: "Helsinki",
      location: "Mannerheimintie 1 A 2",
      postal_code: "00100",
      languages: ["suomi", "ruotsi"],
      has_drivers_license: true,
      has_car: true,
      hourly_rate_cents: null,
      allergies_restrictions: null,
      date_of_birth: "1990-04-12",
      bio: "Olen eläkkeellä oleva opettaja ja pidän ulkoilusta ja keskustelusta.",
    });
    expect(caregiver.profile_image_url).toMatch(/^\/kuvat\/photo-[0-9a-f]{32}\.jpg$/);
    await expectPhotoSeenOnlyByStaffUntilApproved(caregiver.id, caregiver.profile_image_url!);

    const services = await db
      .selectFrom("caregiver_services")
      .innerJoin("service_categories", "service_categories.id", "caregiver_services.service_category_id")
      .select("service_categories.slug")
      .where("caregiver_services.caregiver_id", "=", caregiver.id)
      .orderBy("service_categories.slug")
      .execute();
    expect(services.map((row) => row.slug)).toEqual(["companionship", "outdoor_walks"]);

    const token = await db.selectFrom("auth_tokens").selectAll().where("user_id", "=", profile.id).executeTakeFirstOrThrow();
    expect(token.purpose).toBe("confirm_email");
    const hoursValid = (token.expires_at.getTime() - Date.now()) / 3_600_000;
    expect(hoursValid).toBeGreaterThan(47.9);
    expect(hoursValid).toBeLessThanOrEqual(48);

    const mail = await db.selectFrom("emails").selectAll().where("to_address", "=", email).executeTakeFirstOrThrow();
    expect(mail.subject).toBe("Vahvista sähköpostiosoitteesi – Arkikaveri");
    expect(mail.text).toMatch(/\/auth\/vahvista\?token=[A-Za-z0-9_-]{20,}/);
    // The same confirmation link as a sign-up's, in the words of an application.
    expect(mail.text).toContain("Kiitos hakemuksestasi Arkikaveriksi!");
    const job = await db
      .selectFrom("jobs")
      .select("type")
      .where(sql<string>`payload->>'emailId'`, "=", mail.id)
      .executeTakeFirstOrThrow();
    expect(job.type).toBe("email.deliver");

    expect(await db.selectFrom("form_drafts").select("id").execute()).toEqual([]);
  });

  it("maps a driving licence without a car to the licence flag only; one service and one language are enough", async () => {
    const email = uniqueEmail();
    const cookie = await completeStep1(validStep1({ email }));
    const answer = await postStep2(validStep2({ transportation: "license", services: ["digital_help"], languages: ["englanti"] }), cookie);
    expect(answer.location).toBe("/rekisteroidy-kaveriksi/kiitos");
    const db = await getDb();
    const row = await db
      .selectFrom("caregivers")
      .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
      .select(["caregivers.id", "has_drivers_license", "has_car", "languages"])
      .where("profiles.email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ has_drivers_license: true, has_car: false, languages: ["englanti"] });
    const links = await db.selectFrom("caregiver_services").select("service_category_id").where("caregiver_id", "=", row.id).execute();
    expect(links).toHaveLength(1);
  });

  it("stores the typed town when the city is 'Muu'", async () => {
    const email = uniqueEmail();
    const cookie = await completeStep1(validStep1({ email, city: "Muu", otherCity: "Kirkkonummi" }));
    await postStep2(validStep2(), cookie);
    const db = await getDb();
    const row = await db
      .selectFrom("caregivers")
      .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
      .select("city")
      .where("profiles.email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row.city).toBe("Kirkkonummi");
  });

  it("goes back to step 1 with everything kept, and forward again without the photo or password", async () => {
    const email = uniqueEmail();
    const cookie = await completeStep1(validStep1({ email }));
    const back = await postStep2(validStep2({ intent: "back", bio: "Kesken jäänyt esittely", services: ["errands"] }), cookie);
    expect(back.status).toBe(302);
    expect(back.location).toBe("/rekisteroidy-kaveriksi");

    const step1 = await load("/rekisteroidy-kaveriksi", cookie);
    expect(step1.data.view).toMatchObject({
      step: 1,
      passwordOnFile: true,
      botCheck: null,
      defaults: { firstName: "Kalle", email, city: "Helsinki", termsAccepted: true, dataProcessingAccepted: true },
    });
    expect(step1.data.view.defaults.password).toBeUndefined();
    expect(step1.data.view.photoUrl).toMatch(/^\/kuvat\//);

    const again = await postStep1(validStep1({ email, password: null, firstName: "Kalevi" }), { photo: null, botCheck: "none", cookie });
    expect(fieldErrors(again)).toEqual({});
    expect(again.location).toBe("/rekisteroidy-kaveriksi?vaihe=2");
    const step2 = await load("/rekisteroidy-kaveriksi?vaihe=2", cookie);
    expect(step2.data.view).toMatchObject({ firstName: "Kalevi", defaults: { bio: "Kesken jäänyt esittely", services: ["errands"] } });

    await postStep2(validStep2(), cookie);
    const db = await getDb();
    const profile = await db.selectFrom("profiles").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(profile.full_name).toBe("Kalevi Kaveri");
    expect(await verifyPassword(profile.password_hash, "Salasana1234")).toBe(true);
  });

  it("makes nothing at step 2 if someone registered the address in between (any letter case), and answers as usual", async () => {
    const email = uniqueEmail();
    const cookie = await completeStep1(validStep1({ email }));
    const db = await getDb();
    await db.insertInto("profiles").values({ email: email.toUpperCase(), full_name: "Ehtijä", phone: null, password_hash: null }).execute();
    const answer = await postStep2(validStep2(), cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/rekisteroidy-kaveriksi/kiitos");
    expect(await db.selectFrom("caregivers").innerJoin("profiles", "profiles.id", "caregivers.profile_id").select("caregivers.id").where(sql<string>`lower(profiles.email)`, "=", email).execute()).toEqual([]);
  });

  it("leaves nothing behind when a later insert of the worker's transaction fails, and makes it all on the next try", async () => {
    const email = uniqueEmail();
    const cookie = await completeStep1(validStep1({ email }));
    const db = await getDb();
    const counts = async () => ({
      profiles: Number((await db.selectFrom("profiles").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
      caregivers: Number((await db.selectFrom("caregivers").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
      links: Number((await db.selectFrom("caregiver_services").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
      tokens: Number((await db.selectFrom("auth_tokens").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
      emails: Number((await db.selectFrom("emails").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
    });
    const before = await counts();

    // The service links are written after the account and the helper row: make that insert fail.
    await sql`create function refuse_caregiver_services() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$`.execute(db);
    await sql`create trigger refuse_caregiver_services before insert on caregiver_services
      for each row execute function refuse_caregiver_services()`.execute(db);
    try {
      // The applicant's answer does not wait for the worker: the usual thank-you.
      const answer = await postStep2(validStep2(), cookie);
      expect(answer.location).toBe("/rekisteroidy-kaveriksi/kiitos");
    } finally {
      await sql`drop trigger refuse_caregiver_services on caregiver_services`.execute(db);
      await sql`drop function refuse_caregiver_services()`.execute(db);
    }
    expect(await counts()).toEqual(before);
    const job = await db.selectFrom("jobs").select(["status", "last_error"]).where("type", "=", "caregivers.register").orderBy("created_at", "desc").executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "pending", last_error: expect.stringContaining("simulated failure") });

    // The job's next try makes everything.
    await makePendingJobsDueNow(db, ["caregivers.register"]);
    await runQueuedJobs();
    expect(await db.selectFrom("profiles").select("id").where("email", "=", email).execute()).toHaveLength(1);
    expect((await counts()).caregivers).toBe(before.caregivers + 1);
  });
});

describe("the draft", () => {
  it("expires: step 2 then sends back to step 1 and the old photo is removed", async () => {
    const email = uniqueEmail();
    const cookie = await completeStep1(validStep1({ email }));
    const db = await getDb();
    const draft = await db.selectFrom("form_drafts").select(["id", "data"]).executeTakeFirstOrThrow();
    const photoKey = (draft.data as { photoKey: string }).photoKey;
    expect(fs.existsSync(path.join(uploadsDir, photoKey))).toBe(true);
    await db.updateTable("form_drafts").set({ expires_at: new Date(Date.now() - 1000) }).where("id", "=", draft.id).execute();

    const page = await load("/rekisteroidy-kaveriksi?vaihe=2", cookie);
    expect(page.status).toBe(302);
    expect(page.location).toBe("/rekisteroidy-kaveriksi");
    expect(page.headers.getSetCookie().some((header) => header.startsWith("__flash="))).toBe(true);

    const answer = await postStep2(validStep2(), cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/rekisteroidy-kaveriksi");
    expect(draftCookie(answer, cookie)).toBe("");
    expect(await db.selectFrom("profiles").select("id").where("email", "=", email).execute()).toEqual([]);

    // The next registration's first step sweeps expired drafts and their photos away.
    await postStep1(validStep1({ postalCode: "x" }), { botCheck: "none", photo: null });
    expect(await db.selectFrom("form_drafts").select("id").where("id", "=", draft.id).execute()).toEqual([]);
    expect(fs.existsSync(path.join(uploadsDir, photoKey))).toBe(false);
  });

  it("is not found with a forged or foreign cookie", async () => {
    await completeStep1();
    const forged = await load("/rekisteroidy-kaveriksi?vaihe=2", "__kaverihakemus=ImFiYyI%3D.forged");
    expect(forged.status).toBe(302);
    const step1 = await load("/rekisteroidy-kaveriksi", "__kaverihakemus=ImFiYyI%3D.forged");
    expect(step1.data.view).toMatchObject({ step: 1, photoUrl: null, passwordOnFile: false });
    expect(step1.data.view.botCheck.question).toMatch(/^Paljonko on [1-9] \+ [1-9]\?$/);
  });
});
