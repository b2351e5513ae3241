import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./support/test";

// "Verotiedot" (issue 29 item 1; decision 0028), once with JavaScript and once without: the demo
// customer signs in from the landing page, opens the page from the portal menu, picks the past
// year with the year form and comes back to this year, which is marked not final, and downloads
// this year's household-deduction statement as a PDF. Axe checks the page.

const DEMO_PASSWORD = "Arkikaveri2026";
const CUSTOMER = "asiakas@arkikaveri.test";

const main = (page: Page) => page.getByRole("main");

/** This year in Helsinki (the statement's years are Helsinki calendar years). */
function helsinkiYear(): number {
  return Number(new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone: "Europe/Helsinki" }).format(new Date()));
}

test("a customer opens Verotiedot and downloads this year's statement as a PDF", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Päävalikko" }).getByRole("link", { name: "Kirjaudu" }).click();
  await main(page).getByLabel("Sähköposti").fill(CUSTOMER);
  await main(page).getByLabel("Salasana").fill(DEMO_PASSWORD);
  await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
  await expect(page).toHaveURL(/\/portal/);

  await page.getByRole("navigation", { name: "Oman sivun valikko" }).getByRole("link", { name: "Verotiedot" }).click();
  await expect(page).toHaveURL(/\/portal\/verotiedot$/);
  await expect(main(page).getByRole("heading", { level: 1, name: "Verotiedot" })).toBeVisible();
  const year = helsinkiYear();
  const thisYear = main(page).getByRole("region", { name: `Vuosi ${year}` });
  await expect(thisYear.getByText(/Ei lopullinen/)).toBeVisible();
  await expectNoAxeViolations(page);

  await main(page).getByLabel("Vuosi", { exact: true }).selectOption(String(year - 2));
  await main(page).getByRole("button", { name: "Näytä vuosi" }).click();
  await expect(page).toHaveURL(new RegExp(`vuosi=${year - 2}$`));
  await expect(main(page).getByRole("heading", { level: 2, name: `Vuosi ${year - 2}` })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await thisYear.getByRole("button", { name: `Lataa vuoden ${year} yhteenveto (PDF)` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^kotitalousvahennys-${year}-v\\d+\\.pdf$`));
  const bytes = await fs.readFile(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.length).toBeGreaterThan(1_000);
});
