import fs from "node:fs";
import type { Page } from "@playwright/test";
import { bookSignedIn } from "./support/signed-in-booking";
import { expect, expectNoAxeViolations, test } from "./support/test";

// A family that paid online has a receipt for the household deduction (issue 28 item 5): the demo
// customer signs in, books and pays online through the embedded checkout, opens the order and
// downloads "Lataa kuitti (PDF)", once with JavaScript and once without, on a 320 px screen with
// axe. Each project books its own hour of day 2 next month (no other spec books that day).

const DEMO_PASSWORD = "Arkikaveri2026";
const CUSTOMER = "asiakas@arkikaveri.test";
const HELPER_NAME = "Elina Mäkinen";

test.use({ viewport: { width: 320, height: 800 } });

const main = (page: Page) => page.getByRole("main");

test("a signed-in customer pays online and downloads the receipt from the order page", async ({ page, jsEnabled }) => {
  test.slow();
  await page.goto("/auth");
  await main(page).getByLabel("Sähköposti").fill(CUSTOMER);
  await main(page).getByLabel("Salasana").fill(DEMO_PASSWORD);
  await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
  await expect(page).toHaveURL(/\/portal$/);

  await page.goto("/varaa-kaveri");
  const orderNumber = await bookSignedIn(page, {
    service: /^Asiointiapu/,
    // Early and late on the 2nd: the late-cancellation clock test books Elina at 11–13 that day.
    day: 2,
    hour: jsEnabled ? 8 : 16,
    duration: 2,
    description: "Apteekkiasiat ja kauppa.",
    helper: HELPER_NAME,
    payment: "Verkkomaksu",
  });

  // bookSignedIn ends on the order list with the new order among the upcoming ones.
  const orderLink = main(page).getByRole("link", { name: new RegExp(`^Näytä tilaus ja viestit\\W+${orderNumber}$`) });
  await orderLink.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await orderLink.click();
  await expect(page.getByRole("heading", { level: 1, name: `Tilaus ${orderNumber}` })).toBeVisible();
  await expect(main(page).getByRole("region", { name: "Hinta ja maksu" })).toContainText(/Verkkomaksu: maksettu/);
  await expectNoAxeViolations(page);

  const receiptLink = main(page).getByRole("link", { name: "Lataa kuitti (PDF)" });
  const [download] = await Promise.all([page.waitForEvent("download"), receiptLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^kuitti-\d+\.pdf$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // The page is still the order's: a download does not navigate.
  await expect(page).toHaveURL(new RegExp(`/portal/orders/${orderNumber}$`));
});
