import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./support/test";

// Staff at a 1366×768 laptop (issue 31 item 6): every back-office list fits the main area beside
// the menu, with no sideways scrolling of the page or of a table, so that the orders' status and
// "Peru tilaus" are on the screen. (The orders table was 1 355 px wide in a 1 046 px area.) The
// layout is the same with and without JavaScript, so it is checked once, in the js-on project.

test.use({ viewport: { width: 1366, height: 768 } });

const main = (page: Page) => page.getByRole("main");

/**
 * Nothing inside the main area reaches past its right edge (its content box), which is also where
 * a table that scrolled inside its own box would end; names the widest offenders.
 */
async function expectFitsMainArea(page: Page) {
  const { edge, offenders } = await page.evaluate(() => {
    const area = document.querySelector("main")!;
    const edge = area.getBoundingClientRect().right - parseFloat(getComputedStyle(area).paddingRight);
    const offenders = [...area.querySelectorAll("*")]
      .filter((element) => element.getBoundingClientRect().right > edge + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 4).join(".")} (${Math.round(element.getBoundingClientRect().right)} px)`);
    return { edge: Math.round(edge), offenders };
  });
  expect(offenders, `${page.url()}: reaches past the main area's right edge at ${edge} px`).toEqual([]);
  return edge;
}

/** The element's right edge, in px from the left of the page. */
async function rightEdge(page: Page, locator: ReturnType<Page["locator"]>): Promise<number> {
  const box = await locator.boundingBox();
  expect(box, "the element is laid out").not.toBeNull();
  return box!.x + box!.width;
}

test("an admin's back-office lists fit a 1366×768 screen beside the menu", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "The layout does not depend on JavaScript; the js-on project checks it.");
  // Six pages, each scanned by axe.
  test.slow();
  await page.goto("/auth");
  await main(page).getByLabel("Sähköposti").fill("admin@arkikaveri.test");
  await main(page).getByLabel("Salasana").fill("Arkikaveri2026");
  await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice$/);
  const menu = page.getByRole("navigation", { name: "Hallintapaneelin valikko", exact: true });

  for (const label of ["Tilaukset", "Asiakkaat", "Kaverit", "Maksut", "Alennuskoodit", "Muutosloki"]) {
    await menu.getByRole("link", { name: label, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: label })).toBeVisible();
    // Every list but the audit log has demo rows; the log may still be empty on a fresh database.
    if (label !== "Muutosloki") await expect(main(page).getByRole("table").first()).toBeVisible();
    const edge = await expectFitsMainArea(page);

    if (label === "Tilaukset") {
      // The working columns of the demo orders' rows: the status and its selector, and the
      // actions with "Peru tilaus", within the main area and so on the screen.
      for (const header of ["Kaveri", "Tila", "Toiminnot"]) {
        expect(await rightEdge(page, main(page).getByRole("columnheader", { name: header, exact: true })), `column ${header}`).toBeLessThanOrEqual(edge + 0.5);
      }
      const cancel = main(page).getByRole("link", { name: /^Peru tilaus ORD-\d+$/ }).first();
      const status = main(page).getByLabel(/^Tilauksen ORD-\d+ tila$/).first();
      for (const [name, locator] of [["Peru tilaus", cancel], ["the status selector", status]] as const) {
        expect(await rightEdge(page, locator), name).toBeLessThanOrEqual(edge + 0.5);
        await locator.scrollIntoViewIfNeeded();
        await expect(locator, `${name} is wholly on the screen`).toBeInViewport({ ratio: 1 });
      }
    }
    await expectNoAxeViolations(page);
  }
});
