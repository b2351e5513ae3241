import type { Page } from "@playwright/test";
import { chooseTimeAndService, fillContact, nextMonthDay, passBotCheck, uniqueEmail } from "./support/booking";
import { helsinkiInstant, moveServerClock, RETRY_DAY_SHIFT } from "./support/clock";
import { checkNarrowPage } from "./support/layout";
import { expect, expectNoAxeViolations, test } from "./support/test";

// "Muistutus tekstiviestinä" (issue 28 item 2, decision 0031) as a guest meets it: she ticks the
// box on the contact step (first with her landline, which the form refuses in Finnish at the box),
// books next month, and nothing is texted until a day before the visit; then (the test clock moved
// there, as in visit-reminders.spec.ts) the text is in the dev outbox /dev/tekstiviestit, one
// GSM-7 message, and its short link opens her visit without signing in, where she stops the texts.

const main = (page: Page) => page.getByRole("main");

function textOf(page: Page, shownPhone: string) {
  return main(page).getByRole("listitem").filter({ hasText: `Vastaanottaja: ${shownPhone}` });
}

async function bookWithTextReminder(page: Page, js: boolean, { day, email, phone }: { day: number; email: string; phone: string }) {
  await page.goto("/varaa");
  await chooseTimeAndService(page, { day, hour: 15, duration: 2, service: /^Juttuseura ja seurustelu/ });
  await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();
  await main(page).getByRole("radio", { name: /Ei väliä – valitkaa minulle sopiva/ }).check();
  await main(page).getByRole("button", { name: "Jatka yhteystietoihin" }).click();
  await main(page).getByRole("radio", { name: /^Itselleni/ }).check();
  await fillContact(page, email);
  await main(page).getByLabel("Puhelinnumero", { exact: true }).fill("09 123 4567");
  await main(page).getByRole("checkbox", { name: "Muistutus tekstiviestinä" }).check();
  await main(page).getByRole("radio", { name: /^Lasku/ }).check();
  await main(page).getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();
  await passBotCheck(page, js);
  await main(page).getByRole("button", { name: "Vahvista varaus" }).click();

  // A landline gets no texts: said at the box and in the error summary, which links to it.
  const message = /Tekstiviestimuistutus lähetetään suomalaiseen matkapuhelinnumeroon/;
  await expect(page.getByRole("link", { name: message })).toBeVisible();
  await expect(main(page).getByRole("checkbox", { name: "Muistutus tekstiviestinä" })).toHaveAccessibleDescription(message);
  await expectNoAxeViolations(page);

  await main(page).getByLabel("Puhelinnumero", { exact: true }).fill(phone);
  await main(page).getByRole("checkbox", { name: "Muistutus tekstiviestinä" }).check();
  if (!(await main(page).getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).isChecked())) {
    await main(page).getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();
  }
  await passBotCheck(page, js);
  await main(page).getByRole("button", { name: "Vahvista varaus" }).click();
  await expect(page).toHaveURL(/\/varaus-maksu-onnistui\?order_number=ORD-\d+/);
  return new URL(page.url()).searchParams.get("order_number")!;
}

async function textedGuest(page: Page, js: boolean, day: number) {
  const email = uniqueEmail(js ? "tekstiviesti-js" : "tekstiviesti-nojs");
  const digits = `${Date.now() % 10_000_000}`.padStart(7, "0");
  const phone = `040${js ? "1" : "2"}${digits.slice(1)}`;
  const shownPhone = `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
  const orderNumber = await bookWithTextReminder(page, js, { day, email, phone });
  const visit = nextMonthDay(day);

  // A minute before the day-before mark: not yet.
  await moveServerClock(page, helsinkiInstant(visit.year, visit.month, day - 1, 14, 59));
  await page.waitForTimeout(1_000);
  await page.goto("/dev/tekstiviestit");
  await expect(textOf(page, shownPhone)).toHaveCount(0);

  await moveServerClock(page, helsinkiInstant(visit.year, visit.month, day - 1, 15, 1));
  await expect(async () => {
    await page.goto("/dev/tekstiviestit");
    await expect(textOf(page, shownPhone)).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const text = textOf(page, shownPhone);
  await expect(text).toContainText(`Arkikaveri: kaveri tulee`);
  await expect(text).toContainText(`${visit.day}.${visit.month}. klo 15-17`);
  await expect(text).toContainText("1 viesti (");
  await expect(text).not.toContainText("ei GSM-7");
  // The outbox at 320 px: the long link wraps, nothing is wider than the screen; axe clean.
  await page.setViewportSize({ width: 320, height: 740 });
  await checkNarrowPage(page, { axe: true });

  await text.getByRole("link", { name: /\/h\// }).click();
  await expect(page).toHaveURL(/\/hallitse\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("heading", { level: 1, name: `Varauksesi ${orderNumber}` })).toBeVisible();
  await expect(main(page).getByRole("region", { name: "Peru käynti" })).toBeVisible();
  await checkNarrowPage(page, { axe: true });

  // She stops the texts on the same page, as easily as she chose them: one press, and it says so.
  const texts = main(page).getByRole("region", { name: "Muistutus tekstiviestinä" });
  await expect(texts).toContainText(`Numeroon ${shownPhone} tulee tekstiviesti`);
  await texts.getByRole("button", { name: "Älä lähetä tekstiviestejä" }).click();
  await expect(page.getByRole("status").getByText("Tekstiviestimuistutukset peruttu")).toBeVisible();
  await expect(texts).toContainText(`Numeroon ${shownPhone} ei lähetetä tekstiviestimuistutuksia.`);
  await checkNarrowPage(page, { axe: true });
}

test("a guest's text reminder arrives in the dev outbox a day before the visit, and its short link opens the visit", { tag: "@kello" }, async ({ browser, jsEnabled }, testInfo) => {
  test.skip(!jsEnabled, "runs with and without JavaScript itself, one after the other, in the 'kello' project: the server has one clock");
  test.setTimeout(600_000);
  for (const js of [true, false]) {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: js, locale: "fi-FI", timezoneId: "Europe/Helsinki" });
    const page = await context.newPage();
    try {
      await textedGuest(page, js, (js ? 4 : 6) + testInfo.retry * RETRY_DAY_SHIFT);
    } finally {
      await moveServerClock(page, null);
      await context.close();
    }
  }
});
