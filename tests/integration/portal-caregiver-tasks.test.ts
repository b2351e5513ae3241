import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { setTestClock } from "~/services/clock.server";
import { listOrdersForStaff } from "~/models/backoffice-orders.server";
import { action as tasksAction, loader as tasksLoader } from "~/routes/portal.caregiver-bookings";
import { answerOf, contextFor, createTestUser, getRequest, postRequest } from "./support/auth";
import { auditRows } from "./support/backoffice";
import { createTestOrder, orderRow, type TestOrderOptions } from "./support/booking-fixtures";
import { emailsWithSubject, nextVisit, notificationsOf, signedInCustomer, signedInHelper, toastOf, type SignedIn } from "./support/portal";

// The helper's tasks (spec 001 §4 "Caregiver actions"; issue 10): each action only by the order's
// own helper and only in its state, a double tap or a resubmitted form done once, what each
// action leaves behind (notification, e-mail, payout, audit line), and what the list shows.

let db: DB;
let helper: SignedIn & { caregiverId: string };
let otherHelper: SignedIn & { caregiverId: string };
let customer: SignedIn;
let admins: string[];

beforeAll(async () => {
  db = await getDb();
  helper = await signedInHelper("tehtavat-kaveri@example.fi", "Elli Esimerkki");
  otherHelper = await signedInHelper("tehtavat-toinen@example.fi", "Olli Toinen");
  customer = await signedInCustomer("tehtavat-asiakas@example.fi");
  admins = [
    (await createTestUser({ email: "tehtavat-admin1@example.fi", role: "admin" })).id,
    (await createTestUser({ email: "tehtavat-admin2@example.fi", role: "admin" })).id,
  ];
  // Support staff are not admins: 001 §4 notifies "all admins".
  await createTestUser({ email: "tehtavat-tuki@example.fi", role: "support" });
});

afterEach(() => setTestClock(null));

type Action = "accept" | "reject" | "start" | "complete";

/** The action as confirmed: start and complete ask first (tests/integration/visit-lifecycle.test.ts covers the question). */
function act(action: Action, orderId: string, cookie: string | undefined) {
  return answerOf(() =>
    tasksAction({ request: postRequest("/portal/caregiver-bookings", { tehtava: `${action}:${orderId}`, vahvista: "kylla" }, cookie), params: {}, context: contextFor() }),
  );
}

/** The server's clock a minute after the visit's start: both start and complete are open (decision 0018). */
function clockAtStartOf(startsAt: Date) {
  setTestClock(new Date(startsAt.getTime() + 60_000));
}

function load(cookie: string, query = "") {
  return answerOf(() => tasksLoader({ request: getRequest(`/portal/caregiver-bookings${query}`, cookie), params: {}, context: contextFor() }));
}

/** A committed order of the helper: an invoice order (pending) unless options say otherwise. */
function helperOrder(options: Partial<TestOrderOptions> = {}) {
  return createTestOrder({ paymentMethod: "invoice", caregiverId: helper.caregiverId, startsAt: nextVisit(), ...options });
}

/** An order in the state where `action` is the helper's next step. */
async function orderReadyFor(action: Action, options: Partial<TestOrderOptions> = {}) {
  const order = await helperOrder({ ...options, status: action === "complete" ? "in_progress" : "pending" });
  if (action === "start") {
    await db.updateTable("orders").set({ accepted_caregiver_id: helper.caregiverId, caregiver_accepted_at: new Date() }).where("id", "=", order.orderId).execute();
  }
  return order;
}

async function expectUnchanged(orderId: string, before: Awaited<ReturnType<typeof orderRow>>) {
  const after = await orderRow(orderId);
  expect({ status: after.status, caregiver: after.caregiver_id, accepted: after.accepted_caregiver_id }).toEqual({
    status: before.status,
    caregiver: before.caregiver_id,
    accepted: before.accepted_caregiver_id,
  });
  expect(await auditRows("order", orderId)).toHaveLength(0);
}

