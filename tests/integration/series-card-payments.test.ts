import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { action as payLinkAction, loader as payLinkLoader } from "~/routes/maksa.$orderNumber";
import { setTestClock } from "~/services/clock.server";
import { setPaymentProviderForTests } from "~/services/payments/active-provider.server";
import { startCheckout } from "~/services/payments/checkout.server";
import { applyPaymentEvent } from "~/services/payments/events.server";
import { cancelLocalCheckout, payLocalCheckout } from "~/services/payments/local-checkout.server";
import { LOCAL_DECLINING_CARD_PREFIX, localPaymentProvider } from "~/services/payments/local-provider.server";
import type { CheckoutRequest, PaymentProvider, SavedCardCharge } from "~/services/payments/provider";
import { expireStaleCheckouts } from "~/services/payments/reconcile.server";
import { chargeDueSeriesVisits } from "~/services/payments/series-charges.server";
import { answerOf, contextFor, getRequest, postRequest } from "./support/auth";
import { emailsTo } from "./support/backoffice";
import { orderRow, paymentRow } from "./support/booking-fixtures";
import { createOnlineSeries, seriesRow } from "./support/series-card";

// A weekly series paid online (issue 27 item 4; docs/decisions/0040): the first visit's checkout
// saves the card and books the rest, or cancels them all; each later visit is charged 24 h before
// it, once however many workers run; a decline e-mails a working payment link and tells staff;
// a visit still unpaid 2 h before it is cancelled, the payer and the helper told.

let db: DB;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

beforeAll(async () => {
  db = await getDb();
});

afterEach(() => {
  setTestClock(null);
  setPaymentProviderForTests(null);
});

/** Each test lives in its own weeks, so one test's visits are past (and settled) for the next. */
let nextBase = new Date("2027-02-01T10:00:00Z").getTime();
function freshWeeks(): Date {
  nextBase += 10 * WEEK;
  return new Date(nextBase);
}

const weekly = (first: Date, count: number) => Array.from({ length: count }, (_, index) => new Date(first.getTime() + index * WEEK));

/** The local provider, recording what it was asked. */
function recordingLocalProvider() {
  const checkouts: CheckoutRequest[] = [];
  const charges: SavedCardCharge[] = [];
  const provider: PaymentProvider = {
    ...localPaymentProvider,
    async createCheckout(request) {
      checkouts.push(request);
      return localPaymentProvider.createCheckout(request);
    },
    async chargeSaved(charge) {
      charges.push(charge);
      // Slow enough that a second worker running alongside gets there while this one is asking.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return localPaymentProvider.chargeSaved!(charge);
    },
  };
  setPaymentProviderForTests(provider);
  return { checkouts, charges };
}

async function staffNotices(orderId: string) {
  return db.selectFrom("staff_notices").select(["kind", "summary"]).where("order_id", "=", orderId).execute();
}

