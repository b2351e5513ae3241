import type { Page } from "@playwright/test";
import { setDay, WEEKDAY_GROUPS } from "./support/availability";
import { atLocalCheckout, chooseTime, nextMonthDay } from "./support/booking";
import { chooseHelper, describeVisit, payOnSummary } from "./support/signed-in-booking";
import { expect, expectFitsViewport, expectNoAxeViolations, test } from "./support/test";

// Weekly visits with the same helper (issue 27), as the people move on a 320 px phone, with
// JavaScript and without: the helper Petri sets Monday–Thursday 9–15 and a week off; the customer
// Pentti books a walk with him, repeats it "Joka viikko" six times, sees the week off taken in the
// preview and skips it, then cancels one visit and then every visit from the fourth on. Both projects use Petri and Pentti (nobody else's tests do, both in
// Turku): the JavaScript run books Mondays, the other Tuesdays, with the same week off.

const DEMO_PASSWORD = "Arkikaveri2026";
const HELPER = "petri.rantanen@example.fi";
const CUSTOMER = "pentti.salonen@example.fi";
const main = (page: Page) => page.getByRole("main");

test.use({ viewport: { width: 320, height: 740 }, isMobile: true, hasTouch: true });

const iso = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const finnishDate = (date: string) => {
  const [y, m, d] = date.split("-").map(Number);
  return `${d}.${m}.${y}`;
};

