import type { Page } from "@playwright/test";
import { nextMonthDay } from "./support/booking";
import { bookSignedIn } from "./support/signed-in-booking";
import { expect, expectNoAxeViolations, test } from "./support/test";
import { helsinkiInstant, moveServerClock, RETRY_DAY_SHIFT } from "./support/clock";

// "Muuta aikaa" (issue 25; docs/decisions/0020) as people use it, once with JavaScript and once
// without: the demo customer books the demo helper on an invoice and moves the visit to another
// day and a longer time from the portal on a 320 px phone, seeing the price difference and what
// happens to the invoice before confirming; support staff move a visit on a phone request from the
// back office and the timeline says so in Finnish. Both projects run at once against one
// database, so each books and moves its own days (next month's 5/6 → 9/10, 7/13 → 11/15).
// Last, an invoice visit cancelled late (two hours before, by the server's test clock) and its
// invoice's reminder after the due date ask for the cancellation fee only; the server has one
// clock, so both ways run one after the other in one test (days 1 and 2).

const DEMO_PASSWORD = "Arkikaveri2026";
const CUSTOMER = "asiakas@arkikaveri.test";
const HELPER = "kaveri@arkikaveri.test";
const HELPER_NAME = "Elina Mäkinen";

const main = (page: Page) => page.getByRole("main");

async function signIn(page: Page, email: string) {
  await page.goto("/auth");
  await main(page).getByLabel("Sähköposti").fill(email);
  await main(page).getByLabel("Salasana").fill(DEMO_PASSWORD);
  await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
  // Checking the password is slow on a busy machine.
  await expect(page).toHaveURL(/\/(portal|backoffice)/, { timeout: 30_000 });
}

/** The demo customer books Elina on an invoice for two hours at next month's `day`, 11.00. */
async function bookVisit(page: Page, day: number): Promise<string> {
  await signIn(page, CUSTOMER);
  await page.goto("/varaa-kaveri");
  return bookSignedIn(page, {
    service: /^Asiointiapu/,
    day,
    hour: 11,
    duration: 2,
    description: "Kauppareissu, siirrettävä käynti.",
    helper: HELPER_NAME,
    payment: "Lasku",
  });
}

/** 'keskiviikko 9.12.2026 klo 11.00–14.00' as the pages and e-mails write a visit's time. */
function visitText(day: number, hour: number, duration: number): RegExp {
  const { year, month } = nextMonthDay(day);
  const clock = (h: number) => `${String(h).padStart(2, "0")}.00`;
  return new RegExp(`\\S+ ${day}\\.${month}\\.${year} klo ${clock(hour)}–${clock(hour + duration)}`);
}

/**
 * The reschedule's time step, which opens on the order's own month and duration: the new day,
 * hour and duration, then on. The order's own helper is free then, so the helper step goes
 * straight on to the confirm page.
 */
