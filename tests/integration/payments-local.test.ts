import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/maksu.testi.$ref";
import { CHECKOUT_MESSAGES } from "~/messages/booking";
import { CheckoutError, startCheckout } from "~/services/payments/checkout.server";
import { applyPaymentEvent } from "~/services/payments/events.server";
import { localPaymentProvider } from "~/services/payments/local-provider.server";
import { setPaymentProviderForTests } from "~/services/payments/active-provider.server";
import type { PaymentProvider } from "~/services/payments/provider";
import { refundPayment, RefundError } from "~/services/payments/refunds.server";
import { answerOf, contextFor, getRequest, postRequest } from "./support/auth";
import { createTestCaregiver, createTestOrder, emailCount, insertTestOrder, orderRow, paymentRow } from "./support/booking-fixtures";

let db: DB;

beforeAll(async () => {
  db = await getDb();
});

afterEach(() => {
  setPaymentProviderForTests(null);
});

/** An unpaid online order with its local checkout started, as after the booking's redirect. */
async function orderAwaitingPayment(options: Partial<Parameters<typeof createTestOrder>[0]> = {}) {
  const order = await createTestOrder({ paymentMethod: "online", ...options });
  const url = await startCheckout(db, order.orderId);
  const ref = url.replace("/maksu/testi/", "");
  return { ...order, url, ref };
}

function completed(ref: string, id = `evt-completed-${ref}`) {
  return { id, provider: "local" as const, type: "checkout.completed" as const, providerRef: ref, method: "mobilepay" as const };
}

describe("starting a checkout with the local provider", () => {
  it("returns the local test page with an unguessable ref and stores it on the payment", async () => {
    const order = await orderAwaitingPayment();
    expect(order.url).toMatch(/^\/maksu\/testi\/lt_[A-Za-z0-9_-]{32}$/);
    const payment = await paymentRow(order.paymentId);
    expect(payment).toMatchObject({ provider: "local", provider_ref: order.ref, status: "pending" });
    const other = await orderAwaitingPayment();
    expect(other.ref).not.toBe(order.ref);
  });

  it("turns a provider failure into the §8 message and leaves the order recoverable", async () => {
    const order = await createTestOrder({ paymentMethod: "online" });
    setPaymentProviderForTests({
      name: "local",
      createCheckout: async () => {
        throw new Error("ECONNREFUSED");
      },
      refund: async () => {},
    });
    const error = await startCheckout(db, order.orderId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect((error as CheckoutError).message).toBe("Maksun aloittaminen epäonnistui. Yritä uudelleen.");
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending_payment" });
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "pending", provider_ref: null });

    // Nothing was lost: trying again once the provider answers works.
    setPaymentProviderForTests(null);
    await expect(startCheckout(db, order.orderId)).resolves.toMatch(/^\/maksu\/testi\//);
  });

  it("refuses an answer without a checkout URL with the 'ei checkout URL:ia' message", async () => {
    const order = await createTestOrder({ paymentMethod: "online" });
    setPaymentProviderForTests({
      name: "local",
      createCheckout: async () => ({ checkoutUrl: "", providerRef: "lt_whatever" }),
      refund: async () => {},
    });
    const error = await startCheckout(db, order.orderId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect((error as CheckoutError).message).toBe("Maksun aloittaminen epäonnistui - ei checkout URL:ia");
    expect(CHECKOUT_MESSAGES.noUrl).toBe((error as CheckoutError).message);
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "pending", provider_ref: null });
  });

  it("will not start a checkout inside a transaction or for an invoice order", async () => {
    const order = await createTestOrder({ paymentMethod: "online" });
    await expect(db.transaction().execute((trx) => startCheckout(trx, order.orderId))).rejects.toThrow(/committed/);
    const invoiceOrder = await createTestOrder({ paymentMethod: "invoice" });
    await expect(startCheckout(db, invoiceOrder.orderId)).rejects.toBeInstanceOf(CheckoutError);
  });
});

