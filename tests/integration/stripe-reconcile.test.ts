import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rememberOrder } from "~/booking/owned-orders.server";
import { signedPaymentCancelledPath } from "~/services/payments/cancel-link.server";
import { getDb, type DB } from "~/db.server";
import { loader as successLoader } from "~/routes/varaus-maksu-onnistui";
import { loader as cancelledLoader } from "~/routes/varaus-peruutettu";
import { enqueueJob } from "~/services/job-queue.server";
import { runDueJobs, scheduleRecurringJobs } from "~/services/worker.server";
import { startCheckout } from "~/services/payments/checkout.server";
import { localPaymentProvider } from "~/services/payments/local-provider.server";
import { getPaymentProvider, setPaymentProviderForTests } from "~/services/payments/active-provider.server";
import { expireStaleCheckouts } from "~/services/payments/reconcile.server";
import { refundPayment } from "~/services/payments/refunds.server";
import { action as webhookAction } from "~/routes/api.stripe.webhook";
import { answerOf, BASE_URL } from "./support/auth";
import { createTestOrder, emailCount, insertTestOrder, orderRow, paymentRow } from "./support/booking-fixtures";
import { CONTEXT, getUrl } from "./support/booking";
import { signedStripeEvent, startFakeStripe, useFakeStripe, webhookRequest, type FakeStripe } from "./support/fake-stripe";

// What we learn by asking Stripe ourselves (issue 5): the success page does not trust the redirect,
// the cancelled page closes the abandoned checkout, the clean-up job settles checkouts whose
// webhook never came, and refunds go to Stripe once per payment.

let db: DB;
let stripe: FakeStripe;
let restoreEnv: () => void;

beforeAll(async () => {
  db = await getDb();
  stripe = await startFakeStripe();
  restoreEnv = useFakeStripe(stripe.port);
});

afterEach(() => {
  setPaymentProviderForTests(null);
  stripe.nextFailure = null;
});

afterAll(async () => {
  restoreEnv();
  await stripe.close();
});

async function orderAtStripe(options: Partial<Parameters<typeof createTestOrder>[0]> = {}) {
  const order = await createTestOrder({ paymentMethod: "online", ...options });
  await startCheckout(db, order.orderId);
  return { ...order, sessionId: (await paymentRow(order.paymentId)).provider_ref! };
}

/** The cookie the booking browser got with its order (owned-orders.server.ts). */
async function bookingCookie(orderNumber: string) {
  const setCookie = await rememberOrder(new Request(BASE_URL), orderNumber);
  return setCookie.split(";")[0];
}

function successPage(orderNumber: string, cookie?: string) {
  return answerOf(() =>
    successLoader({ request: getUrl("/varaus-maksu-onnistui", `order_number=${orderNumber}`, cookie), params: {}, context: CONTEXT }),
  );
}

/** The page as the provider's cancel address opens it (with our token), or as any other link does. */
function cancelledPage(orderNumber: string, cookie?: string, { fromCheckout = true } = {}) {
  const query = fromCheckout ? signedPaymentCancelledPath(orderNumber).split("?")[1]! : `order_number=${orderNumber}`;
  return answerOf(() => cancelledLoader({ request: getUrl("/varaus-peruutettu", query, cookie), params: {}, context: CONTEXT }));
}

/** Makes a checkout look as old as `minutes` to the clean-up job. */
async function age(paymentId: string, minutes: number) {
  await db
    .updateTable("payments")
    .set({ updated_at: sql`now() - ${minutes}::int * interval '1 minute'`, created_at: sql`now() - ${minutes}::int * interval '1 minute'` })
    .where("id", "=", paymentId)
    .execute();
}

