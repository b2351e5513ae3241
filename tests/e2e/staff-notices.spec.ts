import type { Page } from "@playwright/test";
import { bookSignedIn } from "./support/signed-in-booking";
import { expect, expectNoAxeViolations, test } from "./support/test";

// Staff hear what needs them, and assign only helpers who can do the visit (issue 26 items 4 and
// 6, "How it will be checked"), once with JavaScript and once without: the demo customer books a
// Helsinki "Juttuseura" visit with 'Ei väliä' and writes a message on it while it has no helper;
// the support address is e-mailed, and an admin finds it by the count beside "Etusivu" and on
// "Vaatii huomiota", follows it to the order, where the helper selector offers only helpers who
// offer the service in Helsinki. A hand-made assignment of a helper who does not do company
// (Aleksi) or who works in Tampere (Anna-Maija) is refused with the reason and changes nothing;
// one the selector offers is taken. Each project books its own hour of its own day.

const DEMO_PASSWORD = "Arkikaveri2026";
const CUSTOMER = "asiakas@arkikaveri.test";
const ADMIN = "admin@arkikaveri.test";
/** The settings' default support address (app/models/settings.server.ts). */
const SUPPORT_ADDRESS = "tuki@arkikaveri.fi";

const main = (page: Page) => page.getByRole("main");

async function signIn(page: Page, email: string, home: RegExp) {
  await page.goto("/auth");
  await main(page).getByLabel("Sähköposti").fill(email);
  await main(page).getByLabel("Salasana").fill(DEMO_PASSWORD);
  await main(page).getByRole("button", { name: "Kirjaudu", exact: true }).click();
  await expect(page).toHaveURL(home);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Kirjaudu ulos" }).click();
  await expect(page).toHaveURL(/\/(auth)?$/);
}

/** A helper's id, read from the link to their page in the back office's helper list. */
async function caregiverId(page: Page, name: string): Promise<string> {
  await page.goto(`/backoffice/caregivers?${new URLSearchParams({ haku: name })}`);
  const href = await main(page).getByRole("link", { name, exact: true }).getAttribute("href");
  const id = /\/backoffice\/caregivers\/([0-9a-f-]{36})$/.exec(href ?? "")?.[1];
  expect(id, `the link to ${name}'s page`).toBeTruthy();
  return id!;
}

