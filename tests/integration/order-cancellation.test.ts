import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { formatEuros } from "~/domain/format";
import type { AuthUser } from "~/models/users.server";
import { loader as timelineLoader } from "~/routes/backoffice.orders.$orderNumber.aikajana";
import { action as cancelAction, loader as cancelLoader } from "~/routes/backoffice.orders.$orderNumber_.peruuta";
import { takeToast } from "~/services/flash.server";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { cancelOrder } from "~/services/order-cancellation.server";
import { startCheckout } from "~/services/payments/checkout.server";
import { applyPaymentEvent } from "~/services/payments/events.server";
import { setPaymentProviderForTests } from "~/services/payments/active-provider.server";
import { localPaymentProvider } from "~/services/payments/local-provider.server";
import type { PaymentProvider } from "~/services/payments/provider";
import { answerOf, contextFor, cookiesFrom, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { auditRows, emailsTo } from "./support/backoffice";
import { createTestOrder, orderRow, paymentRow } from "./support/booking-fixtures";

// Cancelling an order (issue 14 "Cancel"; DESIGN.md decision 16): the refund through the payment
// provider once however often it is pressed, the late fee, the credit note of an invoice, the
// released slot, the e-mails and the audit line; and who may do it.

let db: DB;
let admin: AuthUser;
const cookies = { admin: "", moderator: "", support: "" };

beforeAll(async () => {
  db = await getDb();
  admin = await createTestUser({ email: "admin-peruutus@example.fi", role: "admin", fullName: "Aino Ylläpitäjä" });
  cookies.admin = await sessionCookieFor(admin);
  cookies.moderator = await sessionCookieFor(await createTestUser({ email: "mod-peruutus@example.fi", role: "moderator" }));
  cookies.support = await sessionCookieFor(await createTestUser({ email: "tuki-peruutus@example.fi", role: "support" }));
});

afterEach(() => setPaymentProviderForTests(null));

let day = 0;
/** A visit on its own day far ahead (free cancellation), 10.00–12.00 Helsinki. */
function farSlot(): Date {
  day += 1;
  return new Date(Date.UTC(2027, 2, day, 8, 0));
}

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
  setPaymentProviderForTests(provider);
  return calls;
}

async function paidOnlineOrder(startsAt = farSlot()) {
  const order = await createTestOrder({ paymentMethod: "online", caregiverId: true, startsAt });
  const ref = (await startCheckout(db, order.orderId)).replace("/maksu/testi/", "");
  await applyPaymentEvent(db, { id: `evt-${ref}`, provider: "local", type: "checkout.completed", providerRef: ref, method: "card" });
  return order;
}

const actor = () => ({ id: admin.id, ip: "127.0.0.1" });

