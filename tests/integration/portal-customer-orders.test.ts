import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { formatEuros as eur } from "~/domain/format";
import { findOfferedCaregiver } from "~/models/caregivers.server";
import type { AuthUser } from "~/models/users.server";
import { loader as homeLoader } from "~/routes/portal._index";
import { loader as orderLoader } from "~/routes/portal.orders.$orderNumber";
import { loader as calendarLoader } from "~/routes/portal.orders.$orderNumber_.kalenteri";
import { action as cancelAction, loader as cancelLoader } from "~/routes/portal.orders.$orderNumber_.peruuta";
import { takeToast } from "~/services/flash.server";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { cancelOrder } from "~/services/order-cancellation.server";
import { setPaymentProviderForTests } from "~/services/payments/active-provider.server";
import { startCheckout } from "~/services/payments/checkout.server";
import { applyPaymentEvent } from "~/services/payments/events.server";
import { localPaymentProvider } from "~/services/payments/local-provider.server";
import type { PaymentProvider } from "~/services/payments/provider";
import { answerOf, contextFor, cookiesFrom, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { auditRows, emailsTo } from "./support/backoffice";
import { serviceCategoryId, createTestOrder, orderRow, paymentRow } from "./support/booking-fixtures";

// The customer's own orders in the portal (issue 10 "Customer orders" and "Cancel"): the order
// page with everything on it, only for the order's customer; the home page's counts; and the
// customer's own cancellation, which is the back office's (DESIGN.md decision 16): free until 24
// hours before the start, one hour's price after, the rule and amount shown before confirming,
// a paid order refunded once however often it is pressed, an invoice credited, the helper's time
// free again at once, the helper and the customer e-mailed.

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
let db: DB;
let customer: AuthUser;
let cookie = "";
let otherCookie = "";

beforeAll(async () => {
  db = await getDb();
  customer = await createTestUser({ email: "oma-tilaus@example.fi", fullName: "Helmi Virtanen" });
  cookie = await sessionCookieFor(customer);
  otherCookie = await sessionCookieFor(await createTestUser({ email: "vieras-tilaus@example.fi" }));
});

afterEach(() => setPaymentProviderForTests(null));

let day = 0;
function farSlot(): Date {
  day += 1;
  return new Date(Date.UTC(2027, 6, day, 8, 0));
}

/** A start this far from now, on the hour boundary that the booking uses is not needed for the rule. */
function startingIn(ms: number): Date {
  return new Date(Date.now() + ms);
}

function countingProvider() {
  const calls: Array<{ paymentId: string; amountCents: number }> = [];
  const provider: PaymentProvider = {
    name: "local",
    createCheckout: localPaymentProvider.createCheckout,
    refund: async (payment) => {
      calls.push({ paymentId: payment.paymentId, amountCents: payment.amountCents });
      // A provider call takes a moment: a second press arrives while the first is under way.
      await new Promise((resolve) => setTimeout(resolve, 30));
    },
  };
  setPaymentProviderForTests(provider);
  return calls;
}

async function paidOnlineOrder(startsAt: Date) {
  const order = await createTestOrder({ paymentMethod: "online", email: customer.email, caregiverId: true, startsAt });
  const ref = (await startCheckout(db, order.orderId)).replace("/maksu/testi/", "");
  await applyPaymentEvent(db, { id: `evt-${ref}`, provider: "local", type: "checkout.completed", providerRef: ref, method: "card" });
  return order;
}

const orderPath = (orderNumber: string) => `/portal/orders/${orderNumber}`;

function loadOrder(orderNumber: string, who = cookie) {
  return answerOf(() => orderLoader({ request: getRequest(orderPath(orderNumber), who), params: { orderNumber }, context: contextFor() }));
}

function loadCancel(orderNumber: string, who = cookie) {
  return answerOf(() => cancelLoader({ request: getRequest(`${orderPath(orderNumber)}/peruuta`, who), params: { orderNumber }, context: contextFor() }));
}

function confirmCancel(order: { orderNumber: string; orderId: string }, feeCents: number, who = cookie) {
  return answerOf(() =>
    cancelAction({
      request: postRequest(`${orderPath(order.orderNumber)}/peruuta`, { intent: "cancel", orderId: order.orderId, feeCents: String(feeCents) }, who),
      params: { orderNumber: order.orderNumber },
      context: contextFor(),
    }),
  );
}

async function toastOf(answer: { response: Response | null }) {
  return (await takeToast(getRequest("/", cookiesFrom(answer.response!)))).toast;
}

describe("the order page", () => {
  it("shows the customer everything about their order", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", email: customer.email, caregiverId: true, startsAt: farSlot(), bookingFor: "other" });
    await createInvoiceForOrder(db, order.orderId);
    await db
      .updateTable("orders")
      .set({ description: "Kauppareissu ja apteekki.", special_notes: "Ovikoodi 1234, kissa ei saa karata." })
      .where("id", "=", order.orderId)
      .execute();
    await db.updateTable("caregivers").set({ profile_image_url: "/kuvat/photo-0123456789abcdef0123456789abcdef.jpg" }).where("id", "=", order.caregiverId!).execute();

    const page = await loadOrder(order.orderNumber);
    expect(page.status).toBe(200);
    const view = page.data.order;
    const fact = (label: string) => view.visit.find((item: { label: string }) => item.label === label)?.value;
    expect(fact("Palvelu")).toBe("Asiointiapu");
    expect(fact("Aika")).toBe("klo 11.00–13.00");
    expect(fact("Kesto")).toBe("2 tuntia");
    expect(fact("Osoite")).toBe("Vanhustentie 9, 00800 Helsinki");
    expect(fact("Palvelun saaja")).toBe("Väinö Öhman, puh. 0509876543");
    expect(fact("Kuvaus")).toBe("Kauppareissu ja apteekki.");
    expect(fact("Lisätietoja kaverille")).toBe("Ovikoodi 1234, kissa ei saa karata.");
    expect(view.caregiver).toEqual({ name: "Aino Äijälä", photoUrl: "/kuvat/photo-0123456789abcdef0123456789abcdef.jpg" });
    // 2 h × 40 € = 80 €: 63,75 € + VAT 16,25 €; the deduction estimate 35 % = 28,00 €.
    expect(view.amounts).toEqual([
      { label: `2 tuntia × ${eur(4000)}`, value: eur(8000) },
      { label: "Veroton hinta", value: eur(6375) },
      { label: "ALV 25,5 %", value: eur(1625) },
    ]);
    expect(view.total).toBe(eur(8000));
    expect(view.deduction).toContain(`${eur(2800)}, jolloin hinnaksi jää ${eur(5200)}`);
    expect(view.paymentState).toMatch(/^Lasku \d+, avoin\. Maksettavaa on [\d,]+\s€\. Eräpäivä \d+\.\d+\.\d{4}, viitenumero [\d ]+\.$/);
    expect(view).toMatchObject({
      status: "pending",
      accepted: false,
      invoiceHref: `/lasku/${order.orderNumber}`,
      calendarHref: `${orderPath(order.orderNumber)}/kalenteri`,
      cancelHref: `${orderPath(order.orderNumber)}/peruuta`,
      reviewHref: null,
    });
    expect(page.data.messageNote).toContain("Aino Äijälä");

    // Once the helper has accepted, the customer's words say so.
    await db
      .updateTable("orders")
      .set((eb) => ({ accepted_caregiver_id: eb.ref("caregiver_id"), caregiver_accepted_at: new Date() }))
      .where("id", "=", order.orderId)
      .execute();
    expect((await loadOrder(order.orderNumber)).data.order.accepted).toBe(true);
  });

  it("is the same 404 for another customer, a helper and an unclaimed guest order; anonymous visitors sign in", async () => {
    const helper = await createTestUser({ email: "tilaus-kaveri@example.fi", userType: "caregiver" });
    const helperId = (await db.selectFrom("caregivers").select("id").where("profile_id", "=", helper.id).executeTakeFirstOrThrow()).id;
    const order = await createTestOrder({ paymentMethod: "invoice", email: customer.email, caregiverId: helperId, startsAt: farSlot() });
    expect((await loadOrder(order.orderNumber, otherCookie)).status).toBe(404);
    expect((await loadOrder(order.orderNumber, await sessionCookieFor(helper))).status).toBe(404);
    expect((await loadCancel(order.orderNumber, otherCookie)).status).toBe(404);
    const calendar = (who: string) =>
      answerOf(() => calendarLoader({ request: getRequest(`${orderPath(order.orderNumber)}/kalenteri`, who), params: { orderNumber: order.orderNumber }, context: contextFor() }));
    expect((await calendar(otherCookie)).status).toBe(404);
    const anonymous = await loadOrder(order.orderNumber, "");
    expect(anonymous.location).toBe(`/auth?redirectTo=${encodeURIComponent(orderPath(order.orderNumber))}`);

    await db.updateTable("orders").set({ claimed: false }).where("id", "=", order.orderId).execute();
    expect((await loadOrder(order.orderNumber)).status).toBe(404);
    await db.updateTable("orders").set({ claimed: true }).where("id", "=", order.orderId).execute();

    const ics = await calendar(cookie);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(ics.headers.get("Content-Disposition")).toBe(`attachment; filename="varaus-${order.orderNumber}.ics"`);
    const text = await ics.response!.text();
    expect(text).toContain(`DTSTART:${order.startsAt.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z")}`);
    expect(text).toContain("STATUS:CONFIRMED");
  });

  it("a cancelled visit's calendar file is gone (410) and not offered; the cancellation e-mails carry METHOD:CANCEL files (issue 28 item 4)", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", email: customer.email, caregiverId: true, startsAt: farSlot() });
    await db.transaction().execute((trx) => createInvoiceForOrder(trx, order.orderId));
    const calendar = () =>
      answerOf(() => calendarLoader({ request: getRequest(`${orderPath(order.orderNumber)}/kalenteri`, cookie), params: { orderNumber: order.orderNumber }, context: contextFor() }));
    const live = await (await calendar()).response!.text();
    const uid = /^UID:(.*)$/m.exec(live.replace(/\r\n[ \t]/g, ""))![1]!.trim();
    expect(live).toContain("TRIGGER:-P1D");
    expect(live).toContain("TRIGGER:-PT2H");
    expect(live).toContain("SEQUENCE:0");

    expect(await cancelOrder(db, { actor: { id: customer.id }, customerProfileId: customer.id }, order.orderId)).toMatchObject({ ok: true });
    expect((await calendar()).status).toBe(410);
    expect((await loadOrder(order.orderNumber)).data.order.calendarHref).toBeNull();

    const [cancelled] = (await emailsTo(customer.email)).filter((email) => email.subject === `Tilaus ${order.orderNumber} on peruutettu – Arkikaveri`);
    const file = cancelled!.attachments.find((attachment) => attachment.filename === `varaus-${order.orderNumber}.ics`)!;
    expect(file.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
    const ics = Buffer.from(file.content, "base64").toString("utf8").replace(/\r\n[ \t]/g, "");
    expect(ics).toContain("\r\nMETHOD:CANCEL\r\n");
    expect(ics).toContain("\r\nSTATUS:CANCELLED\r\n");
    expect(ics).toContain(`\r\nUID:${uid}\r\n`);
    expect(ics).toContain("\r\nSEQUENCE:1\r\n");
    expect(ics).not.toContain("VALARM");
    expect(cancelled!.text).toContain("Kun avaat sen, käynti poistuu kalenteristasi.");

    const helper = await db
      .selectFrom("caregivers")
      .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
      .select("profiles.email")
      .where("caregivers.id", "=", order.caregiverId!)
      .executeTakeFirstOrThrow();
    const [helperEmail] = (await emailsTo(helper.email)).filter((email) => email.subject.startsWith(`Käynti ${order.orderNumber} on peruutettu`));
    expect(helperEmail!.attachments.map((attachment) => attachment.contentType)).toEqual(["text/calendar; charset=utf-8; method=CANCEL"]);
  });
});

