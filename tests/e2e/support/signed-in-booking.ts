import type { Page } from "@playwright/test";
import { atLocalCheckout, chooseTime } from "./booking";
import { expect, expectNoAxeViolations } from "./test";

// The signed-in customer's booking wizard as a person takes it: /varaa-kaveri (four steps: every
// 'Tee uusi tilaus' of the portal; /portal/orders/new leads to it). Shared by the
// specs that book as a signed-in customer; the step-by-step checks of the wizards themselves are
// in booking-signed-in.spec.ts.

const main = (page: Page) => page.getByRole("main");

export type SignedInPayment = "Lasku" | "Verkkomaksu";

export interface SignedInBooking {
  service: RegExp;
  /** Next month's day and the start hour (each test its own, see chooseTime). */
  day: number;
  hour: number;
  duration: number;
  description: string;
  /** 'Lisätietoja kaverille', shown on the summary before the booking. */
  note?: string;
  /** The helper's full name, as the helper step offers them. */
  helper: string;
  payment: SignedInPayment;
}

/**
 * A whole booking from the wizard's first step, whichever of the two the page is on, with the
 * visit's address and phone as the customer's saved details fill them in. Ends on the portal's
 * order list with the new order among the upcoming ones; returns its number.
 */
export async function bookSignedIn(page: Page, booking: SignedInBooking): Promise<string> {
  await expect(page.getByRole("heading", { level: 1, name: "Valitse palvelu" })).toBeVisible();
  await main(page).getByRole("radio", { name: booking.service }).check();
  await main(page).getByRole("button", { name: "Jatka", exact: true }).click();
  await expect(page).toHaveURL(/\/aika\?/);
  await chooseTime(page, booking);
  await describeVisit(page, booking);
  await chooseHelper(page, booking.helper);
  return payOnSummary(page, booking);
}

/** The description (and the note for the helper), then on to the helper step. */
export async function describeVisit(page: Page, visit: { description: string; note?: string }) {
  await main(page).getByLabel("Kuvaus", { exact: true }).fill(visit.description);
  if (visit.note !== undefined) await main(page).getByLabel("Lisätietoja kaverille (vapaaehtoinen)").fill(visit.note);
  await main(page).getByRole("button", { name: "Jatka kaverin valintaan" }).click();
}

/** The helper step: the named helper (already chosen when booking the same helper again), then the summary. */
export async function chooseHelper(page: Page, helper: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Valitse kaveri" })).toBeVisible();
  await main(page)
    .getByRole("radio", { name: new RegExp(helper) })
    .check();
  await main(page).getByRole("button", { name: "Jatka yhteenvetoon" }).click();
}

/**
 * The summary: the payment method and the terms, 'Varaa nyt'. An invoice booking lands on the
 * portal's 'Varaus tehty onnistuneesti!'; an online one goes through the local test checkout to
 * the payment result page. Either way back to the portal's orders the way the page offers, where
 * the order is among the upcoming ones. Returns the order's number.
 */
export async function payOnSummary(page: Page, { payment, note }: { payment: SignedInPayment; note?: string }): Promise<string> {
  await expect(page.getByRole("heading", { level: 1, name: "Yhteenveto ja maksu" })).toBeVisible();
  if (note) await expect(main(page).getByRole("region", { name: "Käynti" })).toContainText(note);
  await expectNoAxeViolations(page);
  await main(page)
    .getByRole("radio", { name: new RegExp(`^${payment}`) })
    .check();
  await main(page)
    .getByRole("checkbox", { name: /Hyväksyn käyttöehdot/ })
    .check();
  await main(page).getByRole("button", { name: "Varaa nyt" }).click();

  if (payment === "Verkkomaksu") {
    await atLocalCheckout(page);
    await main(page).getByRole("button", { name: "Maksa" }).click();
  }
  // Invoice or paid online, a signed-in booking ends in the portal (issue 26 item 3).
  await expect(page).toHaveURL(/\/portal\/orders\/success\?order_number=ORD-\d+/);
  const orderNumber = new URL(page.url()).searchParams.get("order_number")!;
  await expect(page.getByRole("heading", { level: 1, name: "Varaus tehty onnistuneesti!" })).toBeVisible();
  await expect(main(page)).toContainText(orderNumber);
  await expect(main(page).getByRole("link", { name: `Näytä tilaus ${orderNumber}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await main(page).getByRole("link", { name: "Omat tilaukset" }).click();
  await expect(page).toHaveURL(/\/portal\/orders$/);
  await expect(main(page).getByRole("region", { name: "Tulevat tilaukset" })).toContainText(orderNumber);
  await expectNoAxeViolations(page);
  return orderNumber;
}
