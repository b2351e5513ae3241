import type { Page } from "@playwright/test";
import { nextMonthDay } from "./support/booking";
import { bookSignedIn } from "./support/signed-in-booking";
import { expect, expectNoAxeViolations, test } from "./support/test";
import { helsinkiInstant, moveServerClock, RETRY_DAY_SHIFT } from "./support/clock";
import { checkNarrowPage } from "./support/layout";

// The helper's side of the portal as people move through it on a 320 px phone, once with
// JavaScript and once without: the demo customer books the demo helper from the orders page
// ('Tee uusi tilaus', the one wizard), the helper accepts, finds "Aloita tehtävä" only near the
// visit's time (the server's test clock, /dev/kello, moved as a test device), starts and completes
// it after confirming each, and sees the earnings; the customer sees the notification and rates
// the visit. Every page is scanned with axe. The server has one clock, so both ways run one after
// the other in one test (two browser contexts), each on its own day.

const DEMO_PASSWORD = "Arkikaveri2026";
const CUSTOMER = "asiakas@arkikaveri.test";
const HELPER = "kaveri@arkikaveri.test";
const HELPER_NAME = "Elina Mäkinen";

const main = (page: Page) => page.getByRole("main");
const banner = (page: Page) => page.getByRole("banner");
const portalMenu = (page: Page) => page.getByRole("navigation", { name: "Oman sivun valikko" });