describe("the portal home", () => {
  it("greets by first name and counts the orders, unread messages and reviews given", async () => {
    const person = await createTestUser({ email: "koti-laskut@example.fi", fullName: "Anna-Maija Saarinen" });
    const personCookie = await sessionCookieFor(person);
    const done = await createTestOrder({ paymentMethod: "invoice", email: person.email, caregiverId: true, status: "completed", startsAt: new Date("2025-03-03T09:00:00Z") });
    const upcoming = await createTestOrder({ paymentMethod: "invoice", email: person.email, caregiverId: true, startsAt: farSlot(), bookingFor: "other" });
    const customerId = (await db.selectFrom("customers").select("id").where("profile_id", "=", person.id).executeTakeFirstOrThrow()).id;
    await db.insertInto("reviews").values({ order_id: done.orderId, caregiver_id: done.caregiverId!, customer_id: customerId, rating: 5 }).execute();
    const helperProfile = await db.selectFrom("caregivers").select("profile_id").where("id", "=", upcoming.caregiverId!).executeTakeFirstOrThrow();
    await db.insertInto("messages").values({ order_id: upcoming.orderId, sender_id: helperProfile.profile_id, message_text: "Hei!" }).execute();

    const home = await answerOf(() => homeLoader({ request: getRequest("/portal", personCookie), params: {}, context: contextFor() }));
    expect(home.data.firstName).toBe("Anna-Maija");
    expect(home.data.figures.map((figure: { label: string; value: number }) => `${figure.label}: ${figure.value}`)).toEqual([
      "Tilauksia: 2",
      "Lukemattomia viestejä: 1",
      "Annettuja arvioita: 1",
    ]);
    expect(home.data.orders).toEqual([
      expect.objectContaining({
        orderNumber: upcoming.orderNumber,
        caregiver: "Aino Äijälä",
        recipient: "Väinö Öhman",
        place: "Vanhustentie 9, 00800 Helsinki",
        duration: "2 tuntia",
        amount: eur(8000),
        href: orderPath(upcoming.orderNumber),
      }),
    ]);
  });
});

