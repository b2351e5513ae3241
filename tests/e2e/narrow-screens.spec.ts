import type { Page } from "@playwright/test";
import { chooseTimeAndService, fillContact, passBotCheck, uniqueEmail } from "./support/booking";
import { expect, expectFitsViewport, expectNoAxeViolations, test } from "./support/test";

// The public side on the smallest phones people use, moving as a person does: from the landing
// page, by clicking. Every page is checked with axe and for width (expectNoAxeViolations fails
// when the page is wider than the screen), once with JavaScript and once without (the projects).

const main = (page: Page) => page.getByRole("main");

for (const width of [320, 360]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true });

    test("the content pages, sign-in and helper application, reached by links", async ({ page }) => {
      await page.goto("/");
      await expectNoAxeViolations(page);

      await page.getByRole("contentinfo").getByRole("link", { name: "Käyttöehdot" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("contentinfo").getByRole("link", { name: "Tietosuojaseloste" }).click();
      await expect(page).toHaveURL(/\/tietosuoja$/);
      await expectNoAxeViolations(page);

      await page.getByRole("banner").getByRole("link", { name: "Kirjaudu" }).click();
      await expect(page).toHaveURL(/\/auth$/);
      await expectNoAxeViolations(page);
      await main(page).getByRole("link", { name: "Rekisteröidy" }).click();
      await expect(page).toHaveURL(/tab=rekisteroidy/);
      await expectNoAxeViolations(page);
      await main(page).getByRole("link", { name: "Kirjaudu" }).click();
      await main(page).getByRole("link", { name: "Unohtuiko salasana?" }).click();
      await expect(page).toHaveURL(/\/auth\/unohtunut-salasana$/);
      await expectNoAxeViolations(page);

      await page.getByRole("banner").getByRole("link", { name: "Arkikaveri" }).click();
      await main(page).getByRole("link", { name: /Hae( työhön)? kaveriksi/ }).first().click();
      await expect(page).toHaveURL(/\/rekisteroidy-kaveriksi$/);
      await expectNoAxeViolations(page);

      // Pages reached at the end of a flow, opened directly.
      for (const path of ["/rekisteroidy-kaveriksi/kiitos", "/varaus", "/varaus-peruutettu?order_number=ORD-1", "/ei-ole-olemassa"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });

    test("a booking from the landing page to the result page", async ({ page, jsEnabled }) => {
      test.slow();
      await page.goto("/");
      await main(page).getByRole("link", { name: "Varaa nyt" }).first().click();
      await expect(page).toHaveURL(/\/varaa$/);
      await expectNoAxeViolations(page);

      // Each project and width its own hour of one day, so that parallel bookings never collide.
      const hour = (jsEnabled ? 8 : 15) + (width === 320 ? 0 : 2);
      await chooseTimeAndService(page, { day: 22, hour, duration: 1, service: /^Digikaveri/ });
      await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Valitse kaveri" })).toBeVisible();
      await expectNoAxeViolations(page);
      await main(page).getByRole("radio", { name: /Ei väliä/ }).check();
      await main(page).getByRole("button", { name: "Jatka yhteystietoihin" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Yhteystiedot" })).toBeVisible();
      await expectNoAxeViolations(page);
      await main(page).getByRole("radio", { name: /^Itselleni/ }).check();
      await fillContact(page, uniqueEmail(`kapea-${width}-${jsEnabled ? "js" : "nojs"}`));
      await main(page).getByRole("radio", { name: /^Lasku/ }).check();
      await main(page).getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();
      await passBotCheck(page, jsEnabled);
      await expectFitsViewport(page);
      await main(page).getByRole("button", { name: "Vahvista varaus" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Kiitos varauksestasi!" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
