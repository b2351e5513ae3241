import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { action as varaaAction, loader as varaaLoader } from "~/routes/varaa.yhteystiedot";
import { localPaymentProvider } from "~/services/payments/local-provider.server";
import { setPaymentProviderForTests } from "~/services/payments/active-provider.server";
import { answerOf, cookiesFrom } from "./support/auth";
import {
  CONTEXT,
  dateInDays,
  draftQuery,
  getUrl,
  ordersOf,
  postUrl,
  seedBookingFixtures,
  validContact,
  type BookingFixtures,
} from "./support/booking";

// Issue 4/5 "the order stays recoverable, nothing is lost": when starting the online checkout
// fails, a retry continues the same order (its 'Yritä maksua uudelleen' button, or the same form
// sent again) instead of booking the caregiver's time a second time.

let f: BookingFixtures;
let dayOffset = 20;

beforeAll(async () => {
  f = await seedBookingFixtures();
});

afterEach(() => {
  setPaymentProviderForTests(null);
});

/** The local provider, except that its first `failures` checkouts fail as an unreachable provider would. */
function failingProvider(failures: number) {
  let calls = 0;
  setPaymentProviderForTests({
    ...localPaymentProvider,
    createCheckout: async (input) => {
      calls += 1;
      if (calls <= failures) throw new Error("connect ECONNREFUSED");
      return localPaymentProvider.createCheckout(input);
    },
  });
  return { calls: () => calls };
}

function freshQuery(caregiver: string) {
  dayOffset += 1;
  return draftQuery({ date: dateInDays(dayOffset), time: "12:00", duration: 2, service: f.serviceId, caregiver });
}

function post(query: string, fields: Record<string, string>, cookie?: string) {
  return answerOf(() => varaaAction({ request: postUrl("/varaa/yhteystiedot", query, fields, cookie), params: {}, context: CONTEXT }));
}

/** The first attempt: the order is made, the checkout fails, the browser keeps the cookie. */
async function failedFirstAttempt(caregiver: string) {
  const query = freshQuery(caregiver);
  const contact = validContact({ paymentMethod: "online" });
  const answer = await post(query, contact);
  expect(answer.status).toBe(502);
  expect(answer.data.result.error[""]).toEqual(["Maksun aloittaminen epäonnistui. Yritä uudelleen."]);
  const cookie = cookiesFrom(new Response(null, { headers: answer.headers }));
  const [order] = await ordersOf(contact.email);
  expect(order.status).toBe("pending_payment");
  return { query, contact, cookie, order };
}

describe("a failed online checkout can be retried without a second order", () => {
  it("'Yritä maksua uudelleen' resumes the same order and reaches its checkout", async () => {
    const provider = failingProvider(1);
    const { query, contact, cookie, order } = await failedFirstAttempt(f.caregiverId);

    // The page that comes back still shows the step (the customer's own order does not count as
    // the caregiver being taken) and offers the retry for that order.
    const page = await answerOf(() => varaaLoader({ request: getUrl("/varaa/yhteystiedot", query, cookie), params: {}, context: CONTEXT }));
    expect(page.status).toBe(200);
    expect(page.data.pendingOrderNumber).toBe(order.order_number);

    const retry = await post(query, { intent: "retry-payment", orderNumber: order.order_number }, cookie);
    expect(retry.status).toBe(302);
    expect(retry.location).toMatch(/^\/maksu\/testi\/.+/);
    expect(provider.calls()).toBe(2);

    const orders = await ordersOf(contact.email);
    expect(orders).toHaveLength(1);
    const db = await getDb();
    const payment = await db.selectFrom("payments").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(payment.status).toBe("pending");
    expect(retry.location).toContain(payment.provider_ref!);
  });

  it("sending the same form again resumes the order instead of creating a second one", async () => {
    failingProvider(1);
    const { query, contact, cookie, order } = await failedFirstAttempt(f.caregiverId);
    const again = await post(query, validContact({ paymentMethod: "online", email: contact.email }), cookie);
    expect(again.status).toBe(302);
    expect(again.location).toMatch(/^\/maksu\/testi\/.+/);
    const orders = await ordersOf(contact.email);
    expect(orders.map((row) => row.id)).toEqual([order.id]);
  });

  it("also for 'Ei väliä', where no caregiver's time would stop a duplicate", async () => {
    failingProvider(1);
    const { query, contact, cookie, order } = await failedFirstAttempt("ei-valia");
    const again = await post(query, validContact({ paymentMethod: "online", email: contact.email.toUpperCase() }), cookie);
    expect(again.status).toBe(302);
    expect((await ordersOf(contact.email)).map((row) => row.id)).toEqual([order.id]);
  });

  it("a failed retry keeps the one order and offers the retry again", async () => {
    failingProvider(2);
    const { query, contact, cookie, order } = await failedFirstAttempt(f.caregiverId);
    const retry = await post(query, { intent: "retry-payment", orderNumber: order.order_number }, cookie);
    expect(retry.status).toBe(502);
    expect(retry.data.result.error[""]).toEqual(["Maksun aloittaminen epäonnistui. Yritä uudelleen."]);
    expect(await ordersOf(contact.email)).toHaveLength(1);
    const third = await post(query, { intent: "retry-payment", orderNumber: order.order_number }, cookie);
    expect(third.status).toBe(302);
  });

  it("another browser cannot resume someone else's order, neither by its number nor by the same form", async () => {
    const provider = failingProvider(1);
    const { query, contact, order } = await failedFirstAttempt("ei-valia");

    const foreign = await post(query, { intent: "retry-payment", orderNumber: order.order_number });
    expect(foreign.status).toBe(403);
    expect(foreign.location).toBeNull();
    expect(foreign.data.result.error[""]).toEqual(["Tätä varausta ei voi enää maksaa. Tarkista tiedot ja tee uusi varaus."]);
    expect(provider.calls()).toBe(1);

    const page = await answerOf(() => varaaLoader({ request: getUrl("/varaa/yhteystiedot", query), params: {}, context: CONTEXT }));
    expect(page.data.pendingOrderNumber).toBeNull();

    // The same details from a browser without the cookie are a booking of their own.
    const db = await getDb();
    const payment = await db.selectFrom("payments").select("provider_ref").where("order_id", "=", order.id).executeTakeFirstOrThrow();
    const separate = await post(query, validContact({ paymentMethod: "online", email: contact.email }));
    expect(separate.status).toBe(302);
    expect(await ordersOf(contact.email)).toHaveLength(2);
    const after = await db.selectFrom("payments").select("provider_ref").where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(after.provider_ref).toBe(payment.provider_ref);
  });

  it("an order that no longer awaits payment is not resumed, and a different e-mail is a new booking", async () => {
    failingProvider(1);
    const { query, contact, cookie, order } = await failedFirstAttempt("ei-valia");
    const db = await getDb();
    await db.updateTable("orders").set({ status: "cancelled", cancelled_at: new Date() }).where("id", "=", order.id).execute();
    const retry = await post(query, { intent: "retry-payment", orderNumber: order.order_number }, cookie);
    expect(retry.status).toBe(409);

    const other = validContact({ paymentMethod: "online" });
    const answer = await post(query, other, cookie);
    expect(answer.status).toBe(302);
    expect(await ordersOf(other.email)).toHaveLength(1);
    expect(await ordersOf(contact.email)).toHaveLength(1);
  });
});
