import type { Page } from "@playwright/test";
import { chooseTimeAndService, fillContact, nextMonthDay, uniqueEmail } from "./support/booking";
import { expect, test } from "./support/test";

// An old phone and a quick hand: the booking is sent the moment the form is filled in, while the
// bot check (ALTCHA's proof-of-work, with JavaScript) is still working. The submission must wait
// for it, say "Tarkistetaan…", and go through by itself: never answer "Tee varmistus".

const main = (page: Page) => page.getByRole("main");
const BOT_CHECK_CHALLENGE = "**/api/altcha-challenge**";

/** Holds back the answers to requests for `url` until the returned function is called. */
async function holdAnswers(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** From the landing page to a filled-in contact step, invoice payment, terms accepted. */
async function fillBookingFromLanding(page: Page, pick: Parameters<typeof chooseTimeAndService>[1], tag: string) {
  await page.goto("/");
  await main(page).getByRole("link", { name: "Varaa nyt" }).first().click();
  await chooseTimeAndService(page, pick);
  await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();
  await main(page).getByRole("radio", { name: /Ei väliä/ }).check();
  await main(page).getByRole("button", { name: "Jatka yhteystietoihin" }).click();
  await main(page).getByRole("radio", { name: /^Itselleni/ }).check();
  await fillContact(page, uniqueEmail(tag));
  await main(page).getByRole("radio", { name: /^Lasku/ }).check();
  await main(page).getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();
}

test("a booking sent before the bot check has finished waits for it and reaches the result page", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "Without JavaScript the check is a question answered in the form itself");
  test.slow();
  // A CPU four times slower, and the widget's challenge held back until the visitor has pressed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const pressed = await holdAnswers(page, BOT_CHECK_CHALLENGE);
  await fillBookingFromLanding(page, { day: 24, hour: 12, duration: 2, service: /^Asiointiapu/ }, "kiireinen");
  const submit = main(page).getByRole("button", { name: "Vahvista varaus" });
  await submit.click();

  // Held back, and saying so, while the check works.
  await expect(main(page).getByRole("button", { name: "Tarkistetaan…" })).toBeDisabled();
  await expect(main(page).getByRole("status").filter({ hasText: "Lomake lähtee heti, kun varmistus on valmis." })).toBeVisible();
  await expect(page).toHaveURL(/\/varaa\/yhteystiedot/);
  pressed();

  await expect(page.getByRole("heading", { level: 1, name: "Kiitos varauksestasi!" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("Tee varmistus ennen lähettämistä")).toHaveCount(0);
});

test("a service picked while the previous pick is still loading is the one kept and booked", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "Without JavaScript each pick reloads the page before the next can be made");
  await page.goto("/");
  await main(page).getByRole("link", { name: "Varaa nyt" }).first().click();
  await chooseTimeAndService(page, { day: 25, hour: 14, duration: 2, service: /^Asiointiapu/ });

  // The visitor moves the visit to the next day, and while that is answered (slowly, and with a
  // redirect to the draft's address) changes the service too: the later pick must survive.
  const release = await holdAnswers(page, /\.data(\?|$)/);
  await main(page).getByRole("button", { name: nextMonthDay(26).label }).click();
  await main(page).getByRole("radio", { name: /^Digikaveri/ }).check();
  release();
  await expect(main(page).getByRole("button", { name: nextMonthDay(26).label })).toHaveAttribute("aria-pressed", "true");
  await page.unrouteAll();

  await main(page).getByRole("button", { name: "klo 14.00", exact: true }).click();
  await expect(page).toHaveURL(/#kesto$/);
  await expect(main(page).getByRole("radio", { name: /^Digikaveri/ })).toBeChecked();
  await expect(main(page).getByRole("radio", { name: /^Asiointiapu/ })).not.toBeChecked();

  await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();
  await expect(page).toHaveURL(/\/varaa\/kaveri/);
  const summary = main(page).locator("dl").filter({ hasText: "Palvelu" }).first();
  await expect(summary).toContainText("Digikaveri");
  await expect(summary).not.toContainText("Asiointiapu");
});

test("filling in the form while the bot check works sends nothing by itself", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "Without JavaScript the check is a question answered in the form itself");
  // The check starts when the visitor steps into the form; its challenge is held back until all
  // fields are filled. Leaving each field validates it (Conform does that by a hidden submission),
  // and none of that may turn into a booking once the check is done.
  const answer = await holdAnswers(page, BOT_CHECK_CHALLENGE);
  await fillBookingFromLanding(page, { day: 27, hour: 10, duration: 1, service: /^Juttuseura/ }, "hidas");
  answer();

  await expect(page.locator('input[name="altcha"]')).not.toHaveValue("", { timeout: 20_000 });
  // Give a stray submission time to happen: the page must stay as it is until the visitor presses.
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/varaa\/yhteystiedot/);
  await expect(page.getByRole("heading", { level: 1, name: "Kiitos varauksestasi!" })).toHaveCount(0);

  await main(page).getByRole("button", { name: "Vahvista varaus" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Kiitos varauksestasi!" })).toBeVisible();
});