describe("payment events", () => {
  it("a completed checkout captures the payment, moves the order to pending and queues one confirmation", async () => {
    const order = await orderAwaitingPayment();
    const result = await applyPaymentEvent(db, completed(order.ref));
    expect(result).toEqual({ applied: true, orderNumber: order.orderNumber });
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "captured", method: "mobilepay" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending" });
    expect(await emailCount(order.email)).toBe(1);
    const email = await db.selectFrom("emails").selectAll().where("to_address", "=", order.email).executeTakeFirstOrThrow();
    expect(email.subject).toContain(order.orderNumber);
    const job = await db
      .selectFrom("jobs")
      .select("payload")
      .where("type", "=", "email.deliver")
      .where(sql<string>`payload->>'emailId'`, "=", email.id)
      .executeTakeFirst();
    expect(job).toBeDefined();
  });

  it("the same event delivered twice is processed once", async () => {
    const order = await orderAwaitingPayment();
    const event = completed(order.ref, "evt_duplicate_1");
    const [first, second] = [await applyPaymentEvent(db, event), await applyPaymentEvent(db, event)];
    expect(first.applied).toBe(true);
    expect(second).toEqual({ applied: false, orderNumber: order.orderNumber });
    expect(await emailCount(order.email)).toBe(1);
    const events = await db.selectFrom("payment_events").selectAll().where("id", "=", "evt_duplicate_1").execute();
    expect(events).toHaveLength(1);
  });

  it("concurrent deliveries of one event are processed once", async () => {
    const order = await orderAwaitingPayment();
    const event = completed(order.ref, "evt_concurrent_1");
    const results = await Promise.all(Array.from({ length: 5 }, () => applyPaymentEvent(db, event)));
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await emailCount(order.email)).toBe(1);
  });

  it("an expiry arriving after the payment completed changes nothing", async () => {
    const order = await orderAwaitingPayment({ caregiverId: true, discount: { code: "MYOHASSA10", amountCents: 1000 } });
    await applyPaymentEvent(db, completed(order.ref));
    const expired = await applyPaymentEvent(db, {
      id: "evt_late_expiry",
      provider: "local",
      type: "checkout.expired",
      providerRef: order.ref,
    });
    expect(expired).toEqual({ applied: false, orderNumber: order.orderNumber });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending", cancelled_at: null });
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "captured" });
    const code = await db.selectFrom("discount_codes").select("usage_count").where("id", "=", order.discountCodeId!).executeTakeFirstOrThrow();
    expect(code.usage_count).toBe(1);
    expect(await db.selectFrom("discount_redemptions").select("id").where("order_id", "=", order.orderId).execute()).toHaveLength(1);
  });

  it("cancelling releases the helper's time and the discount use", async () => {
    const order = await orderAwaitingPayment({ caregiverId: true, discount: { code: "PERUTTU5", amountCents: 500, usageLimit: 1 } });

    // While the order is alive, the same helper cannot be booked at the same time…
    const overlapping = () =>
      db.transaction().execute((trx) =>
        insertTestOrder(trx, { paymentMethod: "online", caregiverId: order.caregiverId!, startsAt: order.startsAt }),
      );
    await expect(overlapping()).rejects.toThrow(/orders_no_caregiver_overlap/);

    const result = await applyPaymentEvent(db, {
      id: `evt-cancel-${order.ref}`,
      provider: "local",
      type: "checkout.cancelled",
      providerRef: order.ref,
    });
    expect(result).toEqual({ applied: true, orderNumber: order.orderNumber });
    const cancelled = await orderRow(order.orderId);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancelled_at).not.toBeNull();
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "failed" });
    const code = await db.selectFrom("discount_codes").select("usage_count").where("id", "=", order.discountCodeId!).executeTakeFirstOrThrow();
    expect(code.usage_count).toBe(0);
    expect(await db.selectFrom("discount_redemptions").select("id").where("order_id", "=", order.orderId).execute()).toHaveLength(0);
    expect(await emailCount(order.email)).toBe(0);

    // …and after the cancellation it can.
    const second = await overlapping();
    expect((await orderRow(second.orderId)).caregiver_id).toBe(order.caregiverId);
  });

  it("a payment completing after the order was cancelled is recorded but does not revive the order", async () => {
    const order = await orderAwaitingPayment({ caregiverId: true });
    await applyPaymentEvent(db, { id: `evt-expired-${order.ref}`, provider: "local", type: "checkout.expired", providerRef: order.ref });
    const late = await applyPaymentEvent(db, completed(order.ref));
    expect(late.applied).toBe(true);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "cancelled" });
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "captured" });
    expect(await emailCount(order.email)).toBe(0);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action"])
      .where("entity_id", "=", order.orderId)
      .execute();
    expect(audit.map((a) => a.action)).toContain("payment.captured_after_cancel");
  });

  it("an event for an unknown checkout is ignored and not recorded", async () => {
    const result = await applyPaymentEvent(db, completed("lt_doesnotexist", "evt_unknown_ref"));
    expect(result).toEqual({ applied: false, orderNumber: null });
    expect(await db.selectFrom("payment_events").select("id").where("id", "=", "evt_unknown_ref").execute()).toHaveLength(0);
  });
});

