import type { Page } from "@playwright/test";
import { chooseTimeAndService } from "./support/booking";
import { expect, expectFitsViewport, expectNoAxeViolations, test } from "./support/test";

// A booking nobody can serve (issue 26 item 5), as a person on a phone meets it, with JavaScript
// and without: in Rovaniemi no helper works, so the helper step says so plainly, offers no
// 'Ei väliä', and takes a "Pyydä yhteydenottoa" instead; staff find it on the back office home's
// "Vaatii huomiota". Each project sends its own request, named apart.

const main = (page: Page) => page.getByRole("main");

test.use({ viewport: { width: 320, height: 740 }, isMobile: true, hasTouch: true });

test("a town with no helpers: said plainly, no 'Ei väliä', and a contact request that staff see", async ({ page, jsEnabled }) => {
  const name = `Rauha Lappalainen ${jsEnabled ? "A" : "B"}${Date.now() % 100000}`;
  await page.goto("/varaus");
  await chooseTimeAndService(page, {
    day: 17,
    hour: jsEnabled ? 10 : 12,
    duration: 2,
    service: /^Asiointiapu/,
    place: { postalCode: "96100", city: "Rovaniemi" },
  });
  await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();

  await expect(main(page).getByText("Alueellasi ei ole vielä kavereita tähän palveluun tuohon aikaan.")).toBeVisible();
  await expect(main(page).getByRole("radio", { name: /Ei väliä/ })).toHaveCount(0);
  await expect(main(page).getByRole("heading", { name: "Pyydä yhteydenottoa" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFitsViewport(page);

  // An empty request is answered at the form, and nothing is sent.
  await main(page).getByLabel("Nimi", { exact: true }).fill("");
  await main(page).getByRole("button", { name: "Pyydä yhteydenottoa" }).click();
  await expect(main(page).getByText("Kirjoita puhelinnumerosi, niin voimme soittaa").first()).toBeVisible();

  await main(page).getByLabel("Nimi", { exact: true }).fill(name);
  await main(page).getByLabel("Puhelinnumero", { exact: true }).fill("040 765 4321");
  await main(page).getByRole("button", { name: "Pyydä yhteydenottoa" }).click();
  await expect(main(page).getByText("Kiitos! Pyyntösi on lähetetty.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Staff see it on the back office home.
  await page.goto("/auth");
  await main(page).getByLabel("Sähköposti").fill("tuki@arkikaveri.test");
  await main(page).getByLabel("Salasana").fill("Arkikaveri2026");
  await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice$/);
  await expect(main(page)).toContainText(`${name} pyytää yhteydenottoa`);
  await expectNoAxeViolations(page);
});
