import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./support/test";

// The back office as staff use it (issue 14), once with JavaScript and once without: from the
// landing page to sign-in, every menu entry of the role on a 360 px phone (axe on each, nothing
// wider than the screen), an admin cancelling a paid order with its refund, and paying a helper.
// The two projects share one database, so each works on its own demo order.

const DEMO_PASSWORD = "Arkikaveri2026";

async function signInFromLanding(page: Page, email: string) {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Päävalikko" }).getByRole("link", { name: "Kirjaudu" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  const main = page.getByRole("main");
  await main.getByLabel("Sähköposti").fill(email);
  await main.getByLabel("Salasana").fill(DEMO_PASSWORD);
  await main.getByRole("button", { name: "Kirjaudu", exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice$/);
}

async function expectFitsScreen(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(innerWidth);
}

for (const [email, entries] of [
  ["admin@arkikaveri.test", ["Asiakkaat", "Kaverit", "Tilaukset", "Maksut", "Alennuskoodit", "Raportit", "Asetukset", "Muutosloki"]],
  ["moderaattori@arkikaveri.test", ["Asiakkaat", "Kaverit", "Tilaukset"]],
  ["tuki@arkikaveri.test", ["Tilaukset"]],
] as const) {
  test(`${email} opens every menu entry of the role on a phone`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signInFromLanding(page, email);
    for (const label of entries) {
      await page.getByText("Valikko", { exact: true }).click();
      const menu = page.getByRole("navigation", { name: "Hallintapaneelin valikko (mobiili)" });
      await expect(menu.getByRole("link")).toHaveText(["Etusivu", ...entries]);
      await menu.getByRole("link", { name: label, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/Sivua ei löytynyt|Ei käyttöoikeutta/);
      await expectFitsScreen(page);
      await expectNoAxeViolations(page);
    }
  });
}

test("an admin cancels a paid online order and the refund shows on its payment tab", async ({ page }, testInfo) => {
  const orderNumber = testInfo.project.name === "js-off" ? "ORD-900010" : "ORD-900006";
  await signInFromLanding(page, "admin@arkikaveri.test");
  await page.getByRole("navigation", { name: "Hallintapaneelin valikko", exact: true }).getByRole("link", { name: "Tilaukset" }).click();
  await page.getByLabel("Hae tilausnumerolla tai nimellä").fill(orderNumber);
  await page.getByRole("button", { name: "Hae" }).click();
  await page.getByRole("main").getByRole("link", { name: new RegExp(`Näytä tiedot.*${orderNumber}`) }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(orderNumber);

  await page.getByRole("main").getByRole("link", { name: "Peru tilaus", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Peru tilaus ${orderNumber}` })).toBeVisible();
  await expect(page.getByText(/Maksuton peruutus/)).toBeVisible();
  await expect(page.getByText(/palautetaan/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Peru tilaus" }).click();

  await expect(page.getByText("Tilaus peruutettu", { exact: true })).toBeVisible();
  await page.goto(`/backoffice/orders/${orderNumber}/maksu`);
  await expect(page.getByText(/palautettu/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an admin marks a helper's payout paid", async ({ page }, testInfo) => {
  const orderNumber = testInfo.project.name === "js-off" ? "ORD-900003" : "ORD-900002";
  await signInFromLanding(page, "admin@arkikaveri.test");
  await page.getByRole("navigation", { name: "Hallintapaneelin valikko", exact: true }).getByRole("link", { name: "Maksut" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Maksut" })).toBeVisible();
  await page.getByRole("button", { name: new RegExp(`Merkitse maksetuksi.*${orderNumber}`) }).click();
  await expect(page.getByText("Tilitys merkitty maksetuksi", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(`Merkitse maksetuksi.*${orderNumber}`) })).toHaveCount(0);
});

test("an admin creates a discount code, sees the messages for a wrong one, and the new code is active", async ({ page }, testInfo) => {
  const code = testInfo.project.name === "js-off" ? "EIJS20" : "JSKYLLA20";
  await signInFromLanding(page, "admin@arkikaveri.test");
  await page.goto("/backoffice/discount-codes");
  const form = page.locator("form#uusi-alennuskoodi");
  await form.getByLabel("Koodi", { exact: true }).fill("a-");
  await form.getByRole("button", { name: "Luo alennuskoodi" }).click();
  await expect(form.getByText("Koodi liian lyhyt").first()).toBeVisible();

  await form.getByLabel("Koodi", { exact: true }).fill(code.toLowerCase());
  await form.getByLabel("Arvo (prosenttia tai euroa)").fill("20");
  await form.getByRole("button", { name: "Luo alennuskoodi" }).click();
  await expect(page.getByText("Alennuskoodi luotu!", { exact: true })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("Aktiivinen");
  await expect(row).toContainText("20 %");
  await expectNoAxeViolations(page);
});
