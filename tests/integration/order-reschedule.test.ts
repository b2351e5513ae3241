import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { formatEuros } from "~/domain/format";
import { listUnassignedSoon } from "~/models/backoffice-dashboard.server";
import type { AuthUser } from "~/models/users.server";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { cancelOrder } from "~/services/order-cancellation.server";
import { listUnfinishedRescheduleRefunds } from "~/models/order-reschedule.server";
import { refundRescheduleDifference, rescheduleOrder, retryRescheduleRefund, type RescheduleActorInput } from "~/services/order-reschedule.server";
import { startCheckout } from "~/services/payments/checkout.server";
import { applyPaymentEvent } from "~/services/payments/events.server";
import { setPaymentProviderForTests } from "~/services/payments/active-provider.server";
import { localPaymentProvider } from "~/services/payments/local-provider.server";
import type { PaymentProvider } from "~/services/payments/provider";
import { RESCHEDULE_REFUSALS } from "~/messages/reschedule";
import { reschedulePriceChangedMessage } from "~/messages/price-change";
import { DEFAULT_PRICE_BANDS } from "~/domain/pricing";
import { setSetting } from "~/models/settings.server";
import * as customerTime from "~/routes/portal.orders.$orderNumber_.muuta-aika._index";
import * as customerCaregiver from "~/routes/portal.orders.$orderNumber_.muuta-aika.kaveri";
import * as customerConfirm from "~/routes/portal.orders.$orderNumber_.muuta-aika.vahvista";
import * as staffTime from "~/routes/backoffice.orders.$orderNumber_.muuta-aika._index";
import * as staffCaregiver from "~/routes/backoffice.orders.$orderNumber_.muuta-aika.kaveri";
import * as staffConfirm from "~/routes/backoffice.orders.$orderNumber_.muuta-aika.vahvista";
import * as manageCaregiver from "~/routes/hallitse.$token_.muuta-aika.kaveri";
import * as manageConfirm from "~/routes/hallitse.$token_.muuta-aika.vahvista";
import { issueManageLink } from "~/services/manage-links.server";
import { answerOf, contextFor, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { toastOf } from "./support/portal";
import { auditRows, emailsTo } from "./support/backoffice";
import { createTestCaregiver, createTestOrder, orderRow, paymentRow, unfoldIcs } from "./support/booking-fixtures";

// Rescheduling a visit, "Muuta aikaa" (issue 25 item 2; DESIGN.md decision 23; docs/decisions/0020):
// the price from the new start hour, the invoice replaced, the difference refunded once or
// invoiced, the no-double-booking promise under concurrency, who may move what until when.

let db: DB;
let admin: AuthUser;

beforeAll(async () => {
  db = await getDb();
  admin = await createTestUser({ email: "admin-siirto@example.fi", role: "admin", fullName: "Aino Ylläpitäjä" });
});

afterEach(() => setPaymentProviderForTests(null));

const NOW = new Date("2027-01-01T08:00:00Z");
let day = 0;
/** A visit on its own day far ahead, 14.00–16.00 Helsinki (day price, 2 × 40 €). */
function farSlot(hourUtc = 12): Date {
  day += 1;
  return new Date(Date.UTC(2027, 1, day, hourUtc, 0));
}
/** The Helsinki date of a UTC instant in winter (UTC+2), for the new time. */
function dateOf(startsAt: Date): string {
  return new Date(startsAt.getTime() + 2 * 3_600_000).toISOString().slice(0, 10);
}

const staff = (): RescheduleActorInput => ({ kind: "staff", audit: { id: admin.id, ip: "127.0.0.1" } });
const customer = (order: { profileId: string }): RescheduleActorInput => ({ kind: "customer", profileId: order.profileId, audit: { id: order.profileId } });

function countingProvider() {
  const calls: Array<{ paymentId: string; amountCents: number; idempotencyKey?: string }> = [];
  const provider: PaymentProvider = {
    name: "local",
    createCheckout: localPaymentProvider.createCheckout,
    refund: async (payment) => {
      calls.push({ paymentId: payment.paymentId, amountCents: payment.amountCents, idempotencyKey: payment.idempotencyKey });
    },
  };
  setPaymentProviderForTests(provider);
  return calls;
}

async function paidOnlineOrder(startsAt: Date, caregiverId: string | true = true) {
  const order = await createTestOrder({ paymentMethod: "online", caregiverId, startsAt });
  const ref = (await startCheckout(db, order.orderId)).replace("/maksu/testi/", "");
  await applyPaymentEvent(db, { id: `evt-${ref}`, provider: "local", type: "checkout.completed", providerRef: ref, method: "card" });
  return order;
}

async function invoicesOf(orderId: string) {
  return db
    .selectFrom("invoices")
    .leftJoin("credit_notes", "credit_notes.invoice_id", "invoices.id")
    .select(["invoices.id", "invoices.order_id", "invoices.replaced_order_id", "invoices.amount_cents", "invoices.status", "credit_notes.amount_cents as credited_cents"])
    .where((eb) => eb.or([eb("invoices.order_id", "=", orderId), eb("invoices.replaced_order_id", "=", orderId)]))
    .orderBy("invoices.invoice_number")
    .execute();
}

describe("the price and the invoice", () => {
  it("prices the new start hour, credits the unpaid invoice in full and issues a new one, and keeps the helper who is free", async () => {
    const startsAt = farSlot();
    const order = await createTestOrder({ paymentMethod: "invoice", caregiverId: true, startsAt });
    await db.transaction().execute((trx) => createInvoiceForOrder(trx, order.orderId, NOW));

    // 14.00 → 19.00 the same day: evening price 60 € an hour.
    const outcome = await rescheduleOrder(db, customer(order), {
      orderId: order.orderId,
      time: { date: dateOf(startsAt), startHour: 19, durationHours: 2 },
      caregiverId: order.caregiverId,
      expectedSequence: 0,
    }, NOW);

    expect(outcome).toMatchObject({ ok: true, visitSequence: 1, plan: { differenceCents: 4000, replaceInvoice: true, newInvoiceCents: 12000, refundCents: 0 } });
    expect(await orderRow(order.orderId)).toMatchObject({ total_price_cents: 12000, unit_price_cents: 6000, caregiver_id: order.caregiverId, visit_sequence: 1, scheduled_start: "19:00:00" });
    const invoices = await invoicesOf(order.orderId);
    expect(invoices).toEqual([
      expect.objectContaining({ order_id: null, replaced_order_id: order.orderId, amount_cents: 8000, status: "cancelled", credited_cents: 8000 }),
      expect.objectContaining({ order_id: order.orderId, amount_cents: 12000, status: "open", credited_cents: null }),
    ]);
    expect(await paymentRow(order.paymentId)).toMatchObject({ amount_cents: 12000 });

    const [email] = (await emailsTo(order.email)).filter((e) => e.subject.includes("aika on muutettu"));
    expect(email!.text).toContain(`Uusi hinta on ${formatEuros(4000)} suurempi.`);
    const ics = unfoldIcs(Buffer.from(email!.attachments.find((a) => a.filename.endsWith(".ics"))!.content, "base64").toString("utf8"));
    expect(ics).toContain(`UID:${order.orderId}@`);
    expect(ics).toContain("SEQUENCE:1");
    expect(email!.attachments.some((a) => a.filename.endsWith(".pdf"))).toBe(true);

    const [audit] = (await auditRows("order", order.orderId)).filter((row) => row.action === "order.reschedule");
    expect(audit!.after).toMatchObject({ Hinta: formatEuros(12000), Muuttaja: "asiakas" });
  });

  it("refunds the difference of a paid online order once, however often it is retried, and a later cancellation refunds only the rest", async () => {
    const calls = countingProvider();
    const startsAt = farSlot(17); // 19.00 Helsinki: 2 × 60 €
    const order = await paidOnlineOrder(startsAt);
    const outcome = await rescheduleOrder(db, staff(), {
      orderId: order.orderId,
      time: { date: dateOf(startsAt), startHour: 10, durationHours: 2 },
      caregiverId: order.caregiverId,
      expectedSequence: 0,
    }, NOW);
    expect(outcome).toMatchObject({ ok: true, refund: "refunded", plan: { refundCents: 4000, newInvoiceCents: 0 } });
    const reschedule = await db.selectFrom("order_reschedules").selectAll().where("order_id", "=", order.orderId).executeTakeFirstOrThrow();
    expect(await refundRescheduleDifference(db, reschedule.id)).toBe("refunded");
    expect(await Promise.all([refundRescheduleDifference(db, reschedule.id), refundRescheduleDifference(db, reschedule.id)])).toEqual(["refunded", "refunded"]);
    expect(calls).toEqual([{ paymentId: order.paymentId, amountCents: 4000, idempotencyKey: `reschedule-refund-${reschedule.id}` }]);
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "captured", refunded_cents: 4000 });

    const cancelled = await cancelOrder(db, { actor: { id: admin.id } }, order.orderId, NOW);
    expect(cancelled).toMatchObject({ ok: true, refund: "refunded", refundCents: 8000 });
    expect(calls[1]).toMatchObject({ amountCents: 8000 });
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "refunded", refunded_cents: 12000 });
  });

  it("a refund the provider refused is tried again by the job until it goes through, and left to staff after the last attempt", async () => {
    let failing = true;
    const calls: number[] = [];
    setPaymentProviderForTests({
      name: "local",
      createCheckout: localPaymentProvider.createCheckout,
      refund: async (payment) => {
        calls.push(payment.amountCents);
        if (failing) throw new Error("provider down");
      },
    });
    const first = farSlot(17);
    const order = await paidOnlineOrder(first);
    const outcome = await rescheduleOrder(db, staff(), { orderId: order.orderId, time: { date: dateOf(first), startHour: 10, durationHours: 2 }, caregiverId: order.caregiverId, expectedSequence: 0 }, NOW);
    expect(outcome).toMatchObject({ ok: true, refund: "failed", plan: { refundCents: 4000 } });
    const reschedule = await db.selectFrom("order_reschedules").selectAll().where("order_id", "=", order.orderId).executeTakeFirstOrThrow();
    // The safety net was queued with the move.
    const job = await db.selectFrom("jobs").select(["payload", "status"]).where("type", "=", "payments.reschedule_refund").where(sql<boolean>`payload->>'rescheduleId' = ${reschedule.id}`).executeTakeFirstOrThrow();
    expect(job.status).toBe("pending");

    await expect(retryRescheduleRefund(db, reschedule.id, false)).rejects.toThrow(/tried again later/);
    failing = false;
    await retryRescheduleRefund(db, reschedule.id, false);
    await retryRescheduleRefund(db, reschedule.id, false);
    expect(calls).toEqual([4000, 4000, 4000]);
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "captured", refunded_cents: 4000 });
    expect((await listUnfinishedRescheduleRefunds(db, 50)).map((row) => row.rescheduleId)).not.toContain(reschedule.id);

    // Another move whose provider never recovers: after the last attempt staff see it.
    failing = true;
    const second = farSlot(17);
    const other = await paidOnlineOrder(second);
    await rescheduleOrder(db, staff(), { orderId: other.orderId, time: { date: dateOf(second), startHour: 10, durationHours: 2 }, caregiverId: other.caregiverId, expectedSequence: 0 }, NOW);
    const stuck = await db.selectFrom("order_reschedules").select("id").where("order_id", "=", other.orderId).executeTakeFirstOrThrow();
    await retryRescheduleRefund(db, stuck.id, true);
    expect(await db.selectFrom("order_reschedules").select("refund_status").where("id", "=", stuck.id).executeTakeFirstOrThrow()).toEqual({ refund_status: "manual" });
    expect(await listUnfinishedRescheduleRefunds(db, 50)).toContainEqual(expect.objectContaining({ rescheduleId: stuck.id, orderNumber: other.orderNumber, refundCents: 4000, status: "manual" }));
    expect((await paymentRow(other.paymentId)).refunded_cents ?? 0).toBe(0);
  });

  it("invoices the difference when a paid online order moves to a dearer hour", async () => {
    const calls = countingProvider();
    const startsAt = farSlot();
    const order = await paidOnlineOrder(startsAt);
    const outcome = await rescheduleOrder(db, customer(order), {
      orderId: order.orderId,
      time: { date: dateOf(startsAt), startHour: 20, durationHours: 2 },
      caregiverId: order.caregiverId,
      expectedSequence: 0,
    }, NOW);
    expect(outcome).toMatchObject({ ok: true, refund: "none", plan: { replaceInvoice: false, newInvoiceCents: 4000, refundCents: 0 } });
    expect(calls).toEqual([]);
    expect(await invoicesOf(order.orderId)).toEqual([expect.objectContaining({ order_id: order.orderId, amount_cents: 4000, status: "open" })]);
  });

  it("refuses a different price once a payment is recorded on the invoice", async () => {
    const startsAt = farSlot();
    const order = await createTestOrder({ paymentMethod: "invoice", caregiverId: true, startsAt });
    const invoice = await db.transaction().execute((trx) => createInvoiceForOrder(trx, order.orderId, NOW));
    await db.insertInto("invoice_payments").values({ invoice_id: invoice.invoiceId, amount_cents: 1000, paid_on: "2027-01-01" }).execute();
    const outcome = await rescheduleOrder(db, staff(), {
      orderId: order.orderId,
      time: { date: dateOf(startsAt), startHour: 19, durationHours: 2 },
      caregiverId: order.caregiverId,
      expectedSequence: 0,
    }, NOW);
    expect(outcome).toEqual({ ok: false, reason: "invoice_paid" });
    expect(await orderRow(order.orderId)).toMatchObject({ visit_sequence: 0, total_price_cents: 8000 });
  });
});

