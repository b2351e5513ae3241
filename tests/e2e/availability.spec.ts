import type { Page } from "@playwright/test";
import { setDay, WEEKDAY_GROUPS } from "./support/availability";
import { expect, expectFitsViewport, expectNoAxeViolations, test } from "./support/test";

// A helper sets their working hours on a 320 px phone, with JavaScript and without (issue 27
// item 1): Monday to Thursday 9–15 and a week off on /portal/saatavuus. Each project signs in as
// a demo helper of its own whom no other test books or changes (Ville in Tampere, Kaarina in
// Turku; Olli and Tiina are account-deletion.spec's).

const DEMO_PASSWORD = "Arkikaveri2026";
const main = (page: Page) => page.getByRole("main");

test.use({ viewport: { width: 320, height: 740 }, isMobile: true, hasTouch: true });

/** A date `days` from today, 'yyyy-MM-dd' in Helsinki. */
function dateIn(days: number): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Helsinki" }).format(new Date(Date.now() + days * 86_400_000));
}
const finnish = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number);
  return `${d}.${m}.${y}`;
};

test("a helper sets Mon–Thu 9–15 and a week off on /portal/saatavuus", async ({ page, jsEnabled }) => {
  const email = jsEnabled ? "ville.mattila@example.fi" : "kaarina.lindholm@example.fi";
  await page.goto("/auth");
  await main(page).getByLabel("Sähköposti").fill(email);
  await main(page).getByLabel("Salasana").fill(DEMO_PASSWORD);
  await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
  await expect(page).toHaveURL(/\/portal/);
  await page.getByRole("navigation", { name: "Oman sivun valikko" }).getByRole("link", { name: "Saatavuus" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Saatavuus" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFitsViewport(page);

  // An end before the start is answered at the form, naming the field.
  const monday = main(page).getByRole("group", { name: "Maanantai" });
  await monday.getByLabel("Alkaa").first().selectOption({ label: "15.00" });
  await monday.getByLabel("Päättyy").first().selectOption({ label: "09.00" });
  await main(page).getByRole("button", { name: "Tallenna viikkoaikataulu" }).click();
  await expect(main(page).getByText("Päättymisajan on oltava alkamisajan jälkeen.").first()).toBeVisible();
  await expectNoAxeViolations(page);

  for (const [index, name] of WEEKDAY_GROUPS.entries()) {
    await setDay(main(page).getByRole("group", { name }), index < 4 ? { start: "09.00", end: "15.00" } : null);
  }
  await main(page).getByRole("button", { name: "Tallenna viikkoaikataulu" }).click();
  await expect(page.getByRole("status").getByText("Viikkoaikataulu tallennettu")).toBeVisible();
  for (const [index, name] of WEEKDAY_GROUPS.entries()) {
    const day = main(page).getByRole("group", { name });
    if (index < 4) {
      await expect(day.getByLabel("Alkaa").first()).toHaveValue("540");
      await expect(day.getByLabel("Päättyy").first()).toHaveValue("900");
      // One empty row to add another time.
      await expect(day.getByLabel("Alkaa")).toHaveCount(2);
    } else {
      await expect(day.getByLabel("Alkaa")).toHaveCount(1);
      await expect(day.getByLabel("Alkaa")).toHaveValue("");
    }
  }

  // A week off, three weeks ahead; first with the days the wrong way round.
  const from = dateIn(21);
  const to = dateIn(27);
  await main(page).getByLabel("Ensimmäinen päivä").fill(to);
  await main(page).getByLabel("Viimeinen päivä").fill(from);
  await main(page).getByRole("button", { name: "Lisää poissaolo" }).click();
  await expect(main(page).getByText("Viimeinen päivä ei voi olla ennen ensimmäistä.").first()).toBeVisible();
  await main(page).getByLabel("Ensimmäinen päivä").fill(from);
  await main(page).getByLabel("Viimeinen päivä").fill(to);
  await main(page).getByRole("button", { name: "Lisää poissaolo" }).click();
  await expect(page.getByRole("status").getByText("Poissaolo lisätty")).toBeVisible();
  const line = `Poissa ${finnish(from)}–${finnish(to)}`;
  await expect(main(page).getByRole("listitem").filter({ hasText: line })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFitsViewport(page);

  // Removed again, so that a second run starts from the same place.
  await main(page).getByRole("listitem").filter({ hasText: line }).getByRole("button", { name: "Poista" }).click();
  await expect(page.getByRole("status").getByText("Poikkeus poistettu")).toBeVisible();
  await expect(main(page).getByRole("listitem").filter({ hasText: line })).toHaveCount(0);
});