describe("cancelling a paid online order", () => {
  it("refunds the whole payment through the provider once, also when pressed twice, and frees the helper's time", async () => {
    const calls = countingProvider();
    const order = await paidOnlineOrder();
    const first = await cancelOrder(db, { actor: actor() }, order.orderId, new Date("2027-01-01T00:00:00Z"));
    const second = await cancelOrder(db, { actor: actor() }, order.orderId, new Date("2027-01-01T00:00:00Z"));
    expect(first).toMatchObject({ ok: true, cancelledNow: true, feeCents: 0, refund: "refunded", refundCents: order.totalPriceCents });
    expect(second).toMatchObject({ ok: true, cancelledNow: false, refund: "already_refunded" });
    expect(calls).toEqual([{ paymentId: order.paymentId, amountCents: order.totalPriceCents }]);
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "refunded", refunded_cents: order.totalPriceCents });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "cancelled", cancellation_fee_cents: 0 });

    // The same helper can be booked for the very same time at once.
    const again = await createTestOrder({ paymentMethod: "invoice", caregiverId: order.caregiverId!, startsAt: order.startsAt });
    expect(again.caregiverId).toBe(order.caregiverId);

    const audit = await auditRows("order", order.orderId);
    expect(audit.map((row) => row.action)).toEqual(["order.cancel"]);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, before: { status: "pending" }, after: { status: "cancelled", feeCents: 0 } });
    const mails = await emailsTo(order.email);
    expect(mails.at(-1)?.subject).toBe(`Tilaus ${order.orderNumber} on peruutettu – Arkikaveri`);
    expect(mails.at(-1)?.text).toContain("Palautamme");
  });

  it("keeps one hour's price when cancelled less than 24 hours before, unless staff waive it", async () => {
    const calls = countingProvider();
    const late = await paidOnlineOrder();
    const lateNow = new Date(late.startsAt.getTime() - 3 * 60 * 60 * 1000);
    const outcome = await cancelOrder(db, { actor: actor() }, late.orderId, lateNow);
    const unitPrice = late.totalPriceCents / 2; // two-hour test orders
    expect(outcome).toMatchObject({ ok: true, feeCents: unitPrice, refund: "refunded", refundCents: late.totalPriceCents - unitPrice });
    expect(calls.at(-1)).toEqual({ paymentId: late.paymentId, amountCents: late.totalPriceCents - unitPrice });

    const waived = await paidOnlineOrder();
    const waivedOutcome = await cancelOrder(db, { actor: actor(), waiveFee: true }, waived.orderId, new Date(waived.startsAt.getTime() - 60_000));
    expect(waivedOutcome).toMatchObject({ ok: true, feeCents: 0, refundCents: waived.totalPriceCents });
    expect((await auditRows("order", waived.orderId))[0]?.after).toMatchObject({ feeWaived: true });
  });

  it("cancels even when the provider fails, and the refund can then be retried", async () => {
    const calls = countingProvider({ failFirst: true });
    const order = await paidOnlineOrder();
    const now = new Date("2027-01-01T00:00:00Z");
    expect(await cancelOrder(db, { actor: actor() }, order.orderId, now)).toMatchObject({ ok: true, refund: "failed" });
    expect((await orderRow(order.orderId)).status).toBe("cancelled");
    expect((await paymentRow(order.paymentId)).status).toBe("captured");
    expect(await cancelOrder(db, { actor: actor() }, order.orderId, now)).toMatchObject({ ok: true, cancelledNow: false, refund: "refunded" });
    expect(calls).toHaveLength(2);
    expect((await auditRows("order", order.orderId)).map((row) => row.action)).toEqual(["order.cancel"]);
  });

  it("does not cancel a completed order", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", status: "completed", startsAt: farSlot() });
    expect(await cancelOrder(db, { actor: actor() }, order.orderId)).toEqual({ ok: false, reason: "not_cancellable" });
    expect(await cancelOrder(db, { actor: actor() }, "not-a-uuid")).toEqual({ ok: false, reason: "not_found" });
  });
});