describe("refunds", () => {
  function countingProvider(options: { failFirst?: boolean } = {}) {
    const calls: Array<{ paymentId: string; amountCents: number }> = [];
    let failures = options.failFirst ? 1 : 0;
    const provider: PaymentProvider = {
      name: "local",
      createCheckout: localPaymentProvider.createCheckout,
      refund: async (payment) => {
        calls.push({ paymentId: payment.paymentId, amountCents: payment.amountCents });
        if (failures > 0) {
          failures--;
          throw new Error("provider down");
        }
      },
    };
    return { provider, calls };
  }

  async function paidOrder() {
    const order = await orderAwaitingPayment();
    await applyPaymentEvent(db, completed(order.ref));
    return order;
  }

  it("refunds a captured payment once, however often it is asked", async () => {
    const order = await paidOrder();
    const { provider, calls } = countingProvider();
    setPaymentProviderForTests(provider);
    expect(await refundPayment(db, order.paymentId)).toBe("refunded");
    expect(await refundPayment(db, order.paymentId)).toBe("already_refunded");
    expect(calls).toEqual([{ paymentId: order.paymentId, amountCents: order.totalPriceCents }]);
    const payment = await paymentRow(order.paymentId);
    expect(payment.status).toBe("refunded");
    expect(payment.refunded_at).toBeInstanceOf(Date);
  });

  it("simultaneous refund requests call the provider once", async () => {
    const order = await paidOrder();
    const { provider, calls } = countingProvider();
    setPaymentProviderForTests(provider);
    const outcomes = await Promise.all([1, 2, 3].map(() => refundPayment(db, order.paymentId)));
    expect(outcomes.filter((o) => o === "refunded")).toHaveLength(1);
    expect(calls).toHaveLength(1);
    expect((await paymentRow(order.paymentId)).status).toBe("refunded");
  });

  it("a failed refund can be retried at once", async () => {
    const order = await paidOrder();
    const { provider, calls } = countingProvider({ failFirst: true });
    setPaymentProviderForTests(provider);
    await expect(refundPayment(db, order.paymentId)).rejects.toThrow("provider down");
    expect((await paymentRow(order.paymentId)).status).toBe("captured");
    expect(await refundPayment(db, order.paymentId)).toBe("refunded");
    expect(calls).toHaveLength(2);
  });

  it("refuses payments that were never captured", async () => {
    const order = await orderAwaitingPayment();
    await expect(refundPayment(db, order.paymentId)).rejects.toBeInstanceOf(RefundError);
    const invoice = await createTestOrder({ paymentMethod: "invoice" });
    await expect(refundPayment(db, invoice.paymentId)).rejects.toBeInstanceOf(RefundError);
  });
});

describe("the local checkout page /maksu/testi/:ref", () => {
  const routeArgs = (request: Request, ref: string) => ({ request, params: { ref }, context: contextFor() });

  it("shows the order number and amount of an open checkout", async () => {
    const order = await orderAwaitingPayment();
    const answer = await answerOf(() => checkoutLoader(routeArgs(getRequest(order.url), order.ref)));
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ orderNumber: order.orderNumber, amountCents: order.totalPriceCents, savesCard: false });
  });

  it("answers 404 for an unknown ref and when another provider is active", async () => {
    const unknown = await answerOf(() => checkoutLoader(routeArgs(getRequest("/maksu/testi/lt_x"), "lt_x")));
    expect(unknown.status).toBe(404);
    const guess = `lt_${"A".repeat(32)}`;
    expect((await answerOf(() => checkoutLoader(routeArgs(getRequest(`/maksu/testi/${guess}`), guess)))).status).toBe(404);

    const order = await orderAwaitingPayment();
    setPaymentProviderForTests({ ...localPaymentProvider, name: "stripe" });
    const answer = await answerOf(() => checkoutLoader(routeArgs(getRequest(order.url), order.ref)));
    expect(answer.status).toBe(404);
  });

  it("asks for a method, then pays and sends the customer to the success page", async () => {
    const order = await orderAwaitingPayment();
    const missing = await answerOf(() => checkoutAction(routeArgs(postRequest(order.url, { intent: "pay" }), order.ref)));
    expect(missing.status).toBe(400);
    expect(missing.data.error.method).toEqual(["Valitse maksutapa"]);

    const paid = await answerOf(() =>
      checkoutAction(routeArgs(postRequest(order.url, { intent: "pay", method: "klarna" }), order.ref)),
    );
    expect(paid.status).toBe(302);
    expect(paid.location).toBe(`/varaus-maksu-onnistui?order_number=${order.orderNumber}`);
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "captured", method: "klarna" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending" });

    // Opening the page again, or posting again, leads to the success page and changes nothing.
    const again = await answerOf(() => checkoutLoader(routeArgs(getRequest(order.url), order.ref)));
    expect(again.location).toBe(`/varaus-maksu-onnistui?order_number=${order.orderNumber}`);
    const repost = await answerOf(() =>
      checkoutAction(routeArgs(postRequest(order.url, { intent: "cancel" }), order.ref)),
    );
    expect(repost.location).toBe(`/varaus-maksu-onnistui?order_number=${order.orderNumber}`);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending" });
    expect(await emailCount(order.email)).toBe(1);
  });

  it("cancels and sends the customer to the cancelled page", async () => {
    const order = await orderAwaitingPayment({ caregiverId: await createTestCaregiver(db, "Eero Ek") });
    const answer = await answerOf(() => checkoutAction(routeArgs(postRequest(order.url, { intent: "cancel" }), order.ref)));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/varaus-peruutettu?order_number=${order.orderNumber}`);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "cancelled" });
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "failed" });
    const reopened = await answerOf(() => checkoutLoader(routeArgs(getRequest(order.url), order.ref)));
    expect(reopened.location).toBe(`/varaus-peruutettu?order_number=${order.orderNumber}`);
  });
});