describe("the success page does not trust the redirect", () => {
  it("says the payment is being confirmed while Stripe has not been paid", async () => {
    const order = await orderAtStripe();
    const page = await successPage(order.orderNumber, await bookingCookie(order.orderNumber));
    expect(page.data.order).toMatchObject({ orderNumber: order.orderNumber, paymentMethod: "online", awaitingPayment: true, cancelled: false });
    // It asked Stripe, and Stripe said the checkout is still open: nothing changed.
    expect(stripe.requestsTo("GET", `/v1/checkout/sessions/${order.sessionId}`)).toHaveLength(1);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending_payment" });
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "pending" });
  });

  it("confirms the order from Stripe's own answer when the webhook has not arrived yet, and the webhook then changes nothing", async () => {
    const order = await orderAtStripe();
    const session = stripe.completeSession(order.sessionId, { paid: true, method: "klarna" });
    const page = await successPage(order.orderNumber, await bookingCookie(order.orderNumber));
    expect(page.data.order).toMatchObject({ awaitingPayment: false, cancelled: false, totalPriceCents: order.totalPriceCents });
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "captured", method: "klarna" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending" });
    expect(await emailCount(order.email)).toBe(1);

    const event = signedStripeEvent("checkout.session.completed", session);
    const response = (await webhookAction({ request: webhookRequest(event.payload, event.signature), params: {}, context: CONTEXT })) as Response;
    expect(response.status).toBe(200);
    expect(await emailCount(order.email)).toBe(1);

    // Once confirmed, the page no longer asks Stripe.
    const asked = stripe.requestsTo("GET", `/v1/checkout/sessions/${order.sessionId}`).length;
    const again = await successPage(order.orderNumber, await bookingCookie(order.orderNumber));
    expect(again.data.order.awaitingPayment).toBe(false);
    expect(stripe.requestsTo("GET", `/v1/checkout/sessions/${order.sessionId}`)).toHaveLength(asked);
  });

  it("keeps waiting while a Klarna payment is processing, and when Stripe cannot be reached", async () => {
    const order = await orderAtStripe();
    stripe.completeSession(order.sessionId, { paid: false, method: "klarna" });
    const cookie = await bookingCookie(order.orderNumber);
    expect((await successPage(order.orderNumber, cookie)).data.order.awaitingPayment).toBe(true);

    stripe.nextFailure = { status: 400, type: "invalid_request_error", message: "boom" };
    const page = await successPage(order.orderNumber, cookie);
    expect(page.status).toBe(200);
    expect(page.data.order.awaitingPayment).toBe(true);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending_payment" });
  });

  it("a stranger with the order number sees nothing and causes no call to Stripe", async () => {
    const order = await orderAtStripe();
    stripe.completeSession(order.sessionId, { paid: true, method: "card" });
    const page = await successPage(order.orderNumber);
    expect(page.data.order).toBeNull();
    expect(stripe.requestsTo("GET", `/v1/checkout/sessions/${order.sessionId}`)).toHaveLength(0);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending_payment" });
  });
});

