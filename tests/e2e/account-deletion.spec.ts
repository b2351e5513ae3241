import type { Page } from "@playwright/test";
import { passBotCheck, uniqueEmail } from "./support/booking";
import { expect, expectNoAxeViolations, test } from "./support/test";

// "Poista tili" (issue 29 item 3; decision 0034), once with JavaScript and once without: a helper
// deletes their account on the profile page with their password and the word POISTA, is signed
// out, can no longer sign in (the grace period: the sign-in answer names the date), and the
// e-mailed "Peru poisto" link opens its page. Axe checks each page.
//
// Each project has its own seeded helper whom no other spec uses, who has no visits, and whose
// town (Jyväskylä, Oulu) no other spec books in, so the helper leaving the matching meanwhile
// changes nothing elsewhere.

const DEMO_PASSWORD = "Arkikaveri2026";
const SUBJECT = "Tilisi poistetaan – Arkikaveri";

const main = (page: Page) => page.getByRole("main");

async function signIn(page: Page, email: string) {
  await page.goto("/auth");
  await main(page).getByLabel("Sähköposti").fill(email);
  await main(page).getByLabel("Salasana").fill(DEMO_PASSWORD);
  await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
}

test("a helper deletes their account and can no longer sign in", async ({ page }, testInfo) => {
  const email = testInfo.project.name === "js-off" ? "tiina.karjalainen@example.fi" : "olli.hiltunen@example.fi";
  await signIn(page, email);
  await expect(page).toHaveURL(/\/portal/);

  await page.goto("/portal/profile");
  const section = () => main(page).getByRole("region", { name: "Poista tili" });
  await expect(section().getByText(/Laskut, kuitit, maksut/)).toBeVisible();

  // Without the word, the answer names the field in the error summary.
  await section().getByLabel("Salasana").fill(DEMO_PASSWORD);
  await section().getByLabel("Kirjoita vahvistukseksi sana POISTA").fill("poistetaan");
  await section().getByRole("button", { name: "Poista tili" }).click();
  await expect(section().getByRole("link", { name: "Kirjoita sana POISTA" })).toBeVisible();
  await expectNoAxeViolations(page);

  await section().getByLabel("Salasana").fill(DEMO_PASSWORD);
  await section().getByLabel("Kirjoita vahvistukseksi sana POISTA").fill("POISTA");
  await section().getByRole("button", { name: "Poista tili" }).click();
  // With JavaScript the landing page's modules load on this first client navigation there: slow on a busy machine.
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(page.getByText("Tilisi poistetaan", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);

  // Signed out: the portal asks to sign in, and signing in is refused with the date.
  await page.goto("/portal/profile");
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  await signIn(page, email);
  await expect(main(page).getByText(/Tilisi on merkitty poistettavaksi \d{1,2}\.\d{1,2}\.\d{4}/)).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await expectNoAxeViolations(page);

  // The e-mail's "Peru poisto" link opens a page that shows the date and a button (GET changes nothing).
  await expect(async () => {
    await page.goto("/dev/sahkopostit");
    await expect(page.getByRole("row").filter({ hasText: email }).filter({ hasText: SUBJECT }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole("row").filter({ hasText: email }).filter({ hasText: SUBJECT }).first().getByRole("link", { name: SUBJECT }).click();
  const href = await page.locator('a[href*="/peru-poisto/"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  await page.goto(new URL(href!).pathname);
  await expect(page.getByRole("heading", { level: 1, name: "Peru tilin poisto" })).toBeVisible();
  await expect(main(page).getByRole("button", { name: "Peru poisto" })).toBeVisible();
  await expectNoAxeViolations(page);
  await signIn(page, email);
  await expect(main(page).getByText(/Tilisi on merkitty poistettavaksi/)).toBeVisible();
});

// "Poista asiakkaan tiedot": a new customer who phoned; an admin writes the reason and POISTA on
// the customer's back-office page. The customer is made for this test, so nobody else's is touched.
test("an admin asks for a customer's deletion on their behalf", async ({ page, jsEnabled }, testInfo) => {
  const email = uniqueEmail(`puhelinpoisto-${testInfo.project.name}`);
  await page.goto("/auth?tab=rekisteroidy");
  await main(page).getByLabel("Koko nimi").fill("Helmi Puhelin");
  await main(page).getByLabel("Sähköposti").fill(email);
  await main(page).getByLabel("Salasana").fill("Salasana123");
  await passBotCheck(page, jsEnabled);
  await main(page).getByRole("button", { name: "Rekisteröidy", exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?tab=kirjaudu&vahvista=1$/);

  await page.context().clearCookies();
  await signIn(page, "admin@arkikaveri.test");
  await expect(page).toHaveURL(/\/backoffice$/);
  await expect(async () => {
    await page.goto(`/backoffice/users?haku=${encodeURIComponent(email)}`);
    await expect(main(page).getByRole("link", { name: "Helmi Puhelin" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await main(page).getByRole("link", { name: "Helmi Puhelin" }).click();
  const section = () => main(page).getByRole("region", { name: "Poista asiakkaan tiedot" });

  await section().getByLabel("Syy").fill("Asiakas pyysi puhelimessa 28.11.");
  await section().getByLabel("Kirjoita vahvistukseksi sana POISTA").fill("poistetaan");
  await section().getByRole("button", { name: "Pyydä tietojen poisto" }).click();
  await expect(section().getByRole("link", { name: "Kirjoita sana POISTA" })).toBeVisible();
  await expectNoAxeViolations(page);

  await section().getByLabel("Syy").fill("Asiakas pyysi puhelimessa 28.11.");
  await section().getByLabel("Kirjoita vahvistukseksi sana POISTA").fill("POISTA");
  await section().getByRole("button", { name: "Pyydä tietojen poisto" }).click();
  await expect(page.getByRole("status").getByText("Tietojen poisto pyydetty")).toBeVisible();
  await expect(section().getByText(/Tili poistetaan \d{1,2}\.\d{1,2}\.\d{4}\. Asiakas voi perua/)).toBeVisible();
  await expect(main(page).getByRole("region", { name: "Historia" })).toContainText("Asiakas pyysi puhelimessa 28.11.");
  await expectNoAxeViolations(page);
});

// "Poista kaverin tiedot": a helper who phoned. Each project takes a seeded applicant whom no other
// spec uses and who has no visits (Harri Turunen is waiting, Jari Peltonen was turned down), and
// cancels the request at the end, as the person phoning again would, so the seed stays as it was.
test("an admin asks for a helper's deletion on their behalf, then cancels it", async ({ page }, testInfo) => {
  const helper = testInfo.project.name === "js-off" ? "Jari Peltonen" : "Harri Turunen";
  await signIn(page, "admin@arkikaveri.test");
  await expect(page).toHaveURL(/\/backoffice$/);
  await page.goto(`/backoffice/caregivers?haku=${encodeURIComponent(helper)}`);
  await main(page).getByRole("link", { name: helper }).click();
  const section = () => main(page).getByRole("region", { name: "Poista kaverin tiedot" });
  await expect(section()).toContainText("Kun kaveri pyytää tietojensa poistoa");

  await section().getByLabel("Syy").fill("Kaveri pyysi puhelimessa 28.11.");
  await section().getByRole("button", { name: "Pyydä tietojen poisto" }).click();
  await expect(section().getByRole("link", { name: "Kirjoita sana POISTA" })).toBeVisible();
  await expect(section().getByLabel("Syy")).toHaveValue("Kaveri pyysi puhelimessa 28.11.");
  await expectNoAxeViolations(page);

  await section().getByLabel("Kirjoita vahvistukseksi sana POISTA").fill("POISTA");
  await section().getByRole("button", { name: "Pyydä tietojen poisto" }).click();
  await expect(page.getByRole("status").getByText("Tietojen poisto pyydetty")).toBeVisible();
  await expect(section().getByText(/Tili poistetaan \d{1,2}\.\d{1,2}\.\d{4}\. Kaveri voi perua/)).toBeVisible();
  const history = main(page).getByRole("region", { name: "Historia" });
  await expect(history).toContainText("Tietojen poisto pyydetty kaverin puolesta");
  await expect(history).toContainText("Kaveri pyysi puhelimessa 28.11.");
  await expectNoAxeViolations(page);

  await section().getByRole("button", { name: "Peru poisto" }).click();
  await expect(page.getByRole("status").getByText("Poisto peruttu")).toBeVisible();
  await expect(section().getByRole("button", { name: "Pyydä tietojen poisto" })).toBeVisible();
  await expect(history).toContainText("Tietojen poisto peruttu kaverin puolesta");
});