describe("cancelling an invoice order", () => {
  it("credits the invoice with a credit note of its own number series, and a late cancellation leaves the fee to pay", async () => {
    const free = await createTestOrder({ paymentMethod: "invoice", startsAt: farSlot() });
    const freeInvoice = await createInvoiceForOrder(db, free.orderId);
    const freeOutcome = await cancelOrder(db, { actor: actor() }, free.orderId, new Date("2027-01-01T00:00:00Z"));
    expect(freeOutcome).toMatchObject({ ok: true, refund: "none", creditNote: { invoiceNumber: freeInvoice.invoiceNumber, amountCents: free.totalPriceCents } });

    const late = await createTestOrder({ paymentMethod: "invoice", startsAt: farSlot() });
    await createInvoiceForOrder(db, late.orderId);
    const lateOutcome = await cancelOrder(db, { actor: actor() }, late.orderId, new Date(late.startsAt.getTime() - 60 * 60 * 1000));
    if (!freeOutcome.ok || !lateOutcome.ok) throw new Error("expected both to cancel");
    expect(lateOutcome.creditNote?.amountCents).toBe(late.totalPriceCents / 2);
    expect(lateOutcome.creditNote!.creditNoteNumber).toBeGreaterThan(freeOutcome.creditNote!.creditNoteNumber);
    expect(freeOutcome.creditNote!.creditNoteNumber).toBeGreaterThanOrEqual(5001);

    const invoices = await db.selectFrom("invoices").select(["order_id", "status"]).where("order_id", "in", [free.orderId, late.orderId]).execute();
    expect(Object.fromEntries(invoices.map((row) => [row.order_id, row.status]))).toEqual({ [free.orderId]: "cancelled", [late.orderId]: "open" });
    expect((await emailsTo(late.email)).at(-1)?.text).toContain("Maksettavaksi jää peruutusmaksu");
  });

  it("e-mails the helper that the visit is off", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", caregiverId: true, startsAt: farSlot() });
    const caregiverEmail = await db
      .selectFrom("caregivers")
      .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
      .select("profiles.email")
      .where("caregivers.id", "=", order.caregiverId!)
      .executeTakeFirstOrThrow();
    await cancelOrder(db, { actor: actor() }, order.orderId);
    expect((await emailsTo(caregiverEmail.email)).at(-1)?.subject).toBe(`Käynti ${order.orderNumber} on peruutettu – Arkikaveri`);
  });
});