describe("who may act on a task", () => {
  const actions: Action[] = ["accept", "reject", "start", "complete"];

  it("refuses another helper: nothing changes and the failure toast says the situation changed", async () => {
    for (const action of actions) {
      const order = await orderReadyFor(action);
      const before = await orderRow(order.orderId);
      const answer = await act(action, order.orderId, otherHelper.cookie);
      expect(answer.status).toBe(302);
      expect(await toastOf(answer)).toMatchObject({ type: "error" });
      await expectUnchanged(order.orderId, before);
    }
  });

  it("refuses a customer (even the order's own) with 403 and an anonymous visitor with the sign-in page", async () => {
    for (const action of actions) {
      const order = await orderReadyFor(action, { email: customer.user.email });
      const before = await orderRow(order.orderId);
      expect((await act(action, order.orderId, customer.cookie)).status).toBe(403);
      const anonymous = await act(action, order.orderId, undefined);
      expect(anonymous.status).toBe(302);
      expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);
      await expectUnchanged(order.orderId, before);
    }
  });

  it("answers a forged or broken form with 400", async () => {
    for (const value of ["", "accept", "dance:00000000-0000-4000-8000-000000000000", "accept:not-a-uuid", "toString:00000000-0000-4000-8000-000000000000"]) {
      const answer = await answerOf(() => tasksAction({ request: postRequest("/portal/caregiver-bookings", { tehtava: value }, helper.cookie), params: {}, context: contextFor() }));
      expect(answer.status, value).toBe(400);
    }
  });
});

describe("accept", () => {
  it("keeps the order pending, notifies the customer ('Varaus hyväksytty') with an e-mail, and writes the audit line", async () => {
    const order = await helperOrder({ email: customer.user.email, paymentMethod: "online", status: "pending" });
    await db.updateTable("payments").set({ status: "captured" }).where("id", "=", order.paymentId).execute();

    const answer = await act("accept", order.orderId, helper.cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/portal/caregiver-bookings#tehtava-${order.orderNumber}`);
    expect(await toastOf(answer)).toEqual({ type: "success", title: "Varaus hyväksytty!", description: `Tilaus ${order.orderNumber}` });

    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ status: "pending", caregiver_id: helper.caregiverId, accepted_caregiver_id: helper.caregiverId });
    expect(row.caregiver_accepted_at).toBeInstanceOf(Date);
    // The payment was captured when the customer paid; accepting leaves it so.
    const payment = await db.selectFrom("payments").select("status").where("id", "=", order.paymentId).executeTakeFirstOrThrow();
    expect(payment.status).toBe("captured");

    const [notification] = (await notificationsOf(customer.user.id)).filter((n) => n.related_id === order.orderId);
    expect(notification).toMatchObject({ type: "ORDER_ACCEPTED", title: "Varaus hyväksytty", read_at: null });
    expect(notification.message).toContain("Elli Esimerkki hyväksyi tilauksesi");
    const [mail] = await emailsWithSubject(customer.user.email, `Varaus hyväksytty: ${order.orderNumber}`);
    expect(mail.text).toContain("Elli Esimerkki hyväksyi tilauksesi");
    expect(mail.text).toContain(`/portal/orders/${order.orderNumber}`);

    const audit = await auditRows("order", order.orderId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: helper.user.id,
      ip: "203.0.113.10",
      action: "order.caregiver_accept",
      before: { status: "pending", caregiverId: helper.caregiverId, accepted: false },
      after: { status: "pending", caregiverId: helper.caregiverId, accepted: true },
    });
  });

  it("does it once for a double tap, a resubmitted form and two taps at the same moment", async () => {
    const order = await helperOrder({ email: customer.user.email });
    const answers = await Promise.all([act("accept", order.orderId, helper.cookie), act("accept", order.orderId, helper.cookie)]);
    const again = await act("accept", order.orderId, helper.cookie);
    for (const answer of [...answers, again]) expect(await toastOf(answer)).toMatchObject({ type: "success", title: "Varaus hyväksytty!" });
    expect((await notificationsOf(customer.user.id)).filter((n) => n.related_id === order.orderId)).toHaveLength(1);
    expect(await emailsWithSubject(customer.user.email, `Varaus hyväksytty: ${order.orderNumber}`)).toHaveLength(1);
    expect(await auditRows("order", order.orderId)).toHaveLength(1);
  });

  it("is not offered once the order is under way, done or cancelled", async () => {
    for (const status of ["in_progress", "completed", "cancelled"] as const) {
      const order = await helperOrder({ status });
      const before = await orderRow(order.orderId);
      expect(await toastOf(await act("accept", order.orderId, helper.cookie))).toMatchObject({ type: "error", title: "Varauksen hyväksyntä epäonnistui" });
      await expectUnchanged(order.orderId, before);
    }
  });

  it("counts for the helper who accepted only: after a change of helper the new one must accept", async () => {
    const order = await helperOrder();
    await act("accept", order.orderId, helper.cookie);
    // Any code path that changes the helper (here a plain update) leaves the order unaccepted.
    await db.updateTable("orders").set({ caregiver_id: otherHelper.caregiverId }).where("id", "=", order.orderId).execute();
    const view = (await load(otherHelper.cookie)).data.open.find((task: { id: string }) => task.id === order.orderId);
    expect(view.actions).toEqual(["accept", "reject"]);
    expect(await toastOf(await act("start", order.orderId, otherHelper.cookie))).toMatchObject({ type: "error" });
  });
});