test.describe("staff notices and helper assignment", () => {
  test.slow();

  test("a message on an order without a helper reaches staff, who can assign only helpers who serve the visit", async ({ page, jsEnabled }) => {
    // --- The customer books with 'Ei väliä' and writes before any helper has been assigned.
    await signIn(page, CUSTOMER, /\/portal$/);
    await page.goto("/varaa-kaveri");
    const orderNumber = await bookSignedIn(page, {
      service: /^Juttuseura ja seurustelu/,
      day: 28,
      hour: jsEnabled ? 8 : 16,
      duration: 1,
      description: "Kahvittelua ja juttuseuraa.",
      helper: "Ei väliä",
      payment: "Lasku",
    });
    await page.goto(`/portal/orders/${orderNumber}`);
    const thread = main(page).getByRole("region", { name: "Viestit" });
    const text = `Kuka kaveri tulee tilaukseen ${orderNumber}? Ovikoodi on 2468.`;
    await thread.getByLabel("Uusi viesti").fill(text);
    await thread.getByRole("button", { name: "Lähetä viesti" }).click();
    await expect(page.getByText("Viesti lähetetty")).toBeVisible();
    await expect(thread.getByRole("list", { name: "Viestit" })).toContainText(text);
    await signOut(page);

    // --- The support address of the settings is e-mailed about it, with the message.
    await expect(async () => {
      await page.goto("/dev/sahkopostit");
      const links = page
        .getByRole("row")
        .filter({ hasText: SUPPORT_ADDRESS })
        .getByRole("link", { name: "Viesti tilauksesta ilman kaveria – Arkikaveri", exact: true });
      const hrefs = await Promise.all((await links.all()).map((link) => link.getAttribute("href")));
      const bodies = await Promise.all(hrefs.map(async (href) => (await page.request.get(href!)).text()));
      expect(bodies.some((body) => body.includes(orderNumber) && body.includes("Ovikoodi on 2468"))).toBe(true);
    }).toPass({ timeout: 20_000 });

    // --- Staff: the count beside "Etusivu", the item on "Vaatii huomiota", and on to the order.
    await signIn(page, ADMIN, /\/backoffice$/);
    const home = page.getByRole("navigation", { name: "Hallintapaneelin valikko", exact: true }).getByRole("link", { name: /^Etusivu/ });
    await expect(home).toHaveAccessibleName(/^Etusivu\W+[1-9]\d* (asia|asiaa) vaatii huomiota$/);
    await expect(home.locator('[aria-hidden="true"]')).toHaveText(/^[1-9]\d*$/);
    const notices = main(page).getByRole("region", { name: /^Asiakkaat ja kaverit odottavat vastausta/ });
    await expect(notices).toContainText(`Helmi Virtanen kirjoitti tilauksesta ${orderNumber}, jolla ei ole vielä kaveria`);
    await expectNoAxeViolations(page);
    await notices.getByRole("link", { name: `Viesti tilauksesta ilman kaveria: ${orderNumber}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/backoffice/orders/${orderNumber}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(orderNumber);

    // --- The selector offers the approved helpers who do company in Helsinki and are free then:
    // not Aleksi (Espoo, serves Helsinki, but no company), Juha (Vantaa, serves Helsinki, no
    // company), Anna-Maija (company, but Tampere) or Liisa (company, but Espoo only).
    const select = main(page).getByLabel(`Tilauksen ${orderNumber} kaveri`);
    await expect(select).toHaveValue("");
    const offered = (await select.locator("option").allTextContents()).map((label) => label.replace(/ \(.*\)$/, ""));
    expect(offered).toEqual(expect.arrayContaining(["Ei valittua kaveria", "Elina Mäkinen", "Matti Korhonen", "Sanna Nieminen"]));
    for (const name of ["Aleksi Heikkinen", "Juha Lehtonen", "Anna-Maija Saarinen", "Liisa Järvinen"]) expect(offered).not.toContain(name);
    await expectNoAxeViolations(page);

    // --- A hand-made POST of the same form, naming a helper the selector does not offer, is
    // refused with the reason; the order keeps no helper.
    const orderPage = page.url();
    // (The inner locator of `has` is looked up inside each form, so it starts from the page.)
    const form = main(page).locator("form").filter({ has: page.getByLabel(`Tilauksen ${orderNumber} kaveri`) });
    const action = await form.getAttribute("action");
    // Read from the markup (a page without JavaScript runs no callbacks): the hidden fields and
    // the select's name, as the browser would post them.
    const fields: Record<string, string> = {};
    for (const input of await form.locator("input[type=hidden], select").all()) {
      fields[(await input.getAttribute("name"))!] = await input.inputValue();
    }
    const saveButton = form.getByRole("button", { name: `Tallenna tilauksen ${orderNumber} kaveri` });
    fields[(await saveButton.getAttribute("name"))!] = (await saveButton.getAttribute("value"))!;
    expect(fields).toMatchObject({ intent: "assign", caregiverId: "" });
    const refused = [
      { name: "Aleksi Heikkinen", reason: "ei tarjoa tätä palvelua" },
      { name: "Anna-Maija Saarinen", reason: "ei toimi tällä paikkakunnalla" },
    ];
    for (const helper of refused) {
      const id = await caregiverId(page, helper.name);
      const response = await page.request.post(new URL(action ?? orderPage, orderPage).toString(), {
        form: { ...fields, caregiverId: id },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      await page.goto(new URL(response.headers().location!, orderPage).toString());
      await expect(main(page).getByText(`Kaverin päivitys epäonnistui: ${helper.name} ${helper.reason}.`)).toBeVisible();
      await expect(main(page).getByLabel(`Tilauksen ${orderNumber} kaveri`)).toHaveValue("");
      await expect(main(page).getByRole("region", { name: "Kaveri", exact: true })).toContainText("Ei valittua kaveria");
    }

    // --- One the selector offers is taken, through the page's own form.
    await main(page).getByLabel(`Tilauksen ${orderNumber} kaveri`).selectOption({ label: (await optionLabel(page, orderNumber, "Matti Korhonen"))! });
    await main(page).getByRole("button", { name: `Tallenna tilauksen ${orderNumber} kaveri` }).click();
    await expect(page.getByRole("status").getByText("Kaveri päivitetty", { exact: true })).toBeVisible();
    await expect(page.getByRole("status").getByText(`${orderNumber}: Matti Korhonen`)).toBeVisible();
    await expect(main(page).getByRole("region", { name: "Kaveri", exact: true })).toContainText("Matti Korhonen");
  });
});

/** The selector's full label of a helper ('Matti Korhonen (4,9)'). */
async function optionLabel(page: Page, orderNumber: string, name: string): Promise<string | null> {
  return main(page).getByLabel(`Tilauksen ${orderNumber} kaveri`).locator("option").filter({ hasText: name }).textContent();
}
