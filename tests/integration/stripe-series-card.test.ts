import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { setTestClock } from "~/services/clock.server";
import { startCheckout } from "~/services/payments/checkout.server";
import { refundPayment } from "~/services/payments/refunds.server";
import { chargeDueSeriesVisits } from "~/services/payments/series-charges.server";
import { handleStripeWebhook } from "~/services/payments/stripe-webhook.server";
import { orderRow, paymentRow } from "./support/booking-fixtures";
import { signedStripeEvent, startFakeStripe, useFakeStripe, webhookRequest, type FakeStripe } from "./support/fake-stripe";
import { createOnlineSeries, seriesRow } from "./support/series-card";

// A weekly series paid online with Stripe (docs/decisions/0040), against the Stripe stand-in: the
// first visit's Checkout Session saves the card (customer_creation, setup_future_usage, card
// only), its completed webhook stores the customer and card on the series, and a later visit is
// charged with an off-session PaymentIntent under one idempotency key per payment.

let db: DB;
let stripe: FakeStripe;
let restoreEnv: () => void;
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

beforeAll(async () => {
  db = await getDb();
  stripe = await startFakeStripe();
  restoreEnv = useFakeStripe(stripe.port);
});

afterEach(() => setTestClock(null));

afterAll(async () => {
  restoreEnv();
  await stripe.close();
});

const weekly = (first: Date, count: number) => Array.from({ length: count }, (_, index) => new Date(first.getTime() + index * WEEK));

describe("the first visit's Checkout Session", () => {
  it("saves the card, and its completed webhook keeps it on the series and books the later visits", async () => {
    const series = await createOnlineSeries({ startsAt: weekly(new Date("2027-03-01T10:00:00Z"), 3), provider: "stripe" });
    await startCheckout(db, series.visits[0].orderId);
    const [request] = stripe.requestsTo("POST", "/v1/checkout/sessions").slice(-1);
    expect(request.form).toMatchObject({
      customer_creation: "always",
      "payment_intent_data[setup_future_usage]": "off_session",
      "allowed_payment_method_types[0]": "card",
      "metadata[save_card]": "1",
    });
    // Only a card can be charged off-session.
    expect(request.form["allowed_payment_method_types[1]"]).toBeUndefined();

    const sessionId = (await paymentRow(series.visits[0].paymentId)).provider_ref!;
    const session = stripe.completeSession(sessionId, { paid: true, method: "card" });
    const { payload, signature } = signedStripeEvent("checkout.session.completed", session);
    const response = await handleStripeWebhook(webhookRequest(payload, signature));
    expect(response.status).toBe(200);

    const intent = stripe.paymentIntents.get(session.payment_intent!)!;
    expect(await seriesRow(series.seriesId)).toMatchObject({ payment_customer_ref: session.customer, payment_method_ref: intent.payment_method!.id });
    expect(session.customer).toMatch(/^cus_/);
    for (const visit of series.visits) expect((await orderRow(visit.orderId)).status).toBe("pending");
  });

  it("is an ordinary checkout with every method for an order outside a series", async () => {
    const series = await createOnlineSeries({ startsAt: weekly(new Date("2027-04-01T10:00:00Z"), 2), provider: "stripe" });
    await db.updateTable("orders").set({ series_id: null }).where("id", "=", series.visits[0].orderId).execute();
    await startCheckout(db, series.visits[0].orderId);
    const [request] = stripe.requestsTo("POST", "/v1/checkout/sessions").slice(-1);
    expect(request.form.customer_creation).toBeUndefined();
    expect(request.form["payment_intent_data[setup_future_usage]"]).toBeUndefined();
    expect(request.form["allowed_payment_method_types[2]"]).toBe("klarna");
  });
});

describe("a later visit's off-session charge", () => {
  it("creates a confirmed off-session PaymentIntent once, and the payment can be refunded", async () => {
    const series = await createOnlineSeries({
      startsAt: weekly(new Date("2027-05-01T10:00:00Z"), 2),
      statuses: ["pending", "pending"],
      card: { customerRef: "cus_saved", paymentMethodRef: "pm_saved" },
      provider: "stripe",
    });
    const second = series.visits[1];
    setTestClock(new Date(second.startsAt.getTime() - 23 * HOUR));
    await chargeDueSeriesVisits(db);
    await chargeDueSeriesVisits(db);

    const requests = stripe.requestsTo("POST", "/v1/payment_intents").filter((r) => r.form["metadata[order_id]"] === second.orderId);
    expect(requests).toHaveLength(1);
    expect(requests[0].form).toMatchObject({
      amount: String(second.totalPriceCents),
      currency: "eur",
      customer: "cus_saved",
      payment_method: "pm_saved",
      off_session: "true",
      confirm: "true",
    });
    expect(requests[0].idempotencyKey).toBe(`series-charge-${second.paymentId}`);
    const payment = await paymentRow(second.paymentId);
    expect(payment).toMatchObject({ status: "captured", method: "card" });
    expect(payment.provider_ref).toMatch(/^pi_/);

    // Refunded by its PaymentIntent (there is no Checkout Session behind it).
    await refundPayment(db, second.paymentId);
    expect(stripe.refunds.at(-1)).toMatchObject({ payment_intent: payment.provider_ref, amount: second.totalPriceCents });
  });

  it("records a declined card as a decline, not as an error", async () => {
    const series = await createOnlineSeries({
      startsAt: weekly(new Date("2027-06-01T10:00:00Z"), 2),
      statuses: ["pending", "pending"],
      card: { customerRef: "cus_poor", paymentMethodRef: "pm_decline_poor" },
      provider: "stripe",
    });
    const second = series.visits[1];
    setTestClock(new Date(second.startsAt.getTime() - 23 * HOUR));
    await expect(chargeDueSeriesVisits(db)).resolves.toMatchObject({ declined: 1 });
    expect((await paymentRow(second.paymentId)).status).toBe("pending");
    const notice = await db.selectFrom("staff_notices").select(["kind", "summary"]).where("order_id", "=", second.orderId).executeTakeFirstOrThrow();
    expect(notice.kind).toBe("series_charge_failed");
    expect(notice.summary).toContain("card_declined");
  });
});
