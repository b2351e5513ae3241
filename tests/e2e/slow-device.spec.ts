import type { Page } from "@playwright/test";
import { chooseTimeAndService, fillContact, uniqueEmail } from "./support/booking";
import { expect, test } from "./support/test";

// An old phone and a quick hand: the booking is sent the moment the form is filled in, while the
// bot check (ALTCHA's proof-of-work, with JavaScript) is still working. The submission must wait
// for it, say "Tarkistetaan…", and go through by itself: never answer "Tee varmistus".

const main = (page: Page) => page.getByRole("main");

test("a booking sent before the bot check has finished waits for it and reaches the result page", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "Without JavaScript the check is a question answered in the form itself");
  test.slow();
  // A CPU four times slower, and the widget's challenge held back until the visitor has pressed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  let pressed!: () => void;
  const pressedPromise = new Promise<void>((resolve) => (pressed = resolve));
  await page.route("**/api/altcha-challenge**", async (route) => {
    await pressedPromise;
    await route.continue();
  });

  await page.goto("/");
  await main(page).getByRole("link", { name: "Varaa nyt" }).first().click();
  await chooseTimeAndService(page, { day: 24, hour: 12, duration: 2, service: /^Asiointiapu/ });
  await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();
  await main(page).getByRole("radio", { name: /Ei väliä/ }).check();
  await main(page).getByRole("button", { name: "Jatka yhteystietoihin" }).click();

  await main(page).getByRole("radio", { name: /^Itselleni/ }).check();
  await fillContact(page, uniqueEmail("kiireinen"));
  await main(page).getByRole("radio", { name: /^Lasku/ }).check();
  await main(page).getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();
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
