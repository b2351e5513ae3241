import type { Page } from "@playwright/test";
import { AFTER_BOT_CHECK, atLocalCheckout, chooseTimeAndService, fillContact, passBotCheck, uniqueEmail } from "./support/booking";
import { expect, expectNoAxeViolations, test } from "./support/test";

// The public booking as a customer goes through it, once with JavaScript and once without (the
// two Playwright projects): /varaa and /varaus, invoice and online payment (pay and cancel),
// booking for another person, discount codes, the confirmation e-mail with its invoice PDF.
// Every step is scanned with axe. Tests of the two projects run against one server at the same
// time, so each test books its own day and each project its own hours.

const main = (page: Page) => page.getByRole("main");

// Without JavaScript the contact form posts to '…#varaus-yhteystiedot' (a reloaded page with errors
// opens at the form), and a redirect keeps a fragment it does not replace: the result page's
// address may carry it.
const RESULT_PAGE = /\/varaus-maksu-onnistui\?order_number=ORD-\d+&payment_method=invoice(#varaus-yhteystiedot)?$/;

/** The WCAG contrast ratio of a CSS 'rgb(r, g, b)' colour against white. */
function contrastWithWhite(color: string): number {
  const [r, g, b] = color.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((channel) => {
    const c = Number(channel) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

async function openConfirmationMail(page: Page, email: string, orderNumber: string) {
  const subject = `Varausvahvistus ${orderNumber} – Arkikaveri`;
  await expect(async () => {
    await page.goto("/dev/sahkopostit");
    await expect(page.getByRole("row").filter({ hasText: email }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: subject }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
}

test.describe("booking", () => {
  // Whole bookings with an axe scan of every step: more than the default minute on a busy machine.
  test.slow();

  test("landing → /varaa → caregiver → contact → invoice → success page → e-mail with the invoice PDF", async ({ page, jsEnabled }) => {
    const email = uniqueEmail(jsEnabled ? "lasku-js" : "lasku-nojs");
    await page.goto("/");
    await main(page).getByRole("link", { name: "Varaa nyt" }).first().click();
    await expect(page).toHaveURL(/\/varaa$/);
    await expect(page.getByRole("heading", { level: 1, name: "Valitse aika ja palvelu" })).toBeVisible();
    await expect(main(page).getByRole("heading", { name: "Varaa aika helposti" })).toBeVisible();
    await expectNoAxeViolations(page);
    // The way on is plainly closed until there is something to go on with, and says why.
    const proceed = main(page).getByRole("button", { name: "Jatka kaverin valintaan" });
    await expect(proceed).toBeDisabled();
    await expect(proceed).toHaveAccessibleDescription("Valitse ensin päivä, niin pääset valitsemaan kaverin.");
    // Day buttons have borders a low-vision reader can see (WCAG 1.4.11: 3:1 against white).
    const dayButton = main(page).getByRole("table").locator("button:not([aria-label$=\"tänään\"])").first();
    expect(contrastWithWhite(await dayButton.evaluate((button) => getComputedStyle(button).borderTopColor))).toBeGreaterThanOrEqual(3);

    await chooseTimeAndService(page, { day: 8, hour: jsEnabled ? 10 : 14, duration: 3, service: /^Juttuseura ja seurustelu/ });
    const summary = main(page).getByRole("region", { name: "Yhteenveto" });
    await expect(summary).toContainText("120,00 €");
    await expect(summary).toContainText("78,00 €");
    await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();

    await expect(page).toHaveURL(/\/varaa\/kaveri\?/);
    await expect(page.getByRole("heading", { level: 1, name: "Valitse kaveri" })).toBeVisible();
    await expect(main(page).getByText("tai valitse kaveri")).toBeVisible();
    await expectNoAxeViolations(page);
    await main(page).getByRole("radio", { name: /Ei väliä – valitkaa minulle sopiva/ }).check();
    await main(page).getByRole("button", { name: "Jatka yhteystietoihin" }).click();

    await expect(page).toHaveURL(/\/varaa\/yhteystiedot\?/);
    await expect(page.getByRole("heading", { level: 1, name: "Yhteystiedot" })).toBeVisible();
    await expectNoAxeViolations(page);
    await main(page).getByRole("radio", { name: /^Itselleni/ }).check();
    await fillContact(page, email);
    await main(page).getByRole("radio", { name: /^Lasku/ }).check();
    await main(page).getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();
    await passBotCheck(page, jsEnabled);
    await expect(main(page).getByTestId("hinta-yhteensa")).toHaveText("120,00 €");
    // The cancellation rule is stated before the booking is confirmed.
    await expect(main(page).getByRole("button", { name: "Vahvista varaus" })).toHaveAccessibleDescription(
      /^Peruutus: Voit perua varauksen maksutta viimeistään 24 tuntia ennen käynnin alkua\./,
    );
    await main(page).getByRole("button", { name: "Vahvista varaus" }).click();

    await expect(page).toHaveURL(RESULT_PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "Kiitos varauksestasi!" })).toBeVisible();
    await expect(main(page)).toContainText("Maksuaika on 14 päivää");
    // What happens next, on the page itself: the address, when the helper is named, the rule, the phone.
    await expect(main(page)).toContainText("Runeberginkatu 15 A 4, 00100 Helsinki");
    const next = main(page).getByRole("region", { name: "Mitä tapahtuu seuraavaksi?" });
    await expect(next).toContainText(/kerromme hänen nimensä sähköpostitse viimeistään \S+ \d+\.\d+\.\d{4} klo \d\d\.\d\d\./);
    await expect(next).toContainText("Kaveri on yhteydessä sinuun ennen käyntiä");
    await expect(next).toContainText(/Voit perua varauksen maksutta viimeistään .* klo/);
    await expect(next).toContainText(/soittamalla asiakaspalveluun \S/);
    await expect(main(page)).not.toContainText("muutaman päivän");
    await expect(main(page).getByTestId("tilaus-yhteensa")).toHaveText("120,00 €");
    await expectNoAxeViolations(page);
    const orderNumber = new URL(page.url()).searchParams.get("order_number")!;
    await expect(main(page)).toContainText(orderNumber);

    await openConfirmationMail(page, email, orderNumber);
    await expect(page.getByRole("link", { name: /^lasku-\d+\.pdf$/ })).toBeVisible();
    await expect(page.locator("body")).toContainText(/Voit perua varauksen maksutta viimeistään/);
    await expect(page.getByRole("link", { name: `varaus-${orderNumber}.ics` })).toBeVisible();
  });

  test("/varaus with online payment: the local checkout, pay, success page", async ({ page, jsEnabled }) => {
    await page.goto("/varaus");
    await expect(main(page).getByText("Vaihe 1 / 3")).toBeVisible();
    await expect(main(page).getByRole("navigation", { name: "Varauksen vaiheet" })).toBeVisible();
    // Matti offers digital help (Digikaveri), not errands: helpers are offered for what they do.
    await chooseTimeAndService(page, { day: 12, hour: jsEnabled ? 9 : 13, duration: 2, service: /^Digikaveri/ });
    await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();

    await expect(main(page).getByText("Vaihe 2 / 3")).toBeVisible();
    const matti = main(page).getByRole("radio", { name: /Matti Korhonen/ });
    await expect(main(page).getByText("(112 tilausta)")).toBeVisible();
    await matti.check();
    await main(page).getByRole("button", { name: "Jatka yhteystietoihin" }).click();

    await expect(main(page).getByText("Vaihe 3 / 3")).toBeVisible();
    await expect(main(page).getByText("Matti Korhonen")).toBeVisible();
    await main(page).getByRole("radio", { name: /^Itselleni/ }).check();
    await fillContact(page, uniqueEmail("verkko"));
    await main(page).getByRole("radio", { name: /^Verkkomaksu/ }).check();
    await main(page).getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();
    await passBotCheck(page, jsEnabled);
    await main(page).getByRole("button", { name: "Vahvista varaus" }).click();

    await atLocalCheckout(page);
    await expect(main(page)).toContainText("80,00 €");
    await main(page).getByRole("button", { name: "Maksa" }).click();
    await expect(page).toHaveURL(/\/varaus-maksu-onnistui\?order_number=ORD-\d+/);
    await expect(page.getByRole("heading", { level: 1, name: /Maksu onnistui/ })).toBeVisible();
    await expect(main(page).getByTestId("tilaus-yhteensa")).toHaveText("80,00 €");
    await expectNoAxeViolations(page);
  });

  test("/varaus with online payment: cancelling on the checkout page", async ({ page, jsEnabled }) => {
    await page.goto("/varaus");
    await chooseTimeAndService(page, { day: 14, hour: jsEnabled ? 18 : 20, duration: 2, service: /^Ulkoiluseura/ });
    await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();
    await main(page).getByRole("radio", { name: /Ei väliä/ }).check();
    await main(page).getByRole("button", { name: "Jatka yhteystietoihin" }).click();
    await main(page).getByRole("radio", { name: /^Itselleni/ }).check();
    const email = uniqueEmail("peru");
    await fillContact(page, email);
    await main(page).getByRole("radio", { name: /^Verkkomaksu/ }).check();
    await main(page).getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();
    await passBotCheck(page, jsEnabled);
    await main(page).getByRole("button", { name: "Vahvista varaus" }).click();

    await atLocalCheckout(page);
    await expect(main(page)).toContainText("120,00 €");
    await main(page).getByRole("button", { name: "Peruuta" }).click();
    await expect(page).toHaveURL(/\/varaus-peruutettu\?order_number=ORD-\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Maksu peruutettu" })).toBeVisible();
    const orderNumber = new URL(page.url()).searchParams.get("order_number")!;
    await expect(main(page)).toContainText(orderNumber);
    await expectNoAxeViolations(page);

    // 'Yritä uudelleen' returns to the contact step with every choice and field kept.
    await main(page).getByRole("link", { name: "Yritä uudelleen" }).click();
    await expect(page).toHaveURL(/\/varaus\/yhteystiedot\?/);
    await expect(page.getByRole("heading", { level: 1, name: "Yhteystiedot" })).toBeVisible();
    await expect(main(page).getByText("Tietosi ovat tallessa")).toBeVisible();
    await expect(main(page).getByText("Ulkoiluseura").first()).toBeVisible();
    await expect(main(page).getByText("Ei väliä – valitsemme sinulle sopivan kaverin")).toBeVisible();
    await expect(main(page).getByLabel("Etunimi", { exact: true })).toHaveValue("Aino");
    await expect(main(page).getByLabel("Sähköposti", { exact: true })).toHaveValue(email);
    await expect(main(page).getByLabel("Kaupunki", { exact: true })).toHaveValue("Helsinki");
    await expect(main(page).getByRole("radio", { name: /^Verkkomaksu/ })).toBeChecked();
    await expect(main(page).getByRole("radio", { name: /^Itselleni/ })).toBeChecked();
    await expect(main(page).getByTestId("hinta-yhteensa")).toHaveText("120,00 €");
  });

  test("booking for another person, with an invalid and then a valid discount code", async ({ page, jsEnabled }) => {
    await page.goto("/varaa");
    // 7 hours typed by hand, evening: 7 × 60 € = 420 €.
    await chooseTimeAndService(page, { day: 16, hour: jsEnabled ? 17 : 19, typedDuration: 7, service: /^Kevyt kotiapu/ });
    const hourly = jsEnabled ? 4000 : 6000;
    const euros = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")} €`;
    await expect(main(page).getByRole("region", { name: "Yhteenveto" })).toContainText(euros(7 * hourly));
    await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();
    await main(page).getByRole("radio", { name: /Ei väliä/ }).check();
    await main(page).getByRole("button", { name: "Jatka yhteystietoihin" }).click();
    // The contact step has arrived (its address and heading) before its button is pressed: on a
    // loaded CI machine a press during the step's navigation once got no answer on screen.
    await expect(page).toHaveURL(/\/varaa\/yhteystiedot/);
    await expect(main(page).getByRole("heading", { level: 1, name: "Yhteystiedot" })).toBeVisible();

    // Nothing filled in: the error summary lists the problems and links to the fields. Pressed
    // before the bot check is done, the form waits for it first.
    await main(page).getByRole("button", { name: "Vahvista varaus" }).click();
    const summary = main(page).getByRole("alert").filter({ hasText: "Korjaa seuraavat virheet" });
    await expect(summary).toBeVisible(AFTER_BOT_CHECK);
    // Also without JavaScript the answer opens at the errors, not at the top of the page.
    await expect(summary).toBeInViewport();
    await expect(summary.getByRole("link", { name: "Valitse kenelle tilaat palvelun" })).toHaveAttribute("href", /#varaus-yhteystiedot-bookingFor$/);
    await expect(summary.getByRole("link", { name: "Sinun täytyy hyväksyä ehdot" })).toBeVisible();
    await expectNoAxeViolations(page);

    // The recipient's fields appear only for another person, with JavaScript and without.
    await expect(main(page).getByLabel("Saajan etunimi")).toBeHidden();
    await main(page).getByRole("radio", { name: /^Itselleni/ }).check();
    await expect(main(page).getByLabel("Saajan etunimi")).toBeHidden();
    await main(page).getByRole("radio", { name: /^Toiselle henkilölle/ }).check();
    await expect(main(page).getByLabel("Saajan etunimi")).toBeVisible();
    await fillContact(page, uniqueEmail("toiselle"));
    const form = main(page);
    await form.getByLabel("Saajan etunimi").fill("Eino");
    await form.getByLabel("Saajan sukunimi").fill("Laaksonen");
    await form.getByLabel("Saajan puhelinnumero").fill("050 123 4002");
    await form.getByLabel("Saajan katuosoite").fill("Tapiontori 3 B 12");
    await form.getByLabel("Saajan postinumero").fill("02100");
    await form.getByLabel("Saajan kaupunki").fill("Espoo");
    await form.getByRole("radio", { name: /^Lasku/ }).check();
    await form.getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();

    const code = form.getByLabel("Alennuskoodi (vapaaehtoinen)");
    const check = form.getByRole("button", { name: "Tarkista" });
    if (jsEnabled) {
      await code.fill("");
      await expect(check).toBeDisabled();
    }
    await code.fill("VANHA5");
    await check.click();
    await expect(form.getByText("Alennuskoodi ei ole voimassa")).toBeVisible();
    await expect(form.getByText("Alennuskoodi ei ole voimassa")).toBeInViewport();
    await expect(form.getByTestId("hinta-yhteensa")).toHaveText(euros(7 * hourly));
    // Everything typed is still there.
    await expect(form.getByLabel("Saajan kaupunki")).toHaveValue("Espoo");
    await expect(form.getByLabel("Etunimi", { exact: true })).toHaveValue("Aino");

    await code.fill("DEMO10");
    if (jsEnabled) await expect(form.getByText("Alennuskoodi ei ole voimassa")).toBeHidden();
    await form.getByRole("button", { name: "Tarkista" }).click();
    await expect(form.getByText("Alennuskoodi hyväksytty!")).toBeVisible();
    const discounted = 7 * hourly - Math.round(0.7 * hourly);
    await expect(form.getByTestId("hinta-yhteensa")).toHaveText(euros(discounted));
    await expectNoAxeViolations(page);

    await passBotCheck(page, jsEnabled);
    await form.getByRole("button", { name: "Vahvista varaus" }).click();
    await expect(page).toHaveURL(RESULT_PAGE);
    await expect(main(page).getByTestId("tilaus-yhteensa")).toHaveText(euros(discounted));
    await expect(main(page)).toContainText(`−${euros(Math.round(0.7 * hourly))}`);
  });
});
