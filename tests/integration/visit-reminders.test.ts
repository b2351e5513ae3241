import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { placeOrder } from "~/booking/place-order.server";
import { getDb, type DB } from "~/db.server";
import { reminderKeyPrefix } from "~/domain/visit-reminders";
import type { AuthUser } from "~/models/users.server";
import { enqueueBookingConfirmation } from "~/services/booking-emails.server";
import { setTestClock } from "~/services/clock.server";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { enqueueJobOnce } from "~/services/job-queue.server";
import { assignCaregiver } from "~/services/order-assignment.server";
import { cancelOrder } from "~/services/order-cancellation.server";
import { rescheduleOrder } from "~/services/order-reschedule.server";
import { confirmOrderByEmail } from "~/services/order-email-confirmation.server";
import { startCheckout } from "~/services/payments/checkout.server";
import { applyPaymentEvent } from "~/services/payments/events.server";
import { runDueJobs, runRecurringJobsSoon, scheduleRecurringJobs } from "~/services/worker.server";
import { createTestUser, lastEmailTo, tokenFromLinks } from "./support/auth";
import { emailsTo } from "./support/backoffice";
import { drainJobs, makeRemindersDue, reminderJobs } from "./support/reminders";
import { createTestOrder } from "./support/booking-fixtures";
import { directOrderInput, seedBookingFixtures, type BookingFixtures } from "./support/booking";

// A visit's reminder e-mails (issue 28 item 1; DESIGN.md decision 26; docs/decisions/0027): jobs
// queued in the booking's transaction, due a day before the visit (20.00 the evening before in the
// quiet hours, none under 26 hours ahead), moved with the visit, withdrawn with it, sent once
// however many workers run, and checked again when they run.

const HOUR = 60 * 60 * 1000;
let db: DB;
let f: BookingFixtures;
let admin: AuthUser;

beforeAll(async () => {
  db = await getDb();
  f = await seedBookingFixtures();
  admin = await createTestUser({ email: "admin-muistutus@example.fi", role: "admin", fullName: "Aino Ylläpitäjä" });
});

afterEach(() => setTestClock(null));

/** A Helsinki wall time in winter (UTC+2). */
const helsinki = (isoLocal: string) => new Date(`${isoLocal}+02:00`);

let counter = 0;
/** A guest's invoice booking through the one place-order path, made at `madeAt` on the test clock. */
async function book(input: { date: string; startHour: number; madeAt: Date; caregiverId?: string | null; hours?: number }) {
  counter += 1;
  setTestClock(input.madeAt);
  const email = `muistutus-${counter}-${Date.now()}@example.fi`;
  const outcome = await placeOrder(db, {
    ...directOrderInput({
      email,
      caregiverId: input.caregiverId === undefined ? f.caregiverId : input.caregiverId,
      selection: { date: input.date, startHour: input.startHour, durationHours: input.hours ?? 2, serviceId: f.serviceId },
    }),
    now: input.madeAt,
  });
  if (!outcome.ok) throw new Error(`booking refused: ${outcome.reason}`);
  return { orderId: outcome.orderId, orderNumber: outcome.orderNumber, email };
}


async function caregiverEmail(caregiverId: string): Promise<string> {
  const row = await db
    .selectFrom("caregivers")
    .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
    .select("profiles.email")
    .where("caregivers.id", "=", caregiverId)
    .executeTakeFirstOrThrow();
  return row.email;
}

/** Makes an order's reminders due now (the database's clock decides what a worker takes). */


const remindersTo = async (address: string) => (await emailsTo(address)).filter((email) => email.subject.startsWith("Muistutus"));