describe("the helper and the slot", () => {
  it("lets one of two concurrent moves into the same slot of one helper win; the other is told the helper is taken", async () => {
    const caregiverId = await createTestCaregiver(db, "Kaisa Kiireinen");
    const first = await createTestOrder({ paymentMethod: "invoice", caregiverId, startsAt: farSlot() });
    const second = await createTestOrder({ paymentMethod: "invoice", caregiverId, startsAt: farSlot() });
    const target = farSlot();
    const move = (order: typeof first) =>
      rescheduleOrder(db, staff(), { orderId: order.orderId, time: { date: dateOf(target), startHour: 11, durationHours: 2 }, caregiverId, expectedSequence: 0 }, NOW);
    const outcomes = await Promise.all([move(first), move(second)]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, reason: "caregiver_busy" }]);
    const loser = outcomes[0]!.ok ? second : first;
    expect(await orderRow(loser.orderId)).toMatchObject({ visit_sequence: 0, starts_at: loser.startsAt });
  });

  it("lets staff leave the visit without a helper when theirs is not free; it shows among the orders needing attention", async () => {
    const caregiverId = await createTestCaregiver(db, "Ville Varattu");
    const startsAt = farSlot();
    const order = await createTestOrder({ paymentMethod: "invoice", caregiverId, startsAt });
    const blockingStart = farSlot();
    await createTestOrder({ paymentMethod: "invoice", caregiverId, startsAt: blockingStart });

    const busy = await rescheduleOrder(db, staff(), { orderId: order.orderId, time: { date: dateOf(blockingStart), startHour: 14, durationHours: 2 }, caregiverId, expectedSequence: 0 }, NOW);
    expect(busy).toEqual({ ok: false, reason: "caregiver_busy" });
    const unassigned = await rescheduleOrder(db, staff(), { orderId: order.orderId, time: { date: dateOf(blockingStart), startHour: 14, durationHours: 2 }, caregiverId: null, expectedSequence: 0 }, NOW);
    expect(unassigned).toMatchObject({ ok: true });
    expect(await orderRow(order.orderId)).toMatchObject({ caregiver_id: null, status: "pending" });
    const attention = await listUnassignedSoon(db, NOW);
    expect(attention.rows.map((row) => row.orderNumber)).toContain(order.orderNumber);
  });

  it("refuses a second confirmation of a move already made (the visit's version moved on)", async () => {
    const startsAt = farSlot();
    const order = await createTestOrder({ paymentMethod: "invoice", caregiverId: true, startsAt });
    const input = { orderId: order.orderId, time: { date: dateOf(startsAt), startHour: 9, durationHours: 2 }, caregiverId: order.caregiverId, expectedSequence: 0 };
    expect(await rescheduleOrder(db, staff(), input, NOW)).toMatchObject({ ok: true });
    expect(await rescheduleOrder(db, staff(), { ...input, time: { ...input.time, startHour: 8 } }, NOW)).toEqual({ ok: false, reason: "stale" });
  });
});

