import type { Page } from "@playwright/test";
import { atLocalCheckout, fillContact, passBotCheck } from "./support/booking";
import { expect, expectNoAxeViolations, test } from "./support/test";

// The success page does not take the redirect's word for a payment (issue 5): opened before the
// payment is confirmed it says "Maksua vahvistetaan…" and offers "Päivitä tilanne"; with
// JavaScript it updates by itself once the payment is in, without JavaScript the link shows it.
// Driven with the embedded local provider, whose pay button feeds the same event handling the
// Stripe webhook does.

const main = (page: Page) => page.getByRole("main");

/** A Helsinki date `days` from today, 'yyyy-MM-dd'. */
function dateInDays(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Helsinki" }).format(date);
}

test("the success page says the payment is being confirmed until it is", async ({ page, jsEnabled }) => {
  test.slow();
  const email = `vahvistus-${jsEnabled ? "js" : "nojs"}-${Date.now()}@example.fi`;
  // A draft in the address, the visit's place too (asked before the helper step).
  const params = new URLSearchParams({ paiva: dateInDays(24), aika: jsEnabled ? "11:00" : "15:00", kesto: "2", postinumero: "00100", kaupunki: "Helsinki" });
  await page.goto(`/varaus?${params}`);
  await main(page).getByRole("radio", { name: /^Ulkoiluseura/ }).check();
  await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();
  await main(page).getByRole("radio", { name: /Ei väliä/ }).check();
  await main(page).getByRole("button", { name: "Jatka yhteystietoihin" }).click();

  await main(page).getByRole("radio", { name: /^Itselleni/ }).check();
  await fillContact(page, email);
  await main(page).getByRole("radio", { name: /^Verkkomaksu/ }).check();
  await main(page).getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();
  await passBotCheck(page, jsEnabled);
  await main(page).getByRole("button", { name: "Vahvista varaus" }).click();
  const orderNumber = await atLocalCheckout(page);

  // The customer opens the success address before paying (another tab of the same browser).
  const success = await page.context().newPage();
  await success.goto(`/varaus-maksu-onnistui?order_number=${orderNumber}`);
  await expect(success.getByRole("heading", { level: 1, name: "Maksua vahvistetaan…" })).toBeVisible();
  await expect(main(success)).toContainText("Odotamme vielä vahvistusta maksusta");
  const refresh = main(success).getByRole("link", { name: "Päivitä tilanne" });
  await expect(refresh).toHaveAttribute("href", `/varaus-maksu-onnistui?order_number=${orderNumber}`);
  if (jsEnabled) await expect(main(success)).toContainText("Sivu päivittyy itsestään");
  await expectNoAxeViolations(success);

  // Paying on the checkout page confirms it …
  await main(page).getByRole("radio", { name: /^Kortti/ }).check();
  await main(page).getByRole("button", { name: "Maksa" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Maksu onnistui/ })).toBeVisible();

  // … and the waiting tab shows it: by itself with JavaScript, through the link without.
  if (!jsEnabled) await refresh.click();
  await expect(success.getByRole("heading", { level: 1, name: /Maksu onnistui/ })).toBeVisible({ timeout: 15_000 });
  await expect(main(success)).toContainText("Maksu vastaanotettu");
  await expectNoAxeViolations(success);
});
