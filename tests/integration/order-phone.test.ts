import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { loader as basicsLoader } from "~/routes/backoffice.orders.$orderNumber._index";
import { loader as tasksLoader } from "~/routes/portal.caregiver-bookings";
import { notifyAssignedCaregiver } from "~/services/order-assignment.server";
import { answerOf, contextFor, createTestUser, getRequest, sessionCookieFor } from "./support/auth";
import { createTestOrder } from "./support/booking-fixtures";
import { emailsWithSubject, nextVisit, signedInHelper, type SignedIn } from "./support/portal";

// Issue 26 item 2: an order keeps the phone it was booked with (orders.contact_phone). When the
// customer later changes the phone of his profile, the back office's order page, the helper's
// task card and the helper's e-mail still show the order's own; only orders from before the
// column (contact_phone null) fall back to the profile's.

const BOOKED_WITH = "0501112222";
const PROFILE_BEFORE = "0401234567"; // what the fixture gives the customer's profile
const PROFILE_NOW = "0409998888";

let db: DB;
let helper: SignedIn & { caregiverId: string };
let staffCookie: string;

beforeAll(async () => {
  db = await getDb();
  helper = await signedInHelper("puhelin-kaveri@example.fi", "Pia Puhelin");
  staffCookie = await sessionCookieFor(await createTestUser({ email: "puhelin-tuki@example.fi", role: "support" }));
});

async function staffPhoneOf(orderNumber: string): Promise<string> {
  const page = await answerOf(() =>
    basicsLoader({ request: getRequest(`/backoffice/orders/${orderNumber}`, staffCookie), params: { orderNumber }, context: contextFor() }),
  );
  expect(page.status).toBe(200);
  return page.data.order.customer.facts.find((fact: { label: string }) => fact.label === "Puhelin").value;
}

async function helperPhoneOf(orderId: string): Promise<string | null> {
  const page = await answerOf(() => tasksLoader({ request: getRequest("/portal/caregiver-bookings", helper.cookie), params: {}, context: contextFor() }));
  expect(page.status).toBe(200);
  const task = page.data.open.find((candidate: { id: string }) => candidate.id === orderId);
  expect(task).toBeDefined();
  return task.visitPhone;
}

async function changeProfilePhone(profileId: string, phone: string) {
  await db.updateTable("profiles").set({ phone }).where("id", "=", profileId).execute();
}

describe("the phone an order was booked with", () => {
  it("is what staff, the helper's card and the helper's e-mail show after the customer changed his profile's phone", async () => {
    const order = await createTestOrder({
      paymentMethod: "invoice",
      caregiverId: helper.caregiverId,
      startsAt: nextVisit(),
      email: "puhelin-asiakas@example.fi",
      contactPhone: BOOKED_WITH,
    });
    await changeProfilePhone(order.profileId, PROFILE_NOW);

    expect(await staffPhoneOf(order.orderNumber)).toBe(BOOKED_WITH);
    expect(await helperPhoneOf(order.orderId)).toBe(BOOKED_WITH);

    await db.transaction().execute((trx) => notifyAssignedCaregiver(trx, order.orderId));
    const [email] = await emailsWithSubject("puhelin-kaveri@example.fi", "Uusi tilaus");
    expect(email).toBeDefined();
    expect(email!.text).toContain(BOOKED_WITH);
    expect(email!.text).not.toContain(PROFILE_NOW);
  });

  it("falls back to the profile's phone only for an order from before contact_phone", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", caregiverId: helper.caregiverId, startsAt: nextVisit() });
    expect(await staffPhoneOf(order.orderNumber)).toBe(PROFILE_BEFORE);
    await changeProfilePhone(order.profileId, PROFILE_NOW);
    expect(await staffPhoneOf(order.orderNumber)).toBe(PROFILE_NOW);
    expect(await helperPhoneOf(order.orderId)).toBe(PROFILE_NOW);
  });
});