/** The first day of next month that is the ISO weekday (1 = Monday). */
function nextMonthWeekday(weekday: number): { day: number; date: string } {
  const { year, month } = nextMonthDay(1);
  for (let day = 1; day <= 7; day += 1) {
    const date = iso(year, month, day);
    if (((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1 === weekday) return { day, date };
  }
  throw new Error("a week has every weekday");
}

async function signIn(page: Page, email: string) {
  await page.goto("/auth");
  await main(page).getByLabel("Sähköposti").fill(email);
  await main(page).getByLabel("Salasana").fill(DEMO_PASSWORD);
  await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
  await expect(page).toHaveURL(/\/portal/);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Kirjaudu ulos" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test("a helper's week off shows in a weekly series' preview, and the series is booked without it", async ({ page, jsEnabled }) => {
  // Both projects in the same weeks: Monday for one, the Tuesday after it for the other.
  const monday = nextMonthWeekday(1);
  const single = jsEnabled ? monday : { day: monday.day + 1, date: plusDays(monday.date, 1) };
  const firstOfSeries = plusDays(single.date, 7);
  const third = plusDays(firstOfSeries, 14);
  // The week of the series' third visit, Monday to Sunday.
  const weekOff = { from: plusDays(monday.date, 21), to: plusDays(monday.date, 27) };

  // The helper: Monday–Thursday 9–15 and the week off.
  await signIn(page, HELPER);
  await page.getByRole("navigation", { name: "Oman sivun valikko" }).getByRole("link", { name: "Saatavuus" }).click();
  for (const [index, name] of WEEKDAY_GROUPS.entries()) {
    await setDay(main(page).getByRole("group", { name }), index < 4 ? { start: "09.00", end: "15.00" } : null);
  }
  await main(page).getByRole("button", { name: "Tallenna viikkoaikataulu" }).click();
  // The other project (or an earlier run) may have saved the same plan already.
  await expect(page.getByRole("status").getByText(/Viikkoaikataulu tallennettu|Ei muutoksia tallennettavaksi/)).toBeVisible();
  await main(page).getByLabel("Ensimmäinen päivä").fill(weekOff.from);
  await main(page).getByLabel("Viimeinen päivä").fill(weekOff.to);
  await main(page).getByRole("button", { name: "Lisää poissaolo" }).click();
  await expect(page.getByRole("status").getByText("Poissaolo lisätty")).toBeVisible();
  await signOut(page);

  // The customer books one walk with Petri, from 10 to 12.
  await signIn(page, CUSTOMER);
  await page.goto("/varaa-kaveri");
  await main(page).getByRole("radio", { name: /^Ulkoiluseura/ }).check();
  await main(page).getByRole("button", { name: "Jatka", exact: true }).click();
  await chooseTime(page, { day: single.day, hour: 10, duration: 2, eveningsMarked: true });
  await describeVisit(page, { description: "Kävely Aurajoen rantaan ja takaisin." });
  await chooseHelper(page, "Petri Rantanen");
  const orderNumber = await payOnSummary(page, { payment: "Lasku" });

  // "Toista viikoittain" on the order's page.
  await main(page).getByRole("link", { name: new RegExp(`Näytä tilaus ja viestit\\s*:\\s*${orderNumber}`) }).click();
  await main(page).getByRole("link", { name: "Toista viikoittain" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Toista viikoittain" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFitsViewport(page);
  // A wrong number of visits is answered at the field.
  await main(page).getByLabel("Käyntien määrä (2–26)").fill("30");
  await main(page).getByRole("button", { name: "Näytä päivät" }).click();
  await expect(main(page).getByRole("link", { name: "Käyntejä voi olla 2–26." })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(main(page).getByLabel("Ensimmäinen käynti")).toHaveValue(firstOfSeries);
  await main(page).getByRole("radio", { name: "Joka viikko" }).check();
  await main(page).getByLabel("Käyntien määrä (2–26)").fill("6");
  await main(page).getByRole("button", { name: "Näytä päivät" }).click();

  // The preview: six dates, the third in the week off.
  await expect(page.getByRole("heading", { level: 1, name: "Tarkista päivät" })).toBeVisible();
  const dates = main(page).getByRole("list", { name: "Sarjan päivät" }).getByRole("listitem");
  await expect(dates).toHaveCount(6);
  await expect(dates.nth(0)).toContainText("Petri Rantanen pääsee.");
  await expect(dates.nth(2)).toContainText(finnishDate(third));
  await expect(dates.nth(2)).toContainText("Petri Rantanen ei pääse tänä päivänä.");
  await expectNoAxeViolations(page);
  await expectFitsViewport(page);
  const skip = dates.nth(2).getByRole("radio", { name: "Ohita tämä päivä" });
  if ((await skip.count()) > 0) await skip.check();
  else await expect(dates.nth(2)).toContainText("Kukaan muu kaveri ei pääse");
  // Parity of payment: the JavaScript run pays by invoice, the other by card, the first visit at
  // the (local) checkout, which saves the card for the later ones.
  await main(page).getByRole("radio", { name: jsEnabled ? /^Lasku/ : /^Kortti/ }).check();
  await main(page).getByRole("button", { name: "Varaa käynnit" }).click();
  if (jsEnabled) {
    // Five visits booked, each an order of its own; the page is the first visit's.
    await expect(page.getByRole("status").getByText("Varasit 5 käyntiä")).toBeVisible();
    await expect(page).toHaveURL(/\/portal\/orders\/ORD-\d+$/);
  } else {
    await atLocalCheckout(page);
    await expectNoAxeViolations(page);
    await main(page).getByRole("button", { name: "Maksa" }).click();
    await main(page).getByRole("link", { name: /^Näytä tilaus ORD-\d+/ }).click();
  }
  await expect(main(page)).toContainText(finnishDate(firstOfSeries));
  await expectNoAxeViolations(page);
  await expectFitsViewport(page);

  // The series, from its first visit's page: five visits, the week off not among them.
  await main(page).getByRole("link", { name: /^Ulkoiluseura, joka viikko/ }).click();
  const visit = (date: string) => main(page).getByRole("listitem").filter({ hasText: finnishDate(date) });
  const booked = [0, 7, 21, 28, 35].map((days) => plusDays(firstOfSeries, days));
  for (const date of booked) await expect(visit(date)).toHaveCount(1);
  await expect(visit(third)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectFitsViewport(page);
  const seriesUrl = page.url();

  if (!jsEnabled) {
    // Paid by card: the first visit at its checkout, the later ones from the saved card a day ahead,
    // said on the series page and on the visit's own order page.
    const fromCard = "Veloitetaan tallentamaltasi kortilta vuorokautta ennen käyntiä.";
    await expect(visit(booked[0]!)).toContainText("Maksettu.");
    await expect(visit(booked[1]!)).toContainText(fromCard);
    await visit(booked[1]!).getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Tilaus ORD-\d+$/);
    await expect(main(page)).toContainText(fromCard);
    await page.goto(seriesUrl);
  }

  // "Peru vain tämä käynti": the second visit, on its own order's cancel page.
  await visit(booked[1]!).getByRole("link", { name: "Peru vain tämä käynti" }).click();
  await main(page).getByRole("button", { name: "Vahvista peruutus" }).click();
  await expect(page.getByRole("status").getByText("Tilaus peruutettu")).toBeVisible();
  await page.goto(seriesUrl);
  await expect(visit(booked[1]!)).toContainText(/Peruutettu/i);
  await expect(visit(booked[2]!)).not.toContainText(/Peruutettu/i);

  // "Peru tämä ja kaikki tulevat" from the fourth date: it and the two after it, free of charge.
  await visit(booked[2]!).getByRole("link", { name: "Peru tämä ja kaikki tulevat" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Peru tämä ja kaikki tulevat käynnit" })).toBeVisible();
  await expect(main(page)).toContainText("Peruutus on maksuton kaikkien käyntien osalta.");
  await expectNoAxeViolations(page);
  await expectFitsViewport(page);
  await main(page).getByRole("button", { name: "Vahvista peruutus" }).click();
  await expect(page.getByRole("status").getByText("Käynnit on peruutettu")).toBeVisible();
  await expect(page.getByRole("status")).toContainText("3 käyntiä peruutettiin");
  for (const date of booked.slice(2)) await expect(visit(date)).toContainText(/Peruutettu/i);
  await expect(visit(booked[0]!)).not.toContainText(/Peruutettu/i);
  await expectNoAxeViolations(page);
  await expectFitsViewport(page);
});
