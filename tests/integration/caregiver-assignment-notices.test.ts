import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { action as varausAction } from "~/routes/varaus.yhteystiedot";
import { assignCaregiver } from "~/services/order-assignment.server";
import { confirmOrderByEmail, newOrderConfirmationToken } from "~/services/order-email-confirmation.server";
import { startCheckout } from "~/services/payments/checkout.server";
import { applyPaymentEvent } from "~/services/payments/events.server";
import { setPaymentProviderForTests } from "~/services/payments/active-provider.server";
import { answerOf, createTestUser } from "./support/auth";
import { createCaregiver } from "./support/backoffice";
import { CONTEXT, dateInDays, draftQuery, ordersOf, postUrl, seedBookingFixtures, validContact, type BookingFixtures } from "./support/booking";
import { createTestOrder } from "./support/booking-fixtures";
import { emailsWithSubject, nextVisit, notificationsOf } from "./support/portal";

// A helper hears of an order assigned to them once per assignment (issue 10), with the details
// and a link to their tasks: when the customer chose them and the order became real (an invoice
// order placed or confirmed, an online order paid), or when staff assign them to a real order.

let db: DB;
let f: BookingFixtures;
let staff: { id: string; ip: string };

beforeAll(async () => {
  db = await getDb();
  f = await seedBookingFixtures();
  staff = { id: (await createTestUser({ email: "ilmoitus-tuki@example.fi", role: "support" })).id, ip: "203.0.113.5" };
});

afterEach(() => setPaymentProviderForTests(null));

async function contactOf(caregiverId: string) {
  return db
    .selectFrom("caregivers")
    .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
    .select(["profiles.email", "profiles.id as profileId"])
    .where("caregivers.id", "=", caregiverId)
    .executeTakeFirstOrThrow();
}

/** The helper's 'Uusi tilaus' e-mails and 'Uusi tehtävä' notifications about one order. */
async function noticesOf(caregiverId: string, order: { orderNumber: string; orderId: string }) {
  const helper = await contactOf(caregiverId);
  const mails = await emailsWithSubject(helper.email, "Uusi tilaus");
  return {
    mails: mails.filter((mail) => mail.text.includes(`Tilausnumero: ${order.orderNumber}`)),
    notifications: (await notificationsOf(helper.profileId)).filter((n) => n.related_id === order.orderId && n.type === "ORDER_ASSIGNED"),
  };
}

let day = 20;
async function book(caregiver: string, fields: Record<string, string> = {}) {
  day += 1;
  const query = draftQuery({ date: dateInDays(day), time: "10:00", duration: 2, service: f.serviceId, caregiver });
  const email = `ilmoitus-${day}@example.fi`;
  const answer = await answerOf(() => varausAction({ request: postUrl("/varaus/yhteystiedot", query, validContact({ email, ...fields })), params: {}, context: CONTEXT }));
  expect(answer.status, JSON.stringify(answer.data)).toBe(302);
  const [order] = await ordersOf(email);
  return { orderId: order.id, orderNumber: order.order_number, location: answer.location! };
}