describe("who may move what, until when", () => {
  it("refuses the customer after the free-cancellation deadline but lets staff move it until the start", async () => {
    const startsAt = farSlot();
    const order = await createTestOrder({ paymentMethod: "invoice", caregiverId: true, startsAt });
    const afterDeadline = new Date(startsAt.getTime() - 23 * 3_600_000);
    const time = { date: dateOf(startsAt), startHour: 16, durationHours: 2 };
    expect(await rescheduleOrder(db, customer(order), { orderId: order.orderId, time, caregiverId: order.caregiverId, expectedSequence: 0 }, afterDeadline)).toEqual({ ok: false, reason: "too_late" });
    expect(await rescheduleOrder(db, staff(), { orderId: order.orderId, time, caregiverId: order.caregiverId, expectedSequence: 0 }, afterDeadline)).toMatchObject({ ok: true });
  });

  it("refuses staff once the visit has started, and anyone on a cancelled order or one awaiting payment", async () => {
    const startsAt = farSlot();
    const order = await createTestOrder({ paymentMethod: "invoice", caregiverId: true, startsAt });
    const time = { date: dateOf(startsAt), startHour: 17, durationHours: 1 };
    expect(await rescheduleOrder(db, staff(), { orderId: order.orderId, time, caregiverId: null, expectedSequence: 0 }, startsAt)).toEqual({ ok: false, reason: "too_late" });
    const unpaid = await createTestOrder({ paymentMethod: "online", caregiverId: true, startsAt: farSlot() });
    expect(await rescheduleOrder(db, staff(), { orderId: unpaid.orderId, time, caregiverId: null, expectedSequence: 0 }, NOW)).toEqual({ ok: false, reason: "awaiting_payment" });
    const cancelled = await createTestOrder({ paymentMethod: "invoice", status: "cancelled", startsAt: farSlot() });
    expect(await rescheduleOrder(db, staff(), { orderId: cancelled.orderId, time, caregiverId: null, expectedSequence: 0 }, NOW)).toEqual({ ok: false, reason: "not_reschedulable" });
  });

  it("does not let a customer move another customer's order", async () => {
    const startsAt = farSlot();
    const order = await createTestOrder({ paymentMethod: "invoice", caregiverId: true, startsAt });
    const stranger = await createTestOrder({ paymentMethod: "invoice", startsAt: farSlot() });
    const outcome = await rescheduleOrder(db, customer(stranger), { orderId: order.orderId, time: { date: dateOf(startsAt), startHour: 9, durationHours: 2 }, caregiverId: null, expectedSequence: 0 }, NOW);
    expect(outcome).toEqual({ ok: false, reason: "not_found" });
    expect(await orderRow(order.orderId)).toMatchObject({ visit_sequence: 0 });
  });
});

