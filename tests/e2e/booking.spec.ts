import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./support/test";

// The public booking as a customer goes through it, once with JavaScript and once without (the
// two Playwright projects): /varaa and /varaus, invoice and online payment (pay and cancel),
// booking for another person, discount codes, the confirmation e-mail with its invoice PDF.
// Every step is scanned with axe. Tests of the two projects run against one server at the same
// time, so each test books its own day and each project its own hours.

const main = (page: Page) => page.getByRole("main");

const MONTHS = ["tammikuu", "helmikuu", "maaliskuu", "huhtikuu", "toukokuu", "kesäkuu", "heinäkuu", "elokuu", "syyskuu", "lokakuu", "marraskuu", "joulukuu"];

/** Day `day` of next month (Helsinki), always inside the 180-day window. */
function nextMonthDay(day: number) {
  const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Helsinki" }).format(new Date());
  let [year, month] = today.split("-").map(Number);
  month += 1;
  if (month === 13) {
    month = 1;
    year += 1;
  }
  return { year, month, day, monthName: MONTHS[month - 1], label: new RegExp(`^\\S+ ${day}\\.${month}\\.${year}$`) };
}

function uniqueEmail(tag: string) {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.fi`;
}

/** Step 1: next month's `day` at `hour`, a duration button or a typed duration, and a service. */
async function chooseTimeAndService(
  page: Page,
  options: { day: number; hour: number; duration?: number; typedDuration?: number; service: string | RegExp },
) {
  const target = nextMonthDay(options.day);
  await main(page).getByRole("button", { name: /^Seuraava kuukausi/ }).click();
  await expect(main(page).getByRole("heading", { level: 3, name: new RegExp(`${target.monthName} ${target.year}`, "i") })).toBeVisible();
  await main(page).getByRole("button", { name: target.label }).click();
  // Each pick is a GET submission answered with the draft's address: wait for it to settle.
  await expect(page).toHaveURL(/#aika$/);
  await expect(main(page).getByText("Valitsit")).toBeVisible();
  await expect(main(page).getByRole("heading", { name: "2. Valitse kellonaika" })).toBeVisible();
  await expectNoAxeViolations(page);

  const clock = `klo ${String(options.hour).padStart(2, "0")}.00`;
  await main(page).getByRole("button", { name: clock, exact: true }).click();
  await expect(page).toHaveURL(/#kesto$/);
  await expect(main(page).getByRole("button", { name: clock, exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(main(page).getByRole("heading", { name: "3. Valitse kesto" })).toBeVisible();

  if (options.typedDuration) {
    await main(page).getByPlaceholder("Esim. 5").fill(String(options.typedDuration));
    await main(page).getByRole("button", { name: "Käytä tätä kestoa" }).click();
    await expect(page).toHaveURL(new RegExp(`kesto=${options.typedDuration}&.*#palvelu$`));
    await expect(main(page).getByPlaceholder("Esim. 5")).toHaveValue(String(options.typedDuration));
  } else if (options.duration) {
    const label = options.duration === 1 ? "1 tunti" : `${options.duration} tuntia`;
    await main(page).getByRole("button", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`kesto=${options.duration}&.*#palvelu$`));
    await expect(main(page).getByRole("button", { name: label, exact: true })).toHaveAttribute("aria-pressed", "true");
  }
  await main(page).getByRole("radio", { name: options.service }).check();
  await expectNoAxeViolations(page);
}

async function passBotCheck(page: Page, jsEnabled: boolean) {
  if (jsEnabled) {
    // The widget starts when the visitor steps into the form and fills its hidden field.
    await expect(page.locator('input[name="altcha"]')).not.toHaveValue("", { timeout: 20_000 });
    return;
  }
  const question = main(page).getByText(/^Paljonko on [1-9] \+ [1-9]\?$/);
  const text = (await question.textContent())!;
  const [, a, b] = /Paljonko on ([1-9]) \+ ([1-9])\?/.exec(text)!;
  await main(page).getByLabel(text).fill(String(Number(a) + Number(b)));
}