describe("reject", () => {
  it("clears the helper, keeps the order pending in the staff's unassigned queue and notifies every admin", async () => {
    const order = await helperOrder({ email: customer.user.email });
    const answer = await act("reject", order.orderId, helper.cookie);
    expect(answer.location).toBe("/portal/caregiver-bookings");
    expect(await toastOf(answer)).toEqual({ type: "success", title: "Varaus hylätty", description: `Tilaus ${order.orderNumber}` });

    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending", caregiver_id: null });
    const payment = await db.selectFrom("payments").select("caregiver_id").where("id", "=", order.paymentId).executeTakeFirstOrThrow();
    expect(payment.caregiver_id).toBeNull();
    const queue = await listOrdersForStaff(db, { status: null, unassigned: true, startsFrom: null, startsBefore: null, search: order.orderNumber, page: null });
    expect(queue.rows.map((row) => row.orderNumber)).toEqual([order.orderNumber]);

    for (const adminId of admins) {
      const notes = (await notificationsOf(adminId)).filter((n) => n.related_id === order.orderId);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ type: "ORDER_REJECTED", title: "Varaus hylätty" });
      expect(notes[0].message).toContain("Elli Esimerkki ei pääse käynnille");
    }
    // Nobody else hears of it: not the customer, not support.
    expect((await notificationsOf(customer.user.id)).filter((n) => n.related_id === order.orderId)).toHaveLength(0);
    const all = await db.selectFrom("notifications").select("user_id").where("related_id", "=", order.orderId).execute();
    expect(all.map((n) => n.user_id).sort()).toEqual([...admins].sort());

    expect(await auditRows("order", order.orderId)).toMatchObject([{ action: "order.caregiver_reject", actor_id: helper.user.id, after: { caregiverId: null } }]);
    // The task is gone from the helper's list.
    const page = await load(helper.cookie);
    expect(page.data.open.map((task: { id: string }) => task.id)).not.toContain(order.orderId);
  });

  it("does it once for a double tap: the second tap also says 'Varaus hylätty'", async () => {
    const order = await helperOrder();
    const answers = await Promise.all([act("reject", order.orderId, helper.cookie), act("reject", order.orderId, helper.cookie)]);
    const again = await act("reject", order.orderId, helper.cookie);
    for (const answer of [...answers, again]) expect(await toastOf(answer)).toMatchObject({ type: "success", title: "Varaus hylätty" });
    expect(await auditRows("order", order.orderId)).toHaveLength(1);
    expect(await db.selectFrom("notifications").select("id").where("related_id", "=", order.orderId).execute()).toHaveLength(admins.length);
  });

  it("is refused after accepting (the helper starts or calls support instead)", async () => {
    const order = await helperOrder();
    await act("accept", order.orderId, helper.cookie);
    expect(await toastOf(await act("reject", order.orderId, helper.cookie))).toMatchObject({ type: "error", title: "Varauksen hylkäys epäonnistui" });
    expect(await orderRow(order.orderId)).toMatchObject({ caregiver_id: helper.caregiverId });
  });
});

