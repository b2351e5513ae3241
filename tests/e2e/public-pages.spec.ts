import type { Page } from "@playwright/test";
import { AFTER_BOT_CHECK } from "./support/booking";
import { expect, expectNoAxeViolations, test } from "./support/test";

// The public side as a visitor meets it, once with JavaScript and once without (the two
// Playwright projects). Every page visited is scanned with axe.

async function openLanding(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

const contactForm = (page: Page) => page.locator("form", { has: page.getByRole("button", { name: "Lähetä viesti" }) });

test.describe("landing page", () => {
  test("shows the ten sections in the specified order", async ({ page }) => {
    await openLanding(page);
    await expectNoAxeViolations(page);

    await expect(page).toHaveTitle(/Arkikaveri/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Kaveri, joka auttaa arjessa");

    // 1 top bar … 10 footer: the banner comes first, the content info last, the sections between.
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Arkikaveri" })).toHaveAttribute("href", "/");
    await expect(banner.getByRole("link", { name: "Kirjaudu" })).toHaveAttribute("href", "/auth");
    await expect(page.getByRole("contentinfo")).toBeVisible();

    const sectionHeadings = await page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
    expect(sectionHeadings).toEqual([
      "Palvelumme",
      "Miksi Arkikaveri?",
      "Hinnat ja läpinäkyvyys",
      "Missiomme: hyvä kiertää",
      "Keitä kaverimme ovat?",
      "Kolmivaiheinen seulonta",
      "Ota yhteyttä",
    ]);
    const order = await page.evaluate(() =>
      ["header", "#hero-title", "#palvelut", "#miksi-title", "#hinnat", "#missio-title", "#kaverit-title", "#seulonta-title", "#yhteystiedot", "footer"].map(
        (selector) => document.querySelector(selector)?.getBoundingClientRect().top ?? Number.NaN,
      ),
    );
    expect(order.every((top, i) => i === 0 || top > order[i - 1])).toBe(true);
  });

  test("hero, price and footer links go to real pages and anchors", async ({ page }) => {
    await openLanding(page);

    const main = page.getByRole("main");
    const bookNow = main.getByRole("link", { name: "Varaa nyt" });
    await expect(bookNow).toHaveCount(2); // hero and price section
    for (const link of await bookNow.all()) await expect(link).toHaveAttribute("href", "/varaa");
    // Helpers' way in is secondary and says it is about work.
    await expect(main.getByRole("link", { name: "Hae työhön kaveriksi" })).toHaveAttribute("href", "/rekisteroidy-kaveriksi");
    // Near 'Varaa nyt': how booking goes, the cancellation rule and where the helpers are.
    const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
    await expect(hero.getByRole("listitem").filter({ hasText: "Valitse päivä, kellonaika ja palvelu." })).toBeVisible();
    await expect(hero).toContainText("Voit perua varauksen maksutta viimeistään 24 tuntia ennen käynnin alkua.");
    await expect(hero).toContainText(/Kavereitamme on nyt näillä paikkakunnilla: .*Helsinki/);

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Tietosuojaseloste" })).toHaveAttribute("href", "/tietosuoja");
    await expect(footer.getByRole("link", { name: "Käyttöehdot" })).toHaveAttribute("href", "/kayttoehdot");
    await expect(footer.getByRole("link", { name: "Yhteystiedot" })).toHaveAttribute("href", "/#yhteystiedot");
    await expect(footer.getByRole("link", { name: "Palvelut" })).toHaveAttribute("href", "/#palvelut");
    await expect(footer.getByRole("link", { name: "Hinnat" })).toHaveAttribute("href", "/#hinnat");
    await expect(footer.getByRole("link", { name: "Hae kaveriksi" })).toHaveAttribute("href", "/rekisteroidy-kaveriksi");
    for (const hrefs of await footer.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
      expect(hrefs).not.toBe("#");
    }
    // The anchors the footer points to exist exactly once.
    for (const id of ["palvelut", "hinnat", "yhteystiedot"]) {
      await expect(page.locator(`[id="${id}"]`)).toHaveCount(1);
    }

    await footer.getByRole("link", { name: "Yhteystiedot" }).click();
    await expect(page).toHaveURL(/#yhteystiedot$/);
    await expect(page.getByRole("heading", { name: "Ota yhteyttä" })).toBeInViewport();
  });

  test("lists the six services from the database", async ({ page }) => {
    await openLanding(page);
    const services = page.locator("#palvelut").getByRole("listitem");
    await expect(services).toHaveCount(6);
    await expect(page.locator("#palvelut").getByRole("heading", { level: 3 })).toHaveText([
      "Asiointiapu",
      "Juttuseura ja seurustelu",
      "Kevyt kotiapu",
      "Ulkoiluseura",
      "Digikaveri",
      "Kevyet pihatyöt",
    ]);
  });

  test("states the vetting, the companions and the charity", async ({ page }) => {
    await openLanding(page);
    const vetting = page.locator("section", { has: page.getByRole("heading", { name: "Kolmivaiheinen seulonta" }) });
    await expect(vetting.getByRole("heading", { level: 3 })).toHaveText([
      /Henkilökohtainen haastattelu/,
      /Virallinen rikos\u00adtausta\u00adselvitys/, // soft hyphens: the long word breaks at 320 px
      /Perehdytys/,
    ]);
    await expect(page.getByText(/noin 20 % hakijoista hyväksytään/)).toBeVisible();
    await expect(page.getByText(/1 € hyväntekeväisyyteen/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Lämmin ja inhimillinen" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Luotettava kumppani" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Aina lähellä" })).toBeVisible();
  });

  test("the skip link jumps to the content", async ({ page }) => {
    await openLanding(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Siirry sisältöön" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await expect(skip).toHaveAttribute("href", "#main");
  });
});

test.describe("prices", () => {
  test("shows the hourly prices and the price table computed from the bands", async ({ page }) => {
    await openLanding(page);
    const prices = page.locator("#hinnat");
    await expect(prices.getByText("€ / tunti (sis. ALV 25,5%)")).toHaveCount(3);

    const day = page.getByRole("table", { name: /Päivähinta/ });
    await expect(day.getByRole("columnheader")).toHaveText(["Kesto", "Hinta (sis. ALV)", "Ilman ALV:a", /Koti.*talous.*vähen.*nyksen jälkeen/]);
    await expect(day.getByRole("row", { name: /^1 h/ }).getByRole("cell")).toHaveText(["40,00 €", "31,87 €", "26,00 €"]);
    await expect(day.getByRole("row", { name: /^4 h/ }).getByRole("cell")).toHaveText(["160,00 €", "127,49 €", "104,00 €"]);

    const evening = page.getByRole("table", { name: /Iltahinta/ });
    await expect(evening.getByRole("row", { name: /^3 h/ }).getByRole("cell")).toHaveText(["180,00 €", "143,43 €", "117,00 €"]);

    const night = page.getByRole("table", { name: /Yöhinta/ });
    await expect(night.getByRole("row", { name: /^1 h/ }).getByRole("cell")).toHaveText(["80,00 €", "63,75 €", "52,00 €"]);
    await expect(night.getByRole("row", { name: /^4 h/ }).getByRole("cell")).toHaveText(["320,00 €", "254,98 €", "208,00 €"]);

    // Household deduction rules.
    await expect(prices).toContainText("35 %");
    await expect(prices).toContainText("enintään 1 600,00 € vuodessa henkilöä kohden");
    await expect(prices).toContainText("Omavastuu on 150,00 € vuodessa");
  });
});

test.describe("contact", () => {
  test("shows the contact address and phone as links", async ({ page }) => {
    await openLanding(page);
    const contact = page.locator("#yhteystiedot");
    await expect(contact.getByRole("link", { name: "asiakaspalvelu@arkikaveri.fi" })).toHaveAttribute(
      "href",
      "mailto:asiakaspalvelu@arkikaveri.fi",
    );
    await expect(contact.getByRole("link", { name: "+358 40 123 4567" })).toHaveAttribute("href", "tel:+358401234567");
  });

  test("sends a message, confirms it and delivers it to the company's mailbox", async ({ page }, testInfo) => {
    const name = `Aino Testaaja ${testInfo.project.name} ${Date.now()}`;
    await openLanding(page);
    const form = contactForm(page);
    await form.getByLabel("Nimi").fill(name);
    await form.getByLabel("Sähköposti").fill("aino.testaaja@example.com");
    await form.getByLabel("Puhelin (vapaaehtoinen)").fill("040 123 4567");
    await form.getByLabel("Viesti").fill("Hei! Haluaisin kysyä, ehtiikö kaveri torstaisin kauppaan.");
    await form.getByRole("button", { name: "Lähetä viesti" }).click();

    await expect(page).toHaveURL(/\/\?lahetetty=1#yhteystiedot$/);
    const confirmation = page.locator("#yhteystiedot").getByRole("status");
    await expect(confirmation).toContainText("Kiitos viestistäsi!");
    await expect(confirmation).toContainText("Vastaamme mahdollisimman pian.");
    // The toast from the flash cookie is shown too (without JavaScript as well).
    await expect(page.getByRole("status").filter({ hasText: "Vastaamme mahdollisimman pian." }).first()).toBeVisible();
    // A fresh, empty form for the next message.
    await expect(contactForm(page).getByLabel("Nimi")).toHaveValue("");
    await expectNoAxeViolations(page);

    await page.goto("/dev/sahkopostit");
    await expect(page.getByRole("link", { name: `Yhteydenotto: ${name}` })).toBeVisible();
    await expectNoAxeViolations(page);
    // The mail's HTML version looks as in a mail client: its inline styles are not blocked.
    await page.getByRole("link", { name: `Yhteydenotto: ${name}` }).click();
    await page.getByRole("link", { name: "Avaa viesti HTML-muodossa" }).click();
    await expect(page.locator("h1")).toHaveCSS("color", "rgb(18, 69, 55)");
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(243, 244, 246)");
  });

  test("shows errors in a summary linked to the fields and keeps what was typed", async ({ page, jsEnabled }) => {
    await openLanding(page);
    const form = contactForm(page);
    await form.getByLabel("Nimi").fill("Aino Testaaja");
    await form.getByLabel("Sähköposti").fill("aino.example.com");
    await form.getByLabel("Viesti").fill("Lyhyt");
    // Sent before the bot check is done: the form waits for it first.
    await form.getByRole("button", { name: "Lähetä viesti" }).click();

    const summaryHeading = page.getByRole("heading", { name: "Korjaa seuraavat virheet" });
    await expect(summaryHeading).toBeVisible(AFTER_BOT_CHECK);
    // The form is far down the page: the answer opens there, not at the top (a fragment does it).
    await expect(page).toHaveURL(/#yhteydenotto$/);
    await expect(summaryHeading).toBeInViewport();
    const summary = page.getByRole("alert").filter({ has: summaryHeading });
    await expect(summary.getByRole("link")).toHaveText(["Virheellinen sähköpostiosoite", "Viesti liian lyhyt (vähintään 10 merkkiä)"]);
    const emailField = contactForm(page).getByLabel("Sähköposti");
    const emailId = await emailField.getAttribute("id");
    await expect(summary.getByRole("link", { name: "Virheellinen sähköpostiosoite" })).toHaveAttribute("href", `#${emailId}`);

    // Each field says what is wrong, with aria wiring and a hidden "Virhe:" prefix.
    await expect(emailField).toHaveAttribute("aria-invalid", "true");
    await expect(emailField).toHaveAccessibleDescription("Virhe: Virheellinen sähköpostiosoite");
    await expect(contactForm(page).getByLabel("Viesti")).toHaveAccessibleDescription(
      "10–2000 merkkiä. Virhe: Viesti liian lyhyt (vähintään 10 merkkiä)",
    );
    await expect(contactForm(page).getByLabel("Nimi")).not.toHaveAttribute("aria-invalid", "true");

    // Nothing typed is lost.
    await expect(contactForm(page).getByLabel("Nimi")).toHaveValue("Aino Testaaja");
    await expect(emailField).toHaveValue("aino.example.com");
    await expect(contactForm(page).getByLabel("Viesti")).toHaveValue("Lyhyt");

    if (jsEnabled) {
      // The summary takes focus so keyboard and screen reader users land on it.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.includes("Korjaa seuraavat virheet") ?? false))
        .toBe(true);
      await summary.getByRole("link", { name: "Virheellinen sähköpostiosoite" }).click();
      await expect(emailField).toBeFocused();
    } else {
      // Without JavaScript the server answered 400 and rendered the same errors.
      await summary.getByRole("link", { name: "Virheellinen sähköpostiosoite" }).click();
      await expect(page).toHaveURL(new RegExp(`#${emailId}$`));
    }
    await expectNoAxeViolations(page);

    // Fixing the errors sends the message.
    await emailField.fill("aino.testaaja@example.com");
    await contactForm(page).getByLabel("Viesti").fill("Nyt viesti on tarpeeksi pitkä.");
    await contactForm(page).getByRole("button", { name: "Lähetä viesti" }).click();
    await expect(page).toHaveURL(/lahetetty=1/);
    await expect(page.locator("#yhteystiedot").getByRole("status")).toContainText("Kiitos viestistäsi!");
  });
});

test.describe("other public pages", () => {
  test("an unknown address shows the not-found page with status 404", async ({ page }) => {
    const response = await page.goto("/ei-ole-olemassa");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expect(page).toHaveTitle("Sivua ei löytynyt – Arkikaveri");
    const home = page.getByRole("main").getByRole("link", { name: "Palaa etusivulle" });
    await expect(home).toHaveAttribute("href", "/");
    await expectNoAxeViolations(page);
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Kaveri, joka auttaa arjessa");
  });

  test("the terms of service cover booking, payment, cancellation, invoices and liability", async ({ page }) => {
    await page.goto("/kayttoehdot");
    await expect(page).toHaveTitle("Käyttöehdot – Arkikaveri");
    await expect(page.getByRole("heading", { level: 1, name: "Käyttöehdot" })).toBeVisible();
    for (const heading of [
      "2. Varaaminen",
      "3. Hinnat ja maksaminen",
      "4. Laskulla maksaminen",
      "5. Varauksen peruuttaminen ja muuttaminen",
      "6. Kavereita koskevat ehdot",
      "7. Vastuut",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByText("Maksuaika on 14 päivää laskun päiväyksestä.")).toBeVisible();
    await expect(page.getByText(/Arkikaveri Oy \(Y-tunnus 3141593-8/)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the privacy notice names the controller, processors, retention and rights", async ({ page }) => {
    await page.goto("/tietosuoja");
    await expect(page).toHaveTitle("Tietosuojaseloste – Arkikaveri");
    await expect(page.getByRole("heading", { level: 1, name: "Tietosuojaseloste" })).toBeVisible();
    for (const heading of [
      "1. Rekisterinpitäjä ja yhteyshenkilö",
      "3. Käsittelyn tarkoitukset ja oikeusperusteet",
      "5. Tietojen vastaanottajat ja käsittelijät",
      "7. Säilytysajat",
      "8. Luvat eli suostumukset",
      "11. Sinun oikeutesi",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByText(/Maksunvälittäjä Stripe/)).toBeVisible();
    await expect(page.getByText(/Tietosuojavaltuutetun toimisto/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
