import type { Page } from "@playwright/test";
import { AFTER_BOT_CHECK, passBotCheck } from "./support/booking";
import { expect, expectNoAxeViolations, test } from "./support/test";

// Accounts and access as a person meets them, once with JavaScript and once without (the two
// Playwright projects): sign-up with the e-mail confirmation from the dev mailbox, sign-in of
// each demo account, password reset, sign-out and the guards. Every page visited is scanned with axe.

const DEMO_PASSWORD = "Arkikaveri2026";

function uniqueEmail(prefix: string, project: string) {
  return `${prefix}-${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.fi`;
}

const main = (page: Page) => page.getByRole("main");

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await main(page).getByLabel("Sähköposti").fill(email);
  await main(page).getByLabel("Salasana").fill(password);
  await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
}

/** Waits until the dev mailbox lists an e-mail to `to`. */
async function waitForMail(page: Page, to: string, subject?: string) {
  // Sign-up and reset mails are sent by a job: an earlier mail to the same address may be there first.
  const rows = () => page.getByRole("row").filter({ hasText: to }).filter({ hasText: subject ?? to });
  await expect(async () => {
    await page.goto("/dev/sahkopostit");
    await expect(rows().first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens the newest e-mail to `to` with this subject in the dev mailbox and follows its link. */
async function followMailLink(page: Page, to: string, subject: string, linkPath: string) {
  await waitForMail(page, to, subject);
  await page.getByRole("row").filter({ hasText: to }).filter({ hasText: subject }).first().getByRole("link", { name: subject }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  const link = page.locator(`a[href*="${linkPath}?token="]`).first();
  const href = await link.getAttribute("href");
  expect(href).toBeTruthy();
  // The mail links to APP_URL; follow the same path and token on this server.
  const url = new URL(href!);
  await page.goto(`${url.pathname}${url.search}`);
}

/** Sign-up has the bot check of the other public forms (issue 31): the widget, or the question. */
async function signUp(page: Page, fullName: string, email: string, password: string, jsEnabled: boolean) {
  await page.goto("/auth?tab=rekisteroidy");
  await main(page).getByLabel("Koko nimi").fill(fullName);
  await main(page).getByLabel("Sähköposti").fill(email);
  await main(page).getByLabel("Salasana").fill(password);
  await passBotCheck(page, jsEnabled);
  await main(page).getByRole("button", { name: "Rekisteröidy", exact: true }).click();
  await expect(page.getByText("Rekisteröinti onnistui!")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?tab=kirjaudu&vahvista=1$/);
}

test.describe("sign-in and sign-up page", () => {
  test("is an ordinary sign-in page with two tabs (staff wording only for the back office), and passes axe on both", async ({ page }) => {
    await page.goto("/backoffice");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fbackoffice$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hallintapaneeli");
    await expect(main(page).getByText("Kirjaudu sisään hallintapaneeliin")).toBeVisible();

    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Kirjaudu" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kirjaudu sisään");
    await expect(page.getByText(/hallintapaneel/i)).toHaveCount(0);
    const tabs = main(page).getByRole("navigation", { name: "Kirjautuminen ja rekisteröityminen" });
    await expect(tabs.getByRole("link", { name: "Kirjaudu" })).toHaveAttribute("aria-current", "page");
    await expect(main(page).getByRole("link", { name: "Unohtuiko salasana?" })).toBeVisible();
    await expectNoAxeViolations(page);

    await tabs.getByRole("link", { name: "Rekisteröidy" }).click();
    await expect(page).toHaveURL(/tab=rekisteroidy/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Luo tili");
    await expect(tabs.getByRole("link", { name: "Rekisteröidy" })).toHaveAttribute("aria-current", "page");
    await expect(main(page).getByLabel("Koko nimi")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("shows the validation messages in an error summary linked to the fields, keeping what was typed", async ({ page }) => {
    await page.goto("/auth?tab=rekisteroidy");
    await main(page).getByLabel("Koko nimi").fill("A");
    await main(page).getByLabel("Sähköposti").fill("aino.example.fi");
    await main(page).getByLabel("Salasana").fill("heikko");
    // Sent before the bot check is done: the form waits for it first.
    await main(page).getByRole("button", { name: "Rekisteröidy", exact: true }).click();

    const summary = page.getByRole("alert").filter({ hasText: "Korjaa seuraavat virheet" });
    await expect(summary).toBeVisible(AFTER_BOT_CHECK);
    await expect(summary.getByRole("link", { name: "Nimi liian lyhyt" })).toHaveAttribute("href", "#signup-fullName");
    await expect(summary.getByRole("link", { name: "Virheellinen sähköpostiosoite" })).toHaveAttribute("href", "#signup-email");
    await expect(summary.getByRole("link", { name: "Salasanan on oltava vähintään 8 merkkiä" })).toBeVisible();
    await expect(main(page).getByLabel("Koko nimi")).toHaveValue("A");
    await expect(main(page).getByLabel("Sähköposti")).toHaveValue("aino.example.fi");
    await expect(main(page).getByLabel("Koko nimi")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });

  test("says so when the password is wrong, and keeps the e-mail", async ({ page }) => {
    await signIn(page, "asiakas@arkikaveri.test", "VaaraSalasana1");
    await expect(page.getByText("Kirjautuminen epäonnistui")).toBeVisible();
    await expect(page.getByText("Sähköpostiosoite tai salasana on väärin.")).toBeVisible();
    await expect(main(page).getByLabel("Sähköposti")).toHaveValue("asiakas@arkikaveri.test");
    await expect(main(page).getByLabel("Salasana")).toHaveValue("");
    await expect(page).toHaveURL(/\/auth/);
  });
});

test.describe("sign-up with e-mail confirmation", () => {
  test("sign up → open the mail in /dev/sahkopostit → confirm → sign in → land on /portal", async ({ page, jsEnabled }, testInfo) => {
    const email = uniqueEmail("uusi", testInfo.project.name);
    await signUp(page, "Saara Uusi-Käyttäjä", email, "Salasana123", jsEnabled);
    await expect(page.getByText("Vahvista sähköpostiosoitteesi", { exact: true })).toBeVisible();

    // Before confirming, sign-in explains and offers a new link. The sign-up request only queues
    // the account (decision 0025): once its e-mail is in the mailbox, the worker has made it.
    await waitForMail(page, email);
    await signIn(page, email, "Salasana123");
    await expect(page.getByText(/ei ole vielä vahvistettu/)).toBeVisible();
    await main(page).getByRole("button", { name: "Lähetä vahvistuslinkki uudelleen" }).click();
    await expect(page.getByText("Vahvistuslinkki lähetetty")).toBeVisible();

    await followMailLink(page, email, "Vahvista sähköpostiosoitteesi – Arkikaveri", "/auth/vahvista");
    await expect(page.getByRole("heading", { level: 1, name: "Vahvista sähköpostiosoite" })).toBeVisible();
    await expectNoAxeViolations(page);
    await main(page).getByRole("button", { name: "Vahvista sähköpostiosoite" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Sähköpostiosoite vahvistettu!")).toBeVisible();

    await signIn(page, email, "Salasana123");
    await expect(page).toHaveURL(/\/portal$/);
    await expect(page.getByText("Kirjauduttu sisään!")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hei, Saara!");
    await expect(page.getByText("Sinulla ei ole tulevia tilauksia.")).toBeVisible();
    await expect(page.getByRole("banner").getByText(email)).toBeVisible();
    await expectNoAxeViolations(page);

    // Sign-out from the portal returns to the site root and really ends the session.
    await page.getByRole("button", { name: "Kirjaudu ulos" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Kirjauduttu ulos")).toBeVisible();
    await page.goto("/portal");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fportal$/);
  });
});

test.describe("demo accounts land where the specification says", () => {
  const cases = [
    { email: "admin@arkikaveri.test", path: "/backoffice", toast: "Kirjauduttu sisään ylläpitäjänä!", home: "Hallintapaneeli" },
    { email: "moderaattori@arkikaveri.test", path: "/backoffice", toast: "Kirjauduttu sisään!", home: "Hallintapaneeli" },
    { email: "tuki@arkikaveri.test", path: "/backoffice", toast: "Kirjauduttu sisään!", home: "Hallintapaneeli" },
    { email: "asiakas@arkikaveri.test", path: "/portal", toast: "Kirjauduttu sisään!", home: "Omat sivut" },
    { email: "kaveri@arkikaveri.test", path: "/portal/caregiver-bookings", toast: "Kirjauduttu sisään kaverina!", home: "Kaverin tehtävät" },
  ];
  for (const { email, path, toast, home } of cases) {
    test(`${email} → ${path}`, async ({ page }) => {
      await signIn(page, email, DEMO_PASSWORD);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
      await expect(page.getByText(toast, { exact: true })).toBeVisible();
      // The toast does not cover the header (its menu, the sign-out).
      const toastBox = (await page.getByText(toast, { exact: true }).boundingBox())!;
      const headerBox = (await page.getByRole("banner").first().boundingBox())!;
      expect(toastBox.y >= headerBox.y + headerBox.height || toastBox.y + toastBox.height <= headerBox.y).toBe(true);
      await expectNoAxeViolations(page);
      // A signed-in visitor of /auth is sent home.
      await page.goto("/auth");
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
      // The public pages' header names the user and leads back to their own pages, not to 'Kirjaudu'.
      await page.goto("/kayttoehdot");
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("link", { name: "Kirjaudu" })).toHaveCount(0);
      await banner.getByRole("link", { name: new RegExp(`^Kirjautuneena .+: ${home}$`) }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
    });
  }

  test("the back-office menu follows the role, and sign-out from it goes to /auth", async ({ page }) => {
    await signIn(page, "tuki@arkikaveri.test", DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/backoffice$/);
    const menu = page.getByRole("navigation", { name: "Hallintapaneelin valikko", exact: true });
    await expect(menu.getByRole("link", { name: "Tilaukset" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Asiakkaat" })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Maksut" })).toHaveCount(0);
    await page.getByRole("button", { name: "Kirjaudu ulos" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("Kirjauduttu ulos")).toBeVisible();
  });
});

test.describe("guards", () => {
  test("an anonymous visitor of the back office is sent to /auth and back after signing in", async ({ page }) => {
    await page.goto("/backoffice");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fbackoffice$/);
    await main(page).getByLabel("Sähköposti").fill("moderaattori@arkikaveri.test");
    await main(page).getByLabel("Salasana").fill(DEMO_PASSWORD);
    await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
    await expect(page).toHaveURL(/\/backoffice$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Tervetuloa");
  });

  test("a customer who opens the back office sees 'Ei käyttöoikeutta tälle sivulle.'", async ({ page }) => {
    await signIn(page, "asiakas@arkikaveri.test", DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/portal$/);
    const response = await page.goto("/backoffice");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("Ei käyttöoikeutta tälle sivulle.")).toBeVisible();
  });

  test("a form posted from another site is refused", async ({ request }) => {
    const response = await request.post("/auth?index", {
      form: { intent: "signin", email: "admin@arkikaveri.test", password: DEMO_PASSWORD },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(response.headers()["set-cookie"] ?? "").not.toContain("__session");
  });
});

test.describe("password reset", () => {
  test("forgot password → e-mail → new password → sign in with it", async ({ page, jsEnabled }, testInfo) => {
    const email = uniqueEmail("unohtaja", testInfo.project.name);
    // An account that was never confirmed: the reset link proves the mailbox and confirms it too.
    await signUp(page, "Olli Unohtaja", email, "Salasana123", jsEnabled);

    await page.goto("/auth");
    await main(page).getByRole("link", { name: "Unohtuiko salasana?" }).click();
    await expect(page).toHaveURL(/\/auth\/unohtunut-salasana$/);
    await expectNoAxeViolations(page);
    await main(page).getByLabel("Sähköposti").fill(email);
    await main(page).getByRole("button", { name: "Lähetä linkki" }).click();
    await expect(page.getByText(/Jos osoitteella on tili, lähetimme siihen linkin/)).toBeVisible();

    await followMailLink(page, email, "Salasanan vaihtaminen – Arkikaveri", "/auth/uusi-salasana");
    await expect(page.getByRole("heading", { level: 1, name: "Valitse uusi salasana" })).toBeVisible();
    await main(page).getByLabel("Uusi salasana", { exact: true }).fill("UusiSalasana9");
    await main(page).getByLabel("Uusi salasana uudelleen").fill("EriSalasana9");
    await main(page).getByRole("button", { name: "Tallenna uusi salasana" }).click();
    await expect(page.getByRole("link", { name: "Salasanat eivät täsmää" })).toBeVisible();
    await expectNoAxeViolations(page);

    await main(page).getByLabel("Uusi salasana", { exact: true }).fill("UusiSalasana9");
    await main(page).getByLabel("Uusi salasana uudelleen").fill("UusiSalasana9");
    await main(page).getByRole("button", { name: "Tallenna uusi salasana" }).click();
    // The link and the new password are proof enough: the person is signed in at once.
    await expect(page).toHaveURL(/\/portal$/);
    await expect(page.getByText("Salasana vaihdettu!")).toBeVisible();
    await page.getByRole("button", { name: "Kirjaudu ulos" }).first().click();
    await expect(page.getByText("Kirjauduttu ulos")).toBeVisible();

    await signIn(page, email, "Salasana123");
    await expect(page.getByText("Sähköpostiosoite tai salasana on väärin.")).toBeVisible();
    await signIn(page, email, "UusiSalasana9");
    await expect(page).toHaveURL(/\/portal$/);
  });

  test("the same answer is given for an address without an account", async ({ page }) => {
    await page.goto("/auth/unohtunut-salasana");
    await main(page).getByLabel("Sähköposti").fill("ei-tilia@example.fi");
    await main(page).getByRole("button", { name: "Lähetä linkki" }).click();
    await expect(page.getByText(/Jos osoitteella on tili, lähetimme siihen linkin/)).toBeVisible();
  });
});