describe("when a reminder is due", () => {
  it("queues none for a booking made 25 hours ahead", async () => {
    const visit = helsinki("2027-02-02T14:00:00");
    const order = await book({ date: "2027-02-02", startHour: 14, madeAt: new Date(visit.getTime() - 25 * HOUR) });
    expect(await reminderJobs(order.orderId)).toEqual([]);
  });

  it("queues one for the payer and one for the chosen helper at the visit − 24 h for a booking made 27 hours ahead", async () => {
    const visit = helsinki("2027-02-03T14:00:00");
    const order = await book({ date: "2027-02-03", startHour: 14, madeAt: new Date(visit.getTime() - 27 * HOUR) });
    const jobs = await reminderJobs(order.orderId);
    expect(jobs.map((job) => [job.payload.audience, job.payload.address, job.status])).toEqual([
      ["caregiver", await caregiverEmail(f.caregiverId), "pending"],
      ["payer", order.email, "pending"],
    ]);
    for (const job of jobs) expect(job.run_at).toEqual(helsinki("2027-02-02T14:00:00"));
  });

  it("sends a 23.00 visit's reminder at 20.00 the day before, and a 23.30 visit's too", async () => {
    const late = await book({ date: "2027-02-04", startHour: 23, hours: 1, madeAt: helsinki("2027-01-20T10:00:00") });
    for (const job of await reminderJobs(late.orderId)) expect(job.run_at).toEqual(helsinki("2027-02-03T20:00:00"));

    // Bookings start on the hour; an order at 23.30 (moved by staff, or from before) follows the same rule.
    setTestClock(helsinki("2027-01-20T10:00:00"));
    const halfPast = await createTestOrder({ paymentMethod: "invoice", startsAt: helsinki("2027-02-05T23:30:00"), durationHours: 1 });
    await db.transaction().execute(async (trx) => {
      await createInvoiceForOrder(trx, halfPast.orderId, helsinki("2027-01-20T10:00:00"));
      await enqueueBookingConfirmation(trx, halfPast.orderId);
    });
    const jobs = await reminderJobs(halfPast.orderId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.run_at).toEqual(helsinki("2027-02-04T20:00:00"));
  });

  it("queues the helper's reminder when staff assign an 'Ei väliä' order later, and moves it to a new helper", async () => {
    const order = await book({ date: "2027-02-06", startHour: 10, caregiverId: null, madeAt: helsinki("2027-01-20T10:00:00") });
    expect((await reminderJobs(order.orderId)).map((job) => job.payload.audience)).toEqual(["payer"]);

    setTestClock(helsinki("2027-01-25T09:00:00"));
    expect(await assignCaregiver(db, { id: admin.id }, { orderId: order.orderId, caregiverId: f.topCaregiverId })).toMatchObject({ ok: true, changed: true });
    let jobs = await reminderJobs(order.orderId);
    expect(jobs.map((job) => [job.payload.audience, job.payload.address])).toEqual([
      ["caregiver", await caregiverEmail(f.topCaregiverId)],
      ["payer", order.email],
    ]);
    for (const job of jobs) expect(job.run_at).toEqual(helsinki("2027-02-05T10:00:00"));

    expect(await assignCaregiver(db, { id: admin.id }, { orderId: order.orderId, caregiverId: f.caregiverId })).toMatchObject({ ok: true, changed: true });
    jobs = await reminderJobs(order.orderId);
    expect(jobs.map((job) => job.payload.address)).toEqual([await caregiverEmail(f.caregiverId), order.email]);
  });
});

describe("every path that confirms a visit queues its reminders", () => {
  it("an online order: none while the payment is open, then at payment", async () => {
    setTestClock(helsinki("2027-01-20T10:00:00"));
    const order = await createTestOrder({ paymentMethod: "online", caregiverId: true, startsAt: helsinki("2027-02-18T12:00:00") });
    const ref = (await startCheckout(db, order.orderId)).replace("/maksu/testi/", "");
    expect(await reminderJobs(order.orderId)).toEqual([]);
    await applyPaymentEvent(db, { id: `evt-${ref}`, provider: "local", type: "checkout.completed", providerRef: ref, method: "card" });
    const jobs = await reminderJobs(order.orderId);
    expect(jobs.map((job) => job.payload.audience)).toEqual(["caregiver", "payer"]);
    for (const job of jobs) expect(job.run_at).toEqual(helsinki("2027-02-17T12:00:00"));
  });

  it("a guest's invoice order waiting for its e-mail confirmation: none until the address confirms it", async () => {
    // The day's invoice orders are counted by the database's clock: this one runs on the real time.
    const madeAt = new Date();
    const email = `vahvistus-${Date.now()}@example.fi`;
    const orders = [];
    // The third invoice order of the day for one address waits for the confirmation (app/domain/guest-orders.ts).
    for (const startHour of [8, 11, 14]) {
      const outcome = await placeOrder(db, {
        ...directOrderInput({ email, caregiverId: null, selection: { date: "2027-02-19", startHour, durationHours: 2, serviceId: f.serviceId } }),
        now: madeAt,
      });
      if (!outcome.ok) throw new Error(outcome.reason);
      orders.push(outcome);
    }
    const waiting = orders.find((order) => order.awaitingEmailConfirmation)!;
    expect(waiting).toBeDefined();
    expect(await reminderJobs(waiting.orderId)).toEqual([]);

    const token = tokenFromLinks((await lastEmailTo(email))!.links, "/varaus/vahvista");
    expect(await confirmOrderByEmail(db, token, madeAt)).toEqual({ orderNumber: waiting.orderNumber });
    expect((await reminderJobs(waiting.orderId)).map((job) => [job.payload.audience, job.payload.address])).toEqual([["payer", email]]);
  });
});

