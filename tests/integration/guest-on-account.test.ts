import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { loader as portalHomeLoader } from "~/routes/portal._index";
import { action as portalOrdersAction, loader as portalOrdersLoader } from "~/routes/portal.orders._index";
import { action as varausAction } from "~/routes/varaus.yhteystiedot";
import { renderInvoicePdf } from "~/services/invoices.server";
import { answerOf, contextFor, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { CONTEXT, dateInDays, draftQuery, ordersOf, postUrl, seedBookingFixtures, validContact, type BookingFixtures } from "./support/booking";
import { pdfTextContent } from "./support/booking-fixtures";

// A guest booking made with someone else's e-mail (issue 12 finding 1; DESIGN.md decision 15):
// the order keeps exactly what the guest typed, the invoice shows none of the account's stored
// name and address, and the order reaches the account's portal only when its holder claims it.

let f: BookingFixtures;
let victimCookie = "";
const VICTIM = "vera.uhri@example.fi";

beforeAll(async () => {
  f = await seedBookingFixtures();
  const victim = await createTestUser({ email: VICTIM, fullName: "Vera Uhri" });
  const db = await getDb();
  await db.updateTable("customers").set({ address: "Salainen tie 1", postal_code: "00990", city: "Helsinki" }).where("profile_id", "=", victim.id).execute();
  victimCookie = await sessionCookieFor(victim);
});

async function guestBooksAsVictim() {
  const draft = draftQuery({ date: dateInDays(30), time: "10:00", duration: 2, service: f.serviceId, caregiver: "ei-valia" });
  const contact = validContact({ email: VICTIM, firstName: "Hilla", lastName: "Hyökkääjä", address: "Vieraskatu 2 B", postalCode: "00500", city: "Helsinki" });
  const answer = await answerOf(() => varausAction({ request: postUrl("/varaus/yhteystiedot", draft, contact), params: {}, context: CONTEXT }));
  expect(answer.status).toBe(302);
  const newestFirst = (await ordersOf(VICTIM)).sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  return newestFirst[0]!;
}

describe("a guest booking with the e-mail of an existing account", () => {
  it("keeps what the guest typed, and the invoice shows nothing of the account", async () => {
    const order = await guestBooksAsVictim();
    const db = await getDb();
    const row = await db.selectFrom("orders").select(["payer_name", "payer_address", "claimed"]).where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ payer_name: "Hilla Hyökkääjä", payer_address: "Vieraskatu 2 B", claimed: false });

    const text = pdfTextContent(await renderInvoicePdf(db, order.id));
    expect(text).toContain("Hilla Hyökkääjä");
    expect(text).toContain("Vieraskatu 2 B");
    expect(text).not.toContain("Salainen tie");
    expect(text).not.toContain("Vera Uhri");

    // The account keeps its own stored details.
    const account = await db.selectFrom("customers").innerJoin("profiles", "profiles.id", "customers.profile_id").select(["address", "full_name"]).where("email", "=", VICTIM).executeTakeFirstOrThrow();
    expect(account).toEqual({ address: "Salainen tie 1", full_name: "Vera Uhri" });
  });

  it("stays out of the account's portal until its holder claims it, and nobody else can claim it", async () => {
    const order = await guestBooksAsVictim();
    const list = () => answerOf(() => portalOrdersLoader({ request: getRequest("/portal/orders", victimCookie), params: {}, context: contextFor() }));
    const before = await list();
    const numbers = (rows: Array<{ orderNumber: string }>) => rows.map((o) => o.orderNumber);
    expect(numbers(before.data.upcoming)).not.toContain(order.order_number);
    expect(numbers(before.data.unclaimed)).toContain(order.order_number);
    const home = await answerOf(() => portalHomeLoader({ request: getRequest("/portal", victimCookie), params: {}, context: contextFor() }));
    expect(numbers(home.data.orders)).not.toContain(order.order_number);

    const stranger = await sessionCookieFor(await createTestUser({ email: "vieras-lunastaja@example.fi" }));
    await answerOf(() => portalOrdersAction({ request: postRequest("/portal/orders", { intent: "claim", orderId: order.id }, stranger), params: {}, context: contextFor() }));
    expect(numbers((await list()).data.unclaimed)).toContain(order.order_number);

    const claimed = await answerOf(() => portalOrdersAction({ request: postRequest("/portal/orders", { intent: "claim", orderId: order.id }, victimCookie), params: {}, context: contextFor() }));
    expect(claimed.status).toBe(302);
    const after = await list();
    expect(numbers(after.data.upcoming)).toContain(order.order_number);
    expect(numbers(after.data.unclaimed)).not.toContain(order.order_number);
  });
});