describe("start and complete", () => {
  it("'Aloita tehtävä' needs the helper's acceptance first, then moves the order under way once", async () => {
    const startsAt = nextVisit();
    const order = await helperOrder({ startsAt });
    clockAtStartOf(startsAt);
    expect(await toastOf(await act("start", order.orderId, helper.cookie))).toMatchObject({ type: "error", title: "Tehtävän aloitus epäonnistui" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending" });

    await act("accept", order.orderId, helper.cookie);
    const [first, second] = await Promise.all([act("start", order.orderId, helper.cookie), act("start", order.orderId, helper.cookie)]);
    for (const answer of [first, second]) expect(await toastOf(answer)).toMatchObject({ type: "success", title: "Tehtävä aloitettu" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "in_progress" });
    expect((await auditRows("order", order.orderId)).map((row) => row.action)).toEqual(["order.caregiver_accept", "order.caregiver_start"]);
  });

  it("'Merkitse suoritetuksi' completes, creates one pending payout of exactly the earnings and invites the customer to rate", async () => {
    const startsAt = nextVisit();
    const order = await helperOrder({ email: customer.user.email, status: "in_progress", durationHours: 3, startsAt });
    clockAtStartOf(startsAt);
    const earnings = (await orderRow(order.orderId)).caregiver_earnings_cents;
    expect(earnings).toBeGreaterThan(0);

    const answers = await Promise.all([act("complete", order.orderId, helper.cookie), act("complete", order.orderId, helper.cookie)]);
    const resubmitted = await act("complete", order.orderId, helper.cookie);
    for (const answer of [...answers, resubmitted]) expect(await toastOf(answer)).toMatchObject({ type: "success", title: "Tehtävä merkitty suoritetuksi" });

    const row = await orderRow(order.orderId);
    expect(row.status).toBe("completed");
    expect(row.completed_at).toBeInstanceOf(Date);
    const payouts = await db.selectFrom("payouts").selectAll().where("order_id", "=", order.orderId).execute();
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ caregiver_id: helper.caregiverId, amount_cents: earnings, status: "pending", paid_at: null });

    const notes = (await notificationsOf(customer.user.id)).filter((n) => n.related_id === order.orderId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "ORDER_COMPLETED", title: "Käynti on tehty" });
    const mails = await emailsWithSubject(customer.user.email, `Käynti on tehty: ${order.orderNumber}`);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`http://localhost:3000/portal/orders/${order.orderNumber}/arvio`);
    expect(await auditRows("order", order.orderId)).toMatchObject([{ action: "order.caregiver_complete", after: { status: "completed", payoutCents: earnings } }]);
  });

  it("'Merkitse suoritetuksi' is refused before the task is under way, and nothing is offered on a closed order", async () => {
    const startsAt = nextVisit();
    const pending = await helperOrder({ startsAt });
    clockAtStartOf(startsAt);
    await act("accept", pending.orderId, helper.cookie);
    expect(await toastOf(await act("complete", pending.orderId, helper.cookie))).toMatchObject({ type: "error", title: "Tehtävän merkitseminen suoritetuksi epäonnistui" });
    expect(await db.selectFrom("payouts").select("id").where("order_id", "=", pending.orderId).execute()).toHaveLength(0);

    const cancelled = await helperOrder({ status: "cancelled" });
    for (const action of ["start", "complete", "reject"] as const) {
      expect(await toastOf(await act(action, cancelled.orderId, helper.cookie))).toMatchObject({ type: "error" });
    }
    expect(await orderRow(cancelled.orderId)).toMatchObject({ status: "cancelled", caregiver_id: helper.caregiverId });
  });
});

