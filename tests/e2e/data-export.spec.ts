import fs from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./support/test";

// "Lataa tietoni" (issue 29 item 2; decision 0032), once with JavaScript and once without: the
// demo customer asks for their data on the profile page with their password, opens the e-mailed
// link from the dev mailbox (/dev/sahkopostit) signed in, and downloads the ZIP, whose data.json
// and CSVs are checked. Axe checks the profile page with its form and its answer.

const DEMO_PASSWORD = "Arkikaveri2026";
const CUSTOMER = "asiakas@arkikaveri.test";
const SUBJECT = "Tietosi ovat ladattavissa – Arkikaveri";

const main = (page: Page) => page.getByRole("main");

test("a customer asks for their data on the profile page and downloads the ZIP from the e-mailed link", async ({ page }) => {
  await page.goto("/auth");
  await main(page).getByLabel("Sähköposti").fill(CUSTOMER);
  await main(page).getByLabel("Salasana").fill(DEMO_PASSWORD);
  await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
  await expect(page).toHaveURL(/\/portal/);

  await page.goto("/portal/profile");
  const section = main(page).getByRole("region", { name: "Lataa tietoni" });
  await expect(section).toBeVisible();

  // A wrong password is refused beside the field.
  await section.getByLabel("Salasana").fill("EiTamaOle123");
  await section.getByRole("button", { name: "Lataa tietoni" }).click();
  await expect(main(page).getByRole("region", { name: "Lataa tietoni" }).getByText("Nykyinen salasana on väärin").first()).toBeVisible();
  await expectNoAxeViolations(page);

  await main(page).getByRole("region", { name: "Lataa tietoni" }).getByLabel("Salasana").fill(DEMO_PASSWORD);
  await main(page).getByRole("region", { name: "Lataa tietoni" }).getByRole("button", { name: "Lataa tietoni" }).click();
  // The other JavaScript mode's request may still be on its way: then this one says so, and
  // either link works for this same person.
  await expect(page.getByText(/Pyyntö vastaanotettu|Edellinen pyyntösi on vielä käsittelyssä/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The worker builds the ZIP and mails the link.
  await expect(async () => {
    await page.goto("/dev/sahkopostit");
    await expect(page.getByRole("row").filter({ hasText: CUSTOMER }).filter({ hasText: SUBJECT }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole("row").filter({ hasText: CUSTOMER }).filter({ hasText: SUBJECT }).first().getByRole("link", { name: SUBJECT }).click();
  await expect(page.getByRole("heading", { level: 1, name: SUBJECT })).toBeVisible();
  const href = await page.locator('a[href*="/portal/tietoni/"]').first().getAttribute("href");
  expect(href).toBeTruthy();

  // The mail links to APP_URL: follow the same path on this server, as the signed-in customer.
  const downloading = page.waitForEvent("download");
  await page.goto(new URL(href!).pathname).catch(() => {
    // Navigating to a download ends the navigation with "Download is starting".
  });
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^arkikaveri-tietoni-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await fs.readFile(await download.path())));
  const data = JSON.parse(strFromU8(files["data.json"]!));
  expect(data.schemaVersion).toBe(1);
  expect(data.tables.profiles[0].email).toBe(CUSTOMER);
  expect(data.tables.orders.length).toBeGreaterThan(0);
  expect(strFromU8(files["tilaukset.csv"]!)).toContain("order_number");
  expect(Object.keys(files).some((name) => name.endsWith(".pdf"))).toBe(true);
});
