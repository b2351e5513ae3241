import { TZDate } from "@date-fns/tz";
import { expect, type Page } from "@playwright/test";

/** The instant of a Helsinki wall-clock time, whatever the season's offset. */
export function helsinkiInstant(year: number, month: number, day: number, hour: number, minute = 0): Date {
  return new Date(new TZDate(year, month - 1, day, hour, minute, "Europe/Helsinki").getTime());
}

/**
 * How many days later a clock test books on its retry (playwright.config.ts): its first try's
 * visits may still hold the helper's time, and the days two weeks on are free of the other specs'.
 */
export const RETRY_DAY_SHIFT = 14;

/**
 * The dev-only clock page (/dev/kello): the server's "now" for the rules that follow time, moved
 * or put back. It moves the time for every request, so tests that call it carry the `@kello` tag
 * and run alone (playwright.config.ts).
 */
export async function moveServerClock(page: Page, to: Date | null) {
  await page.goto("/dev/kello");
  if (to) {
    await page.getByLabel(/Uusi aika/).fill(to.toISOString());
    await page.getByRole("button", { name: "Siirrä kello" }).click();
    await expect(page.getByText("(siirretty)")).toBeVisible();
  } else {
    await page.getByRole("button", { name: "Palauta oikea aika" }).click();
    await expect(page.getByText("(oikea aika)")).toBeVisible();
  }
}
