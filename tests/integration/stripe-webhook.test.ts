import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { action as webhookAction, loader as webhookLoader } from "~/routes/api.stripe.webhook";
import { startCheckout } from "~/services/payments/checkout.server";
import { cookiesFrom } from "./support/auth";
import { createTestOrder, emailCount, orderRow, paymentRow } from "./support/booking-fixtures";
import { CONTEXT, draftQuery, dateInDays, ordersOf, postUrl, seedBookingFixtures, validContact } from "./support/booking";
import {
  signedStripeEvent,
  startFakeStripe,
  useFakeStripe,
  webhookRequest,
  type FakeStripe,
} from "./support/fake-stripe";
import { action as varausAction } from "~/routes/varaus.yhteystiedot";

// POST /api/stripe/webhook (issue 5): signature on the raw body, each event applied once, events
// out of order, Klarna's asynchronous outcome, and the expiry that frees the helper's time.

let db: DB;
let stripe: FakeStripe;
let restoreEnv: () => void;

beforeAll(async () => {
  db = await getDb();
  stripe = await startFakeStripe();
  restoreEnv = useFakeStripe(stripe.port);
});

afterAll(async () => {
  restoreEnv();
  await stripe.close();
});

const routeArgs = (request: Request) => ({ request, params: {}, context: CONTEXT });

async function deliver(type: string, session: object, options: { id?: string; secret?: string; signature?: string | null } = {}) {
  const event = signedStripeEvent(type, session, options);
  const signature = options.signature === undefined ? event.signature : options.signature;
  const response = (await webhookAction(routeArgs(webhookRequest(event.payload, signature)))) as Response;
  return { response, status: response.status, body: await response.text(), id: event.id };
}

async function eventRows(id: string) {
  return db.selectFrom("payment_events").selectAll().where("id", "=", id).execute();
}

/** An online order whose Stripe Checkout Session was created, as after the booking's redirect. */
async function orderAtStripe(options: Partial<Parameters<typeof createTestOrder>[0]> = {}) {
  const order = await createTestOrder({ paymentMethod: "online", ...options });
  const url = await startCheckout(db, order.orderId);
  const sessionId = (await paymentRow(order.paymentId)).provider_ref!;
  expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
  return { ...order, sessionId };
}

