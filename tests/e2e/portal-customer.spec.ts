import type { Browser, Locator, Page } from "@playwright/test";
import { passBotCheck, uniqueEmail } from "./support/booking";
import { bookSignedIn, type SignedInPayment } from "./support/signed-in-booking";
import { expect, expectNoAxeViolations, test } from "./support/test";

// The customer's side of the portal as people use it (issue 10), once with JavaScript and once
// without, on a 320 px screen with axe on every page: the demo customer signs in from the landing
// page, books the demo helper through the signed-in wizard the portal home offers ('Tee uusi
// tilaus', /varaa-kaveri), opens the order and writes to the helper, who signs in, reads and
// answers; the customer cancels a paid order (the rule and the refund shown first) and books the
// very same time again; a throwaway account changes its name, phone and password, which signs
// its other session out. Both projects run at once against one database, so each books its own
// day and hour and never touches the demo orders.

const DEMO_PASSWORD = "Arkikaveri2026";
const CUSTOMER = "asiakas@arkikaveri.test";
const HELPER = "kaveri@arkikaveri.test";
const HELPER_NAME = "Elina Mäkinen";

test.use({ viewport: { width: 320, height: 800 } });

const main = (page: Page) => page.getByRole("main");
const portalMenu = (page: Page) => page.getByRole("navigation", { name: "Oman sivun valikko" });

async function signInFromLanding(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Päävalikko" }).getByRole("link", { name: "Kirjaudu" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await main(page).getByLabel("Sähköposti").fill(email);
  await main(page).getByLabel("Salasana").fill(password);
  await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
  await expect(page).toHaveURL(/\/portal/);
}

/**
 * Presses a button or link where a person would: scrolled to the middle of the screen. The
 * previous answer's notice sits at the top of the page's main area and covers nothing, so nothing
 * needs closing first.
 */
async function press(button: Locator) {
  await button.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await button.click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Kirjaudu ulos" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * From the portal home: 'Tee uusi tilaus' → the signed-in wizard (/varaa-kaveri), the demo helper
 * at next month's `day`, `hour` for two hours → the portal's order list. Returns the order number.
 */
async function bookTheDemoHelper(page: Page, slot: { day: number; hour: number }, payment: SignedInPayment): Promise<string> {
  await portalMenu(page).getByRole("link", { name: "Etusivu" }).click();
  // The order list has a 'Tee uusi tilaus' too: wait for the home page, or the click lands on the list's.
  await expect(page).toHaveURL(/\/portal$/);
  await main(page).getByRole("link", { name: "Tee uusi tilaus" }).click();
  await expect(page).toHaveURL(/\/varaa-kaveri$/);
  return bookSignedIn(page, {
    ...slot,
    service: /^Asiointiapu/,
    duration: 2,
    description: "Kauppareissu ja apteekki, kantoapua tarvitaan.",
    helper: HELPER_NAME,
    payment,
  });
}

async function openOrderFromList(page: Page, orderNumber: string) {
  // A booking ends on this list already: clicking the menu link again starts a second navigation to
  // the same page, and the order link pressed while it is in flight was once lost to it (CI, js-on).
  if (!/\/portal\/orders$/.test(new URL(page.url()).pathname)) {
    await portalMenu(page).getByRole("link", { name: "Tilaukset" }).click();
    await expect(page).toHaveURL(/\/portal\/orders$/);
  }
  await press(main(page).getByRole("link", { name: new RegExp(`^Näytä tilaus ja viestit\\W+${orderNumber}$`) }));
  await expect(page).toHaveURL(new RegExp(`/portal/orders/${orderNumber}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Tilaus ${orderNumber}` })).toBeVisible();
}

async function writeMessage(page: Page, text: string) {
  const thread = main(page).getByRole("region", { name: /^(Viestit|Keskustelu)$/ });
  await thread.getByLabel("Uusi viesti").fill(text);
  await press(thread.getByRole("button", { name: "Lähetä viesti" }));
  await expect(page.getByText("Viesti lähetetty")).toBeVisible();
  await expect(thread.getByRole("list", { name: "Viestit" })).toContainText(text);
  // The form is empty again for the next message.
  await expect(thread.getByLabel("Uusi viesti")).toHaveValue("");
}