async function pickNewTime(page: Page, slot: { day: number; hour: number; duration: number }) {
  await expect(page.getByRole("heading", { level: 1, name: "Valitse uusi aika" })).toBeVisible();
  const target = nextMonthDay(slot.day);
  await expect(main(page).getByRole("heading", { level: 3, name: new RegExp(`${target.monthName} ${target.year}`, "i") })).toBeVisible();
  await main(page).getByRole("button", { name: target.label }).click();
  await expect(page).toHaveURL(/#aika$/);
  await expect(main(page).getByRole("heading", { name: "2. Valitse kellonaika" })).toBeVisible();
  const clock = `klo ${String(slot.hour).padStart(2, "0")}.00`;
  await main(page).getByRole("button", { name: clock, exact: true }).click();
  await expect(main(page).getByRole("button", { name: clock, exact: true })).toHaveAttribute("aria-pressed", "true");
  const length = `${slot.duration} tuntia`;
  await main(page).getByRole("button", { name: length, exact: true }).click();
  await expect(main(page).getByRole("button", { name: length, exact: true })).toHaveAttribute("aria-pressed", "true");
  await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();
  await expect(page).toHaveURL(/\/muuta-aika\/vahvista\?/);
  await expect(page.getByRole("heading", { level: 1, name: "Tarkista ja vahvista uusi aika" })).toBeVisible();
}

/** A row of the confirm page's list ('Uusi hinta' → '120,00 €'). */
function row(page: Page, label: string) {
  return main(page).locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");
}

const cents = (euros: string) => Math.round(Number(euros.replace(/[^\d,]/g, "").replace(",", ".")) * 100);
const euros = (value: number) => new Intl.NumberFormat("fi-FI", { style: "currency", currency: "EUR" }).format(value / 100);

async function openMail(page: Page, to: string, subject: string) {
  await expect(async () => {
    await page.goto("/dev/sahkopostit");
    await expect(page.getByRole("row").filter({ hasText: to }).getByRole("link", { name: subject })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole("row").filter({ hasText: to }).getByRole("link", { name: subject }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
}

test.describe("rescheduling a visit", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a customer moves a visit to another day on a phone, sees the price difference first, and the e-mails say the new time", async ({ page, jsEnabled }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    const [bookedDay, newDay] = jsEnabled ? [5, 9] : [6, 10];
    const orderNumber = await bookVisit(page, bookedDay);

    // From the portal home to the order, as a person goes.
    await page.goto("/portal");
    await page.getByRole("navigation", { name: "Oman sivun valikko" }).getByRole("link", { name: "Tilaukset" }).click();
    await main(page).getByRole("link", { name: new RegExp(`^Näytä tilaus ja viestit ?: ${orderNumber}$`) }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Tilaus ${orderNumber}` })).toBeVisible();
    await expect(main(page).getByRole("region", { name: "Käynti" })).toContainText(/Voit muuttaa aikaa itse .+ asti\./);
    await main(page).getByRole("link", { name: "Muuta aikaa" }).click();
    await expect(page).toHaveURL(new RegExp(`/portal/orders/${orderNumber}/muuta-aika\\?`));
    await expect(main(page)).toContainText(`Tilaus ${orderNumber}, Asiointiapu`);
    await expect(main(page)).toContainText(visitText(bookedDay, 11, 2));
    await expectNoAxeViolations(page);

    // Three hours instead of two, four days later: dearer by an hour.
    await pickNewTime(page, { day: newDay, hour: 11, duration: 3 });
    await expect(row(page, "Nykyinen aika")).toHaveText(visitText(bookedDay, 11, 2));
    await expect(row(page, "Uusi aika")).toHaveText(visitText(newDay, 11, 3));
    await expect(row(page, "Kaveri")).toHaveText(HELPER_NAME);
    const oldPrice = cents(await row(page, "Nykyinen hinta").innerText());
    const newPrice = cents(await row(page, "Uusi hinta").innerText());
    expect(newPrice).toBeGreaterThan(oldPrice);
    await expect(row(page, "Erotus")).toHaveText(`+${euros(newPrice - oldPrice)}`);
    const money = main(page).getByRole("region", { name: "Mitä maksulle tapahtuu" });
    await expect(money).toContainText(`Uusi hinta on ${euros(newPrice - oldPrice)} suurempi.`);
    await expect(money).toContainText("Nykyinen lasku hyvitetään hyvityslaskulla kokonaan.");
    await expect(money).toContainText(`Saat uuden laskun ${euros(newPrice)} sähköpostiisi.`);
    await expectNoAxeViolations(page);

    // The price changed while the page was open (the page's price is made a cent off): the answer
    // lands at its error, below the steps and the heading, with the price read again.
    await main(page)
      .locator('input[name="hinta"]')
      .evaluate((input: HTMLInputElement, value) => (input.value = value), String(newPrice - 1));
    const confirm = main(page).getByRole("button", { name: "Vahvista uusi aika" });
    await confirm.scrollIntoViewIfNeeded();
    await confirm.click();
    const refusal = main(page).getByText(`Hinta on muuttunut sillä välin, kun valitsit uutta aikaa. Uusi hinta on ${euros(newPrice)}.`, { exact: false });
    await expect(refusal).toBeVisible();
    await expect(refusal).toBeInViewport();
    await expect(page.locator(":focus")).toContainText("Hinta on muuttunut");
    await expect(row(page, "Uusi hinta")).toHaveText(euros(newPrice));
    await expectNoAxeViolations(page);

    await confirm.click();
    await expect(page).toHaveURL(new RegExp(`/portal/orders/${orderNumber}$`));
    await expect(page.getByText("Aika on muutettu.")).toBeVisible();
    const visit = main(page).getByRole("region", { name: "Käynti" });
    const { year, month } = nextMonthDay(newDay);
    await expect(visit).toContainText(`${newDay}.${month}.${year}`);
    await expect(visit).toContainText("klo 11.00–14.00");
    await expect(main(page).getByTestId("tilauksen-hinta")).toHaveText(euros(newPrice));

    // The customer and the helper are told the new time.
    await openMail(page, CUSTOMER, `Tilauksen ${orderNumber} aika on muutettu – Arkikaveri`);
    await expect(main(page)).toContainText(new RegExp(`uusi aika on ${visitText(newDay, 11, 3).source}\\. Aiempi aika oli ${visitText(bookedDay, 11, 2).source}\\.`));
    await openMail(page, HELPER, `Käynnin ${orderNumber} aika on muutettu – Arkikaveri`);
    await expect(main(page)).toContainText(new RegExp(`uusi aika on ${visitText(newDay, 11, 3).source}`));
  });

  test("support staff move a visit on the customer's phone request, and the timeline says so", async ({ page, jsEnabled }) => {
    const [bookedDay, newDay] = jsEnabled ? [7, 11] : [13, 15];
    const orderNumber = await bookVisit(page, bookedDay);
    await page.context().clearCookies();

    await signIn(page, "tuki@arkikaveri.test");
    await page.goto(`/backoffice/orders/${orderNumber}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(orderNumber);
    await main(page).getByRole("link", { name: "Muuta aikaa" }).click();
    await expect(page).toHaveURL(new RegExp(`/backoffice/orders/${orderNumber}/muuta-aika\\?`));
    await expect(main(page)).toContainText("Henkilökunta voi muuttaa aikaa käynnin alkuun asti.");

    // The same length in the afternoon of another day: the day's price, so no difference.
    await pickNewTime(page, { day: newDay, hour: 14, duration: 2 });
    await expect(row(page, "Uusi aika")).toHaveText(visitText(newDay, 14, 2));
    await expect(row(page, "Kaveri")).toHaveText(HELPER_NAME);
    await expectNoAxeViolations(page);
    await main(page).getByRole("button", { name: "Vahvista uusi aika" }).click();

    await expect(page).toHaveURL(new RegExp(`/backoffice/orders/${orderNumber}$`));
    await expect(page.getByText("Aika on muutettu. Asiakkaalle ja kaverille lähti sähköposti.")).toBeVisible();
    await expect(main(page)).toContainText(visitText(newDay, 14, 2));

    await page.getByRole("navigation", { name: "Tilauksen tiedot" }).getByRole("link", { name: "Aikajana" }).click();
    const timeline = main(page).getByRole("region", { name: "Aikajana" });
    await expect(timeline).toContainText("Aika muutettu");
    await expect(timeline).toContainText(visitText(bookedDay, 11, 2));
    await expect(timeline).toContainText(visitText(newDay, 14, 2));
    await expect(timeline).toContainText("henkilökunta");
  });
});

test.describe("a late cancellation", () => {
  test("the customer cancels an invoice visit two hours before, and the invoice's reminder asks for the fee only", { tag: "@kello" }, async ({ browser, jsEnabled }, testInfo) => {
    test.skip(!jsEnabled, "runs with and without JavaScript itself, one after the other, in the 'kello' project: the server has one clock");
    test.setTimeout(600_000);
    for (const js of [true, false]) {
      const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: js, locale: "fi-FI", timezoneId: "Europe/Helsinki" });
      try {
        await lateCancellationReminder(await context.newPage(), (js ? 1 : 2) + testInfo.retry * RETRY_DAY_SHIFT);
      } finally {
        await context.close();
      }
    }
  });
});

async function lateCancellationReminder(page: Page, day: number) {
  const orderNumber = await bookVisit(page, day);
  const { year, month } = nextMonthDay(day);
  const startsAt = helsinkiInstant(year, month, day, 11);
  let fee = "";
  let invoiceNumber = "";
  try {
    await moveServerClock(page, new Date(startsAt.getTime() - 2 * 3600_000));
    await page.goto(`/portal/orders/${orderNumber}`);
    const total = await main(page).getByTestId("tilauksen-hinta").innerText();
    await main(page).getByRole("link", { name: "Peru tilaus" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Peru tilaus ${orderNumber}` })).toBeVisible();
    const rule = main(page).getByText(/^Maksuton peruutusaika päättyi .+ Peruutusmaksu on yhden tunnin hinta: .+\s€\.$/);
    await expect(rule).toBeVisible();
    fee = /hinta: (.+\s€)\.$/.exec(await rule.innerText())![1];
    expect(cents(fee)).toBeLessThan(cents(total));
    await expect(main(page)).toContainText(`Maksettavaksi jää peruutusmaksu ${fee} saman laskun viitenumerolla.`);
    await main(page).getByRole("button", { name: "Vahvista peruutus" }).click();
    await expect(page.getByText("Tilaus peruutettu", { exact: true })).toBeVisible();
    await expect(main(page)).toContainText(`Maksettavaa on ${fee}.`);

    // After the due date, an admin sends the reminder of the overdue invoice.
    await moveServerClock(page, new Date(startsAt.getTime() + 15 * 24 * 3600_000));
    await page.context().clearCookies();
    await signIn(page, "admin@arkikaveri.test");
    await page.goto("/backoffice/payments");
    const invoice = main(page).getByRole("region", { name: "Avoimet laskut" }).getByRole("row").filter({ hasText: orderNumber });
    await expect(invoice).toContainText("Erääntynyt");
    await expect(invoice.getByLabel(/^Summa \(€\)/)).toHaveValue(fee.replace(/\s€$/, ""));
    await expectNoAxeViolations(page);
    await invoice.getByRole("button", { name: /^Lähetä muistutus/ }).click();
    const sent = page.getByRole("status").getByText(/^Maksumuistutus lähetetty laskusta \d+$/);
    await expect(sent).toBeVisible();
    invoiceNumber = /(\d+)$/.exec(await sent.innerText())![1];
  } finally {
    await moveServerClock(page, null);
  }

  await openMail(page, CUSTOMER, `Muistutus: lasku ${invoiceNumber} on erääntynyt – Arkikaveri`);
  await expect(main(page)).toContainText(`Maksettavaa on ${fee}.`);
  await expect(main(page)).toContainText(`Summa: ${fee}`);
}
