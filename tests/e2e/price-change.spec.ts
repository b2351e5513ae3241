import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { chooseTime, chooseTimeAndService, fillContact, passBotCheck, uniqueEmail } from "./support/booking";
import { chooseHelper, describeVisit } from "./support/signed-in-booking";
import { expect, test } from "./support/test";

// Issue 30: the booking form carries the price it showed. When staff change the price bands while
// a customer fills in the contact step, 'Vahvista varaus' is refused with the new price shown, and
// confirming again books at that price: with JavaScript (the page shows the price of the answer)
// and without (the page comes back from the server); on the public contact step and on the
// signed-in wizard's summary.
//
// The price bands are one setting every test reads, so this test changes only which band the
// start hour 07 belongs to (no other test books at 07 or reads the bands' hours), and the two
// projects take turns (a lock folder next to the run's data) and put the bands back afterwards.

const main = (page: Page) => page.getByRole("main");
const DEMO_PASSWORD = "Arkikaveri2026";
const RESULT_PAGE = /\/varaus-maksu-onnistui\?order_number=ORD-\d+&payment_method=invoice(#varaus-yhteystiedot)?$/;

async function takeTurn(): Promise<() => void> {
  const lock = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), "price-bands-lock");
  for (const started = Date.now(); ; ) {
    try {
      fs.mkdirSync(lock);
      return () => fs.rmSync(lock, { recursive: true, force: true });
    } catch {
      if (Date.now() - started > 150_000) throw new Error(`price-change.spec: ${lock} was not released`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** As the admin in a browser of their own: the night band ends at `nightTo` and the day band starts the hour after. */
async function setNightEnd(browser: Browser, nightTo: number) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto("/auth");
    await main(page).getByLabel("Sähköposti").fill("admin@arkikaveri.test");
    await main(page).getByLabel("Salasana").fill(DEMO_PASSWORD);
    await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
    await expect(page).toHaveURL(/\/backoffice$/);
    await page.goto("/backoffice/settings");
    const hour = (h: number) => `${String(h).padStart(2, "0")}.00`;
    await main(page).getByRole("group", { name: "Yö", exact: true }).getByLabel("Viimeinen alkamistunti").selectOption({ label: hour(nightTo) });
    await main(page).getByRole("group", { name: "Päivä", exact: true }).getByLabel("Ensimmäinen alkamistunti").selectOption({ label: hour(nightTo + 1) });
    await main(page).getByRole("button", { name: "Tallenna tuntihinnat" }).click();
    await expect(page.getByText("Tuntihinnat tallennettu")).toBeVisible();
  } finally {
    await context.close();
  }
}

test("a price changed while the contact step is open is shown, and confirming again books at it", async ({ page, browser, jsEnabled }) => {
  test.slow();
  const release = await takeTurn();
  try {
    await page.goto("/varaa");
    // 07.00 is a night hour: 1 × 80 €.
    await chooseTimeAndService(page, { day: jsEnabled ? 5 : 6, hour: 7, duration: 1, service: /^Juttuseura ja seurustelu/ });
    await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();
    await main(page).getByRole("radio", { name: /Ei väliä – valitkaa minulle sopiva/ }).check();
    await main(page).getByRole("button", { name: "Jatka yhteystietoihin" }).click();
    await expect(page).toHaveURL(/\/varaa\/yhteystiedot\?/);
    const form = main(page);
    await form.getByRole("radio", { name: /^Itselleni/ }).check();
    await fillContact(page, uniqueEmail(jsEnabled ? "hinta-js" : "hinta-nojs"));
    await form.getByRole("radio", { name: /^Lasku/ }).check();
    await form.getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();
    await passBotCheck(page, jsEnabled);
    await expect(form.getByTestId("hinta-yhteensa")).toHaveText(/^80,00\s€$/);

    // Meanwhile the admin moves 07 into the day band: 40 € an hour.
    await setNightEnd(browser, 6);

    await form.getByRole("button", { name: "Vahvista varaus" }).click();
    await expect(form.getByText(/Hinta on muuttunut sillä välin, kun teit varausta\. Uusi hinta on 40,00\s€\. Tarkista hinta ja vahvista varaus uudelleen\./)).toBeVisible();
    await expect(form.getByTestId("hinta-yhteensa")).toHaveText(/^40,00\s€$/);
    await expect(page.locator('input[name="shownPriceCents"]')).toHaveValue("4000");
    // Everything typed is kept; only the terms and the bot check are asked again if the page says so.
    await expect(form.getByLabel("Etunimi", { exact: true })).toHaveValue("Aino");
    if (!(await form.getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).isChecked())) await form.getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();
    if (jsEnabled) await form.getByLabel("Etunimi", { exact: true }).focus();
    await passBotCheck(page, jsEnabled);

    await form.getByRole("button", { name: "Vahvista varaus" }).click();
    await expect(page).toHaveURL(RESULT_PAGE);
    await expect(main(page).getByTestId("tilaus-yhteensa")).toHaveText(/^40,00\s€$/);
  } finally {
    try {
      await setNightEnd(browser, 7);
    } finally {
      release();
    }
  }
});

test("a price changed while the signed-in summary is open is shown, and 'Varaa nyt' again books at it", async ({ page, browser, jsEnabled }) => {
  test.slow();
  const release = await takeTurn();
  try {
    await page.goto("/auth");
    await main(page).getByLabel("Sähköposti").fill("asiakas@arkikaveri.test");
    await main(page).getByLabel("Salasana").fill(DEMO_PASSWORD);
    await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
    await expect(page).toHaveURL(/\/portal$/);
    await page.goto("/varaa-kaveri");
    await main(page).getByRole("radio", { name: /^Juttuseura ja seurustelu/ }).check();
    await main(page).getByRole("button", { name: "Jatka", exact: true }).click();
    await expect(page).toHaveURL(/\/aika\?/);
    await chooseTime(page, { day: jsEnabled ? 11 : 12, hour: 7, duration: 1 });
    await describeVisit(page, { description: `Ulkoilua ja juttuseuraa aamulla (${jsEnabled ? "js" : "nojs"}).` });
    await chooseHelper(page, "Elina Mäkinen");
    await expect(page.getByRole("heading", { level: 1, name: "Yhteenveto ja maksu" })).toBeVisible();
    const form = main(page);
    await form.getByRole("radio", { name: /^Lasku/ }).check();
    await form.getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();
    await expect(form.getByTestId("hinta-yhteensa")).toHaveText(/^80,00\s€$/);

    await setNightEnd(browser, 6);

    await form.getByRole("button", { name: "Varaa nyt" }).click();
    await expect(form.getByText(/Hinta on muuttunut sillä välin, kun teit varausta\. Uusi hinta on 40,00\s€\. Tarkista hinta ja vahvista varaus uudelleen\./)).toBeVisible();
    await expect(form.getByTestId("hinta-yhteensa")).toHaveText(/^40,00\s€$/);
    await expect(page.locator('input[name="shownPriceCents"]')).toHaveValue("4000");
    if (!(await form.getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).isChecked())) await form.getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();

    await form.getByRole("button", { name: "Varaa nyt" }).click();
    await expect(page).toHaveURL(/\/portal\/orders\/success\?order_number=ORD-\d+/);
    const orderNumber = new URL(page.url()).searchParams.get("order_number")!;
    await page.goto(`/portal/orders/${orderNumber}`);
    await expect(main(page)).toContainText(/40,00\s€/);
    await expect(main(page)).not.toContainText(/80,00\s€/);
  } finally {
    try {
      await setNightEnd(browser, 7);
    } finally {
      release();
    }
  }
});
