import fs from "node:fs";
import type { Page } from "@playwright/test";
import { bookAsGuestByInvoice, nextMonthDay, openDevMail, uniqueEmail } from "./support/booking";
import { expect, expectNoAxeViolations, test } from "./support/test";

// "Hallitse varausta" (issue 28 items 3 and 6; docs/decisions/0030, 0036): a guest books Sanna
// Nieminen (a helper no other spec books), opens the link of her confirmation from the dev
// mailbox on a 320 px phone, moves the visit through the portal's own steps, takes the changed
// calendar file, writes to the helper and cancels, without signing in; once with JavaScript and
// once without (the two projects, each its own hours on next month's 24th → 25th), axe on each
// page. A second cancel (the page left open in another tab) is told the visit is cancelled already.

const HELPER = "Sanna Nieminen";
const main = (page: Page) => page.getByRole("main");

/** 'keskiviikko 25.12.2026' as the pages write a visit's day. */
function dayText(day: number): string {
  const { year, month } = nextMonthDay(day);
  return `${day}.${month}.${year}`;
}

test("a guest manages her visit from the e-mail alone: moving it, the changed .ics, a message to the helper, then cancelling", async ({ page, jsEnabled }) => {
  test.setTimeout(240_000);
  const hour = jsEnabled ? 10 : 14;
  const clock = (h: number) => `${String(h).padStart(2, "0")}.00`;
  const email = uniqueEmail(jsEnabled ? "hallitse-js" : "hallitse-nojs");
  const orderNumber = await bookAsGuestByInvoice(page, jsEnabled, { day: 24, hour, email, helper: HELPER });
  // The result page tells a guest of the link, and apart from it offers the account; not a page of her own she does not have.
  const next = main(page).getByRole("region", { name: "Mitä tapahtuu seuraavaksi?" });
  await expect(next).toContainText("Hallitse varausta");
  await expect(next).toContainText("Oma sivu on vapaaehtoinen");
  await expect(main(page)).not.toContainText("omalla sivullasi kohdassa Tilaukset");

  await page.setViewportSize({ width: 320, height: 800 });
  await openDevMail(page, email, `Varausvahvistus ${orderNumber} – Arkikaveri`);
  const href = await page.getByRole("link", { name: /\/hallitse\// }).first().getAttribute("href");
  expect(href).toMatch(/\/hallitse\/[A-Za-z0-9_-]{43}$/);
  const managePath = new URL(href!).pathname;

  const answer = await page.goto(managePath);
  expect(answer!.headers()["referrer-policy"]).toContain("no-referrer");
  expect(answer!.headers()["x-robots-tag"]).toContain("noindex");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { level: 1, name: `Varauksesi ${orderNumber}` })).toBeVisible();
  await expect(main(page)).toContainText("Runeberginkatu 15 A 4, 00100 Helsinki");
  await expect(main(page).getByRole("region", { name: "Kaveri", exact: true })).toContainText("Sanna");
  await expectNoAxeViolations(page);

  // --- Moving the visit: the portal's three steps, the customer's rules.
  const move = main(page).getByRole("region", { name: "Muuta aikaa" });
  await expect(move).toContainText(/Voit muuttaa aikaa itse .+ asti\./);
  await move.getByRole("link", { name: "Muuta aikaa" }).click();
  await expect(page).toHaveURL(new RegExp(`${managePath}/muuta-aika\\?`));
  await expect(page.getByRole("heading", { level: 1, name: "Valitse uusi aika" })).toBeVisible();
  await expect(main(page)).toContainText(`Tilaus ${orderNumber}`);
  await expectNoAxeViolations(page);
  const target = nextMonthDay(25);
  await main(page).getByRole("button", { name: target.label }).click();
  await expect(page).toHaveURL(/#aika$/);
  await main(page).getByRole("button", { name: `klo ${clock(hour)}`, exact: true }).click();
  await expect(main(page).getByRole("button", { name: `klo ${clock(hour)}`, exact: true })).toHaveAttribute("aria-pressed", "true");
  await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();
  // Sanna is free then: the helper step goes straight on to the confirm page.
  await expect(page).toHaveURL(new RegExp(`${managePath}/muuta-aika/vahvista\\?`));
  await expect(page.getByRole("heading", { level: 1, name: "Tarkista ja vahvista uusi aika" })).toBeVisible();
  await expect(main(page).locator("dt", { hasText: /^Kaveri$/ }).locator("+ dd")).toHaveText(HELPER);
  await expect(main(page).locator("dt", { hasText: /^Uusi aika$/ }).locator("+ dd")).toContainText(dayText(25));
  await expect(main(page).getByRole("region", { name: "Mitä maksulle tapahtuu" })).toContainText("Nykyinen lasku hyvitetään hyvityslaskulla kokonaan.");
  await expectNoAxeViolations(page);
  await main(page).getByRole("button", { name: "Vahvista uusi aika" }).click();
  await expect(page).toHaveURL(new RegExp(`${managePath}$`));
  await expect(page.getByText("Aika on muutettu.")).toBeVisible();
  const visit = main(page).getByRole("region", { name: "Käynti", exact: true });
  await expect(visit).toContainText(dayText(25));
  await expect(visit).toContainText(`klo ${clock(hour)}–${clock(hour + 2)}`);

  // The changed calendar file: the same visit (UID), a higher SEQUENCE.
  const download = page.waitForEvent("download");
  await main(page).getByRole("link", { name: "Lisää kalenteriin (.ics)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`varaus-${orderNumber}.ics`);
  const ics = fs.readFileSync((await file.path())!, "utf8").replace(/\r?\n[ \t]/g, "");
  expect(ics).toContain("SEQUENCE:1");
  expect(ics).toMatch(/UID:[0-9a-f-]{36}@/);

  // --- A message to the helper: an empty one is refused at the form, then one is sent.
  const thread = main(page).getByRole("region", { name: "Viestit kaverille" });
  await thread.getByRole("button", { name: "Lähetä viesti" }).click();
  await expect(main(page).getByRole("alert").filter({ hasText: "Korjaa seuraavat virheet" }).getByRole("link", { name: "Kirjoita viesti" })).toBeVisible();
  const text = `Ovikoodi on ${hour}34, tervetuloa.`;
  await main(page).getByRole("region", { name: "Viestit kaverille" }).getByLabel("Viesti kaverille").fill(text);
  await main(page).getByRole("region", { name: "Viestit kaverille" }).getByRole("button", { name: "Lähetä viesti" }).click();
  await expect(page.getByText("Viesti lähetetty")).toBeVisible();
  await expect(main(page).getByRole("region", { name: "Viestit kaverille" }).getByRole("list", { name: "Viestit" })).toContainText(text);
  await expectNoAxeViolations(page);

  // The change e-mail carries a manage link of its own.
  await openDevMail(page, email, `Tilauksen ${orderNumber} aika on muutettu – Arkikaveri`);
  await expect(page.getByRole("link", { name: /\/hallitse\// }).first()).toBeVisible();

  // --- Cancelling, with the page also left open in a second tab.
  await page.goto(managePath);
  const other = await page.context().newPage();
  await other.setViewportSize({ width: 320, height: 800 });
  await other.goto(managePath);
  const cancel = main(page).getByRole("region", { name: "Peru käynti" });
  await expect(cancel).toContainText(/Voit perua tämän tilauksen maksutta/);
  await cancel.getByRole("button", { name: "Vahvista peruutus" }).click();
  await expect(page.getByText("Tilaus peruutettu")).toBeVisible();
  await expect(main(page).getByRole("region", { name: "Peru käynti" })).toContainText("Käynti on peruutettu.");
  await expect(main(page).getByRole("link", { name: "Lisää kalenteriin (.ics)" })).toHaveCount(0);
  await expect(main(page).getByRole("region", { name: "Muuta aikaa" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await main(other).getByRole("region", { name: "Peru käynti" }).getByRole("button", { name: "Vahvista peruutus" }).click();
  await expect(other.getByText("Käynti on jo peruutettu")).toBeVisible();
  await other.close();
});