describe("at booking", () => {
  it("an invoice order with a chosen helper tells the helper at once, with the details and a link to their tasks", async () => {
    const order = await book(f.caregiverId);
    const { mails, notifications } = await noticesOf(f.caregiverId, order);
    expect(mails).toHaveLength(1);
    for (const expected of ["Palvelu: Juttuseura", "Osoite: Runeberginkatu 15 A 4, 00100 Helsinki", "Puhelin: 0401234567", "http://localhost:3000/portal/caregiver-bookings", "Kaverin tehtävät"]) {
      expect(mails[0].text).toContain(expected);
    }
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ title: "Uusi tehtävä", read_at: null });
  });

  it("an online order tells the helper when it is paid, not before, and a repeated payment event does not tell again", async () => {
    const order = await book(f.topCaregiverId, { paymentMethod: "online" });
    expect(await noticesOf(f.topCaregiverId, order)).toMatchObject({ mails: [], notifications: [] });

    const payment = await db.selectFrom("payments").select("provider_ref").where("order_id", "=", order.orderId).executeTakeFirstOrThrow();
    const ref = payment.provider_ref ?? (await startCheckout(db, order.orderId)).replace("/maksu/testi/", "");
    const event = { id: `evt-${ref}`, provider: "local" as const, type: "checkout.completed" as const, providerRef: ref, method: "card" as const };
    await applyPaymentEvent(db, event);
    await applyPaymentEvent(db, event);
    await applyPaymentEvent(db, { ...event, id: `evt-again-${ref}` });
    const { mails, notifications } = await noticesOf(f.topCaregiverId, order);
    expect(mails).toHaveLength(1);
    expect(notifications).toHaveLength(1);
  });

  it("a guest order waiting for its e-mail confirmation tells the helper once it is confirmed", async () => {
    const helper = await createCaregiver(db, { name: "Odottava Kaveri" });
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: nextVisit() });
    const link = newOrderConfirmationToken(new Date());
    await db
      .updateTable("orders")
      .set({ email_confirmation_token_hash: link.tokenHash, email_confirmation_due_at: link.dueAt })
      .where("id", "=", order.orderId)
      .execute();
    // Staff pick the helper meanwhile: the order is not real yet, so the news waits.
    expect(await assignCaregiver(db, staff, { orderId: order.orderId, caregiverId: helper.id })).toMatchObject({ ok: true, changed: true });
    expect(await noticesOf(helper.id, order)).toMatchObject({ mails: [], notifications: [] });

    expect(await confirmOrderByEmail(db, link.token, new Date())).toEqual({ orderNumber: order.orderNumber });
    expect(await confirmOrderByEmail(db, link.token, new Date())).toBeNull();
    const { mails, notifications } = await noticesOf(helper.id, order);
    expect(mails).toHaveLength(1);
    expect(notifications).toHaveLength(1);
  });

  it("an order without a chosen helper tells no helper", async () => {
    const before = await db.selectFrom("notifications").select("id").where("type", "=", "ORDER_ASSIGNED").execute();
    await book("ei-valia");
    const after = await db.selectFrom("notifications").select("id").where("type", "=", "ORDER_ASSIGNED").execute();
    expect(after).toHaveLength(before.length);
  });
});

describe("at staff assignment", () => {
  it("tells the newly assigned helper once; choosing them again tells nothing; the helper taken off hears it", async () => {
    const first = await createCaregiver(db, { name: "Eka Kaveri" });
    const second = await createCaregiver(db, { name: "Toka Kaveri" });
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: nextVisit() });

    await assignCaregiver(db, staff, { orderId: order.orderId, caregiverId: first.id });
    await assignCaregiver(db, staff, { orderId: order.orderId, caregiverId: first.id });
    expect(await noticesOf(first.id, order)).toMatchObject({ mails: [expect.anything()], notifications: [expect.anything()] });

    await assignCaregiver(db, staff, { orderId: order.orderId, caregiverId: second.id });
    expect((await noticesOf(second.id, order)).mails).toHaveLength(1);
    const removed = (await notificationsOf(first.profileId)).filter((n) => n.related_id === order.orderId && n.type === "ORDER_UNASSIGNED");
    expect(removed).toHaveLength(1);
    expect(removed[0].title).toBe("Tehtävä siirretty");

    // Back to the first helper: a new assignment, so a new notice.
    await assignCaregiver(db, staff, { orderId: order.orderId, caregiverId: first.id });
    expect((await noticesOf(first.id, order)).mails).toHaveLength(2);
  });

  it("leaves an unpaid online order's news to its payment", async () => {
    const helper = await createCaregiver(db, { name: "Maksua Odottava" });
    const order = await createTestOrder({ paymentMethod: "online", startsAt: nextVisit() });
    await assignCaregiver(db, staff, { orderId: order.orderId, caregiverId: helper.id });
    expect(await noticesOf(helper.id, order)).toMatchObject({ mails: [], notifications: [] });

    const ref = (await startCheckout(db, order.orderId)).replace("/maksu/testi/", "");
    await applyPaymentEvent(db, { id: `evt-${ref}`, provider: "local", type: "checkout.completed", providerRef: ref, method: "card" });
    expect((await noticesOf(helper.id, order)).mails).toHaveLength(1);
  });
});
