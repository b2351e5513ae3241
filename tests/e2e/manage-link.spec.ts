import fs from "node:fs";
import type { Page } from "@playwright/test";
import { bookAsGuestByInvoice, openDevMail, uniqueEmail } from "./support/booking";
import { expect, expectNoAxeViolations, test } from "./support/test";

// "Hallitse varausta" (issue 28 item 3): a guest books, opens the link of her confirmation from
// the dev mailbox on a 320 px phone, takes the calendar file and cancels, without signing in;
// once with JavaScript and once without (the two projects), axe on each page.

const main = (page: Page) => page.getByRole("main");

test("a guest manages her visit from the e-mail alone: the .ics, then cancelling", async ({ page, jsEnabled }) => {
  test.slow();
  const email = uniqueEmail(jsEnabled ? "hallitse-js" : "hallitse-nojs");
  const orderNumber = await bookAsGuestByInvoice(page, jsEnabled, { day: 20, hour: jsEnabled ? 11 : 15, email });
  // The result page tells a guest of the link, not of a page of her own she does not have.
  await expect(main(page).getByRole("region", { name: "Mitä tapahtuu seuraavaksi?" })).toContainText("Hallitse varausta");
  await expect(main(page)).not.toContainText("omalla sivullasi");

  await page.setViewportSize({ width: 320, height: 800 });
  await openDevMail(page, email, `Varausvahvistus ${orderNumber} – Arkikaveri`);
  const href = await page.getByRole("link", { name: /\/hallitse\// }).first().getAttribute("href");
  expect(href).toMatch(/\/hallitse\/[A-Za-z0-9_-]{43}$/);

  const answer = await page.goto(new URL(href!).pathname);
  expect(answer!.headers()["referrer-policy"]).toContain("no-referrer");
  expect(answer!.headers()["x-robots-tag"]).toContain("noindex");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { level: 1, name: `Varauksesi ${orderNumber}` })).toBeVisible();
  await expect(main(page)).toContainText("Runeberginkatu 15 A 4, 00100 Helsinki");
  await expect(main(page)).toContainText("80,00 €");
  await expectNoAxeViolations(page);

  const download = page.waitForEvent("download");
  await main(page).getByRole("link", { name: "Lisää kalenteriin (.ics)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`varaus-${orderNumber}.ics`);
  expect(fs.readFileSync((await file.path())!, "utf8")).toContain("STATUS:CONFIRMED");

  const cancel = main(page).getByRole("region", { name: "Peru käynti" });
  await expect(cancel).toContainText(/Voit perua tämän tilauksen maksutta/);
  await expect(cancel).toContainText("Lasku hyvitetään kokonaan hyvityslaskulla");
  await cancel.getByRole("button", { name: "Vahvista peruutus" }).click();
  await expect(page.getByText("Tilaus peruutettu")).toBeVisible();
  await expect(main(page).getByRole("region", { name: "Peru käynti" })).toContainText("Käynti on peruutettu.");
  await expect(main(page).getByRole("link", { name: "Lisää kalenteriin (.ics)" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