describe("the cancellation page", () => {
  const path = (orderNumber: string) => `/backoffice/orders/${orderNumber}/peruuta`;

  it("is for admins only: moderators and support are refused", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: farSlot() });
    for (const who of ["moderator", "support"] as const) {
      const page = await answerOf(() => cancelLoader({ request: getRequest(path(order.orderNumber), cookies[who]), params: { orderNumber: order.orderNumber }, context: contextFor() }));
      expect(page.status).toBe(403);
      const post = await answerOf(() =>
        cancelAction({ request: postRequest(path(order.orderNumber), { intent: "cancel", orderId: order.orderId }, cookies[who]), params: { orderNumber: order.orderNumber }, context: contextFor() }),
      );
      expect(post.status).toBe(403);
    }
    expect((await orderRow(order.orderId)).status).toBe("pending");
  });

  it("shows the rule and what happens to the money before anything happens, then cancels with the spec's toast", async () => {
    countingProvider();
    const order = await paidOnlineOrder();
    const page = await answerOf(() => cancelLoader({ request: getRequest(`${path(order.orderNumber)}?takaisin=%2Fbackoffice%2Forders%3Ftila%3Dpending`, cookies.admin), params: { orderNumber: order.orderNumber }, context: contextFor() }));
    expect(page.data).toMatchObject({ cancellable: true, lateFeeCents: 0, back: "/backoffice/orders?tila=pending" });
    expect(page.data.rule).toContain("Maksuton peruutus on voimassa");
    expect(page.data.consequence).toContain("koko summa");
    expect((await orderRow(order.orderId)).status).toBe("pending");

    const post = await answerOf(() =>
      cancelAction({
        request: postRequest(path(order.orderNumber), { intent: "cancel", orderId: order.orderId, returnTo: "/backoffice/orders?tila=pending", reason: "Asiakas soitti" }, cookies.admin),
        params: { orderNumber: order.orderNumber },
        context: contextFor(),
      }),
    );
    expect(post.location).toBe("/backoffice/orders?tila=pending");
    const { toast } = await takeToast(getRequest("/", cookiesFrom(post.response!)));
    expect(toast).toMatchObject({ type: "success", title: "Tilaus peruutettu" });
    expect(toast?.description).toContain("Tilaus on peruutettu onnistuneesti.");
    expect((await paymentRow(order.paymentId)).status).toBe("refunded");

    const after = await answerOf(() => cancelLoader({ request: getRequest(path(order.orderNumber), cookies.admin), params: { orderNumber: order.orderNumber }, context: contextFor() }));
    expect(after.data).toMatchObject({ cancellable: false, refundPending: false, status: "cancelled" });
  });

  const cancelPost = (order: { orderNumber: string; orderId: string }, fields: Record<string, string>) =>
    answerOf(() =>
      cancelAction({ request: postRequest(path(order.orderNumber), { intent: "cancel", orderId: order.orderId, ...fields }, cookies.admin), params: { orderNumber: order.orderNumber }, context: contextFor() }),
    );

  it("requires a reason, cancels nothing without one, and shows it on the timeline and in the customer's e-mail", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: farSlot() });
    for (const reason of [undefined, "   "]) {
      const refused = await cancelPost(order, reason === undefined ? {} : { reason });
      expect(refused.status).toBe(400);
      expect(refused.data.result.error.reason).toEqual(["Kirjoita peruutuksen syy."]);
    }
    expect((await orderRow(order.orderId)).status).toBe("pending");
    expect(await emailsTo(order.email)).toHaveLength(0);

    expect((await cancelPost(order, { reason: "Asiakas joutui sairaalaan" })).status).toBe(302);
    expect((await orderRow(order.orderId)).status).toBe("cancelled");
    const email = (await emailsTo(order.email)).at(-1);
    expect(email?.text).toContain("Peruutuksen syy: Asiakas joutui sairaalaan");
    const timeline = await answerOf(() =>
      timelineLoader({ request: getRequest(`/backoffice/orders/${order.orderNumber}/aikajana`, cookies.admin), params: { orderNumber: order.orderNumber }, context: contextFor() }),
    );
    const cancelled = timeline.data.entries.find((entry: { action: string }) => entry.action === "Tilaus peruutettu");
    expect(cancelled.changes).toContainEqual({ field: "Syy", before: null, after: "Asiakas joutui sairaalaan" });
    expect(cancelled.changes).toContainEqual({ field: "Peruutusmaksu", before: null, after: formatEuros(0) });
  });

  it("refunds a paid online order the part staff choose, once, and refuses more than was paid", async () => {
    const calls = countingProvider();
    const order = await paidOnlineOrder();
    const page = await answerOf(() => cancelLoader({ request: getRequest(path(order.orderNumber), cookies.admin), params: { orderNumber: order.orderNumber }, context: contextFor() }));
    expect(page.data.refund).toEqual({ paid: formatEuros(order.totalPriceCents), standard: formatEuros(order.totalPriceCents) });

    const tooMuch = await cancelPost(order, { reason: "Osittainen palautus", refund: ((order.totalPriceCents + 1) / 100).toFixed(2).replace(".", ",") });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.data.result.error.refund).toEqual([`Summa on suurempi kuin maksettu ${formatEuros(order.totalPriceCents)}. Palauta enintään ${formatEuros(order.totalPriceCents)}.`]);
    expect((await orderRow(order.orderId)).status).toBe("pending");
    expect(calls).toHaveLength(0);

    expect((await cancelPost(order, { reason: "Kaveri ehti jo lähteä", refund: "25" })).status).toBe(302);
    // Pressed again (or the page reloaded and sent): the order is cancelled, nothing more refunded.
    await cancelPost(order, { reason: "Kaveri ehti jo lähteä", refund: "25" });
    expect(calls).toEqual([{ paymentId: order.paymentId, amountCents: 2500 }]);
    const payment = await paymentRow(order.paymentId);
    expect(payment).toMatchObject({ status: "refunded", refunded_cents: 2500 });
    expect((await orderRow(order.orderId)).cancellation_fee_cents).toBe(order.totalPriceCents - 2500);
    const audit = (await auditRows("order", order.orderId)).filter((row) => row.action === "order.cancel");
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ refundCents: 2500, reason: "Kaveri ehti jo lähteä" });
    const email = (await emailsTo(order.email)).at(-1);
    expect(email?.text).toContain(`Palautamme ${formatEuros(2500)}`);
    expect(email?.text).not.toContain("alle 24 tuntia");
  });
});
