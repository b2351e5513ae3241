import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { resetEnvCache } from "~/env.server";
import { CheckoutError, startCheckout } from "~/services/payments/checkout.server";
import { getPaymentProvider } from "~/services/payments/active-provider.server";
import { STRIPE_CHECKOUT_LIFETIME_SECONDS } from "~/services/payments/stripe-provider.server";
import { createTestOrder, orderRow, paymentRow } from "./support/booking-fixtures";
import { startFakeStripe, TEST_APP_URL, TEST_SECRET_KEY, useFakeStripe, type FakeStripe } from "./support/fake-stripe";

// Starting a Stripe Checkout (issue 5; spec 000 §4 "Online", §7 create-checkout-session, §8): the
// exact parameters Stripe receives, the idempotency key, and what the customer is told when
// Stripe cannot be reached or answers without a checkout URL.

let db: DB;
let stripe: FakeStripe;
let restoreEnv: () => void;

beforeAll(async () => {
  db = await getDb();
  stripe = await startFakeStripe();
  restoreEnv = useFakeStripe(stripe.port);
});

afterEach(() => {
  // Tests that point the provider elsewhere put it back.
  restoreEnv();
  restoreEnv = useFakeStripe(stripe.port);
});

afterAll(async () => {
  restoreEnv();
  await stripe.close();
});

describe("the provider in use", () => {
  it("is Stripe when STRIPE_SECRET_KEY is set, the local test checkout otherwise", () => {
    expect(getPaymentProvider().name).toBe("stripe");
    const saved = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    resetEnvCache();
    expect(getPaymentProvider().name).toBe("local");
    process.env.STRIPE_SECRET_KEY = saved;
    resetEnvCache();
  });

  it("refuses to start with a key but without the webhook secret", async () => {
    const { env } = await import("~/env.server");
    const saved = process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    resetEnvCache();
    try {
      expect(() => env()).toThrow(/STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/);
    } finally {
      process.env.STRIPE_WEBHOOK_SECRET = saved;
      resetEnvCache();
    }
  });
});

describe("the Checkout Session", () => {
  it("is created with the order's amount, the three methods, Finnish, the result URLs and the order's id", async () => {
    const order = await createTestOrder({ paymentMethod: "online", email: "Sirkka.Makela@example.fi", discount: { code: "TALVI10", amountCents: 1000 } });
    const before = Math.floor(Date.now() / 1000);
    const url = await startCheckout(db, order.orderId);

    const [request] = stripe.requestsTo("POST", "/v1/checkout/sessions").slice(-1);
    const form = request.form;
    expect(request.authorization).toBe(`Bearer ${TEST_SECRET_KEY}`);
    expect(form).toMatchObject({
      mode: "payment",
      currency: "eur",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "eur",
      // 14.00–16.00 on a weekday: 2 × 40 € − the 10 € discount, the snapshotted order total.
      "line_items[0][price_data][unit_amount]": "7000",
      "allowed_payment_method_types[0]": "card",
      "allowed_payment_method_types[1]": "mobilepay",
      "allowed_payment_method_types[2]": "klarna",
      locale: "fi",
      customer_email: "Sirkka.Makela@example.fi",
      client_reference_id: order.orderId,
      "metadata[order_id]": order.orderId,
      "metadata[order_number]": order.orderNumber,
      "payment_intent_data[metadata][order_id]": order.orderId,
      success_url: `${TEST_APP_URL}/varaus-maksu-onnistui?order_number=${order.orderNumber}`,
      // The cancel address carries the token that lets only the checkout's return release the time.
      cancel_url: expect.stringMatching(new RegExp(`^${TEST_APP_URL}/varaus-peruutettu\\?order_number=${order.orderNumber}&peruutus=[A-Za-z0-9_-]{43}$`)),
    });
    expect(order.totalPriceCents).toBe(7000);
    expect((await orderRow(order.orderId)).total_price_cents).toBe(Number(form["line_items[0][price_data][unit_amount]"]));
    expect(form["line_items[0][price_data][product_data][name]"]).toBe(`Asiointiapu 5.12.2026 klo 14.00–16.00 (${order.orderNumber})`);
    expect(Object.keys(form).filter((key) => key.startsWith("allowed_payment_method_types"))).toHaveLength(3);

    // Expires a little over 30 minutes from now (Stripe's minimum), on a whole minute.
    const expiresAt = Number(form.expires_at);
    expect(expiresAt % 60).toBe(0);
    expect(expiresAt).toBeGreaterThanOrEqual(before + STRIPE_CHECKOUT_LIFETIME_SECONDS);
    expect(expiresAt).toBeLessThanOrEqual(before + STRIPE_CHECKOUT_LIFETIME_SECONDS + 61);
    expect(expiresAt - before).toBeGreaterThan(30 * 60);

    // One idempotency key per order and checkout: a repeat cannot make a second session.
    expect(request.idempotencyKey).toBe(`checkout-${order.orderId}-${expiresAt}`);

    // The customer goes to Stripe's page; the session id is stored on the payment.
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === order.orderId)!;
    expect(url).toBe(session.url);
    expect(await paymentRow(order.paymentId)).toMatchObject({ provider: "stripe", provider_ref: session.id, status: "pending", method: null });
  });

  it("a repeated start continues the open session instead of creating a second one", async () => {
    const order = await createTestOrder({ paymentMethod: "online" });
    const first = await startCheckout(db, order.orderId);
    const created = stripe.requestsTo("POST", "/v1/checkout/sessions").length;
    const second = await startCheckout(db, order.orderId);
    expect(second).toBe(first);
    expect(stripe.requestsTo("POST", "/v1/checkout/sessions")).toHaveLength(created);
  });

  it("a checkout paid meanwhile is not started again: the payment is confirmed instead", async () => {
    const order = await createTestOrder({ paymentMethod: "online" });
    await startCheckout(db, order.orderId);
    const sessionId = (await paymentRow(order.paymentId)).provider_ref!;
    stripe.completeSession(sessionId, { paid: true, method: "mobilepay" });
    const error = await startCheckout(db, order.orderId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "captured", method: "mobilepay" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending" });
  });
});