describe("the list", () => {
  it("shows the visit's address and the phone of the person met: the recipient when booked for someone else", async () => {
    const helperOfList = await signedInHelper("tehtavat-lista@example.fi");
    const forOther = await createTestOrder({ paymentMethod: "invoice", caregiverId: helperOfList.caregiverId, startsAt: nextVisit(), bookingFor: "other" });
    const forSelf = await createTestOrder({ paymentMethod: "invoice", caregiverId: helperOfList.caregiverId, startsAt: nextVisit(), fullName: "Sirkka Itse" });
    const page = await load(helperOfList.cookie);
    expect(page.status).toBe(200);
    expect(page.data.open.map((task: { id: string }) => task.id)).toEqual([forOther.orderId, forSelf.orderId]);
    expect(page.data.open[0]).toMatchObject({
      visitLabel: "Palvelun saaja",
      visitName: "Väinö Öhman",
      visitPhone: "0509876543",
      address: "Vanhustentie 9, 00800 Helsinki",
      actions: ["accept", "reject"],
      earnings: "51,00\u00a0€",
    });
    expect(page.data.open[1]).toMatchObject({ visitLabel: "Asiakas", visitName: "Sirkka Itse", visitPhone: "0401234567", address: "Kotikatu 3 B 7, 00500 Helsinki" });
  });

  it("leaves out orders the customer has not committed to: unpaid online orders and guest orders awaiting e-mail confirmation", async () => {
    const helperOfList = await signedInHelper("tehtavat-sitoutumaton@example.fi");
    const unpaid = await createTestOrder({ paymentMethod: "online", caregiverId: helperOfList.caregiverId, startsAt: nextVisit() });
    const unconfirmed = await createTestOrder({ paymentMethod: "invoice", caregiverId: helperOfList.caregiverId, startsAt: nextVisit() });
    await db
      .updateTable("orders")
      .set({ email_confirmation_token_hash: "x".repeat(64), email_confirmation_due_at: new Date(Date.now() + 3_600_000) })
      .where("id", "=", unconfirmed.orderId)
      .execute();
    const page = await load(helperOfList.cookie);
    expect(page.data).toMatchObject({ open: [], closed: [] });
    for (const order of [unpaid, unconfirmed]) {
      expect(await toastOf(await act("accept", order.orderId, helperOfList.cookie))).toMatchObject({ type: "error" });
      expect(await orderRow(order.orderId)).toMatchObject({ accepted_caregiver_id: null });
    }
  });

  it("lists open tasks soonest first, then done and cancelled ones latest first, twenty a page", async () => {
    const busy = await signedInHelper("tehtavat-sivut@example.fi");
    const later = await createTestOrder({ paymentMethod: "invoice", caregiverId: busy.caregiverId, startsAt: nextVisit() });
    const sooner = await createTestOrder({ paymentMethod: "invoice", caregiverId: busy.caregiverId, startsAt: new Date(Date.UTC(2027, 0, 10, 8)), status: "in_progress" });
    const done: string[] = [];
    for (let i = 0; i < 21; i++) {
      const order = await createTestOrder({ paymentMethod: "invoice", caregiverId: busy.caregiverId, startsAt: new Date(Date.UTC(2025, 0, i + 1, 8)), status: i === 3 ? "cancelled" : "completed" });
      done.unshift(order.orderId);
    }
    clockAtStartOf(new Date(Date.UTC(2027, 0, 10, 8)));
    const first = await load(busy.cookie);
    expect(first.data.open.map((task: { id: string }) => task.id)).toEqual([sooner.orderId, later.orderId]);
    expect(first.data.open[0].actions).toEqual(["complete"]);
    expect(first.data.closed.map((task: { id: string }) => task.id)).toEqual(done.slice(0, 20));
    expect(first.data.nextHref).toBe("/portal/caregiver-bookings?sivu=2#tehdyt");
    const second = await load(busy.cookie, "?sivu=2");
    expect(second.data.closed.map((task: { id: string }) => task.id)).toEqual(done.slice(20));
    expect(second.data).toMatchObject({ nextHref: null, previousHref: "/portal/caregiver-bookings#tehdyt" });
    expect(second.data.closed[0].actions).toEqual([]);
  });

  it("says 'Hyväksytty' for a pending order the helper has accepted", async () => {
    const startsAt = nextVisit();
    const order = await helperOrder({ startsAt });
    await act("accept", order.orderId, helper.cookie);
    clockAtStartOf(startsAt);
    const task = (await load(helper.cookie)).data.open.find((t: { id: string }) => t.id === order.orderId);
    expect(task).toMatchObject({ status: "pending", statusLabel: "Hyväksytty", actions: ["start"] });
  });
});
