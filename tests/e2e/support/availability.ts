import type { Locator } from "@playwright/test";

// The helper's /portal/saatavuus as the helper fills it in, shared by the specs that set hours.

/** One weekday's rows: the first set to `range`, the others emptied ("–"); null empties them all. */
export async function setDay(day: Locator, range: { start: string; end: string } | null) {
  const starts = day.getByLabel("Alkaa");
  const ends = day.getByLabel("Päättyy");
  const rows = await starts.count();
  for (let i = 0; i < rows; i += 1) {
    const wanted = i === 0 && range ? range : { start: "–", end: "–" };
    await starts.nth(i).selectOption({ label: wanted.start });
    await ends.nth(i).selectOption({ label: wanted.end });
  }
}

export const WEEKDAY_GROUPS = ["Maanantai", "Tiistai", "Keskiviikko", "Torstai", "Perjantai", "Lauantai", "Sunnuntai"];