describe("signature", () => {
  it("a valid event is applied: payment captured, order pending, one confirmation e-mail", async () => {
    const order = await orderAtStripe();
    const session = stripe.completeSession(order.sessionId, { paid: true, method: "card" });
    const delivery = await deliver("checkout.session.completed", session);
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.body)).toEqual({ received: true });
    expect(await paymentRow(order.paymentId)).toMatchObject({ provider: "stripe", status: "captured" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending" });
    expect(await emailCount(order.email)).toBe(1);
    expect(await eventRows(delivery.id)).toHaveLength(1);
  });

  it("a wrong signature is refused with 400 and a body that says nothing, and nothing changes", async () => {
    const order = await orderAtStripe();
    const session = stripe.completeSession(order.sessionId, { paid: true, method: "card" });

    const forged = await deliver("checkout.session.completed", session, { secret: "whsec_someone_else" });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toEqual({ error: "Bad request" });
    expect(forged.body).not.toMatch(/signature|whsec|timestamp|expected/i);

    const missing = await deliver("checkout.session.completed", session, { signature: null });
    expect(missing.status).toBe(400);
    const garbage = await deliver("checkout.session.completed", session, { signature: "t=1,v1=deadbeef" });
    expect(garbage.status).toBe(400);

    // A body changed after signing fails too: the signature covers the raw bytes.
    const genuine = signedStripeEvent("checkout.session.completed", session);
    const tampered = genuine.payload.replace('"livemode":false', '"livemode":false ');
    const response = (await webhookAction(routeArgs(webhookRequest(tampered, genuine.signature)))) as Response;
    expect(response.status).toBe(400);

    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "pending" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending_payment" });
    expect(await eventRows(forged.id)).toHaveLength(0);
    expect(await emailCount(order.email)).toBe(0);
  });

  it("a replayed delivery older than Stripe's tolerance is refused", async () => {
    const order = await orderAtStripe();
    const session = stripe.completeSession(order.sessionId, { paid: true, method: "card" });
    const old = await deliver("checkout.session.completed", session, {});
    expect(old.status).toBe(200);
    const event = signedStripeEvent("checkout.session.completed", session, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const response = (await webhookAction(routeArgs(webhookRequest(event.payload, event.signature)))) as Response;
    expect(response.status).toBe(400);
  });

  it("answers GET with 405 and only accepts POST", async () => {
    const get = webhookLoader();
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    const put = (await webhookAction(routeArgs(new Request("http://localhost:3000/api/stripe/webhook", { method: "PUT", body: "{}" })))) as Response;
    expect(put.status).toBe(405);
  });

  it("acknowledges event types it does not handle without changing anything", async () => {
    const delivery = await deliver("customer.created", { id: "cus_test_1", object: "customer" });
    expect(delivery.status).toBe(200);
    expect(await eventRows(delivery.id)).toHaveLength(0);
  });
});

describe("idempotency and order", () => {
  it("the same event delivered twice is processed once", async () => {
    const order = await orderAtStripe();
    const session = stripe.completeSession(order.sessionId, { paid: true, method: "mobilepay" });
    const first = await deliver("checkout.session.completed", session, { id: "evt_twice_1" });
    const second = await deliver("checkout.session.completed", session, { id: "evt_twice_1" });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await eventRows("evt_twice_1")).toHaveLength(1);
    expect(await emailCount(order.email)).toBe(1);
    const confirmations = await db
      .selectFrom("jobs")
      .select("id")
      .where("type", "=", "email.deliver")
      .where(sql<string>`payload->>'emailId'`, "in", db.selectFrom("emails").select(sql<string>`id::text`.as("id")).where("to_address", "=", order.email))
      .execute();
    expect(confirmations).toHaveLength(1);
  });

  it("an expiry that arrives after the completion changes nothing", async () => {
    const order = await orderAtStripe({ caregiverId: true, discount: { code: "STRIPE10", amountCents: 1000 } });
    const paid = stripe.completeSession(order.sessionId, { paid: true, method: "card" });
    await deliver("checkout.session.completed", paid);
    const expired = await deliver("checkout.session.expired", { ...paid, status: "expired" });
    expect(expired.status).toBe(200);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending", cancelled_at: null });
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "captured" });
    const redemptions = await db.selectFrom("discount_redemptions").select("id").where("order_id", "=", order.orderId).execute();
    expect(redemptions).toHaveLength(1);
  });

  it("a completion that arrives after the expiry is recorded for a refund but does not revive the order", async () => {
    const order = await orderAtStripe({ caregiverId: true });
    const session = stripe.sessions.get(order.sessionId)!;
    await deliver("checkout.session.expired", { ...session, status: "expired" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "cancelled" });
    const late = await deliver("checkout.session.completed", { ...session, status: "complete", payment_status: "paid" });
    expect(late.status).toBe(200);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "cancelled" });
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "captured" });
    expect(await emailCount(order.email)).toBe(0);
    const audit = await db.selectFrom("audit_log").select("action").where("entity_id", "=", order.orderId).execute();
    expect(audit.map((row) => row.action)).toContain("payment.captured_after_cancel");
  });

  it("an event about a checkout we do not know is acknowledged and not recorded", async () => {
    const delivery = await deliver("checkout.session.completed", {
      id: "cs_test_from_another_shop",
      object: "checkout.session",
      status: "complete",
      payment_status: "paid",
    });
    expect(delivery.status).toBe(200);
    expect(await eventRows(delivery.id)).toHaveLength(0);
  });
});