async function fillContact(page: Page, email: string) {
  const form = main(page);
  await form.getByLabel("Etunimi", { exact: true }).fill("Aino");
  await form.getByLabel("Sukunimi", { exact: true }).fill("Virtanen");
  await form.getByLabel("Sähköposti", { exact: true }).fill(email);
  await form.getByLabel("Puhelinnumero", { exact: true }).fill("040 123 4567");
  await form.getByLabel("Katuosoite", { exact: true }).fill("Runeberginkatu 15 A 4");
  await form.getByLabel("Postinumero", { exact: true }).fill("00100");
  await form.getByLabel("Kaupunki", { exact: true }).fill("Helsinki");
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
    await main(page).getByRole("button", { name: "Vahvista varaus" }).click();

    await expect(page).toHaveURL(/\/varaus-maksu-onnistui\?order_number=ORD-\d+&payment_method=invoice$/);
    await expect(page.getByRole("heading", { level: 1, name: "Kiitos varauksestasi!" })).toBeVisible();
    await expect(main(page)).toContainText("Maksuaika on 14 päivää");
    await expect(main(page).getByTestId("tilaus-yhteensa")).toHaveText("120,00 €");
    await expectNoAxeViolations(page);
    const orderNumber = new URL(page.url()).searchParams.get("order_number")!;
    await expect(main(page)).toContainText(orderNumber);

    await openConfirmationMail(page, email, orderNumber);
    await expect(page.getByRole("link", { name: /^lasku-\d+\.pdf$/ })).toBeVisible();
    await expect(page.getByRole("link", { name: `varaus-${orderNumber}.ics` })).toBeVisible();
  });

  test("/varaus with online payment: the local checkout, pay, success page", async ({ page, jsEnabled }) => {
    await page.goto("/varaus");
    await expect(main(page).getByText("Vaihe 1 / 3")).toBeVisible();
    await expect(main(page).getByRole("navigation", { name: "Varauksen vaiheet" })).toBeVisible();
    await chooseTimeAndService(page, { day: 12, hour: jsEnabled ? 9 : 13, duration: 2, service: /^Asiointiapu/ });
    await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();

    await expect(main(page).getByText("Vaihe 2 / 3")).toBeVisible();
    const matti = main(page).getByRole("radio", { name: /Matti Korhonen/ });
    await expect(main(page).getByText("(112 tilauksia)")).toBeVisible();
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

    await expect(page).toHaveURL(/\/maksu\/testi\//);
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
    await fillContact(page, uniqueEmail("peru"));
    await main(page).getByRole("radio", { name: /^Verkkomaksu/ }).check();
    await main(page).getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();
    await passBotCheck(page, jsEnabled);
    await main(page).getByRole("button", { name: "Vahvista varaus" }).click();

    await expect(page).toHaveURL(/\/maksu\/testi\//);
    await expect(main(page)).toContainText("120,00 €");
    await main(page).getByRole("button", { name: "Peruuta" }).click();
    await expect(page).toHaveURL(/\/varaus-peruutettu\?order_number=ORD-\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Maksu peruutettu" })).toBeVisible();
    const orderNumber = new URL(page.url()).searchParams.get("order_number")!;
    await expect(main(page)).toContainText(orderNumber);
    await expect(main(page).getByRole("link", { name: "Yritä uudelleen" })).toHaveAttribute("href", "/varaus");
    await expectNoAxeViolations(page);
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

    // Nothing filled in: the error summary lists the problems and links to the fields.
    await main(page).getByRole("button", { name: "Vahvista varaus" }).click();
    const summary = main(page).getByRole("alert").filter({ hasText: "Korjaa seuraavat virheet" });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole("link", { name: "Valitse kenelle tilaat palvelun" })).toHaveAttribute("href", /#varaus-yhteystiedot-bookingFor$/);
    await expect(summary.getByRole("link", { name: "Sinun täytyy hyväksyä ehdot" })).toBeVisible();
    await expectNoAxeViolations(page);

    await main(page).getByRole("radio", { name: /^Toiselle henkilölle/ }).check();
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
    await expect(page).toHaveURL(/\/varaus-maksu-onnistui\?order_number=ORD-\d+&payment_method=invoice$/);
    await expect(main(page).getByTestId("tilaus-yhteensa")).toHaveText(euros(discounted));
    await expect(main(page)).toContainText(`−${euros(Math.round(0.7 * hourly))}`);
  });
});