describe("moved and cancelled visits", () => {
  it("a moved visit's old reminders are withdrawn and the new time's queued with the new version", async () => {
    const order = await book({ date: "2027-02-08", startHour: 12, madeAt: helsinki("2027-01-20T10:00:00") });
    const before = await reminderJobs(order.orderId);
    expect(before).toHaveLength(2);

    setTestClock(helsinki("2027-01-22T10:00:00"));
    const moved = await rescheduleOrder(
      db,
      { kind: "staff", audit: { id: admin.id, ip: "127.0.0.1" } },
      { orderId: order.orderId, time: { date: "2027-02-09", startHour: 15, durationHours: 2 }, caregiverId: f.caregiverId, expectedSequence: 0 },
      helsinki("2027-01-22T10:00:00"),
    );
    expect(moved.ok).toBe(true);
    const after = await reminderJobs(order.orderId);
    expect(after).toHaveLength(2);
    expect(after.map((job) => job.id)).not.toContain(before[0]!.id);
    expect(after.map((job) => job.id)).not.toContain(before[1]!.id);
    for (const job of after) {
      expect(job.payload.visitSequence).toBe(1);
      expect(job.run_at).toEqual(helsinki("2027-02-08T15:00:00"));
    }
  });

  it("a reminder queued for the old time is not sent when it runs (checked again under the order's row)", async () => {
    const order = await book({ date: "2027-02-10", startHour: 12, madeAt: helsinki("2027-01-20T10:00:00") });
    setTestClock(helsinki("2027-01-22T10:00:00"));
    await rescheduleOrder(
      db,
      { kind: "staff", audit: { id: admin.id } },
      { orderId: order.orderId, time: { date: "2027-02-11", startHour: 12, durationHours: 2 }, caregiverId: f.caregiverId, expectedSequence: 0 },
      helsinki("2027-01-22T10:00:00"),
    );
    // A stale reminder that escaped withdrawal (queued by an older process, say).
    await enqueueJobOnce(
      db,
      "visits.reminder",
      { orderId: order.orderId, audience: "payer", address: order.email, visitSequence: 0, startsAt: helsinki("2027-02-10T12:00:00").toISOString() },
      { runAt: new Date(), idempotencyKey: `${reminderKeyPrefix(order.orderId)}email:payer:${order.email}:v0-stale` },
    );
    await drainJobs(["w1"]);
    expect(await remindersTo(order.email)).toEqual([]);
  });

  it("a cancelled visit's reminders are withdrawn, and one that runs anyway sends nothing", async () => {
    const order = await book({ date: "2027-02-12", startHour: 12, madeAt: helsinki("2027-01-20T10:00:00") });
    expect(await reminderJobs(order.orderId)).toHaveLength(2);
    setTestClock(helsinki("2027-01-21T10:00:00"));
    expect(await cancelOrder(db, { actor: { id: admin.id }, reason: "Asiakas soitti" }, order.orderId, helsinki("2027-01-21T10:00:00"))).toMatchObject({ ok: true });
    expect(await reminderJobs(order.orderId)).toEqual([]);

    await enqueueJobOnce(
      db,
      "visits.reminder",
      { orderId: order.orderId, audience: "payer", address: order.email, visitSequence: 0, startsAt: helsinki("2027-02-12T12:00:00").toISOString() },
      { runAt: new Date(), idempotencyKey: `${reminderKeyPrefix(order.orderId)}email:payer:${order.email}:v0` },
    );
    await drainJobs(["w1"]);
    expect(await remindersTo(order.email)).toEqual([]);
    expect((await reminderJobs(order.orderId))[0]!.status).toBe("done");
  });
});

