import type { Page } from "@playwright/test";
import { bookAsGuestByInvoice, nextMonthDay, uniqueEmail } from "./support/booking";
import { helsinkiInstant, moveServerClock, RETRY_DAY_SHIFT } from "./support/clock";
import { expect, expectNoAxeViolations, test } from "./support/test";

// The visit's reminder (issue 28 item 1, decision 0027) as a guest meets it: she books next month,
// nothing arrives until a day before the visit; then (the test clock moved there) the reminder is
// in the mailbox with who, when, where and the price, and its "Hallitse varausta" link opens her
// visit without signing in. The inline worker takes due jobs by the moved clock.

const main = (page: Page) => page.getByRole("main");

async function reminderOf(page: Page, email: string) {
  await page.goto("/dev/sahkopostit");
  return page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: /^Muistutus: käynti / });
}

async function remindedGuest(page: Page, js: boolean, day: number) {
  const email = uniqueEmail(js ? "muistutus-js" : "muistutus-nojs");
  const orderNumber = await bookAsGuestByInvoice(page, js, { day, hour: 12, email });
  const visit = nextMonthDay(day);

  // A minute before the day-before mark: not yet.
  await moveServerClock(page, helsinkiInstant(visit.year, visit.month, day - 1, 11, 59));
  await page.waitForTimeout(1_000);
  await expect(await reminderOf(page, email)).toHaveCount(0);

  await moveServerClock(page, helsinkiInstant(visit.year, visit.month, day - 1, 12, 1));
  await expect(async () => {
    await expect(await reminderOf(page, email)).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await (await reminderOf(page, email)).click();
  const mail = page.getByRole("main");
  await expect(mail).toContainText(`muistutamme varauksestasi ${orderNumber}`);
  await expect(mail).toContainText("Milloin:");
  await expect(mail).toContainText("klo 12.00–14.00");
  await expect(mail).toContainText("Missä: Runeberginkatu 15 A 4, 00100 Helsinki");
  await expect(mail).toContainText(/Hinta: \d+,\d\d\s€/);

  const href = await page.getByRole("link", { name: /\/hallitse\// }).first().getAttribute("href");
  await page.goto(new URL(href!).pathname);
  await expect(page.getByRole("heading", { level: 1, name: `Varauksesi ${orderNumber}` })).toBeVisible();
  await expect(main(page).getByRole("region", { name: "Peru käynti" })).toBeVisible();
  await expectNoAxeViolations(page);
}

test("a guest's reminder arrives a day before the visit, not sooner, and its link opens the visit", { tag: "@kello" }, async ({ browser, jsEnabled }, testInfo) => {
  test.skip(!jsEnabled, "runs with and without JavaScript itself, one after the other, in the 'kello' project: the server has one clock");
  test.setTimeout(600_000);
  for (const js of [true, false]) {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: js, locale: "fi-FI", timezoneId: "Europe/Helsinki" });
    const page = await context.newPage();
    try {
      await remindedGuest(page, js, (js ? 10 : 11) + testInfo.retry * RETRY_DAY_SHIFT);
    } finally {
      await moveServerClock(page, null);
      await context.close();
    }
  }
});