// ---------------------------------------------------------------- the pages (real Requests)

describe("the customer's and staff's pages", () => {
  const args = (request: Request, orderNumber: string) => ({ request, params: { orderNumber }, context: contextFor() });
  /** A visit 30 days ahead at 14.00 Helsinki, so the real clock's deadlines are far. */
  function soonSlot(daysAhead: number, hourUtc = 12): Date {
    const date = new Date(Date.now() + daysAhead * 86_400_000);
    return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hourUtc, 0));
  }

  it("walks a customer through the booking's time step, keeps the free helper and moves the visit on the confirm page's POST", async () => {
    const owner = await createTestUser({ email: "siirtaja@example.fi", fullName: "Sanni Siirtäjä" });
    const cookie = await sessionCookieFor(owner);
    const startsAt = soonSlot(30);
    const order = await createTestOrder({ paymentMethod: "invoice", email: owner.email, caregiverId: true, startsAt });
    await db.transaction().execute((trx) => createInvoiceForOrder(trx, order.orderId));
    const base = `/portal/orders/${order.orderNumber}/muuta-aika`;

    const first = await answerOf(() => customerTime.loader(args(getRequest(base, cookie), order.orderNumber)));
    expect(first.status).toBe(302);
    expect(first.location).toContain(`${base}?paiva=${dateOf(startsAt)}`);
    const shown = await answerOf(() => customerTime.loader(args(getRequest(first.location!, cookie), order.orderNumber)));
    expect(shown.status).toBe(200);
    expect(shown.data.intro).toContain(order.orderNumber);

    const newDate = dateOf(soonSlot(31));
    const draft = new URLSearchParams({ paiva: newDate, aika: "09:00", kesto: "3", palvelu: (await orderRow(order.orderId)).service_category_id, postinumero: "00500", kaupunki: "Helsinki" });
    const helper = await answerOf(() => customerCaregiver.loader(args(getRequest(`${base}/kaveri?${draft}`, cookie), order.orderNumber)));
    expect(helper.status).toBe(302);
    expect(helper.location).toContain(`${base}/vahvista?`);
    expect(helper.location).toContain(`kaveri=${order.caregiverId}`);

    const confirm = await answerOf(() => customerConfirm.loader(args(getRequest(helper.location!, cookie), order.orderNumber)));
    expect(confirm.status).toBe(200);
    expect(confirm.data.rows).toContainEqual({ label: "Uusi hinta", value: formatEuros(12000) });
    expect(confirm.data.moneyLines).toContain("Nykyinen lasku hyvitetään hyvityslaskulla kokonaan.");

    const fields = Object.fromEntries(new URL(helper.location!, "http://localhost").searchParams);
    const moved = await answerOf(() => customerConfirm.action(args(postRequest(helper.location!, { ...fields, versio: "0" }, cookie), order.orderNumber)));
    expect(moved.status).toBe(302);
    expect(moved.location).toBe(`/portal/orders/${order.orderNumber}`);
    expect(await orderRow(order.orderId)).toMatchObject({ scheduled_date: expect.anything(), scheduled_start: "09:00:00", duration_hours: 3, visit_sequence: 1, caregiver_id: order.caregiverId });

    // The same POST again (a double click, the back button): the visit moved on, nothing changes.
    const again = await answerOf(() => customerConfirm.action(args(postRequest(helper.location!, { ...fields, versio: "0" }, cookie), order.orderNumber)));
    expect(again.status).toBe(409);
    expect(again.data.error).toBe(RESCHEDULE_REFUSALS.stale);
  });

  it("refuses a move whose price changed after the confirm page showed it, shows the new price, and moves at it when confirmed again", async () => {
    const owner = await createTestUser({ email: "hinta-siirtaja@example.fi", fullName: "Hilkka Hinta" });
    const cookie = await sessionCookieFor(owner);
    const order = await createTestOrder({ paymentMethod: "invoice", email: owner.email, caregiverId: true, startsAt: soonSlot(40) });
    const draft = new URLSearchParams({ paiva: dateOf(soonSlot(41)), aika: "09:00", kesto: "3", palvelu: (await orderRow(order.orderId)).service_category_id, postinumero: "00500", kaupunki: "Helsinki", kaveri: order.caregiverId! });
    const path = `/portal/orders/${order.orderNumber}/muuta-aika/vahvista?${draft}`;
    const shown = await answerOf(() => customerConfirm.loader(args(getRequest(path, cookie), order.orderNumber)));
    expect(shown.data.shownTotalCents).toBe(12000);
    try {
      // Staff raise the day price while the customer looks at the confirm page.
      await setSetting(db, "price_bands", DEFAULT_PRICE_BANDS.map((band) => (band.id === "day" ? { ...band, hourlyCents: 4700 } : band)));
      const fields = Object.fromEntries(draft);
      const refused = await answerOf(() => customerConfirm.action(args(postRequest(path, { ...fields, versio: "0", hinta: "12000" }, cookie), order.orderNumber)));
      expect(refused.status).toBe(409);
      expect(refused.data.error).toBe(reschedulePriceChangedMessage(14100));
      expect(refused.data.shownTotalCents).toBe(14100);
      expect(refused.data.rows).toContainEqual({ label: "Uusi hinta", value: formatEuros(14100) });
      expect(await orderRow(order.orderId)).toMatchObject({ visit_sequence: 0, total_price_cents: 8000 });

      const moved = await answerOf(() => customerConfirm.action(args(postRequest(path, { ...fields, versio: "0", hinta: "14100" }, cookie), order.orderNumber)));
      expect(moved.status).toBe(302);
      expect(await orderRow(order.orderId)).toMatchObject({ visit_sequence: 1, total_price_cents: 14100, scheduled_start: "09:00:00" });
    } finally {
      await setSetting(db, "price_bands", DEFAULT_PRICE_BANDS);
    }
  });

  it("shows another customer and a helper the order page's 404, and sends the owner back after the deadline", async () => {
    const owner = await createTestUser({ email: "omistaja-siirto@example.fi" });
    const order = await createTestOrder({ paymentMethod: "invoice", email: owner.email, caregiverId: true, startsAt: soonSlot(20) });
    const stranger = await sessionCookieFor(await createTestUser({ email: "vieras-siirto@example.fi" }));
    const helper = await sessionCookieFor(await createTestUser({ email: "kaveri-siirto@example.fi", userType: "caregiver" }));
    const path = `/portal/orders/${order.orderNumber}/muuta-aika`;
    expect((await answerOf(() => customerTime.loader(args(getRequest(path, stranger), order.orderNumber)))).status).toBe(404);
    expect((await answerOf(() => customerTime.loader(args(getRequest(path, helper), order.orderNumber)))).status).toBe(404);
    expect((await answerOf(() => customerConfirm.action(args(postRequest(`${path}/vahvista`, { versio: "0" }, stranger), order.orderNumber)))).status).toBe(404);

    const late = await createTestOrder({ paymentMethod: "invoice", email: owner.email, caregiverId: true, startsAt: new Date(Date.now() + 20 * 3_600_000) });
    const ownerCookie = await sessionCookieFor(owner);
    const refused = await answerOf(() => customerTime.loader(args(getRequest(`/portal/orders/${late.orderNumber}/muuta-aika`, ownerCookie), late.orderNumber)));
    expect(refused.status).toBe(302);
    expect(refused.location).toBe(`/portal/orders/${late.orderNumber}`);
    expect((await toastOf(refused))?.title).toBe(RESCHEDULE_REFUSALS.too_late);
  });

  it("lets support move a visit by phone past the customer's deadline into a time its helper cannot make, leaving it without a helper; a moderator may not", async () => {
    const support = await sessionCookieFor(await createTestUser({ email: "tuki-siirto@example.fi", role: "support" }));
    const moderator = await sessionCookieFor(await createTestUser({ email: "mod-siirto@example.fi", role: "moderator" }));
    const caregiverId = await createTestCaregiver(db, "Pekka Puhelin");
    const order = await createTestOrder({ paymentMethod: "invoice", caregiverId, startsAt: new Date(Date.now() + 20 * 3_600_000) });
    const blocking = await createTestOrder({ paymentMethod: "invoice", caregiverId, startsAt: soonSlot(10) });
    const base = `/backoffice/orders/${order.orderNumber}/muuta-aika`;
    expect((await answerOf(() => staffTime.loader(args(getRequest(base, moderator), order.orderNumber)))).status).toBe(403);

    const draft = new URLSearchParams({ paiva: dateOf(blocking.startsAt), aika: "14:00", kesto: "2", palvelu: (await orderRow(order.orderId)).service_category_id, postinumero: "00500", kaupunki: "Helsinki" });
    const helperStep = await answerOf(() => staffCaregiver.loader(args(getRequest(`${base}/kaveri?${draft}`, support), order.orderNumber)));
    expect(helperStep.status).toBe(200);
    expect(helperStep.data.notice).toContain("Pekka Puhelin ei pääse uutena aikana");
    const proceed = await answerOf(() => staffCaregiver.loader(args(getRequest(`${base}/kaveri?${draft}&kaveri=ei-valia&jatka=1`, support), order.orderNumber)));
    expect(proceed.location).toContain(`${base}/vahvista?`);
    const fields = Object.fromEntries(new URL(proceed.location!, "http://localhost").searchParams);
    const moved = await answerOf(() => staffConfirm.action(args(postRequest(proceed.location!, { ...fields, versio: "0" }, support), order.orderNumber)));
    expect(moved.location).toBe(`/backoffice/orders/${order.orderNumber}`);
    expect(await orderRow(order.orderId)).toMatchObject({ caregiver_id: null, visit_sequence: 1, scheduled_start: "14:00:00" });
    const [audit] = (await auditRows("order", order.orderId)).filter((row) => row.action === "order.reschedule");
    expect(audit!.after).toMatchObject({ Kaveri: "ei kaveria", Muuttaja: "henkilökunta" });
  });
});

