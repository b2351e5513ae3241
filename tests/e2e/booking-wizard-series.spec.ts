import type { Page } from "@playwright/test";
import { chooseTime } from "./support/booking";
import { chooseHelper, describeVisit } from "./support/signed-in-booking";
import { expect, expectNoAxeViolations, test } from "./support/test";

// Weekly visits from the signed-in wizard (issue 27 item 4; docs/decisions/0042) on a phone
// (320 px), with JavaScript and without (the two projects): the summary step's "Toistuvuus" set
// to "Joka viikko" three times, a wrong number of visits refused on its field, the preview of the
// three dates with the chosen helper free, and the series booked with one button. Every page is
// scanned with axe. Each project books its own hours on days no other signed-in spec uses then.

const DEMO_PASSWORD = "Arkikaveri2026";
const CUSTOMER = "asiakas@arkikaveri.test";
const HELPER_NAME = "Elina Mäkinen";

const main = (page: Page) => page.getByRole("main");

test.use({ viewport: { width: 320, height: 740 }, isMobile: true, hasTouch: true });

test.describe("the signed-in wizard's repeat choice", () => {
  test.slow();

  test("'Joka viikko' ×3 from the summary step: the preview of the dates, then the series booked", async ({ page, jsEnabled }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Kirjaudu" }).click();
    await main(page).getByLabel("Sähköposti").fill(CUSTOMER);
    await main(page).getByLabel("Salasana").fill(DEMO_PASSWORD);
    await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
    await expect(page).toHaveURL(/\/portal$/);

    await page.goto("/varaa-kaveri");
    await main(page)
      .getByRole("radio", { name: /^Asiointiapu/ })
      .check();
    await main(page).getByRole("button", { name: "Jatka", exact: true }).click();
    await expect(page).toHaveURL(/\/varaa-kaveri\/aika\?/);
    // Elina is booked on the 18th 9–11 and 14–16 by booking-signed-in.spec: 20–22 and 17–19 keep the travel time from those and from each other.
    await chooseTime(page, { day: 4, hour: jsEnabled ? 20 : 17, duration: 2 });
    await describeVisit(page, { description: "Viikoittainen kauppareissu ja apteekki." });
    await chooseHelper(page, HELPER_NAME);

    // The summary: "Kerran" is chosen; the ending shows with a repeating choice (with JavaScript),
    // or is there all along (without).
    await expect(page.getByRole("heading", { level: 1, name: "Yhteenveto ja maksu" })).toBeVisible();
    const repeat = main(page).getByRole("region", { name: "Toistuvuus" });
    await expect(repeat.getByRole("radio", { name: /^Kerran/ })).toBeChecked();
    const count = repeat.getByLabel("Käyntien määrä (2–26)");
    if (jsEnabled) await expect(count).toBeHidden();
    else await expect(count).toBeVisible();
    await expectNoAxeViolations(page);

    await repeat.getByRole("radio", { name: /^Joka viikko/ }).check();
    await expect(count).toBeVisible();
    await repeat.getByRole("radio", { name: /^Kun käyntejä on tehty/ }).check();
    await count.fill("1");
    await main(page)
      .getByRole("radio", { name: /^Lasku/ })
      .check();
    await main(page)
      .getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ })
      .check();
    const send = main(page).getByRole("button", { name: jsEnabled ? "Näytä päivät" : "Varaa nyt" });
    await send.click();

    // A wrong number: said on the field and in the error summary, linked; nothing is booked.
    const errors = main(page).getByRole("alert").filter({ hasText: "Korjaa seuraavat virheet" });
    await expect(errors.getByRole("link", { name: "Käyntejä voi olla 2–26." })).toBeVisible();
    await expect(repeat.getByRole("radio", { name: /^Joka viikko/ })).toBeChecked();
    await expectNoAxeViolations(page);
    await errors.getByRole("link", { name: "Käyntejä voi olla 2–26." }).click();
    await expect(count).toBeFocused();
    await count.fill("3");
    await send.click();

    // The preview: three weeks with the helper free, one price a visit, the invoice chosen already.
    await expect(page).toHaveURL(/\/varaa-kaveri\/toista\?/);
    await expect(page.getByRole("heading", { level: 1, name: "Tarkista päivät" })).toBeVisible();
    const dates = main(page).getByRole("list", { name: "Sarjan päivät" }).getByRole("listitem");
    await expect(dates).toHaveCount(3);
    for (const date of await dates.all()) await expect(date).toContainText(`${HELPER_NAME} pääsee.`);
    await expect(main(page)).toContainText("Joka viikko");
    await expect(main(page).getByRole("radio", { name: /^Lasku/ })).toBeChecked();
    await expectNoAxeViolations(page);

    await main(page).getByRole("button", { name: "Varaa käynnit" }).click();
    await expect(page).toHaveURL(/\/portal\/orders\/ORD-\d+$/);
    await expect(page.getByText("Varasit 3 käyntiä")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