describe("the first visit's checkout", () => {
  it("saves the card and books the later visits when paid", async () => {
    const first = freshWeeks();
    setTestClock(new Date(first.getTime() - 3 * DAY));
    const recorded = recordingLocalProvider();
    const series = await createOnlineSeries({ startsAt: weekly(first, 3) });

    const url = await startCheckout(db, series.visits[0].orderId);
    expect(recorded.checkouts[0]).toMatchObject({ orderId: series.visits[0].orderId, saveCard: true });
    await payLocalCheckout(url.replace("/maksu/testi/", ""), "card");

    const saved = await seriesRow(series.seriesId);
    expect(saved.payment_customer_ref).toMatch(/^local_cus_/);
    expect(saved.payment_method_ref).toMatch(/^local_pm_/);
    expect(saved.status).toBe("active");
    expect(await paymentRow(series.visits[0].paymentId)).toMatchObject({ status: "captured" });
    for (const visit of series.visits) expect((await orderRow(visit.orderId)).status).toBe("pending");
    // Booked, not yet charged.
    for (const visit of series.visits.slice(1)) expect(await paymentRow(visit.paymentId)).toMatchObject({ status: "pending", provider_ref: null });
  });

  it("cancels every visit and the series when it expires", async () => {
    // The real clock: the stale-checkout sweep compares the payments' own timestamps with it.
    const first = freshWeeks();
    const series = await createOnlineSeries({ startsAt: weekly(first, 3) });
    const ref = (await startCheckout(db, series.visits[0].orderId)).replace("/maksu/testi/", "");

    // The sweep looks at the first visit only: the later ones wait for its checkout.
    await db.updateTable("payments").set({ updated_at: new Date(Date.now() - 2 * HOUR) }).where("order_id", "in", series.visits.map((v) => v.orderId)).execute();
    await db.updateTable("payments").set({ updated_at: new Date() }).where("id", "=", series.visits[0].paymentId).execute();
    await expireStaleCheckouts(db);
    for (const visit of series.visits) expect((await orderRow(visit.orderId)).status).toBe("pending_payment");

    await applyPaymentEvent(db, { id: `${ref}:expired`, provider: "local", type: "checkout.expired", providerRef: ref });
    for (const visit of series.visits) {
      expect((await orderRow(visit.orderId)).status).toBe("cancelled");
      expect((await paymentRow(visit.paymentId)).status).toBe("failed");
    }
    expect((await seriesRow(series.seriesId)).status).toBe("cancelled");
  });

  it("is cancelled with the series when the customer leaves the test checkout", async () => {
    const first = freshWeeks();
    setTestClock(new Date(first.getTime() - 3 * DAY));
    const series = await createOnlineSeries({ startsAt: weekly(first, 2) });
    const ref = (await startCheckout(db, series.visits[0].orderId)).replace("/maksu/testi/", "");
    await cancelLocalCheckout(ref);
    for (const visit of series.visits) expect((await orderRow(visit.orderId)).status).toBe("cancelled");
    expect((await seriesRow(series.seriesId)).status).toBe("cancelled");
  });
});