// ---------------------------------------------------------------- who can do the visit at the new time

describe("the helper at the new time", () => {
  const args = (request: Request, orderNumber: string) => ({ request, params: { orderNumber }, context: contextFor() });
  function soonSlot(daysAhead: number, hourUtc = 12): Date {
    const date = new Date(Date.now() + daysAhead * 86_400_000);
    return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hourUtc, 0));
  }
  /** Follows the steps' redirects as a browser would; a loop never ends on a page. */
  async function follow(load: (path: string) => Promise<{ status: number; location?: string | null; data?: unknown }>, path: string) {
    const seen: string[] = [];
    let answer = await load(path);
    while (answer.status === 302 && seen.length < 6) {
      seen.push(answer.location!);
      answer = await load(answer.location!);
    }
    return { answer, seen };
  }
  async function helperIn(city: string, name: string): Promise<string> {
    const id = await createTestCaregiver(db, name);
    await db.updateTable("caregivers").set({ city }).where("id", "=", id).execute();
    return id;
  }

  it("tells the customer and staff plainly that nobody can come at the new time, with the nearest times somebody can, instead of sending them round in circles", async () => {
    const owner = await createTestUser({ email: `utsjoki-${crypto.randomUUID()}@example.fi`, fullName: "Uula Utsjokelainen" });
    const cookie = await sessionCookieFor(owner);
    const support = await sessionCookieFor(await createTestUser({ email: `tuki-utsjoki-${crypto.randomUUID()}@example.fi`, role: "support" }));
    // An order without a helper in a town whose only helper is busy at the new time.
    const order = await createTestOrder({ paymentMethod: "invoice", email: owner.email, startsAt: soonSlot(30) });
    const town = `Utsjoki-${crypto.randomUUID().slice(0, 8)}`;
    await db.updateTable("orders").set({ city: town }).where("id", "=", order.orderId).execute();
    const only = await helperIn(town, "Inari Ainoa");
    const target = soonSlot(31);
    const blocking = await createTestOrder({ paymentMethod: "invoice", caregiverId: only, startsAt: target });
    await db.updateTable("orders").set({ city: town }).where("id", "=", blocking.orderId).execute();
    const draft = new URLSearchParams({ paiva: dateOf(target), aika: "14:00", kesto: "2", palvelu: (await orderRow(order.orderId)).service_category_id });

    // The holder of the order's "Hallitse varausta" link, not signed in, gets the same answer (issue 28 item 3).
    const token = new URL(await db.transaction().execute((trx) => issueManageLink(trx, order.orderId))).pathname.split("/")[2]!;
    for (const side of [
      { base: `/portal/orders/${order.orderNumber}/muuta-aika`, cookie, caregiver: customerCaregiver, confirm: customerConfirm, params: { orderNumber: order.orderNumber } },
      { base: `/backoffice/orders/${order.orderNumber}/muuta-aika`, cookie: support, caregiver: staffCaregiver, confirm: staffConfirm, params: { orderNumber: order.orderNumber } },
      { base: `/hallitse/${token}/muuta-aika`, cookie: undefined, caregiver: manageCaregiver, confirm: manageConfirm, params: { token } },
    ]) {
      const load = (path: string) => {
        const step = new URL(path, "http://localhost").pathname.endsWith("/vahvista") ? side.confirm : side.caregiver;
        return answerOf(() => step.loader({ request: getRequest(path, side.cookie), params: side.params, context: contextFor() }));
      };
      // The helper step, 'Ei väliä' chosen by hand, and the confirm step with it: each ends on the helper step's page.
      for (const path of [`${side.base}/kaveri?${draft}`, `${side.base}/kaveri?${draft}&kaveri=ei-valia&jatka=1`, `${side.base}/vahvista?${draft}&kaveri=ei-valia`]) {
        const { answer, seen } = await follow(load, path);
        expect(answer.status, `${path} → ${seen.join(" → ")}`).toBe(200);
        expect(seen.every((location) => !location.includes("kaveri=ei-valia"))).toBe(true);
        const view = answer.data as { caregivers: unknown[]; selected: string | null; nobody: { nearest: Array<{ href: string }>; contactForm: boolean } | null };
        expect(view.caregivers).toEqual([]);
        expect(view.selected).toBeNull();
        expect(view.nobody).toMatchObject({ contactForm: false });
        // The nearest times lead back to this order's own time step.
        expect(view.nobody!.nearest.length).toBeGreaterThan(0);
        expect(view.nobody!.nearest[0].href.startsWith(`${side.base}?`)).toBe(true);
      }
    }
    expect(await orderRow(order.orderId)).toMatchObject({ visit_sequence: 0 });
  });

  it("refuses a named helper who does not offer the service or does not serve the town, on the page and in the service", async () => {
    const owner = await createTestUser({ email: `nimetty-${crypto.randomUUID()}@example.fi` });
    const cookie = await sessionCookieFor(owner);
    const order = await createTestOrder({ paymentMethod: "invoice", email: owner.email, caregiverId: true, startsAt: soonSlot(40) });
    const serviceId = (await orderRow(order.orderId)).service_category_id;
    const tampere = await helperIn("Tampere", "Tiina Tamperelainen");
    const noService = await createTestCaregiver(db, "Pirkko Pihatyö");
    await db.deleteFrom("caregiver_services").where("caregiver_id", "=", noService).where("service_category_id", "=", serviceId).execute();
    const time = { date: dateOf(soonSlot(41)), startHour: 10, durationHours: 2 };
    for (const caregiverId of [tampere, noService]) {
      expect(await rescheduleOrder(db, customer(order), { orderId: order.orderId, time, caregiverId, expectedSequence: 0 }, new Date())).toEqual({ ok: false, reason: "caregiver_unavailable" });
      expect(await rescheduleOrder(db, staff(), { orderId: order.orderId, time, caregiverId, expectedSequence: 0 }, new Date())).toEqual({ ok: false, reason: "caregiver_unavailable" });
    }
    expect(await orderRow(order.orderId)).toMatchObject({ visit_sequence: 0, caregiver_id: order.caregiverId });

    // Through the pages: the confirm step sends the draft back to the helper step saying why.
    const base = `/portal/orders/${order.orderNumber}/muuta-aika`;
    const draft = new URLSearchParams({ paiva: time.date, aika: "10:00", kesto: "2", palvelu: serviceId });
    for (const [caregiverId, notice] of [[tampere, "caregiver_outside_area"], [noService, "caregiver_no_service"]] as const) {
      const confirm = await answerOf(() => customerConfirm.loader(args(getRequest(`${base}/vahvista?${draft}&kaveri=${caregiverId}`, cookie), order.orderNumber)));
      expect(confirm.status).toBe(302);
      expect(confirm.location).toContain(`${base}/kaveri?`);
      expect(confirm.location).not.toContain(caregiverId);
      expect(new URL(confirm.location!, "http://localhost").searchParams.get("viesti")).toBe(notice);
      const posted = await answerOf(() => customerConfirm.action(args(postRequest(`${base}/vahvista?${draft}&kaveri=${caregiverId}`, { ...Object.fromEntries(draft), kaveri: caregiverId, versio: "0" }, cookie), order.orderNumber)));
      expect(posted.status).toBe(302);
      expect(posted.location).toContain(`${base}/kaveri?`);
    }
    expect(await orderRow(order.orderId)).toMatchObject({ visit_sequence: 0, caregiver_id: order.caregiverId });
  });
});