describe("the cancelled page", () => {
  it("expires the abandoned checkout at Stripe at once, releasing the helper's time and the discount", async () => {
    const order = await orderAtStripe({ caregiverId: true, discount: { code: "PALAA5", amountCents: 500, usageLimit: 1 } });
    const page = await cancelledPage(order.orderNumber, await bookingCookie(order.orderNumber));
    expect(page.status).toBe(200);
    expect(page.data.orderNumber).toBe(order.orderNumber);
    expect(stripe.requestsTo("POST", `/v1/checkout/sessions/${order.sessionId}/expire`)).toHaveLength(1);
    expect(stripe.sessions.get(order.sessionId)!.status).toBe("expired");
    expect(await orderRow(order.orderId)).toMatchObject({ status: "cancelled" });
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "failed" });
    const code = await db.selectFrom("discount_codes").select("usage_count").where("id", "=", order.discountCodeId!).executeTakeFirstOrThrow();
    expect(code.usage_count).toBe(0);
    // The same helper at the same time can be booked again.
    await db.transaction().execute((trx) => insertTestOrder(trx, { paymentMethod: "invoice", caregiverId: order.caregiverId!, startsAt: order.startsAt }));

    // Stripe's own expiry event arriving later changes nothing.
    const event = signedStripeEvent("checkout.session.expired", stripe.sessions.get(order.sessionId)!);
    const response = (await webhookAction({ request: webhookRequest(event.payload, event.signature), params: {}, context: CONTEXT })) as Response;
    expect(response.status).toBe(200);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "cancelled" });
  });

  it("sends the customer to the success page when the checkout was paid after all", async () => {
    const order = await orderAtStripe();
    stripe.completeSession(order.sessionId, { paid: true, method: "card" });
    const page = await cancelledPage(order.orderNumber, await bookingCookie(order.orderNumber));
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/varaus-maksu-onnistui?order_number=${order.orderNumber}`);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending" });
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "captured", method: "card" });
  });

  it("changes nothing when the link did not come from the checkout, even with the booking's cookie (a cross-site GET)", async () => {
    const order = await orderAtStripe({ caregiverId: true });
    const cookie = await bookingCookie(order.orderNumber);
    const page = await cancelledPage(order.orderNumber, cookie, { fromCheckout: false });
    expect(page.status).toBe(200);
    expect(page.data.state).toBe("awaiting_payment");
    expect(stripe.requestsTo("POST", `/v1/checkout/sessions/${order.sessionId}/expire`)).toHaveLength(0);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending_payment" });
    // A forged token is no better.
    const forged = await answerOf(() =>
      cancelledLoader({ request: getUrl("/varaus-peruutettu", `order_number=${order.orderNumber}&peruutus=${"A".repeat(43)}`, cookie), params: {}, context: CONTEXT }),
    );
    expect(forged.data.state).toBe("awaiting_payment");
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending_payment" });
  });

  it("tells the owner of a live invoice order that it stands, and changes nothing", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice" });
    const page = await cancelledPage(order.orderNumber, await bookingCookie(order.orderNumber), { fromCheckout: false });
    expect(page.data).toMatchObject({ state: "active", orderHref: `/varaus-maksu-onnistui?order_number=${order.orderNumber}` });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending" });
  });

  it("does nothing for someone else's order", async () => {
    const order = await orderAtStripe();
    const page = await cancelledPage(order.orderNumber);
    expect(page.data).toMatchObject({ orderNumber: order.orderNumber, state: "unknown" });
    expect(stripe.requestsTo("POST", `/v1/checkout/sessions/${order.sessionId}/expire`)).toHaveLength(0);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending_payment" });
  });
});

describe("the clean-up job for checkouts nobody told us about", () => {
  it("settles each stale checkout by what Stripe says, releases never-started ones, and leaves fresh ones alone", async () => {
    const paid = await orderAtStripe();
    stripe.completeSession(paid.sessionId, { paid: true, method: "mobilepay" });
    const open = await orderAtStripe({ caregiverId: true });
    const expired = await orderAtStripe();
    stripe.sessions.get(expired.sessionId)!.status = "expired";
    const processing = await orderAtStripe();
    stripe.completeSession(processing.sessionId, { paid: false, method: "klarna" });
    const declined = await orderAtStripe();
    stripe.completeSession(declined.sessionId, { paid: false, method: "klarna", intentStatus: "requires_payment_method" });
    const neverStarted = await createTestOrder({ paymentMethod: "online" });
    const fresh = await orderAtStripe();
    for (const order of [paid, open, expired, processing, declined, neverStarted]) await age(order.paymentId, 45);

    const result = await expireStaleCheckouts(db);
    expect(result).toEqual({ examined: 6, settled: 5, waiting: 1, failed: 0 });

    expect(await paymentRow(paid.paymentId)).toMatchObject({ status: "captured", method: "mobilepay" });
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "pending" });
    expect(await emailCount(paid.email)).toBe(1);

    // Still open long after it should have expired: closed at Stripe, then released.
    expect(stripe.requestsTo("POST", `/v1/checkout/sessions/${open.sessionId}/expire`)).toHaveLength(1);
    expect(await orderRow(open.orderId)).toMatchObject({ status: "cancelled" });
    await db.transaction().execute((trx) => insertTestOrder(trx, { paymentMethod: "invoice", caregiverId: open.caregiverId!, startsAt: open.startsAt }));

    expect(await orderRow(expired.orderId)).toMatchObject({ status: "cancelled" });
    expect(await paymentRow(expired.paymentId)).toMatchObject({ status: "failed" });
    expect(await orderRow(processing.orderId)).toMatchObject({ status: "pending_payment" });
    expect(await paymentRow(processing.paymentId)).toMatchObject({ status: "pending" });
    expect(await orderRow(declined.orderId)).toMatchObject({ status: "cancelled" });
    expect(await orderRow(neverStarted.orderId)).toMatchObject({ status: "cancelled" });
    expect(await paymentRow(neverStarted.paymentId)).toMatchObject({ status: "failed", provider_ref: null });
    expect(await orderRow(fresh.orderId)).toMatchObject({ status: "pending_payment" });
    expect(stripe.requestsTo("GET", `/v1/checkout/sessions/${fresh.sessionId}`)).toHaveLength(0);

    // A second run changes nothing more; the processing one is looked at again.
    expect(await expireStaleCheckouts(db)).toEqual({ examined: 1, settled: 0, waiting: 1, failed: 0 });
    // Its webhook finally arrives: paid.
    const event = signedStripeEvent("checkout.session.async_payment_succeeded", { ...stripe.sessions.get(processing.sessionId)!, payment_status: "paid" });
    await webhookAction({ request: webhookRequest(event.payload, event.signature), params: {}, context: CONTEXT });
    expect(await orderRow(processing.orderId)).toMatchObject({ status: "pending" });
    expect(await expireStaleCheckouts(db)).toEqual({ examined: 0, settled: 0, waiting: 0, failed: 0 });
  });

  it("expires local test checkouts after 30 minutes, and runs as the 'payments.expire_stale_checkouts' job", async () => {
    setPaymentProviderForTests(localPaymentProvider);
    const order = await createTestOrder({ paymentMethod: "online", caregiverId: true });
    await startCheckout(db, order.orderId);
    const young = await createTestOrder({ paymentMethod: "online" });
    await startCheckout(db, young.orderId);
    setPaymentProviderForTests(null);
    await age(order.paymentId, 31);
    await age(young.paymentId, 29);

    await enqueueJob(db, "payments.expire_stale_checkouts", {});
    const ran = (await runDueJobs(db, { workerId: "test" })).filter((job) => job.type === "payments.expire_stale_checkouts");
    expect(ran).toEqual([expect.objectContaining({ outcome: "done" })]);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "cancelled" });
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "failed", provider: "local" });
    expect(await orderRow(young.orderId)).toMatchObject({ status: "pending_payment" });
  });

  it("a Stripe failure makes the job retry later; what was settled stays settled", async () => {
    const order = await orderAtStripe();
    await age(order.paymentId, 45);
    stripe.nextFailure = { status: 401, type: "authentication_error", message: "Invalid API Key provided" };
    await expect(expireStaleCheckouts(db)).rejects.toThrow(/could not be settled/);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending_payment" });
    expect(await expireStaleCheckouts(db)).toMatchObject({ settled: 1, failed: 0 });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "cancelled" });
  });

  it("is queued once however many workers schedule it at the same time, next 5 minutes after the last run", async () => {
    await Promise.all(Array.from({ length: 6 }, () => scheduleRecurringJobs(db)));
    const queued = await db
      .selectFrom("jobs")
      .select(["id", "status", sql<number>`extract(epoch from run_at - now())::int`.as("dueIn")])
      .where("type", "=", "payments.expire_stale_checkouts")
      .where("status", "in", ["pending", "running"])
      .execute();
    expect(queued).toHaveLength(1);
    expect(queued[0].dueIn).toBeGreaterThan(290);
    expect(queued[0].dueIn).toBeLessThanOrEqual(300);

    // When the last run finished ten minutes ago, the next one is due at once.
    await db.updateTable("jobs").set({ status: "done" }).where("id", "=", queued[0].id).execute();
    await db
      .updateTable("jobs")
      .set({ finished_at: sql`now() - interval '10 minutes'` })
      .where("type", "=", "payments.expire_stale_checkouts")
      .execute();
    await scheduleRecurringJobs(db);
    const next = await db
      .selectFrom("jobs")
      .select(sql<number>`extract(epoch from run_at - now())::int`.as("dueIn"))
      .where("type", "=", "payments.expire_stale_checkouts")
      .where("status", "=", "pending")
      .execute();
    expect(next).toHaveLength(1);
    expect(next[0].dueIn).toBeLessThanOrEqual(1);
  });
});

describe("refunds through Stripe", () => {
  async function paidOrder() {
    const order = await orderAtStripe();
    const session = stripe.completeSession(order.sessionId, { paid: true, method: "card" });
    const event = signedStripeEvent("checkout.session.completed", session);
    await webhookAction({ request: webhookRequest(event.payload, event.signature), params: {}, context: CONTEXT });
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "captured" });
    return { ...order, paymentIntent: stripe.sessions.get(order.sessionId)!.payment_intent! };
  }

  it("refunds the payment intent in full, once, with an idempotency key per payment", async () => {
    const order = await paidOrder();
    expect(await refundPayment(db, order.paymentId)).toBe("refunded");
    expect(await refundPayment(db, order.paymentId)).toBe("already_refunded");
    const requests = stripe.requestsTo("POST", "/v1/refunds").filter((r) => r.form.payment_intent === order.paymentIntent);
    expect(requests).toHaveLength(1);
    expect(requests[0].idempotencyKey).toBe(`refund-${order.paymentId}`);
    expect(requests[0].form).toMatchObject({ amount: String(order.totalPriceCents), "metadata[payment_id]": order.paymentId });
    const payment = await paymentRow(order.paymentId);
    expect(payment.status).toBe("refunded");
    expect(payment.refunded_at).toBeInstanceOf(Date);
  });

  it("simultaneous refunds of one payment send one request", async () => {
    const order = await paidOrder();
    const outcomes = await Promise.all([1, 2, 3].map(() => refundPayment(db, order.paymentId)));
    expect(outcomes.filter((outcome) => outcome === "refunded")).toHaveLength(1);
    expect(stripe.requestsTo("POST", "/v1/refunds").filter((r) => r.form.payment_intent === order.paymentIntent)).toHaveLength(1);
  });

  it("asked twice at Stripe (a crash before the payment was marked), the money is returned once", async () => {
    const order = await paidOrder();
    const provider = getPaymentProvider();
    const request = { providerRef: order.sessionId, amountCents: order.totalPriceCents, paymentId: order.paymentId };
    await provider.refund(request);
    await provider.refund(request);
    expect(stripe.requestsTo("POST", "/v1/refunds").filter((r) => r.form.payment_intent === order.paymentIntent)).toHaveLength(2);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === order.paymentIntent)).toHaveLength(1);
  });

  it("a refused refund leaves the payment captured and can be tried again", async () => {
    const order = await paidOrder();
    stripe.nextFailure = { status: 400, type: "invalid_request_error", message: "refused" };
    // The failure comes on the session look-up that precedes the refund.
    await expect(refundPayment(db, order.paymentId)).rejects.toThrow("refused");
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "captured", refunded_at: null });
    expect(await refundPayment(db, order.paymentId)).toBe("refunded");
    expect(stripe.refunds.filter((refund) => refund.payment_intent === order.paymentIntent)).toHaveLength(1);
  });
});
