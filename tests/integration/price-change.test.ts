import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { DEFAULT_PRICE_BANDS } from "~/domain/pricing";
import { priceChangedMessage } from "~/messages/price-change";
import { setSetting } from "~/models/settings.server";
import { action as contactAction, loader as contactLoader } from "~/routes/varaa.yhteystiedot";
import { answerOf } from "./support/auth";
import { CONTEXT, dateInDays, draftQuery, getUrl, ordersOf, postUrl, seedBookingFixtures, validContact, type BookingFixtures } from "./support/booking";

// Issue 30: the booking form carries the price it showed, and the order is placed only at that
// price. A price changed in between (by staff, on any process) is shown and confirmed again.

let f: BookingFixtures;

beforeAll(async () => {
  f = await seedBookingFixtures();
});

afterAll(async () => {
  await setSetting(await getDb(), "price_bands", DEFAULT_PRICE_BANDS);
});

describe("the price shown is the price charged", () => {
  it("refuses an order whose shown price is no longer the price, shows the new one, and books at it when confirmed", async () => {
    const db = await getDb();
    const query = draftQuery({ date: dateInDays(9), time: "10:00", duration: 2, service: f.serviceId, caregiver: "ei-valia" });
    const shown = await answerOf(() => contactLoader({ request: getUrl("/varaa/yhteystiedot", query), params: {}, context: CONTEXT }));
    expect(shown.data.amounts.originalPriceCents).toBe(8000);

    // Staff raise the day price while the customer fills in the form.
    await setSetting(db, "price_bands", DEFAULT_PRICE_BANDS.map((band) => (band.id === "day" ? { ...band, hourlyCents: 4700 } : band)));

    const contact = validContact({ shownPriceCents: "8000" });
    const refused = await answerOf(() => contactAction({ request: postUrl("/varaa/yhteystiedot", query, contact), params: {}, context: CONTEXT }));
    expect(refused.status).toBe(409);
    expect(refused.data.result.error[""]).toEqual([priceChangedMessage(9400)]);
    // The answer carries the new price: with JavaScript the page shows and sends it without its loader running again.
    expect(refused.data.newAmounts?.originalPriceCents).toBe(9400);
    expect(await ordersOf(contact.email!)).toHaveLength(0);

    // The page now shows the new price, and the form carries it.
    const again = await answerOf(() => contactLoader({ request: getUrl("/varaa/yhteystiedot", query), params: {}, context: CONTEXT }));
    expect(again.data.amounts.originalPriceCents).toBe(9400);
    const confirmed = await answerOf(() =>
      contactAction({ request: postUrl("/varaa/yhteystiedot", query, validContact({ email: contact.email!, shownPriceCents: "9400" })), params: {}, context: CONTEXT }),
    );
    expect(confirmed.status).toBe(302);
    const orders = await ordersOf(contact.email!);
    expect(orders.map((order) => order.total_price_cents)).toEqual([9400]);
  });
});
