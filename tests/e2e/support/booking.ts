import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations } from "./test";

// Steps of the public booking as a customer takes them, shared by the specs that book.

const main = (page: Page) => page.getByRole("main");

const MONTHS = ["tammikuu", "helmikuu", "maaliskuu", "huhtikuu", "toukokuu", "kesäkuu", "heinäkuu", "elokuu", "syyskuu", "lokakuu", "marraskuu", "joulukuu"];

/** Day `day` of next month (Helsinki), always inside the 180-day window. */
export function nextMonthDay(day: number) {
  const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Helsinki" }).format(new Date());
  let [year, month] = today.split("-").map(Number);
  month += 1;
  if (month === 13) {
    month = 1;
    year += 1;
  }
  return { year, month, day, monthName: MONTHS[month - 1], label: new RegExp(`^\\S+ ${day}\\.${month}\\.${year}$`) };
}

export function uniqueEmail(tag: string) {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.fi`;
}

/**
 * The time step: next month's `day` at `hour`, a duration button or a typed duration, a service
 * (in the public flows, where it is on this step), and the visit's place (Helsinki unless told).
 */
export async function chooseTimeAndService(
  page: Page,
  options: {
    day: number;
    hour: number;
    duration?: number;
    typedDuration?: number;
    service?: string | RegExp;
    place?: { postalCode: string; city: string };
  },
) {
  await chooseTime(page, options);
  if (options.service) await main(page).getByRole("radio", { name: options.service }).check();
  await fillPlace(page, options.place ?? { postalCode: "00100", city: "Helsinki" });
  await expectNoAxeViolations(page);
}

/** Where the visit is: asked before the helper step in every flow (DESIGN.md decision 17). */
export async function fillPlace(page: Page, place: { postalCode: string; city: string }) {
  const section = main(page).getByRole("region", { name: /Missä käynti on\?|Käynnin osoite|Kenelle tilaat palvelun\?/ });
  await section.getByLabel("Postinumero", { exact: true }).fill(place.postalCode);
  await section.getByLabel("Kaupunki", { exact: true }).fill(place.city);
}

/** The calendar, the hour and the duration of the time step. */
export async function chooseTime(
  page: Page,
  options: { day: number; hour: number; duration?: number; typedDuration?: number; /** Only some helpers' plans cover the city's evenings. */ eveningsMarked?: boolean },
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
  // Every day and evening start (up to 23.00) is shown at once, so no evening price is hidden.
  if (!options.eveningsMarked) await expect(main(page).getByRole("button", { name: "klo 23.00", exact: true })).toBeVisible();
  if (options.hour < 8) {
    // The night band's starts (00.00–07.00) are behind a toggle (a <details>, JS or not).
    await expect(main(page).getByRole("button", { name: clock, exact: true })).toBeHidden();
    await main(page).getByText("Näytä yö- ja aamuyön ajat").click();
  }
  await main(page).getByRole("button", { name: clock, exact: true }).click();
  await expect(page).toHaveURL(/#kesto$/);
  await expect(main(page).getByRole("button", { name: clock, exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(main(page).getByRole("heading", { name: "3. Valitse kesto" })).toBeVisible();

  if (options.typedDuration) {
    await main(page).getByPlaceholder("Esim. 5").fill(String(options.typedDuration));
    await main(page).getByRole("button", { name: "Käytä tätä kestoa" }).click();
    await expect(page).toHaveURL(new RegExp(`kesto=${options.typedDuration}&.*#(palvelu|paikka)$`));
    await expect(main(page).getByPlaceholder("Esim. 5")).toHaveValue(String(options.typedDuration));
  } else if (options.duration) {
    const label = options.duration === 1 ? "1 tunti" : `${options.duration} tuntia`;
    await main(page).getByRole("button", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`kesto=${options.duration}&.*#(palvelu|paikka)$`));
    await expect(main(page).getByRole("button", { name: label, exact: true })).toHaveAttribute("aria-pressed", "true");
  }
}

export async function passBotCheck(page: Page, jsEnabled: boolean) {
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

/**
 * How long the answer to a form sent before its bot check has finished may take: with JavaScript
 * the press waits for the widget's proof-of-work (bot-check.tsx), which on a loaded two-core
 * machine can take longer than an ordinary answer (the widget itself gives up after 30 s).
 */
export const AFTER_BOT_CHECK = { timeout: 45_000 };

/**
 * The local test checkout, once it has rendered: with JavaScript the address changes before the
 * new page is drawn, so the previous step (with the same total on it) may still be showing.
 * Returns the order number the checkout names.
 */
export async function atLocalCheckout(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/maksu\/testi\//);
  await expect(page.getByRole("heading", { level: 1, name: "Maksa varaus" })).toBeVisible();
  const orderNumber = main(page).locator("dt", { hasText: "Tilausnumero" }).locator("+ dd");
  await expect(orderNumber).toHaveText(/^ORD-\d+$/);
  return (await orderNumber.textContent())!;
}

export async function fillContact(page: Page, email: string) {
  const form = main(page);
  await form.getByLabel("Etunimi", { exact: true }).fill("Aino");
  await form.getByLabel("Sukunimi", { exact: true }).fill("Virtanen");
  await form.getByLabel("Sähköposti", { exact: true }).fill(email);
  await form.getByLabel("Puhelinnumero", { exact: true }).fill("040 123 4567");
  await form.getByLabel("Katuosoite", { exact: true }).fill("Runeberginkatu 15 A 4");
  await form.getByLabel("Postinumero", { exact: true }).fill("00100");
  await form.getByLabel("Kaupunki", { exact: true }).fill("Helsinki");
}

/**
 * A guest's whole booking on /varaa, paid by invoice, with "Ei väliä" as the helper (or the named
 * `helper`): next month's `day` at `hour`, two hours. Returns the order number from the result page.
 */
export async function bookAsGuestByInvoice(page: Page, jsEnabled: boolean, options: { day: number; hour: number; email: string; helper?: string }): Promise<string> {
  await page.goto("/varaa");
  await chooseTimeAndService(page, { day: options.day, hour: options.hour, duration: 2, service: /^Juttuseura ja seurustelu/ });
  await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();
  await main(page).getByRole("radio", { name: options.helper ? new RegExp(options.helper) : /Ei väliä – valitkaa minulle sopiva/ }).check();
  await main(page).getByRole("button", { name: "Jatka yhteystietoihin" }).click();
  await main(page).getByRole("radio", { name: /^Itselleni/ }).check();
  await fillContact(page, options.email);
  await main(page).getByRole("radio", { name: /^Lasku/ }).check();
  await main(page).getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ }).check();
  await passBotCheck(page, jsEnabled);
  await main(page).getByRole("button", { name: "Vahvista varaus" }).click();
  await expect(page).toHaveURL(/\/varaus-maksu-onnistui\?order_number=ORD-\d+/);
  return new URL(page.url()).searchParams.get("order_number")!;
}

/** Opens the newest e-mail to `email` with `subject` in the dev mailbox. */
export async function openDevMail(page: Page, email: string, subject: string) {
  await expect(async () => {
    await page.goto("/dev/sahkopostit");
    await expect(page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: subject }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: subject }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
}