describe("sending", () => {
  it("two workers, and the reminders queued twice, send each person one reminder", async () => {
    const order = await book({ date: "2027-02-15", startHour: 12, madeAt: helsinki("2027-01-20T10:00:00") });
    // A second path queueing the same reminders (a retried confirmation) adds nothing.
    await db.transaction().execute((trx) => enqueueBookingConfirmation(trx, order.orderId));
    expect(await reminderJobs(order.orderId)).toHaveLength(2);

    setTestClock(helsinki("2027-02-14T12:00:00"));
    await makeRemindersDue(order.orderId);
    await drainJobs(["w1", "w2"]);
    const helper = await caregiverEmail(f.caregiverId);
    expect(await remindersTo(order.email)).toHaveLength(1);
    const helperReminders = (await remindersTo(helper)).filter((email) => email.text.includes(order.orderNumber));
    expect(helperReminders).toHaveLength(1);
    expect(helperReminders[0]!.text).toContain("Kenen luo: Aino Virtanen, puh. 0401234567");
    expect(helperReminders[0]!.text).toContain("Missä: Runeberginkatu 15 A 4, 00100 Helsinki");
    expect(helperReminders[0]!.text).toContain("/portal/caregiver-bookings");
    expect((await reminderJobs(order.orderId)).map((job) => job.status)).toEqual(["done", "done"]);
  });

  it("tells a guest who comes, when, where, what it costs, and to cancel from the manage link or by phone", async () => {
    const order = await book({ date: "2027-02-16", startHour: 12, madeAt: helsinki("2027-01-20T10:00:00") });
    setTestClock(helsinki("2027-02-15T12:00:00"));
    await makeRemindersDue(order.orderId);
    await drainJobs(["w1"]);
    const [reminder] = await remindersTo(order.email);
    expect(reminder!.subject).toBe("Muistutus: käynti tiistai 16.2.2027 klo 12.00–14.00 – Arkikaveri");
    expect(reminder!.text).toContain("Kuka tulee: kaveri Sanna Nieminen");
    expect(reminder!.text).toContain("Milloin: tiistai 16.2.2027 klo 12.00–14.00 (2 tuntia)");
    expect(reminder!.text).toContain("Missä: Runeberginkatu 15 A 4, 00100 Helsinki");
    expect(reminder!.text).toMatch(/Hinta: 80,00\s€ \(sis\. alv 25,5\s%\)/);
    // Sent exactly 24 hours before: free cancellation has just ended.
    expect(reminder!.text).toMatch(/Jos perut käynnin nyt, veloitamme yhden tunnin hinnan, 40,00\s€\./);
    expect(reminder!.text).toMatch(/Voit perua käynnin alla olevasta linkistä "Hallitse varausta" tai soittamalla asiakaspalveluun: puh\. [+\d ]+\. Kerro tilausnumero ORD-/);
    expect(reminder!.text).toMatch(/\/hallitse\/[A-Za-z0-9_-]{43}/);
    expect(reminder!.html).not.toContain("/portal/orders/");
  });

  it("gives an account holder the link to their order, and the free cancellation while it lasts", async () => {
    setTestClock(helsinki("2027-01-20T10:00:00"));
    const order = await createTestOrder({ paymentMethod: "invoice", hasPassword: true, startsAt: helsinki("2027-02-17T09:00:00"), caregiverId: true });
    await db.transaction().execute(async (trx) => {
      await createInvoiceForOrder(trx, order.orderId, helsinki("2027-01-20T10:00:00"));
      await enqueueBookingConfirmation(trx, order.orderId);
    });
    // Sent a little early (a worker ahead of its time): the free cancellation still holds.
    setTestClock(helsinki("2027-02-16T08:00:00"));
    await makeRemindersDue(order.orderId);
    await drainJobs(["w1"]);
    const [reminder] = await remindersTo(order.email);
    expect(reminder!.text).toContain(`/portal/orders/${order.orderNumber}`);
    expect(reminder!.text).toContain("Voit perua käynnin maksutta 16.2.2027 klo 09.00 asti.");
    expect(reminder!.text).toContain('Voit perua käynnin alla olevasta linkistä "Hallitse varausta" tai tilauksesi sivulla');
    expect(reminder!.text).toMatch(/\/hallitse\/[A-Za-z0-9_-]{43}/);
  });
});

describe("the test clock", () => {
  it("a worker sends a reminder when the moved clock reaches its time, and recurring runs keep their real pace", async () => {
    const order = await book({ date: "2027-03-16", startHour: 12, madeAt: helsinki("2027-03-01T10:00:00") });
    setTestClock(helsinki("2027-03-15T11:30:00"));
    await drainJobs(["w1"]);
    expect(await remindersTo(order.email)).toHaveLength(0);

    setTestClock(helsinki("2027-03-15T12:01:00"));
    await drainJobs(["w1"]);
    expect(await remindersTo(order.email)).toHaveLength(1);

    // Run once, a recurring job's next run is its interval away in real time, not at once again
    // because the clock stands months ahead.
    await scheduleRecurringJobs(db);
    await drainJobs(["w1"]);
    await scheduleRecurringJobs(db);
    expect(await runDueJobs(db, { workerId: "w1", limit: 10 })).toEqual([]);

    // Put back, the runs scheduled with the clock's lead would wait for weeks: /dev/kello makes them
    // due at once, and the next ones keep the real pace.
    setTestClock(null);
    expect(await runDueJobs(db, { workerId: "w1", limit: 10 })).toEqual([]);
    await runRecurringJobsSoon(db);
    expect((await runDueJobs(db, { workerId: "w1", limit: 10 })).length).toBeGreaterThan(0);
    await scheduleRecurringJobs(db);
    expect(await runDueJobs(db, { workerId: "w1", limit: 10 })).toEqual([]);
  });
});