/** From the landing page, by clicking, as a person signs in. */
async function signInFromLanding(page: Page, email: string) {
  await page.goto("/");
  await banner(page).getByRole("link", { name: "Kirjaudu" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await main(page).getByLabel("Sähköposti").fill(email);
  await main(page).getByLabel("Salasana").fill(DEMO_PASSWORD);
  await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
}

async function signOut(page: Page) {
  await banner(page).getByRole("button", { name: "Kirjaudu ulos" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A card's button: its name is the action and, for screen readers, the order ('Hyväksy: ORD-…'). */
function actionButton(card: ReturnType<typeof taskCard>, label: string, orderNumber: string) {
  return card.getByRole("button", { name: new RegExp(`^${label} ?: ${orderNumber}$`) });
}

function taskCard(page: Page, orderNumber: string) {
  return main(page).getByRole("listitem").filter({ has: page.getByText(`Tilausnumero`) }).filter({ hasText: orderNumber });
}

test.describe("the helper's tasks and the customer's review", () => {
  test("customer books the helper → helper accepts, starts and completes at the visit's time → customer is notified and rates the visit", { tag: "@kello" }, async ({
    browser,
    jsEnabled,
  }, testInfo) => {
    test.skip(!jsEnabled, "runs with and without JavaScript itself, one after the other, in the 'kello' project: the server has one clock");
    test.setTimeout(720_000);
    for (const js of [true, false]) {
      const context = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        javaScriptEnabled: js,
        viewport: { width: 320, height: 740 },
        isMobile: true,
        hasTouch: true,
        locale: "fi-FI",
        timezoneId: "Europe/Helsinki",
      });
      try {
        await helpersDay(await context.newPage(), js, testInfo.retry * RETRY_DAY_SHIFT);
      } finally {
        await context.close();
      }
    }
  });
});

// The helper's week (issue 27 item 6): the demo data's weekly walk with Juha (ORD-900101…103,
// 7, 14 and 21 days from today at 12.00) under its day's heading, marked 'Joka viikko', and the
// weeks stepped through with plain links. Only reads, so both projects may run it at once; no
// other test books Juha (no 'Ei väliä' booking of his services falls in his working hours).
test.describe("the helper's week", () => {
  test.use({ viewport: { width: 320, height: 740 }, isMobile: true, hasTouch: true });

  const WEEKDAYS = ["maanantai", "tiistai", "keskiviikko", "torstai", "perjantai", "lauantai", "sunnuntai"];
  /** The heading of the Helsinki day `days` from today: 'maanantai 7.12.'. */
  function dayHeading(days: number): string {
    const date = new Date(Date.now() + days * 86_400_000);
    const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Helsinki", weekday: "long", day: "numeric", month: "numeric" }).formatToParts(date);
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    const weekday = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].indexOf(part("weekday"));
    return `${WEEKDAYS[weekday]} ${Number(part("day"))}.${Number(part("month"))}.`;
  }

  test("a helper sees their visits by day, the weekly one marked, and steps to the next weeks", async ({ page }) => {
    await page.goto("/auth");
    await main(page).getByLabel("Sähköposti").fill("juha.lehtonen@example.fi");
    await main(page).getByLabel("Salasana").fill(DEMO_PASSWORD);
    await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
    await expect(page).toHaveURL(/\/portal\/caregiver-bookings$/);
    const upcoming = main(page).getByRole("region", { name: "Tulevat tehtävät" });
    const weekLinks = upcoming.getByRole("navigation", { name: "Viikot" });

    // Every open visit, under its day: the walk a week from today, marked with its series' rule.
    const firstWalkDay = upcoming.getByRole("heading", { level: 3, name: dayHeading(7), exact: true });
    await expect(firstWalkDay).toBeVisible();
    const firstWalk = taskCard(page, "ORD-900101");
    await expect(firstWalk).toContainText("Joka viikko");
    await expect(firstWalk.getByRole("heading", { level: 4 })).toContainText("Ulkoiluseura");
    await expect(taskCard(page, "ORD-900103")).toContainText("Joka viikko");
    // A single visit is not marked.
    await expect(taskCard(page, "ORD-900007")).not.toContainText("Joka viikko");
    await checkNarrowPage(page, { axe: true });

    // This week: no walk yet.
    await weekLinks.getByRole("link", { name: "Tämä viikko" }).click();
    await expect(page).toHaveURL(/\?viikko=\d{4}-W\d{2}$/);
    await expect(upcoming).toContainText(/Tämä viikko: Viikko \d+, /);
    await expect(taskCard(page, "ORD-900101")).toHaveCount(0);
    await expect(weekLinks.getByRole("link", { name: "Edellinen viikko" })).toHaveCount(0);

    // Next week: the first walk, and not the second.
    await weekLinks.getByRole("link", { name: "Seuraava viikko" }).click();
    await expect(upcoming.getByRole("heading", { level: 3, name: dayHeading(7), exact: true })).toBeVisible();
    await expect(taskCard(page, "ORD-900101")).toContainText("Joka viikko");
    await expect(taskCard(page, "ORD-900101")).toContainText("Leena Koskinen");
    await expect(taskCard(page, "ORD-900102")).toHaveCount(0);
    await checkNarrowPage(page, { axe: true });

    // The week after: the second walk; back a week, and back to this week.
    await weekLinks.getByRole("link", { name: "Seuraava viikko" }).click();
    await expect(upcoming.getByRole("heading", { level: 3, name: dayHeading(14), exact: true })).toBeVisible();
    await expect(taskCard(page, "ORD-900102")).toContainText("Joka viikko");
    await expect(taskCard(page, "ORD-900101")).toHaveCount(0);
    await weekLinks.getByRole("link", { name: "Edellinen viikko" }).click();
    await expect(taskCard(page, "ORD-900101")).toBeVisible();
    await weekLinks.getByRole("link", { name: "Tämä viikko" }).click();
    await expect(upcoming).toContainText(/Tämä viikko: Viikko \d+, /);

    // Three weeks on the last walk; the week after it is empty and says so.
    for (let i = 0; i < 3; i += 1) {
      // Each step waits for its week, so the next click follows the new page's link.
      const from = page.url();
      await weekLinks.getByRole("link", { name: "Seuraava viikko" }).click();
      await expect(page).not.toHaveURL(from);
    }
    await expect(taskCard(page, "ORD-900103")).toBeVisible();
    await weekLinks.getByRole("link", { name: "Seuraava viikko" }).click();
    await expect(upcoming).toContainText("Ei käyntejä tällä viikolla.");
    await checkNarrowPage(page, { axe: true });

    // And back to the whole list.
    await weekLinks.getByRole("link", { name: "Kaikki tulevat tehtävät" }).click();
    await expect(page).toHaveURL(/\/portal\/caregiver-bookings$/);
    await expect(taskCard(page, "ORD-900101")).toBeVisible();
  });
});

async function helpersDay(page: Page, jsEnabled: boolean, dayShift: number) {
  {

    // ---------------------------------------------------------------- the customer books Elina
    await signInFromLanding(page, CUSTOMER);
    await expect(page).toHaveURL(/\/portal$/);
    await portalMenu(page).getByRole("link", { name: "Tilaukset" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Tilaukset" })).toBeVisible();
    // The orders page's 'Tee uusi tilaus' is the portal's own wizard (five steps); the visit's
    // address and phone come from the customer's saved details (the helper's card shows them).
    await main(page).getByRole("link", { name: "Tee uusi tilaus" }).click();
    await expect(page).toHaveURL(/\/varaa-kaveri$/);
    const day = (jsEnabled ? 3 : 4) + dayShift;
    const visitDay = nextMonthDay(day);
    const startsAt = helsinkiInstant(visitDay.year, visitDay.month, day, 11);
    const orderNumber = await bookSignedIn(page, {
      service: /^Asiointiapu/,
      day,
      hour: 11,
      duration: 2,
      description: "Kauppareissu ja apteekki, kantoapua tarvitaan.",
      helper: HELPER_NAME,
      payment: "Lasku",
    });
    expect(orderNumber).toMatch(/^ORD-\d+$/);
    await signOut(page);

    // ---------------------------------------------------------------- the helper takes the task
    await signInFromLanding(page, HELPER);
    await expect(page).toHaveURL(/\/portal\/caregiver-bookings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Kaverin tehtävät" })).toBeVisible();
    // The assignment is news in the bell too.
    await expect(banner(page).getByRole("link", { name: /^Ilmoitukset, \d+ lukematon(ta)?$/ })).toBeVisible();
    const card = taskCard(page, orderNumber);
    await expect(card).toContainText("Odottaa hyväksyntää");
    await expect(card).toContainText("Helmi Virtanen");
    await expect(card).toContainText("Runeberginkatu 15 A 4, 00100 Helsinki");
    await expect(card.getByRole("link", { name: "+358401234001" })).toHaveAttribute("href", "tel:+358401234001");
    await expect(actionButton(card, "Hylkää", orderNumber)).toHaveAccessibleDescription(/asiakaspalvelulle/);
    await expectNoAxeViolations(page);

    // A shaky double tap: accepted once (the customer's notifications below show one).
    await actionButton(card, "Hyväksy", orderNumber).dblclick();
    await expect(page.getByText("Varaus hyväksytty!")).toBeVisible();
    await expect(card).toContainText("Hyväksytty");
    await expect(actionButton(card, "Hyväksy", orderNumber)).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Next month's visit cannot be started today: the card says from when.
    await expect(actionButton(card, "Aloita tehtävä", orderNumber)).toHaveCount(0);
    await expect(card).toContainText("Voit aloittaa tehtävän");

    // 20 minutes before the start: "Aloita tehtävä", which asks first.
    try {
      await moveServerClock(page, new Date(startsAt.getTime() - 20 * 60_000));
      await page.goto("/portal/caregiver-bookings");
      await actionButton(taskCard(page, orderNumber), "Aloita tehtävä", orderNumber).click();
      await expect(page.getByRole("heading", { level: 1, name: "Aloitetaanko tehtävä?" })).toBeVisible();
      await expectNoAxeViolations(page);
      await main(page).getByRole("button", { name: "Kyllä, aloita tehtävä" }).click();
      await expect(page.getByText("Tehtävä aloitettu")).toBeVisible();
      await expect(taskCard(page, orderNumber)).toContainText("Käynnissä");

      // An hour and a half after the start: done, after confirming.
      await moveServerClock(page, new Date(startsAt.getTime() + 90 * 60_000));
      await page.goto("/portal/caregiver-bookings");
      await actionButton(taskCard(page, orderNumber), "Merkitse suoritetuksi", orderNumber).click();
      await expect(page.getByRole("heading", { level: 1, name: "Merkitäänkö tehtävä suoritetuksi?" })).toBeVisible();
      await main(page).getByRole("button", { name: "Kyllä, merkitse suoritetuksi" }).click();
      await expect(page.getByText("Tehtävä merkitty suoritetuksi")).toBeVisible();
    } finally {
      await moveServerClock(page, null);
    }
    await page.goto("/portal/caregiver-bookings");
    const done = main(page).getByRole("region", { name: "Tehdyt ja peruutetut tehtävät" });
    await expect(taskCard(page, orderNumber)).toHaveCount(1);
    await expect(done.getByRole("listitem").filter({ hasText: orderNumber })).toContainText("Valmis");
    await expect(done.getByRole("listitem").filter({ hasText: orderNumber }).getByRole("button")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The earnings page lists the visit's payout as waiting for payment.
    await portalMenu(page).getByRole("link", { name: "Ansiot" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Ansiot" })).toBeVisible();
    await expect(main(page).getByRole("region", { name: "Maksua odottavat" })).toContainText(`Tilaus ${orderNumber}`);
    await expect(main(page).getByRole("region", { name: "Maksua odottavat" })).toContainText("51,00");
    await expectNoAxeViolations(page);
    await signOut(page);

    // ---------------------------------------------------------------- the customer hears and rates
    await signInFromLanding(page, CUSTOMER);
    await expect(page).toHaveURL(/\/portal$/);
    const bell = banner(page).getByRole("link", { name: /^Ilmoitukset, \d+ lukematon(ta)?$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page).toHaveURL(/\/portal\/notifications$/);
    await expect(page.getByRole("heading", { level: 1, name: "Ilmoitukset" })).toBeVisible();
    // Opened: read. The bell says so on this page.
    await expect(banner(page).getByRole("link", { name: "Ilmoitukset", exact: true })).toBeVisible();
    const completed = main(page).getByRole("listitem").filter({ hasText: "Käynti on tehty" }).filter({ hasText: orderNumber });
    await expect(completed).toContainText("Uusi");
    await expect(main(page).getByRole("listitem").filter({ hasText: "Varaus hyväksytty" }).filter({ hasText: orderNumber })).toHaveCount(1);
    await expectNoAxeViolations(page);

    await completed.getByRole("link", { name: new RegExp(`^Arvioi käynti ?, tilaus ${orderNumber}$`) }).click();
    await expect(page).toHaveURL(new RegExp(`/portal/orders/${orderNumber}/arvio$`));
    await expect(page.getByRole("heading", { level: 1, name: "Arvioi käynti" })).toBeVisible();
    await expect(main(page)).toContainText(HELPER_NAME);
    await expectNoAxeViolations(page);

    // Sent without a rating: the error summary says what to do, and the comment is kept.
    await main(page).getByLabel("Kommentti (vapaaehtoinen)").fill("Elina oli ajoissa ja ystävällinen.");
    await main(page).getByRole("button", { name: "Lähetä arvio" }).click();
    await expect(main(page).getByRole("link", { name: "Valitse arvio yhdestä viiteen" })).toBeVisible();
    await expect(main(page).getByLabel("Kommentti (vapaaehtoinen)")).toHaveValue("Elina oli ajoissa ja ystävällinen.");
    await expectNoAxeViolations(page);

    await main(page).getByRole("radio", { name: /5 – Erinomainen/ }).check();
    await main(page).getByRole("button", { name: "Lähetä arvio" }).click();
    await expect(page.getByText("Kiitos arviostasi!")).toBeVisible();
    const given = main(page).getByRole("region", { name: "Antamasi arvio" });
    await expect(given).toContainText("5 tähteä viidestä");
    await expect(given).toContainText("Elina oli ajoissa ja ystävällinen.");
    await expect(main(page).getByRole("button", { name: "Lähetä arvio" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The orders list no longer offers to rate it (the notice at the top covers nothing).
    await main(page).getByRole("link", { name: "Takaisin tilauksiin" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Tilaukset" })).toBeVisible();
    await expect(main(page).getByRole("link", { name: new RegExp(`^Arvioi ?: tilaus ${orderNumber}$`) })).toHaveCount(0);
    await expectNoAxeViolations(page);
  }
}