describe("Klarna: paid later", () => {
  it("a completed but unpaid checkout waits; async_payment_succeeded confirms the order", async () => {
    const order = await orderAtStripe();
    const session = stripe.completeSession(order.sessionId, { paid: false, method: "klarna" });
    const completed = await deliver("checkout.session.completed", session);
    expect(completed.status).toBe(200);
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "pending" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending_payment" });
    expect(await emailCount(order.email)).toBe(0);

    const succeeded = await deliver("checkout.session.async_payment_succeeded", { ...session, payment_status: "paid" });
    expect(succeeded.status).toBe(200);
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "captured" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending" });
    expect(await emailCount(order.email)).toBe(1);
  });

  it("async_payment_failed cancels the order and releases its discount", async () => {
    const order = await orderAtStripe({ caregiverId: true, discount: { code: "KLARNA5", amountCents: 500, usageLimit: 1 } });
    const session = stripe.completeSession(order.sessionId, { paid: false, method: "klarna" });
    await deliver("checkout.session.completed", session);
    const failed = await deliver("checkout.session.async_payment_failed", session);
    expect(failed.status).toBe(200);
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "failed" });
    const cancelled = await orderRow(order.orderId);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancelled_at).not.toBeNull();
    const code = await db.selectFrom("discount_codes").select("usage_count").where("id", "=", order.discountCodeId!).executeTakeFirstOrThrow();
    expect(code.usage_count).toBe(0);
    expect(await emailCount(order.email)).toBe(0);
  });
});

describe("expiry", () => {
  it("frees the helper's time: a second customer can then book the same helper at the same time", async () => {
    const f = await seedBookingFixtures();
    const draft = { date: dateInDays(9), time: "12:00", duration: 2, service: f.serviceId, caregiver: f.caregiverId };
    const book = (contact: Record<string, string>) =>
      varausAction(routeArgs(postUrl("/varaus/yhteystiedot", draftQuery(draft), contact))).then(
        (value) => value,
        (thrown: unknown) => thrown,
      ) as Promise<Response>;

    // The first customer chooses online payment and is sent to Stripe's checkout page.
    const first = validContact({ paymentMethod: "online" });
    const toStripe = await book(first);
    expect(toStripe.status).toBe(302);
    const location = toStripe.headers.get("Location")!;
    expect(location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(cookiesFrom(toStripe)).toContain("__bookings=");
    const [firstOrder] = await ordersOf(first.email);
    expect(firstOrder.status).toBe("pending_payment");
    const session = stripe.sessions.get(location.split("/").pop()!)!;
    expect(session.client_reference_id).toBe(firstOrder.id);

    // While that checkout is open, the helper's time is taken.
    const second = validContact({ paymentMethod: "invoice", firstName: "Toinen" });
    const refused = await book(second);
    expect(refused.status).toBe(302);
    expect(new URL(refused.headers.get("Location")!, "http://x").searchParams.get("viesti")).toBe("caregiver_unavailable");
    expect(await ordersOf(second.email)).toHaveLength(0);

    // Stripe expires the unpaid checkout …
    const expired = await deliver("checkout.session.expired", { ...session, status: "expired", url: null });
    expect(expired.status).toBe(200);
    expect((await ordersOf(first.email))[0]).toMatchObject({ status: "cancelled" });
    const payment = await db.selectFrom("payments").select("status").where("order_id", "=", firstOrder.id).executeTakeFirstOrThrow();
    expect(payment.status).toBe("failed");

    // … and the second customer gets the time.
    const again = await book({ ...second, ...validContact({ paymentMethod: "invoice", firstName: "Toinen", email: second.email }) });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toMatch(/^\/varaus-maksu-onnistui\?order_number=ORD-\d+&payment_method=invoice$/);
    const [secondOrder] = await ordersOf(second.email);
    expect(secondOrder).toMatchObject({ status: "pending", caregiver_id: f.caregiverId });
    expect(secondOrder.starts_at.getTime()).toBe(firstOrder.starts_at.getTime());
  });
});

describe("without Stripe configured", () => {
  it("the endpoint does not exist", async () => {
    const saved = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    const { resetEnvCache } = await import("~/env.server");
    resetEnvCache();
    try {
      const delivery = await deliver("checkout.session.completed", { id: "cs_x", object: "checkout.session" });
      expect(delivery.status).toBe(404);
    } finally {
      process.env.STRIPE_SECRET_KEY = saved;
      resetEnvCache();
    }
  });
});