describe("§8 errors", () => {
  it("Stripe unreachable: 'Maksun aloittaminen epäonnistui. Yritä uudelleen.', and the order can still be paid later", async () => {
    const order = await createTestOrder({ paymentMethod: "online", caregiverId: true });
    const down = await startFakeStripe();
    await down.close();
    restoreEnv();
    restoreEnv = useFakeStripe(down.port);

    const error = await startCheckout(db, order.orderId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect((error as CheckoutError).message).toBe("Maksun aloittaminen epäonnistui. Yritä uudelleen.");
    expect((error as CheckoutError).reason).toBe("provider_failed");
    // Nothing is lost: the order and its payment wait as they were.
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending_payment", caregiver_id: order.caregiverId });
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "pending", provider_ref: null });

    // Once Stripe answers again, the same order gets its checkout.
    restoreEnv();
    restoreEnv = useFakeStripe(stripe.port);
    const url = await startCheckout(db, order.orderId);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect((await paymentRow(order.paymentId)).provider_ref).toBe(url.split("/").pop());
  });

  it("an answer without a URL: 'Maksun aloittaminen epäonnistui - ei checkout URL:ia', nothing stored", async () => {
    const order = await createTestOrder({ paymentMethod: "online" });
    stripe.nextSessionPatch = { url: null };
    const error = await startCheckout(db, order.orderId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect((error as CheckoutError).message).toBe("Maksun aloittaminen epäonnistui - ei checkout URL:ia");
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "pending", provider_ref: null });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending_payment" });
  });

  it("Stripe refusing the request is the same 'Yritä uudelleen' message", async () => {
    const order = await createTestOrder({ paymentMethod: "online" });
    stripe.nextFailure = { status: 400, type: "invalid_request_error", message: "Invalid currency: eur" };
    const error = await startCheckout(db, order.orderId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect((error as CheckoutError).message).toBe("Maksun aloittaminen epäonnistui. Yritä uudelleen.");
    // Stripe's own wording stays in the log; the customer never sees it.
    expect((error as CheckoutError).message).not.toContain("currency");
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "pending", provider_ref: null });
  });
});