test.describe("the customer's portal", () => {
  test.slow();

  test("sign in, open an order, message the helper; the helper reads and answers", async ({ page, jsEnabled }) => {
    const slot = { day: 21, hour: jsEnabled ? 9 : 13 };
    await signInFromLanding(page, CUSTOMER);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hei, Helmi!");
    await expect(main(page).getByRole("list", { name: "Yhteenveto" })).toContainText("Tilauksia");
    await expectNoAxeViolations(page);

    const orderNumber = await bookTheDemoHelper(page, slot, "Lasku");
    await openOrderFromList(page, orderNumber);
    const order = main(page);
    await expect(order.getByText("Odottaa kaverin vahvistusta")).toBeVisible();
    await expect(order.getByRole("region", { name: "Kaveri" })).toContainText(HELPER_NAME);
    await expect(order.getByRole("region", { name: "Käynti" })).toContainText("Runeberginkatu 15 A 4, 00100 Helsinki");
    const money = order.getByRole("region", { name: "Hinta ja maksu" });
    await expect(money).toContainText("ALV 25,5 %");
    await expect(money).toContainText("Arvio kotitalousvähennyksestä");
    await expect(money).toContainText(/Lasku \d+, avoin/);
    await expect(order.getByRole("link", { name: /^Lataa lasku \d+ \(PDF\)$/ })).toBeVisible();
    await expect(order.getByRole("link", { name: "Lisää kalenteriin (.ics)" })).toHaveAttribute("href", `/portal/orders/${orderNumber}/kalenteri`);
    await expectNoAxeViolations(page);

    // An empty message is refused with its own words; then the message goes.
    const thread = order.getByRole("region", { name: "Viestit" });
    await press(thread.getByRole("button", { name: "Lähetä viesti" }));
    await expect(main(page).getByRole("alert").filter({ hasText: "Korjaa seuraavat virheet" }).getByRole("link", { name: "Kirjoita viesti" })).toBeVisible();
    await expectNoAxeViolations(page);
    const question = `Hei Elina! Ovikoodi on 4321 (${orderNumber}).`;
    await writeMessage(page, question);
    await expectNoAxeViolations(page);
    await signOut(page);

    // The helper is told by e-mail, signs in, sees the unread thread and answers.
    await expect(async () => {
      await page.goto("/dev/sahkopostit");
      await expect(page.getByRole("row").filter({ hasText: HELPER }).filter({ hasText: `Uusi viesti tilauksesta ${orderNumber}` })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await signInFromLanding(page, HELPER);
    await expect(portalMenu(page).getByRole("link", { name: /^Viestit/ })).toContainText(/lukematon/);
    await portalMenu(page).getByRole("link", { name: /^Viestit/ }).click();
    await expect(page).toHaveURL(/\/portal\/messages$/);
    const row = main(page).getByRole("link", { name: new RegExp(`Tilaus ${orderNumber}`) });
    await expect(row).toContainText("1 lukematon viesti");
    await expect(row).toContainText("Asiakas: Helmi Virtanen");
    await expectNoAxeViolations(page);
    await press(row);
    await expect(page).toHaveURL(new RegExp(`/portal/messages/${orderNumber}$`));
    await expect(main(page).getByRole("list", { name: "Viestit" })).toContainText(question);
    await expectNoAxeViolations(page);
    const answer = `Hei Helmi, tulen sovitusti (${orderNumber}).`;
    await writeMessage(page, answer);
    // The helper's own profile section is there too (looked at, not changed: others use this account).
    await portalMenu(page).getByRole("link", { name: "Profiili" }).click();
    const helperSection = main(page).getByRole("region", { name: "Kaverin tiedot" });
    await expect(helperSection.getByLabel("Esittely")).not.toHaveValue("");
    await expect(helperSection.getByRole("group", { name: "Kaupungit, joissa voit käydä" })).toContainText("Kotikuntasi Helsinki kuuluu aina alueeseesi.");
    await expectNoAxeViolations(page);
    await portalMenu(page).getByRole("link", { name: /^Viestit/ }).click();
    await expect(main(page).getByRole("link", { name: new RegExp(`Tilaus ${orderNumber}`) })).not.toContainText("lukematon");
    await signOut(page);

    // The customer sees the answer counted, then in the thread.
    await signInFromLanding(page, CUSTOMER);
    await portalMenu(page).getByRole("link", { name: /^Viestit/ }).click();
    const customerRow = main(page).getByRole("link", { name: new RegExp(`Tilaus ${orderNumber}`) });
    await expect(customerRow).toContainText("1 lukematon viesti");
    await expect(customerRow).toContainText(`Kaveri: ${HELPER_NAME}`);
    await press(customerRow);
    const messages = main(page).getByRole("list", { name: "Viestit" });
    await expect(messages.getByRole("listitem")).toHaveCount(2);
    await expect(messages.getByRole("listitem").nth(0)).toContainText("Sinä");
    await expect(messages.getByRole("listitem").nth(0)).toContainText(question);
    await expect(messages.getByRole("listitem").nth(1)).toContainText(HELPER_NAME);
    await expect(messages.getByRole("listitem").nth(1)).toContainText(answer);
  });

  test("cancel a paid order after seeing the rule and the refund, then book the very same time again", async ({ page, jsEnabled }) => {
    const slot = { day: 23, hour: jsEnabled ? 10 : 15 };
    await signInFromLanding(page, CUSTOMER);
    const orderNumber = await bookTheDemoHelper(page, slot, "Verkkomaksu");
    await openOrderFromList(page, orderNumber);
    await expect(main(page).getByRole("region", { name: "Hinta ja maksu" })).toContainText("Verkkomaksu: maksettu.");

    await press(main(page).getByRole("link", { name: "Peru tilaus" }));
    await expect(page).toHaveURL(new RegExp(`/portal/orders/${orderNumber}/peruuta$`));
    await expect(page.getByRole("heading", { level: 1, name: `Peru tilaus ${orderNumber}` })).toBeVisible();
    await expect(main(page)).toContainText(/Voit perua tämän tilauksen maksutta \d+\.\d+\.\d{4} klo \d\d\.\d\d asti \(24 tuntia ennen käynnin alkua\)\./);
    await expect(main(page)).toContainText(/Palautamme koko summan 80,00\s€ samalle maksutavalle, jolla maksoit\./);
    await expect(main(page)).toContainText(`Kaveri ${HELPER_NAME} ja sinä saatte peruutuksesta sähköpostin.`);
    await expectNoAxeViolations(page);
    await press(main(page).getByRole("button", { name: "Vahvista peruutus" }));

    await expect(page).toHaveURL(new RegExp(`/portal/orders/${orderNumber}$`));
    await expect(page.getByText("Tilaus peruutettu")).toBeVisible();
    await expect(main(page).getByText("Peruutettu", { exact: true })).toBeVisible();
    await expect(main(page).getByRole("region", { name: "Hinta ja maksu" })).toContainText(/Verkkomaksu: palautettu 80,00\s€\./);
    await expect(main(page).getByRole("link", { name: "Peru tilaus" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The same helper at the same time is free again at once.
    const again = await bookTheDemoHelper(page, slot, "Lasku");
    expect(again).not.toBe(orderNumber);
    await openOrderFromList(page, again);
    await expect(main(page).getByRole("region", { name: "Kaveri" })).toContainText(HELPER_NAME);
  });

  test("a new account changes its name, phone and password; its other session is signed out", async ({ page, browser, jsEnabled }, testInfo) => {
    const email = uniqueEmail(`profiili-${testInfo.project.name}`);
    await signUpAndConfirm(page, email, "Saara Uusi", "Salasana123", jsEnabled);
    await signInFromLanding(page, email, "Salasana123");
    const other = await signedInElsewhere(browser, jsEnabled, email, "Salasana123");

    await portalMenu(page).getByRole("link", { name: "Profiili" }).click();
    await expect(page).toHaveURL(/\/portal\/profile$/);
    await expect(main(page)).toContainText(email);
    await expect(main(page).getByRole("textbox", { name: "Sähköposti" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    const basics = main(page).getByRole("region", { name: "Perustiedot" });
    await basics.getByLabel("Koko nimi").fill("S");
    await basics.getByLabel("Puhelinnumero (vapaaehtoinen)").fill("12345");
    await press(basics.getByRole("button", { name: "Tallenna perustiedot" }));
    const summary = basics.getByRole("alert").filter({ hasText: "Korjaa seuraavat virheet" });
    await expect(summary.getByRole("link", { name: "Nimi liian lyhyt" })).toHaveAttribute("href", "#profiili-fullName");
    await expect(summary.getByRole("link", { name: "Virheellinen puhelinnumero (esim. +358401234567 tai 0401234567)" })).toBeVisible();
    await expect(basics.getByLabel("Puhelinnumero (vapaaehtoinen)")).toHaveValue("12345");
    await expectNoAxeViolations(page);
    await basics.getByLabel("Koko nimi").fill("Saara Äijälä");
    await basics.getByLabel("Puhelinnumero (vapaaehtoinen)").fill("040 765 4321");
    await press(basics.getByRole("button", { name: "Tallenna perustiedot" }));
    await expect(page.getByText("Profiili päivitetty onnistuneesti!")).toBeVisible();
    await expect(basics.getByLabel("Koko nimi")).toHaveValue("Saara Äijälä");
    await expect(basics.getByLabel("Puhelinnumero (vapaaehtoinen)")).toHaveValue("0407654321");

    const password = main(page).getByRole("region", { name: "Vaihda salasana" });
    const fillPassword = async (current: string, next: string, confirm: string) => {
      await password.getByLabel("Nykyinen salasana").fill(current);
      await password.getByLabel("Uusi salasana", { exact: true }).fill(next);
      await password.getByLabel("Uusi salasana uudelleen").fill(confirm);
      await press(password.getByRole("button", { name: "Vaihda salasana" }));
    };
    await fillPassword("Salasana123", "UusiSalasana2027", "UusiSalasana2028");
    await expect(password.getByRole("alert").getByRole("link", { name: "Salasanat eivät täsmää" })).toBeVisible();
    await fillPassword("VaaraSalasana1", "UusiSalasana2027", "UusiSalasana2027");
    await expect(password.getByRole("alert").getByRole("link", { name: "Nykyinen salasana on väärin" })).toBeVisible();
    await expect(password.getByLabel("Nykyinen salasana")).toHaveValue("");
    await expectNoAxeViolations(page);
    await fillPassword("Salasana123", "UusiSalasana2027", "UusiSalasana2027");
    await expect(page.getByText("Salasana vaihdettu onnistuneesti!")).toBeVisible();
    await expect(password.getByLabel("Uusi salasana", { exact: true })).toHaveValue("");

    // This device stays signed in and greets by the new first name; the other one is out.
    await portalMenu(page).getByRole("link", { name: "Etusivu" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hei, Saara!");
    await other.goto("/portal/profile");
    await expect(other).toHaveURL(/\/auth\?redirectTo=%2Fportal%2Fprofile$/);
    await other.context().close();

    await signOut(page);
    await signInFromLanding(page, email, "UusiSalasana2027");
    await expect(page).toHaveURL(/\/portal$/);
  });
});

test("staff read an order's messages on the back office's Viestit tab", async ({ page }) => {
  // A demo order with messages that no other test changes (a cancelled order's thread takes no
  // new messages, and the back office's cancel test cancels ORD-900006).
  await page.goto("/");
  await page.getByRole("navigation", { name: "Päävalikko" }).getByRole("link", { name: "Kirjaudu" }).click();
  await main(page).getByLabel("Sähköposti").fill("tuki@arkikaveri.test");
  await main(page).getByLabel("Salasana").fill(DEMO_PASSWORD);
  await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice$/);
  await page.goto("/backoffice/orders/ORD-900007");
  await page.getByRole("navigation", { name: "Tilauksen tiedot" }).getByRole("link", { name: "Viestit" }).click();
  await expect(page).toHaveURL(/\/backoffice\/orders\/ORD-900007\/viestit$/);
  const messages = main(page).getByRole("list", { name: "Viestit" });
  await expect(messages.getByRole("listitem").first()).toContainText("Leena Koskinen");
  await expect(messages).toContainText("Juha Lehtonen");
  await expect(main(page).getByLabel("Viesti asiakkaalle ja kaverille")).toBeVisible();
  await expectNoAxeViolations(page);
});

async function signUpAndConfirm(page: Page, email: string, fullName: string, password: string, jsEnabled: boolean) {
  await page.goto("/auth?tab=rekisteroidy");
  await main(page).getByLabel("Koko nimi").fill(fullName);
  await main(page).getByLabel("Sähköposti").fill(email);
  await main(page).getByLabel("Salasana").fill(password);
  await passBotCheck(page, jsEnabled);
  await main(page).getByRole("button", { name: "Rekisteröidy", exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?tab=kirjaudu&vahvista=1$/);
  const subject = "Vahvista sähköpostiosoitteesi – Arkikaveri";
  await expect(async () => {
    await page.goto("/dev/sahkopostit");
    await expect(page.getByRole("row").filter({ hasText: email }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: subject }).click();
  const href = await page.locator('a[href*="/auth/vahvista?token="]').first().getAttribute("href");
  const url = new URL(href!);
  await page.goto(`${url.pathname}${url.search}`);
  await main(page).getByRole("button", { name: "Vahvista sähköpostiosoite" }).click();
  await expect(page.getByText("Sähköpostiosoite vahvistettu!")).toBeVisible();
}

/** The same account signed in on another device (its own browser context). */
async function signedInElsewhere(browser: Browser, jsEnabled: boolean, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled, viewport: { width: 320, height: 800 }, locale: "fi-FI", timezoneId: "Europe/Helsinki" });
  const other = await context.newPage();
  await signInFromLanding(other, email, password);
  await expect(other).toHaveURL(/\/portal$/);
  return other;
}
