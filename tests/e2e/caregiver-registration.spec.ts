import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoAxeViolations, test } from "./support/test";

// Helper registration as an applicant goes through it, once with JavaScript (the ALTCHA widget
// solves its puzzle by itself) and once without (the "Paljonko on A + B?" question): both steps
// with a real photo, back and forth, the thank-you page and the confirmation e-mail in the dev
// mailbox. Every page is scanned with axe.

const PHOTO = path.join(import.meta.dirname, "fixtures", "kasvokuva.png");

test.beforeAll(async () => {
  if (fs.existsSync(PHOTO)) return;
  // A small drawn face, so the test needs no binary from anywhere else.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <rect width="400" height="400" fill="#d5ece4"/><circle cx="200" cy="170" r="90" fill="#f1c27d"/>
    <circle cx="170" cy="155" r="10" fill="#333"/><circle cx="230" cy="155" r="10" fill="#333"/>
    <path d="M160 205 Q200 240 240 205" stroke="#333" stroke-width="8" fill="none"/>
    <rect x="90" y="280" width="220" height="140" rx="60" fill="#185a4a"/></svg>`;
  fs.mkdirSync(path.dirname(PHOTO), { recursive: true });
  await sharp(Buffer.from(svg)).png().toFile(PHOTO);
});

const main = (page: Page) => page.getByRole("main");

function uniqueEmail(project: string) {
  return `kaveri-${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.fi`;
}

/** Passes the bot check as this browser can: the widget with JavaScript, the question without. */
async function passBotCheck(page: Page, jsEnabled: boolean) {
  if (jsEnabled) {
    // The widget starts when the visitor steps into the form and fills its hidden field.
    await expect(page.locator('input[name="altcha"]')).not.toHaveValue("", { timeout: 20_000 });
    await expect(main(page).getByText("Vahvistettu")).toBeVisible();
    return;
  }
  const question = main(page).getByText(/^Paljonko on [1-9] \+ [1-9]\?$/);
  const text = await question.textContent();
  const [, a, b] = /Paljonko on ([1-9]) \+ ([1-9])\?/.exec(text ?? "")!;
  await main(page).getByLabel(text!).fill(String(Number(a) + Number(b)));
}

async function fillStep1(page: Page, email: string) {
  const form = main(page);
  await form.getByLabel("Etunimi").fill("Kaisa");
  await form.getByLabel("Sukunimi").fill("Kaveri");
  await form.getByLabel("Syntymäaika").fill("1985-06-15");
  await form.getByLabel("Katuosoite").fill("Hämeenkatu 10 B 4");
  await form.getByLabel("Postinumero").fill("33100");
  await form.getByLabel("Kaupunki", { exact: true }).selectOption("Tampere");
  await form.getByLabel("Puhelinnumero").fill("040 123 4567");
  await form.getByLabel("Sähköposti").fill(email);
  await form.getByLabel("Salasana").fill("Kaverisalasana1");
  await form.getByLabel("Profiilikuva").setInputFiles(PHOTO);
  await form.getByLabel("Hyväksyn Arkikaverin käyttöehdot").check();
  await form.getByLabel(/Annan luvan tietojeni käsittelyyn/).check();
}

test.describe("helper registration", () => {
  test("loads the bot-check widget only when the visitor steps into the form", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "Without JavaScript there is no widget, only the question");
    // A phone's screen: the check is far below the first fields.
    await page.setViewportSize({ width: 390, height: 700 });
    const widgetScripts: string[] = [];
    page.on("request", (request) => {
      // The widget's own chunk (the only script that defines <altcha-widget>).
      if (request.resourceType() === "script" && /altcha/i.test(request.url())) widgetScripts.push(request.url());
    });
    await page.goto("/rekisteroidy-kaveriksi");
    await expect(page.getByRole("heading", { level: 1, name: "Hae Arkikaveriksi" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.locator("altcha-widget")).toHaveCount(0);
    expect(await page.evaluate(() => customElements.get("altcha-widget") === undefined)).toBe(true);
    expect(widgetScripts).toEqual([]);

    await main(page).getByLabel("Etunimi").fill("Kaisa");
    await expect(page.locator("altcha-widget")).toBeAttached();
    expect(widgetScripts).toHaveLength(1);
    // The focus came before the widget: it starts its work at once all the same.
    await expect(page.locator('input[name="altcha"]')).not.toHaveValue("", { timeout: 20_000 });
    await expect(main(page).getByText("Vahvistettu")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("step 1 shows the spec's messages in an error summary", async ({ page, jsEnabled }) => {
    await page.goto("/rekisteroidy-kaveriksi");
    // With JavaScript the field for another town appears once 'Muu' is chosen; without, it is always there.
    const otherCity = main(page).getByLabel("Muu paikkakunta");
    if (jsEnabled) {
      await expect(otherCity).toBeHidden();
      await main(page).getByLabel("Kaupunki").selectOption("Muu");
      await expect(otherCity).toBeVisible();
      await main(page).getByLabel("Kaupunki").selectOption("Turku");
      await expect(otherCity).toBeHidden();
    } else {
      await expect(otherCity).toBeVisible();
    }
    await main(page).getByLabel("Postinumero").fill("123");
    // Stepping into the form loads the widget.
    if (jsEnabled) await expect(page.locator("altcha-widget")).toBeAttached();
    await main(page).getByRole("button", { name: "Jatka" }).click();

    const summary = page.getByRole("alert").filter({ hasText: "Korjaa seuraavat virheet" });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole("link", { name: "Etunimi on pakollinen" })).toHaveAttribute(
      "href",
      "#kaverihakemus-perustiedot-firstName",
    );
    await expect(summary.getByRole("link", { name: "Syötä 5-numeroinen postinumero" })).toBeVisible();
    await expect(summary.getByRole("link", { name: "Hyväksy käyttöehdot jatkaaksesi" })).toBeVisible();
    await expect(summary.getByRole("link", { name: "Anna lupa tietojen käsittelyyn" })).toBeVisible();
    if (!jsEnabled) {
      // Without JavaScript the server answered, so the checks only it can make are listed too.
      await expect(summary.getByRole("link", { name: "Lataa selkeä kasvokuva (jpg/png, max 5 Mt)" })).toBeVisible();
      await expect(summary.getByRole("link", { name: "Tee varmistus ennen lähettämistä" })).toBeVisible();
      // A browser cannot keep a chosen file over a reload: the field says to choose it again.
      await expect(main(page).getByText(/Valitse kuva uudelleen ennen lähettämistä\./)).toBeVisible();
    }
    await expect(main(page).getByLabel("Postinumero")).toHaveValue("123");
    await expectNoAxeViolations(page);
  });

  test("registers a helper in two steps with a photo, and the confirmation e-mail arrives", async ({ page, jsEnabled }, testInfo) => {
    const email = uniqueEmail(testInfo.project.name);

    // Step 1, reached as a person does: from the landing page to the booking, then the footer's
    // link (with JavaScript a client-side navigation, which once left the photo field unnamed).
    await page.goto("/");
    await main(page).getByRole("link", { name: "Varaa nyt" }).first().click();
    await expect(page).toHaveURL(/\/varaa$/);
    await page.getByRole("contentinfo").getByRole("link", { name: "Hae kaveriksi" }).click();
    await expect(page).toHaveURL(/\/rekisteroidy-kaveriksi$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hae Arkikaveriksi" })).toBeVisible();
    await expect(main(page).locator('input[type="file"]')).toHaveAttribute("name", "profileImage");
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");
    if (jsEnabled) {
      // The question is for browsers without JavaScript only; the widget comes when the visitor
      // steps into the form.
      await expect(main(page).getByText(/^Paljonko on/)).toBeHidden();
      await main(page).getByLabel("Etunimi").focus();
      await expect(page.locator("altcha-widget")).toBeAttached();
    }
    await expectNoAxeViolations(page);
    await fillStep1(page, email);
    await passBotCheck(page, jsEnabled);
    await main(page).getByRole("button", { name: "Jatka" }).click();

    // Step 2
    await expect(page).toHaveURL(/\/rekisteroidy-kaveriksi\?vaihe=2$/);
    await expect(page.getByRole("heading", { level: 2, name: "Osaaminen ja esittely" })).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await expect(main(page).getByLabel("Suomi")).toBeChecked();
    await expect(main(page).getByLabel("Ei ajokorttia tai autoa")).toBeChecked();
    if (jsEnabled) await expect(main(page).getByText("0/400 merkkiä")).toBeVisible();
    else await expect(main(page).getByText(/enintään 400 merkkiä/)).toBeVisible();
    await expectNoAxeViolations(page);

    const bio = "Olen sairaanhoitajaopiskelija ja autan mielelläni kaupassa ja ulkoilussa.";
    await main(page).getByLabel("Esittely", { exact: true }).fill(bio);
    if (jsEnabled) await expect(main(page).getByText(`${bio.length}/400 merkkiä`)).toBeVisible();
    await main(page).getByLabel(/Juttuseura ja seurustelu/).check();

    // Back to step 1: everything is still there, the photo and the password are kept.
    await main(page).getByRole("button", { name: "Takaisin" }).click();
    await expect(page).toHaveURL(/\/rekisteroidy-kaveriksi$/);
    await expect(main(page).getByLabel("Etunimi")).toHaveValue("Kaisa");
    await expect(main(page).getByLabel("Sähköposti")).toHaveValue(email);
    await expect(main(page).getByLabel("Kaupunki", { exact: true })).toHaveValue("Tampere");
    await expect(main(page).getByRole("img", { name: "Tallennettu profiilikuvasi" })).toBeVisible();
    await expect(main(page).getByText("Kuvasi on tallessa.")).toBeVisible();
    await expect(main(page).getByText(/Salasanasi on tallessa/)).toBeVisible();
    // The bot check was passed already in this registration.
    await expect(main(page).getByRole("group", { name: "Varmistus" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await main(page).getByRole("button", { name: "Jatka" }).click();

    await expect(page).toHaveURL(/\/rekisteroidy-kaveriksi\?vaihe=2$/);
    await expect(main(page).getByLabel("Esittely", { exact: true })).toHaveValue(bio);
    await expect(main(page).getByLabel(/Juttuseura ja seurustelu/)).toBeChecked();
    await main(page).getByLabel(/Ulkoiluseura/).check();
    await main(page).getByLabel("Ruotsi").check();
    await main(page).getByLabel("Ajokortti ja oma auto").check();
    await main(page).getByRole("button", { name: "Lähetä hakemus" }).click();

    // Thank-you page
    await expect(page).toHaveURL(/\/rekisteroidy-kaveriksi\/kiitos$/);
    await expect(page.getByRole("heading", { level: 1, name: "Kiitos hakemuksestasi!" })).toBeVisible();
    await expect(page.getByText("Rekisteröinti onnistui!")).toBeVisible();
    await expect(main(page).getByText(/ilmoitamme sinulle sähköpostilla/)).toBeVisible();
    await expect(main(page).getByText(/rikostaustaotteen ja vakuutustodistuksen/)).toBeVisible();
    await expect(main(page).getByText(/tarkista myös roskapostikansio/)).toBeVisible();
    await expect(main(page).getByRole("link", { name: "käyttöehdot" })).toHaveAttribute("href", "/kayttoehdot");
    await expect(main(page).getByRole("link", { name: "tietosuojaseloste" })).toHaveAttribute("href", "/tietosuoja");
    await expectNoAxeViolations(page);

    // The confirmation e-mail went through the outbox.
    const subject = "Vahvista sähköpostiosoitteesi – Arkikaveri";
    await expect(async () => {
      await page.goto("/dev/sahkopostit");
      await expect(page.getByRole("row").filter({ hasText: email }).filter({ hasText: subject })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: subject }).click();
    await expect(page.locator('a[href*="/auth/vahvista?token="]').first()).toBeVisible();

    // Step 2 cannot be reopened: the draft went with the registration.
    await page.goto("/rekisteroidy-kaveriksi?vaihe=2");
    await expect(page).toHaveURL(/\/rekisteroidy-kaveriksi$/);
  });

  test("answers an address that already has an account like any other, and tells its owner by e-mail", async ({ page, jsEnabled }, testInfo) => {
    const email = uniqueEmail(`${testInfo.project.name}-dup`);
    await page.goto("/auth?tab=rekisteroidy");
    await main(page).getByLabel("Koko nimi").fill("Olli Olemassa");
    await main(page).getByLabel("Sähköposti").fill(email);
    await main(page).getByLabel("Salasana").fill("Salasana123");
    await passBotCheck(page, jsEnabled);
    await main(page).getByRole("button", { name: "Rekisteröidy", exact: true }).click();
    await expect(page.getByText("Rekisteröinti onnistui!")).toBeVisible();
    // The sign-up is finished by the worker: wait for its e-mail, so that the address is taken.
    await expect(async () => {
      await page.goto("/dev/sahkopostit");
      await expect(page.getByRole("row").filter({ hasText: email }).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });

    await page.goto("/rekisteroidy-kaveriksi");
    await fillStep1(page, email.toUpperCase());
    await passBotCheck(page, jsEnabled);
    await main(page).getByRole("button", { name: "Jatka" }).click();
    // Step 1 does not say that the address is taken (issue 31): nobody learns who has an account.
    await expect(page).toHaveURL(/\/rekisteroidy-kaveriksi\?vaihe=2$/);
    await main(page).getByLabel("Esittely", { exact: true }).fill("Olen eläkkeellä oleva opettaja ja pidän ulkoilusta.");
    await main(page).getByLabel(/Juttuseura ja seurustelu/).check();
    await main(page).getByLabel("Suomi").check();
    await main(page).getByRole("button", { name: "Lähetä hakemus" }).click();
    await expect(page).toHaveURL(/\/rekisteroidy-kaveriksi\/kiitos$/);
    await expect(page.getByText("Rekisteröinti onnistui!")).toBeVisible();
    await expectNoAxeViolations(page);

    const subject = "Sinulla on jo Arkikaveri-tili";
    await expect(async () => {
      await page.goto("/dev/sahkopostit");
      await expect(page.getByRole("row").filter({ hasText: email }).filter({ hasText: subject })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  });
});
