import type { Locator, Page } from "@playwright/test";
import { passBotCheck, uniqueEmail } from "./support/booking";
import { expect, expectNoAxeViolations, test } from "./support/test";

// Consents and the privacy notice (issue 29 items 4 and 5; decision 0033), once with JavaScript
// and once without, on a 320 px screen with axe: a new customer gives, withdraws and gives again
// the marketing consent in the profile, one button each time; the privacy notice's links lead to
// the profile's sections and to Verotiedot.

test.use({ viewport: { width: 320, height: 800 } });

const PASSWORD = "Salasana123";
const MARKETING = "Uutiset ja tarjoukset sähköpostiin";
const main = (page: Page) => page.getByRole("main");

/** Presses a button where a person would: scrolled to the middle of the screen. */
async function press(button: Locator) {
  await button.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await button.click();
}

async function signUpAndConfirm(page: Page, email: string, fullName: string, jsEnabled: boolean) {
  await page.goto("/auth?tab=rekisteroidy");
  await main(page).getByLabel("Koko nimi").fill(fullName);
  await main(page).getByLabel("Sähköposti").fill(email);
  await main(page).getByLabel("Salasana").fill(PASSWORD);
  await passBotCheck(page, jsEnabled);
  await main(page).getByRole("button", { name: "Rekisteröidy", exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?tab=kirjaudu&vahvista=1$/);
  const subject = "Vahvista sähköpostiosoitteesi – Arkikaveri";
  await expect(async () => {
    await page.goto("/dev/sahkopostit");
    await expect(page.getByRole("row").filter({ hasText: email }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: subject }).click();
  const href = await page.locator('a[href*="/auth/vahvista?token="]').first().getAttribute("href");
  const url = new URL(href!);
  await page.goto(`${url.pathname}${url.search}`);
  await main(page).getByRole("button", { name: "Vahvista sähköpostiosoite" }).click();
  await expect(page.getByText("Sähköpostiosoite vahvistettu!")).toBeVisible();
}

async function signIn(page: Page, email: string) {
  await main(page).getByLabel("Sähköposti").fill(email);
  await main(page).getByLabel("Salasana").fill(PASSWORD);
  await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
}

test("a customer gives, withdraws and gives again the marketing consent in the profile; staff see the log", async ({ page, browser, jsEnabled }, testInfo) => {
  const email = uniqueEmail(`suostumus-${testInfo.project.name}`);
  await signUpAndConfirm(page, email, "Sirkka Suostuja", jsEnabled);
  await page.goto("/auth");
  await signIn(page, email);
  await expect(page).toHaveURL(/\/portal$/);
  await page.goto("/portal/profile");

  const consents = main(page).getByRole("region", { name: "Suostumukset" });
  await expect(consents).toContainText("Varaukseen liittyvät viestit tulevat aina");
  const marketing = consents.getByRole("listitem").filter({ has: page.getByRole("heading", { name: MARKETING }) });
  await expect(marketing.getByText("Et ole antanut lupaa.")).toBeVisible();
  await expectNoAxeViolations(page);

  await press(marketing.getByRole("button", { name: `Anna lupa (${MARKETING})` }));
  await expect(page.getByRole("status").getByText("Lupa annettu")).toBeVisible();
  await expect(marketing.getByText(/^Olet antanut luvan \d{1,2}\.\d{1,2}\.\d{4} omalla sivulla\.$/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Withdrawing is one press too, and says that service messages still come.
  await press(marketing.getByRole("button", { name: `Peru lupa (${MARKETING})` }));
  await expect(page.getByRole("status").getByText("Lupa peruttu")).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Varaukseen liittyvät viestit tulevat edelleen");
  await expect(marketing.getByText(/^Olet perunut luvan \d{1,2}\.\d{1,2}\.\d{4} omalla sivulla\.$/)).toBeVisible();
  await expect(marketing.getByRole("button", { name: `Anna lupa (${MARKETING})` })).toBeVisible();
  await expectNoAxeViolations(page);

  await press(marketing.getByRole("button", { name: `Anna lupa (${MARKETING})` }));
  await expect(marketing.getByText(/^Olet antanut luvan/)).toBeVisible();
  // The other consent was not touched.
  const sms = consents.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Muistutus tekstiviestinä" }) });
  await expect(sms.getByText("Et ole antanut lupaa.")).toBeVisible();

  // Staff read the log on the customer's page: three rows, the newest in force.
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled, viewport: { width: 320, height: 800 }, locale: "fi-FI", timezoneId: "Europe/Helsinki" });
  const staff = await context.newPage();
  await staff.goto("/auth");
  await main(staff).getByLabel("Sähköposti").fill("admin@arkikaveri.test");
  await main(staff).getByLabel("Salasana").fill("Arkikaveri2026");
  await main(staff).getByRole("button", { name: "Kirjaudu", exact: true }).click();
  await expect(staff).toHaveURL(/\/backoffice$/);
  await staff.goto(`/backoffice/users?haku=${encodeURIComponent(email)}`);
  await main(staff).getByRole("link", { name: "Sirkka Suostuja" }).click();
  const log = main(staff).getByRole("region", { name: "Suostumukset" });
  await expect(log.getByRole("row")).toHaveCount(4);
  await expect(log.getByRole("row").nth(1)).toContainText("Annettu");
  await expect(log.getByRole("row").nth(1)).toContainText("Voimassa");
  await expect(log.getByRole("row").nth(2)).toContainText("Peruttu");
  await expect(log.getByRole("button")).toHaveCount(0);
  await expectNoAxeViolations(staff);
  await context.close();
});

test("the privacy notice says how long data is kept and its links lead to the profile's sections and Verotiedot", async ({ page, jsEnabled }, testInfo) => {
  const email = uniqueEmail(`tietosuoja-${testInfo.project.name}`);
  await signUpAndConfirm(page, email, "Tauno Tietoinen", jsEnabled);

  await page.goto("/tietosuoja");
  const own = main(page).getByRole("list").filter({ has: page.getByRole("link", { name: "Lataa tietoni" }) }).first();
  await expect(own.getByRole("link", { name: "Lataa tietoni" })).toHaveAttribute("href", "/portal/profile#lataa-tietoni");
  await expect(own.getByRole("link", { name: "Poista tili" })).toHaveAttribute("href", "/portal/profile#poista-tili");
  await expect(own.getByRole("link", { name: "Suostumukset" })).toHaveAttribute("href", "/portal/profile#suostumukset");
  await expect(own.getByRole("link", { name: "Verotiedot" })).toHaveAttribute("href", "/portal/verotiedot");
  const retention = main(page).getByRole("definition");
  await expect(retention.filter({ hasText: "vuoden 2032 lopussa" })).toBeVisible();
  await expect(retention.filter({ hasText: "latauslinkki ja tiedosto ovat voimassa 7 päivää" })).toBeVisible();
  await expect(retention.filter({ hasText: "Kun poistat tilisi, tiedot poistetaan 7 päivän kuluttua" })).toBeVisible();
  await expect(retention.filter({ hasText: "enintään 90 päivää" })).toBeVisible();
  await expect(retention.filter({ hasText: "Kirjautuminen on voimassa enintään 30 päivää" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Signed out, the consents link asks to sign in first and then opens the profile.
  await own.getByRole("link", { name: "Suostumukset" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fportal%2Fprofile/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/portal\/profile/);
  await expect(main(page).getByRole("heading", { level: 2, name: "Suostumukset" })).toBeVisible();

  // Signed in, each link opens its place.
  await page.goto("/tietosuoja");
  await own.getByRole("link", { name: "Lataa tietoni" }).click();
  await expect(page).toHaveURL(/\/portal\/profile#lataa-tietoni$/);
  await expect(page.locator("#lataa-tietoni")).toHaveText("Lataa tietoni");
  await expect(page.locator("#lataa-tietoni")).toBeInViewport();

  await page.goto("/tietosuoja");
  await own.getByRole("link", { name: "Suostumukset" }).click();
  await expect(page).toHaveURL(/\/portal\/profile#suostumukset$/);
  await expect(page.locator("#suostumukset")).toBeInViewport();

  await page.goto("/tietosuoja");
  await own.getByRole("link", { name: "Verotiedot" }).click();
  await expect(page).toHaveURL(/\/portal\/verotiedot$/);
  await expect(main(page).getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});
