import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { insertNotification } from "~/models/notifications.server";
import { loader as portalLayoutLoader } from "~/routes/portal";
import { loader as notificationsLoader } from "~/routes/portal.notifications";
import { answerOf, contextFor, getRequest } from "./support/auth";
import { createTestOrder } from "./support/booking-fixtures";
import { nextVisit, signedInCustomer, signedInHelper, type SignedIn } from "./support/portal";

// Notifications in the portal (issue 10): the bell's unread count in the layout, the list newest
// first with its empty state, marked read when opened, and only one's own.

let db: DB;
let customer: SignedIn;

beforeAll(async () => {
  db = await getDb();
  customer = await signedInCustomer("ilmoitukset-asiakas@example.fi");
});

function layout(who: SignedIn, path = "/portal") {
  return answerOf(() => portalLayoutLoader({ request: getRequest(path, who.cookie), params: {}, context: contextFor() }));
}

function list(who: SignedIn) {
  return answerOf(() => notificationsLoader({ request: getRequest("/portal/notifications", who.cookie), params: {}, context: contextFor() }));
}

async function notify(who: SignedIn, title: string, options: { relatedId?: string | null; type?: string; at?: Date } = {}) {
  await insertNotification(db, who.user.id, { type: options.type ?? "ORDER_ACCEPTED", title, message: `${title}: viesti`, relatedId: options.relatedId ?? null });
  // created_at is the database's own; a test backdates it by hand.
  if (options.at) await sql`update notifications set created_at = ${options.at} where user_id = ${who.user.id} and title = ${title}`.execute(db);
}

describe("the bell and the list", () => {
  it("counts the unread ones, lists newest first, marks them read on opening, and the bell counts what came after", async () => {
    const reader = await signedInCustomer("ilmoitukset-lukija@example.fi");
    expect((await layout(reader)).data.unread).toBe(0);
    const empty = await list(reader);
    expect(empty.data.notifications).toEqual([]);

    await notify(reader, "Vanha", { at: new Date(Date.now() - 3 * 3_600_000) });
    await notify(reader, "Uudempi", { at: new Date(Date.now() - 3_600_000) });
    expect((await layout(reader)).data.unread).toBe(2);

    const page = await list(reader);
    expect(page.data.notifications.map((n: { title: string }) => n.title)).toEqual(["Uudempi", "Vanha"]);
    expect(page.data.notifications.map((n: { isNew: boolean }) => n.isNew)).toEqual([true, true]);
    expect(page.data.notifications[0]).toMatchObject({ message: "Uudempi: viesti", link: null });
    expect(page.data.notifications[0].when).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4} klo \d\d\.\d\d$/);
    expect((await layout(reader)).data.unread).toBe(0);

    // Seen once: no longer new. A new one is counted and shown as new.
    await notify(reader, "Tuorein");
    expect((await layout(reader)).data.unread).toBe(1);
    const again = await list(reader);
    expect(again.data.notifications.map((n: { title: string; isNew: boolean }) => [n.title, n.isNew])).toEqual([
      ["Tuorein", true],
      ["Uudempi", false],
      ["Vanha", false],
    ]);
  });

  it("answers 0 for the bell on the notifications page itself, which reads them", async () => {
    const reader = await signedInCustomer("ilmoitukset-sivulla@example.fi");
    await notify(reader, "Yksi");
    expect((await layout(reader, "/portal/notifications")).data.unread).toBe(0);
    expect((await layout(reader, "/portal/orders")).data.unread).toBe(1);
  });

  it("shows nobody another person's notifications, and does not mark them read", async () => {
    const other = await signedInCustomer("ilmoitukset-toinen@example.fi");
    await notify(customer, "Asiakkaan oma");
    const theirs = await list(other);
    expect(theirs.data.notifications).toEqual([]);
    expect((await layout(customer)).data.unread).toBe(1);
  });

  it("links each notification to what it is about: the customer's order or its rating, the helper's task", async () => {
    const helper = await signedInHelper("ilmoitukset-kaveri@example.fi");
    const reader = await signedInCustomer("ilmoitukset-linkit@example.fi");
    const accepted = await createTestOrder({ paymentMethod: "invoice", email: reader.user.email, caregiverId: helper.caregiverId, startsAt: nextVisit() });
    const completed = await createTestOrder({ paymentMethod: "invoice", email: reader.user.email, caregiverId: helper.caregiverId, startsAt: nextVisit(), status: "completed" });
    await notify(reader, "Hyväksytty", { relatedId: accepted.orderId, at: new Date(Date.now() - 2000) });
    await notify(reader, "Valmis", { relatedId: completed.orderId, type: "ORDER_COMPLETED", at: new Date(Date.now() - 1000) });
    await notify(helper, "Uusi tehtävä", { relatedId: accepted.orderId, type: "ORDER_ASSIGNED" });

    const customerPage = await list(reader);
    expect(customerPage.data.notifications.map((n: { link: unknown }) => n.link)).toEqual([
      { href: `/portal/orders/${completed.orderNumber}/arvio`, label: "Arvioi käynti" },
      { href: `/portal/orders/${accepted.orderNumber}`, label: "Katso tilaus" },
    ]);
    const helperPage = await list(helper);
    expect(helperPage.data.notifications[0].link).toEqual({ href: `/portal/caregiver-bookings#tehtava-${accepted.orderNumber}`, label: "Avaa kaverin tehtävät" });

    // Once rated, the completed order's notification leads to the order instead.
    await db.insertInto("reviews").values({ order_id: completed.orderId, caregiver_id: helper.caregiverId, customer_id: completed.customerId, rating: 5 }).execute();
    const later = await list(reader);
    expect(later.data.notifications[0].link).toEqual({ href: `/portal/orders/${completed.orderNumber}`, label: "Katso tilaus" });
  });

  it("keeps news of a guest order on the account's address hidden until the holder claims the order", async () => {
    const holder = await signedInCustomer("ilmoitukset-haltija@example.fi");
    const guestOrder = await createTestOrder({ paymentMethod: "invoice", email: holder.user.email, startsAt: nextVisit() });
    await db.updateTable("orders").set({ claimed: false, payer_name: "Vieras Varaaja" }).where("id", "=", guestOrder.orderId).execute();
    await notify(holder, "Vieraan tilaus", { relatedId: guestOrder.orderId });

    expect((await layout(holder)).data.unread).toBe(0);
    expect((await list(holder)).data.notifications).toEqual([]);

    await db.updateTable("orders").set({ claimed: true }).where("id", "=", guestOrder.orderId).execute();
    expect((await layout(holder)).data.unread).toBe(1);
    expect((await list(holder)).data.notifications.map((n: { title: string }) => n.title)).toEqual(["Vieraan tilaus"]);
  });

  it("asks an anonymous visitor to sign in", async () => {
    const answer = await answerOf(() => notificationsLoader({ request: getRequest("/portal/notifications"), params: {}, context: contextFor() }));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/auth?redirectTo=%2Fportal%2Fnotifications");
  });
});