describe("the later visits' saved-card charge", () => {
  const card = { customerRef: "local_cus_test", paymentMethodRef: "local_pm_test" };

  it("charges a visit 24 h before it, records the payment and keeps the visit booked", async () => {
    const first = freshWeeks();
    const series = await createOnlineSeries({ startsAt: weekly(first, 3), statuses: ["pending", "pending", "pending"], card });
    const second = series.visits[1];
    const recorded = recordingLocalProvider();

    // 25 h ahead: not yet.
    setTestClock(new Date(second.startsAt.getTime() - 25 * HOUR));
    await chargeDueSeriesVisits(db);
    expect(recorded.charges.filter((c) => c.orderId === second.orderId)).toHaveLength(0);

    setTestClock(new Date(second.startsAt.getTime() - 23 * HOUR));
    await chargeDueSeriesVisits(db);
    const charges = recorded.charges.filter((c) => c.orderId === second.orderId);
    expect(charges).toEqual([
      expect.objectContaining({ ...card, amountCents: second.totalPriceCents, idempotencyKey: `series-charge-${second.paymentId}` }),
    ]);
    const payment = await paymentRow(second.paymentId);
    expect(payment).toMatchObject({ status: "captured", method: "card" });
    expect(payment.provider_ref).toMatch(/^local_pi_/);
    expect((await orderRow(second.orderId)).status).toBe("pending");
    const receipt = await db.selectFrom("receipts").select("id").where("payment_id", "=", second.paymentId).executeTakeFirst();
    expect(receipt).toBeDefined();
    const paidMail = (await emailsTo(series.email)).find((email) => email.subject === `Käynti maksettu – ${second.orderNumber}`);
    expect(paidMail).toBeDefined();
    // The third visit, a week later, is not charged yet.
    expect(recorded.charges.filter((c) => c.orderId === series.visits[2].orderId)).toHaveLength(0);
    expect((await paymentRow(series.visits[2].paymentId)).status).toBe("pending");

    // Running again charges nothing more.
    await chargeDueSeriesVisits(db);
    expect(recorded.charges.filter((c) => c.orderId === second.orderId)).toHaveLength(1);
  });

  it("charges once when two workers run at the same time", async () => {
    const first = freshWeeks();
    const series = await createOnlineSeries({ startsAt: weekly(first, 2), statuses: ["pending", "pending"], card });
    const second = series.visits[1];
    const recorded = recordingLocalProvider();
    setTestClock(new Date(second.startsAt.getTime() - 20 * HOUR));

    await Promise.all([chargeDueSeriesVisits(db), chargeDueSeriesVisits(db), chargeDueSeriesVisits(db)]);
    expect(recorded.charges.filter((c) => c.orderId === second.orderId)).toHaveLength(1);
    expect((await paymentRow(second.paymentId)).status).toBe("captured");
    const receipts = await db.selectFrom("receipts").select("id").where("payment_id", "=", second.paymentId).execute();
    expect(receipts).toHaveLength(1);
  });

  it("e-mails the payer a working payment link and tells staff when the card is declined", async () => {
    const first = freshWeeks();
    const declining = { customerRef: "local_cus_x", paymentMethodRef: `${LOCAL_DECLINING_CARD_PREFIX}x` };
    const series = await createOnlineSeries({ startsAt: weekly(first, 2), statuses: ["pending", "pending"], card: declining });
    const second = series.visits[1];
    const recorded = recordingLocalProvider();
    setTestClock(new Date(second.startsAt.getTime() - 23 * HOUR));

    await chargeDueSeriesVisits(db);
    expect((await paymentRow(second.paymentId)).status).toBe("pending");
    expect((await orderRow(second.orderId)).status).toBe("pending");
    const notices = await staffNotices(second.orderId);
    expect(notices).toEqual([expect.objectContaining({ kind: "series_charge_failed" })]);
    expect(notices[0].summary).toContain(second.orderNumber);
    const mail = (await emailsTo(series.email)).find((email) => email.subject === `Käynnin maksu epäonnistui – ${second.orderNumber}`);
    expect(mail).toBeDefined();
    const link = [...mail!.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]).find((href) => new URL(href).pathname.startsWith("/maksa/"));
    expect(link).toBeDefined();

    // Declined once: never tried again, and no second e-mail.
    await chargeDueSeriesVisits(db);
    expect(recorded.charges.filter((c) => c.orderId === second.orderId)).toHaveLength(1);
    expect((await emailsTo(series.email)).filter((email) => email.subject.startsWith("Käynnin maksu epäonnistui"))).toHaveLength(1);

    // The link works: the page shows the visit, its button starts a checkout, paying it pays the visit.
    const { pathname, search } = new URL(link!);
    const params = { orderNumber: decodeURIComponent(pathname.split("/")[2]) };
    const page = await answerOf(() => payLinkLoader({ request: getRequest(pathname + search), params, context: contextFor() }));
    expect(page.status).toBe(200);
    expect(page.data.state).toMatchObject({ kind: "open", orderNumber: second.orderNumber, amountCents: second.totalPriceCents });
    // Without the token (another order's number guessed) nothing is shown.
    const guessed = await answerOf(() => payLinkLoader({ request: getRequest(pathname), params, context: contextFor() }));
    expect(guessed.status).toBe(404);

    const posted = await answerOf(() => payLinkAction({ request: postRequest(pathname + search, {}), params, context: contextFor() }));
    expect(posted.status).toBe(302);
    expect(posted.location).toMatch(/^\/maksu\/testi\/lt_/);
    // A later visit's checkout does not save a card again.
    expect(recorded.checkouts.at(-1)).toMatchObject({ orderId: second.orderId, saveCard: false });
    await payLocalCheckout(posted.location!.replace("/maksu/testi/", ""), "mobilepay");
    expect((await paymentRow(second.paymentId)).status).toBe("captured");
    expect((await orderRow(second.orderId)).status).toBe("pending");
    const after = await answerOf(() => payLinkLoader({ request: getRequest(pathname + search), params, context: contextFor() }));
    expect(after.data.state).toMatchObject({ kind: "paid" });

    // Paid: the 2-hour sweep leaves it alone.
    setTestClock(new Date(second.startsAt.getTime() - HOUR));
    await chargeDueSeriesVisits(db);
    expect((await orderRow(second.orderId)).status).toBe("pending");
  });

  it("keeps the visit payable when the payment link's checkout is left, and cancels it if still unpaid 2 h before", async () => {
    const first = freshWeeks();
    const declining = { customerRef: "local_cus_y", paymentMethodRef: `${LOCAL_DECLINING_CARD_PREFIX}y` };
    const series = await createOnlineSeries({ startsAt: weekly(first, 2), statuses: ["pending", "pending"], card: declining });
    const second = series.visits[1];
    recordingLocalProvider();
    setTestClock(new Date(second.startsAt.getTime() - 23 * HOUR));
    await chargeDueSeriesVisits(db);

    // The payer opens a checkout by the link and leaves it: the visit stays booked and payable.
    const ref = (await startCheckout(db, second.orderId)).replace("/maksu/testi/", "");
    await cancelLocalCheckout(ref);
    expect((await orderRow(second.orderId)).status).toBe("pending");
    expect(await paymentRow(second.paymentId)).toMatchObject({ status: "pending", provider_ref: null });
    await expect(startCheckout(db, second.orderId)).resolves.toMatch(/^\/maksu\/testi\//);

    // 2 h 10 min before: not yet.
    setTestClock(new Date(second.startsAt.getTime() - 2 * HOUR - 10 * 60_000));
    await chargeDueSeriesVisits(db);
    expect((await orderRow(second.orderId)).status).toBe("pending");

    setTestClock(new Date(second.startsAt.getTime() - 2 * HOUR + 60_000));
    await chargeDueSeriesVisits(db);
    const order = await orderRow(second.orderId);
    expect(order.status).toBe("cancelled");
    expect(order.cancellation_fee_cents ?? 0).toBe(0);
    expect((await paymentRow(second.paymentId)).status).toBe("failed");
    const cancelMail = (await emailsTo(series.email)).find((email) => email.subject.includes(`Tilaus ${second.orderNumber} on peruutettu`));
    expect(cancelMail?.text).toContain("Käyntiä ei maksettu viimeistään 2 tuntia ennen sen alkua.");
    const helper = await db
      .selectFrom("caregivers")
      .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
      .select("profiles.email")
      .where("caregivers.id", "=", series.caregiverId)
      .executeTakeFirstOrThrow();
    expect((await emailsTo(helper.email)).some((email) => email.subject.includes(`Käynti ${second.orderNumber} on peruutettu`))).toBe(true);
    const audit = await db.selectFrom("audit_log").select(["actor_id", "action"]).where("entity_id", "=", second.orderId).where("action", "=", "order.cancel").execute();
    expect(audit).toEqual([{ actor_id: null, action: "order.cancel" }]);
    // The series and its other visit are untouched.
    expect((await orderRow(series.visits[0].orderId)).status).toBe("pending");
    expect((await seriesRow(series.seriesId)).status).toBe("active");
  });

  it("sends a payment link when the series has no saved card", async () => {
    const first = freshWeeks();
    const series = await createOnlineSeries({ startsAt: weekly(first, 2), statuses: ["pending", "pending"] });
    const second = series.visits[1];
    const recorded = recordingLocalProvider();
    setTestClock(new Date(second.startsAt.getTime() - 23 * HOUR));
    await chargeDueSeriesVisits(db);
    expect(recorded.charges).toHaveLength(0);
    expect(await staffNotices(second.orderId)).toEqual([expect.objectContaining({ kind: "series_charge_failed" })]);
    expect((await paymentRow(second.paymentId)).status).toBe("pending");
  });
});