describe("cancelling one's own order", () => {
  it("is free when cancelled 24 hours and a minute before the start, and costs one hour's price a minute later", async () => {
    const early = await createTestOrder({ paymentMethod: "invoice", email: customer.email, startsAt: startingIn(24 * HOUR + 2 * MINUTE) });
    const late = await createTestOrder({ paymentMethod: "invoice", email: customer.email, startsAt: startingIn(24 * HOUR - MINUTE) });

    const earlyPage = await loadCancel(early.orderNumber);
    expect(earlyPage.data).toMatchObject({ cancellable: true, feeCents: 0 });
    expect(earlyPage.data.rule).toMatch(/^Voit perua tämän tilauksen maksutta \d+\.\d+\.\d{4} klo \d\d\.\d\d asti \(24 tuntia ennen käynnin alkua\)\.$/);
    expect(earlyPage.data.money).toBe("Lasku hyvitetään kokonaan hyvityslaskulla, eikä sinun tarvitse maksaa mitään.");
    const latePage = await loadCancel(late.orderNumber);
    const hourPrice = late.totalPriceCents / 2;
    expect(latePage.data).toMatchObject({ cancellable: true, feeCents: hourPrice });
    expect(latePage.data.rule).toContain(`Peruutusmaksu on yhden tunnin hinta: ${eur(hourPrice)}.`);

    // The rule at the service itself, to the minute around the deadline.
    const exact = await createTestOrder({ paymentMethod: "invoice", email: customer.email, startsAt: farSlot() });
    const actor = { id: customer.id };
    const deadline = exact.startsAt.getTime() - 24 * HOUR;
    const minuteAfter = await cancelOrder(db, { actor, customerProfileId: customer.id }, exact.orderId, new Date(deadline + MINUTE));
    expect(minuteAfter).toMatchObject({ ok: true, feeCents: exact.totalPriceCents / 2 });
    const another = await createTestOrder({ paymentMethod: "invoice", email: customer.email, startsAt: farSlot() });
    const minuteBefore = await cancelOrder(db, { actor, customerProfileId: customer.id }, another.orderId, new Date(another.startsAt.getTime() - 24 * HOUR - MINUTE));
    expect(minuteBefore).toMatchObject({ ok: true, feeCents: 0 });

    // Through the page: the free one goes at once, with its toast, the audit line naming the customer.
    const cancelled = await confirmCancel(early, 0);
    expect(cancelled.location).toBe(orderPath(early.orderNumber));
    expect(await toastOf(cancelled)).toMatchObject({ type: "success", title: "Tilaus peruutettu" });
    expect(await orderRow(early.orderId)).toMatchObject({ status: "cancelled", cancellation_fee_cents: 0 });
    expect((await auditRows("order", early.orderId))[0]).toMatchObject({ action: "order.cancel", actor_id: customer.id });
  });

  it("asks again when the free period ended while the page was open, and never charges a fee that was not shown", async () => {
    const late = await createTestOrder({ paymentMethod: "invoice", email: customer.email, startsAt: startingIn(23 * HOUR) });
    const stale = await confirmCancel(late, 0);
    expect(stale.location).toBe(`${orderPath(late.orderNumber)}/peruuta`);
    expect(await toastOf(stale)).toMatchObject({ type: "error", description: expect.stringContaining("Maksuton peruutusaika päättyi juuri") });
    expect((await orderRow(late.orderId)).status).toBe("pending");
    const confirmed = await confirmCancel(late, late.totalPriceCents / 2);
    expect(confirmed.location).toBe(orderPath(late.orderNumber));
    expect(await orderRow(late.orderId)).toMatchObject({ status: "cancelled", cancellation_fee_cents: late.totalPriceCents / 2 });
  });

  it("refunds a paid order through the provider once, also when pressed twice at the same moment, and frees the helper's time at once", async () => {
    const calls = countingProvider();
    const order = await paidOnlineOrder(farSlot());
    const interval = { startsAt: order.startsAt, endsAt: order.endsAt, city: "Helsinki", serviceCategoryId: await serviceCategoryId(db) };
    expect(await findOfferedCaregiver(db, order.caregiverId!, interval)).toBeNull();

    const page = await loadCancel(order.orderNumber);
    expect(page.data.money).toBe(`Palautamme koko summan ${eur(8000)} samalle maksutavalle, jolla maksoit.`);

    const [first, second] = await Promise.all([confirmCancel(order, 0), confirmCancel(order, 0)]);
    for (const answer of [first, second]) expect(answer.location).toBe(orderPath(order.orderNumber));
    const again = await confirmCancel(order, 0);
    expect(again.location).toBe(orderPath(order.orderNumber));
    expect(calls).toEqual([{ paymentId: order.paymentId, amountCents: order.totalPriceCents }]);
    expect(await paymentRow(order.paymentId)).toMatchObject({ status: "refunded", refunded_cents: order.totalPriceCents });
    expect((await auditRows("order", order.orderId)).map((row) => row.action)).toEqual(["order.cancel"]);

    // The same helper is offered, and can be booked, for the very same time.
    expect(await findOfferedCaregiver(db, order.caregiverId!, interval)).not.toBeNull();
    const rebooked = await createTestOrder({ paymentMethod: "invoice", email: customer.email, caregiverId: order.caregiverId!, startsAt: order.startsAt });
    expect((await orderRow(rebooked.orderId)).status).toBe("pending");

    // The customer and the helper are told.
    expect((await emailsTo(customer.email)).filter((mail) => mail.subject === `Tilaus ${order.orderNumber} on peruutettu – Arkikaveri`)).toHaveLength(1);
    const helperEmail = await db
      .selectFrom("caregivers")
      .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
      .select("profiles.email")
      .where("caregivers.id", "=", order.caregiverId!)
      .executeTakeFirstOrThrow();
    expect((await emailsTo(helperEmail.email)).map((mail) => mail.subject)).toContain(`Käynti ${order.orderNumber} on peruutettu – Arkikaveri`);

    // The order page now says so, with nothing left to cancel.
    const after = await loadOrder(order.orderNumber);
    expect(after.data.order).toMatchObject({ status: "cancelled", cancelHref: null, cancellationFee: "Peruutus oli maksuton." });
    expect(after.data.order.paymentState).toBe(`Verkkomaksu: palautettu ${eur(8000)}.`);
    expect((await loadCancel(order.orderNumber)).data).toMatchObject({ cancellable: false, cancelled: true, refundPending: false });
  });

  it("keeps one hour's price of a late paid order and refunds the rest; credits an invoice but for the fee", async () => {
    const calls = countingProvider();
    // Two-hour orders: the fee is half the price, whatever the hour's band.
    const paid = await paidOnlineOrder(startingIn(5 * HOUR));
    const fee = paid.totalPriceCents / 2;
    expect((await loadCancel(paid.orderNumber)).data.money).toBe(
      `Palautamme sinulle ${eur(fee)} samalle maksutavalle, jolla maksoit. Peruutusmaksu ${eur(fee)} pidätetään.`,
    );
    await confirmCancel(paid, fee);
    expect(calls).toEqual([{ paymentId: paid.paymentId, amountCents: paid.totalPriceCents - fee }]);

    const invoiced = await createTestOrder({ paymentMethod: "invoice", email: customer.email, startsAt: startingIn(5 * HOUR) });
    await createInvoiceForOrder(db, invoiced.orderId);
    const invoiceFee = invoiced.totalPriceCents / 2;
    const answer = await confirmCancel(invoiced, invoiceFee);
    expect((await toastOf(answer))?.description).toContain(`Laskua hyvitettiin ${eur(invoiceFee)}; maksettavaksi jää peruutusmaksu ${eur(invoiceFee)}.`);
    const note = await db.selectFrom("credit_notes").innerJoin("invoices", "invoices.id", "credit_notes.invoice_id").select("credit_notes.amount_cents").where("invoices.order_id", "=", invoiced.orderId).executeTakeFirstOrThrow();
    expect(note.amount_cents).toBe(invoiced.totalPriceCents - invoiceFee);
  });

  it("is refused for another customer's order, an order under way and one whose start has passed", async () => {
    const theirs = await createTestOrder({ paymentMethod: "invoice", startsAt: farSlot() });
    expect((await confirmCancel(theirs, 0)).status).toBe(404);
    expect(await cancelOrder(db, { actor: { id: customer.id }, customerProfileId: customer.id }, theirs.orderId)).toEqual({ ok: false, reason: "not_found" });
    expect((await orderRow(theirs.orderId)).status).toBe("pending");

    const underWay = await createTestOrder({ paymentMethod: "invoice", email: customer.email, status: "in_progress", startsAt: farSlot() });
    expect((await loadCancel(underWay.orderNumber)).data.cancellable).toBe(false);
    const refused = await confirmCancel(underWay, 0);
    expect(await toastOf(refused)).toMatchObject({ type: "error", title: "Tilauksen peruutus epäonnistui" });
    expect((await orderRow(underWay.orderId)).status).toBe("in_progress");

    const started = await createTestOrder({ paymentMethod: "invoice", email: customer.email, startsAt: startingIn(-10 * MINUTE) });
    expect((await loadOrder(started.orderNumber)).data.order.cancelHref).toBeNull();
    await confirmCancel(started, started.totalPriceCents);
    expect((await orderRow(started.orderId)).status).toBe("pending");

    // A forged form (another order's id) changes nothing.
    const mine = await createTestOrder({ paymentMethod: "invoice", email: customer.email, startsAt: farSlot() });
    const forged = await answerOf(() =>
      cancelAction({
        request: postRequest(`${orderPath(mine.orderNumber)}/peruuta`, { intent: "cancel", orderId: theirs.orderId, feeCents: "0" }, cookie),
        params: { orderNumber: mine.orderNumber },
        context: contextFor(),
      }),
    );
    expect(forged.status).toBe(400);
    expect((await orderRow(theirs.orderId)).status).toBe("pending");
  });
});
