import type { KyselyPlugin } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { addCalendarDays } from "~/domain/booking-window";
import { isoWeekday, wallMinuteToInstant } from "~/domain/availability";
import { findOfferedCaregiver, listOfferedCaregivers } from "~/models/caregivers.server";
import { caregiverMatchRefusal } from "~/models/matching.server";
import { findSeriesTemplate } from "~/models/order-series.server";
import { getPriceBands } from "~/models/settings.server";
import { loader as settingsLoader } from "~/routes/portal.orders.$orderNumber_.toista._index";
import { action as datesAction, loader as datesLoader } from "~/routes/portal.orders.$orderNumber_.toista.paivat";
import { setTestClock } from "~/services/clock.server";
import { bookSeries, previewSeries, type SeriesChoice } from "~/services/series-booking.server";
import { answerOf, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { CONTEXT } from "./support/booking";
import { createTestCaregiver, insertTestOrder } from "./support/booking-fixtures";

// Weekly visits with the same helper (issue 27 item 4; docs/decisions/0037): the preview shows
// every date free or taken, booking is all or nothing, two families racing for one weekly slot
// get one series, each occurrence is its own order priced by its own hour.

let db: DB;
const NOW = new Date("2026-11-28T08:00:00Z");

beforeAll(async () => {
  db = await getDb();
});

afterEach(() => setTestClock(null));

function nextWeekday(weekday: number, from: string): string {
  let date = from;
  while (isoWeekday(date) !== weekday) date = addCalendarDays(date, 1);
  return date;
}

const at = (date: string, hour: number) => wallMinuteToInstant(date, hour * 60);

/** A customer's own past order with a helper, Tuesday 14–16: the series' template. */
async function customerWithOrder(helper: string, past = "2026-11-10") {
  const email = `sarja-${crypto.randomUUID()}@example.fi`;
  const user = await createTestUser({ email, fullName: "Sarja Asiakas" });
  const tuesday = nextWeekday(2, past);
  const order = await db.transaction().execute((trx) =>
    insertTestOrder(trx, { email, paymentMethod: "invoice", caregiverId: helper, startsAt: at(tuesday, 14), durationHours: 2, status: "completed" }),
  );
  const template = await findSeriesTemplate(db, user.id, order.orderNumber);
  if (!template) throw new Error("the customer's own order is a template");
  return { user, order, template, cookie: await sessionCookieFor(user) };
}

const weeklyFrom = (firstDate: string, count: number): SeriesChoice => ({ intervalWeeks: 1, firstDate, startHour: 14, end: { kind: "count", count } });

describe("the preview", () => {
  it("shows a week-9 clash with another helper offered, and nothing is inserted while previewing", async () => {
    const helper = await createTestCaregiver(db, "Matti Sarjakaveri");
    const other = await createTestCaregiver(db, "Sanna Varakaveri");
    const { template } = await customerWithOrder(helper);
    const first = nextWeekday(2, "2026-12-01");
    const week9 = addCalendarDays(first, 7 * 8);
    await insertTestOrder(db, { paymentMethod: "invoice", caregiverId: helper, startsAt: at(week9, 13), durationHours: 2 });
    const before = await db.selectFrom("orders").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();

    const preview = await previewSeries(db, template, weeklyFrom(first, 10), NOW);
    expect(preview).toHaveLength(10);
    expect(preview.filter((entry) => entry.state === "free")).toHaveLength(9);
    const clash = preview[8]!;
    expect(clash.date).toBe(week9);
    expect(clash.state).toBe("taken");
    // The best-rated helper free then is offered ("Joku muu kaveri"); the test helpers are all 4.8.
    expect(clash.alternative).not.toBeNull();
    expect(clash.alternative!.id).not.toBe(helper);
    expect([other, clash.alternative!.id]).toContain(clash.alternative!.id);
    const after = await db.selectFrom("orders").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("keeps 14.00 across the change to summer time, each occurrence priced by its own hour", async () => {
    const helper = await createTestCaregiver(db);
    const { template } = await customerWithOrder(helper);
    const march = new Date("2027-03-10T08:00:00Z");
    const preview = await previewSeries(db, template, weeklyFrom("2027-03-23", 2), march);
    expect(preview.map((entry) => entry.startsAt?.toISOString())).toEqual(["2027-03-23T12:00:00.000Z", "2027-03-30T11:00:00.000Z"]);
    expect(preview[0]!.priceCents).toBeGreaterThan(0);
    expect(preview[1]!.priceCents).toBe(preview[0]!.priceCents);
  });
});

/** The database with every executed statement counted. */
function countingDb() {
  let count = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      count += 1;
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), count: () => count };
}

describe("the preview asks for every date at once", () => {
  it("gives, in one query, each date's answer of the per-date rule: free, busy, away, and the best other helper", async () => {
    const helper = await createTestCaregiver(db, "Vertti Verrokki");
    const star = await createTestCaregiver(db, "Tähti Parhain");
    // The best rated of all (and most experienced among equals): offered first whenever free.
    await db.updateTable("caregivers").set({ average_rating: 5, total_orders: 100000 }).where("id", "=", star).execute();
    const { template } = await customerWithOrder(helper);
    const first = nextWeekday(1, "2026-12-07");
    const week = (n: number) => addCalendarDays(first, 7 * n);
    // Week 1: the helper is busy; week 2: away; week 3: the helper and the best other helper are busy.
    await insertTestOrder(db, { paymentMethod: "invoice", caregiverId: helper, startsAt: at(week(1), 14), durationHours: 2 });
    await db.insertInto("caregiver_availability_exceptions").values({ caregiver_id: helper, kind: "away", starts_on: week(2), ends_on: week(2) }).execute();
    await insertTestOrder(db, { paymentMethod: "invoice", caregiverId: helper, startsAt: at(week(3), 15), durationHours: 1 });
    await insertTestOrder(db, { paymentMethod: "invoice", caregiverId: star, startsAt: at(week(3), 13), durationHours: 2 });

    const choice = weeklyFrom(first, 26);
    const counted = countingDb();
    const bands = await getPriceBands(db);
    const preview = await previewSeries(counted.db, template, choice, NOW, bands);
    expect(counted.count()).toBe(1);
    // Without the bands it reads them itself: still two statements for 26 dates, not one or two per date.
    await previewSeries(counted.db, template, choice, NOW);
    expect(counted.count()).toBe(3);

    expect(preview).toHaveLength(26);
    for (const entry of preview) {
      if (entry.state === "no_hour") throw new Error(`${entry.date} has 14.00`);
      const need = { serviceCategoryId: template.serviceCategoryId, city: template.place.city, startsAt: entry.startsAt, endsAt: entry.endsAt };
      const free = (await findOfferedCaregiver(db, helper, need)) !== null;
      expect(free, entry.date).toBe((await caregiverMatchRefusal(db, helper, need)) === null);
      expect(entry.state, entry.date).toBe(free ? "free" : "taken");
      const best = free ? null : ((await listOfferedCaregivers(db, need))[0] ?? null);
      expect(entry.alternative, entry.date).toEqual(best ? { id: best.id, name: best.fullName } : null);
    }
    expect(preview.filter((entry) => entry.state === "taken").map((entry) => entry.date)).toEqual([week(1), week(2), week(3)]);
    expect(preview[1]!.alternative).toEqual({ id: star, name: "Tähti Parhain" });
    expect(preview[2]!.alternative).toEqual({ id: star, name: "Tähti Parhain" });
    expect(preview[3]!.alternative).not.toBeNull();
    expect(preview[3]!.alternative!.id).not.toBe(star);

    // Without a named helper every date is taken, with the helper the helper step would offer first.
    const anyone = await previewSeries(db, { ...template, caregiverId: null }, weeklyFrom(first, 3), NOW);
    expect(anyone.map((entry) => [entry.state, entry.alternative?.id])).toEqual([
      ["taken", star],
      ["taken", star],
      ["taken", star],
    ]);
  });
});

describe("booking a series", () => {
  it("books every date as its own order linked to the series, skipping the one chosen, with one e-mail to each party", async () => {
    const helper = await createTestCaregiver(db, "Kalle Viikkokaveri");
    const { user, template } = await customerWithOrder(helper);
    const first = nextWeekday(2, "2026-12-01");
    const week3 = addCalendarDays(first, 14);
    await insertTestOrder(db, { paymentMethod: "invoice", caregiverId: helper, startsAt: at(week3, 15), durationHours: 1 });
    const preview = await previewSeries(db, template, weeklyFrom(first, 6), NOW);
    const outcome = await bookSeries(db, {
      template,
      choice: weeklyFrom(first, 6),
      decisions: new Map([[week3, { skip: true }]]),
      paymentMethod: "invoice",
      onlineProvider: "local",
      signedInUserId: user.id,
      shownVisitPriceCents: preview[0]!.priceCents!,
      now: NOW,
    });
    if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
    expect(outcome.orderIds).toHaveLength(5);
    const orders = await db
      .selectFrom("orders")
      .select(["series_id", "scheduled_date", "scheduled_start", "caregiver_id", "status", "total_price_cents", "customer_id"])
      .where("id", "in", outcome.orderIds)
      .orderBy("starts_at")
      .execute();
    expect(new Set(orders.map((order) => order.series_id))).toEqual(new Set([outcome.seriesId]));
    expect(orders.map((order) => order.scheduled_date)).not.toContain(week3);
    for (const order of orders) {
      expect(order).toMatchObject({ scheduled_start: "14:00:00", caregiver_id: helper, status: "pending", customer_id: template.customerId, total_price_cents: preview[0]!.priceCents });
    }
    const payments = await db.selectFrom("payments").select(["provider", "amount_cents"]).where("order_id", "in", outcome.orderIds).execute();
    expect(payments).toHaveLength(5);
    expect(payments.every((payment) => payment.provider === "invoice")).toBe(true);
    const series = await db.selectFrom("order_series").selectAll().where("id", "=", outcome.seriesId).executeTakeFirstOrThrow();
    expect(series).toMatchObject({ caregiver_id: helper, interval_weeks: 1, start_hour: 14, end_kind: "count", end_count: 6, payment_method: "invoice" });
    const helperEmail = (await db.selectFrom("caregivers").innerJoin("profiles", "profiles.id", "caregivers.profile_id").select("profiles.email").where("caregivers.id", "=", helper).executeTakeFirstOrThrow()).email;
    const subjects = async (to: string) => (await db.selectFrom("emails").select("subject").where("to_address", "=", to).execute()).map((mail) => mail.subject);
    expect((await subjects(user.email)).filter((subject) => subject.startsWith("Toistuvat käynnit varattu"))).toHaveLength(1);
    expect((await subjects(helperEmail)).filter((subject) => subject.startsWith("Uusia toistuvia tehtäviä"))).toHaveLength(1);
    const mail = await db.selectFrom("emails").select("text").where("to_address", "=", user.email).where("subject", "like", "Toistuvat%").executeTakeFirstOrThrow();
    for (const number of outcome.orderNumbers) expect(mail.text).toContain(number);
  });

  it("aborts whole when a date the customer wanted is taken meanwhile: nothing inserted, the dates named", async () => {
    const helper = await createTestCaregiver(db);
    const { user, template } = await customerWithOrder(helper);
    const first = nextWeekday(3, "2026-12-01");
    template.startsAt = at(first, 14);
    const preview = await previewSeries(db, template, weeklyFrom(first, 4), NOW);
    expect(preview.every((entry) => entry.state === "free")).toBe(true);
    const week2 = addCalendarDays(first, 7);
    await insertTestOrder(db, { paymentMethod: "invoice", caregiverId: helper, startsAt: at(week2, 14), durationHours: 2 });
    const seriesBefore = await db.selectFrom("order_series").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const outcome = await bookSeries(db, {
      template,
      choice: weeklyFrom(first, 4),
      decisions: new Map(),
      paymentMethod: "invoice",
      onlineProvider: "local",
      signedInUserId: user.id,
      shownVisitPriceCents: preview[0]!.priceCents!,
      now: NOW,
    });
    expect(outcome).toEqual({ ok: false, reason: "clashed", dates: [week2] });
    const seriesAfter = await db.selectFrom("order_series").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(seriesAfter.n)).toBe(Number(seriesBefore.n));
  });

  it("two families racing for one weekly slot with one helper: one series is booked, the other sees which dates clashed", async () => {
    const helper = await createTestCaregiver(db);
    const a = await customerWithOrder(helper);
    const b = await customerWithOrder(helper, "2026-11-17");
    const first = nextWeekday(4, "2026-12-01");
    const choice = weeklyFrom(first, 5);
    const price = (await previewSeries(db, a.template, choice, NOW))[0]!.priceCents!;
    const book = (side: typeof a) =>
      bookSeries(db, { template: side.template, choice, decisions: new Map(), paymentMethod: "invoice", onlineProvider: "local", signedInUserId: side.user.id, shownVisitPriceCents: price, now: NOW });
    const [one, two] = await Promise.all([book(a), book(b)]);
    const outcomes = [one, two];
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    const lost = outcomes.find((outcome) => !outcome.ok);
    expect(lost).toMatchObject({ ok: false, reason: "clashed" });
    if (lost && !lost.ok && lost.reason === "clashed") expect(lost.dates.length).toBeGreaterThan(0);
    const live = await db.selectFrom("orders").select("series_id").where("caregiver_id", "=", helper).where("scheduled_date", ">=", first).where("status", "<>", "cancelled").execute();
    expect(live).toHaveLength(5);
    expect(new Set(live.map((order) => order.series_id)).size).toBe(1);
  });

  it("writes what alsoInTransaction writes with the series: its failure books nothing", async () => {
    const helper = await createTestCaregiver(db);
    const { user, template } = await customerWithOrder(helper);
    const first = nextWeekday(5, "2026-12-01");
    const choice = weeklyFrom(first, 2);
    const price = (await previewSeries(db, template, choice, NOW))[0]!.priceCents!;
    const input = { template, choice, decisions: new Map(), paymentMethod: "invoice" as const, onlineProvider: "local" as const, signedInUserId: user.id, shownVisitPriceCents: price, now: NOW };
    const seriesOf = () => db.selectFrom("order_series").select("id").where("customer_id", "=", template.customerId).execute();
    const failing = bookSeries(db, {
      ...input,
      alsoInTransaction: async (trx) => {
        await trx.updateTable("profiles").set({ phone: "+358409990001" }).where("id", "=", user.id).execute();
        throw new Error("the consent log is down");
      },
    });
    await expect(failing).rejects.toThrow("the consent log is down");
    expect(await seriesOf()).toEqual([]);
    expect((await db.selectFrom("profiles").select("phone").where("id", "=", user.id).executeTakeFirstOrThrow()).phone).not.toBe("+358409990001");

    const booked = await bookSeries(db, {
      ...input,
      alsoInTransaction: async (trx) => {
        await trx.updateTable("profiles").set({ phone: "+358409990001" }).where("id", "=", user.id).execute();
      },
    });
    expect(booked.ok).toBe(true);
    expect(await seriesOf()).toHaveLength(1);
    expect((await db.selectFrom("profiles").select("phone").where("id", "=", user.id).executeTakeFirstOrThrow()).phone).toBe("+358409990001");
  });

  it("refuses a price the preview did not show", async () => {
    const helper = await createTestCaregiver(db);
    const { user, template } = await customerWithOrder(helper);
    const first = nextWeekday(5, "2026-12-01");
    const outcome = await bookSeries(db, { template, choice: weeklyFrom(first, 2), decisions: new Map(), paymentMethod: "invoice", onlineProvider: "local", signedInUserId: user.id, shownVisitPriceCents: 1, now: NOW });
    expect(outcome).toMatchObject({ ok: false, reason: "price_changed" });
  });
});

describe("the pages", () => {
  it("step 1 checks the fields, step 2 shows the dates, its POST books and goes to the first visit; another customer gets 404", async () => {
    setTestClock(NOW);
    const helper = await createTestCaregiver(db, "Liisa Sivukaveri");
    const { order, cookie } = await customerWithOrder(helper);
    const base = `/portal/orders/${order.orderNumber}/toista`;
    const params = { orderNumber: order.orderNumber };

    const empty = await answerOf(() => settingsLoader({ request: getRequest(`${base}?nayta=1&kertaa=1&paattyy=kertaa`, cookie), params, context: CONTEXT }));
    expect(empty.status).toBe(200);
    expect(empty.data.errors).toMatchObject({ repeat: "Valitse, kuinka usein käynti toistuu.", count: "Käyntejä voi olla 2–26." });

    const first = nextWeekday(2, "2026-12-01");
    const query = `toistuvuus=joka-viikko&alkaen=${first}&klo=14:00&paattyy=kertaa&kertaa=3`;
    const sent = await answerOf(() => settingsLoader({ request: getRequest(`${base}?${query}&nayta=1`, cookie), params, context: CONTEXT }));
    const [path, search] = (sent.location ?? "").split("?");
    expect(path).toBe(`${base}/paivat`);
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual(Object.fromEntries(new URLSearchParams(query)));

    const shown = await answerOf(() => datesLoader({ request: getRequest(`${base}/paivat?${query}`, cookie), params, context: CONTEXT }));
    expect(shown.data.entries).toHaveLength(3);
    expect(shown.data.entries.every((entry: { state: string }) => entry.state === "free")).toBe(true);

    const fields = Object.fromEntries(new URLSearchParams(query));
    const noPayment = await answerOf(() => datesAction({ request: postRequest(`${base}/paivat`, { ...fields, kayntihinta: String(shown.data.visitPriceCents) }, cookie), params, context: CONTEXT }));
    expect(noPayment.status).toBe(400);
    expect(noPayment.data.formError).toBe("Valitse maksutapa.");

    const booked = await answerOf(() =>
      datesAction({ request: postRequest(`${base}/paivat`, { ...fields, kayntihinta: String(shown.data.visitPriceCents), maksutapa: "invoice" }, cookie), params, context: CONTEXT }),
    );
    expect(booked.status).toBe(302);
    expect(booked.location).toMatch(/^\/portal\/orders\/[^/]+$/);
    const seriesOrders = await db.selectFrom("orders").select("series_id").where("caregiver_id", "=", helper).where("series_id", "is not", null).execute();
    expect(seriesOrders).toHaveLength(3);

    const stranger = await createTestUser({ email: `vieras-${crypto.randomUUID()}@example.fi` });
    const strangerCookie = await sessionCookieFor(stranger);
    const refused = await answerOf(() => datesLoader({ request: getRequest(`${base}/paivat?${query}`, strangerCookie), params, context: CONTEXT }));
    expect(refused.status).toBe(404);
    const refusedPost = await answerOf(() => datesAction({ request: postRequest(`${base}/paivat`, { ...fields, maksutapa: "invoice", kayntihinta: "1" }, strangerCookie), params, context: CONTEXT }));
    expect(refusedPost.status).toBe(404);
  });
});

describe("the same preview form sent twice", () => {
  it("books one series: a second send, after or at the same moment, leads to the first visit as the first did", async () => {
    setTestClock(NOW);
    const helper = await createTestCaregiver(db, "Tuula Tuplaklikki");
    const { order, cookie } = await customerWithOrder(helper);
    const base = `/portal/orders/${order.orderNumber}/toista`;
    const params = { orderNumber: order.orderNumber };
    const first = nextWeekday(3, "2026-12-01");
    const query = `toistuvuus=joka-viikko&alkaen=${first}&klo=14:00&paattyy=kertaa&kertaa=3`;
    const post = (fields: Record<string, string>) => answerOf(() => datesAction({ request: postRequest(`${base}/paivat`, fields, cookie), params, context: CONTEXT }));
    const formOf = async () => {
      const shown = await answerOf(() => datesLoader({ request: getRequest(`${base}/paivat?${query}`, cookie), params, context: CONTEXT }));
      const fields: Record<string, string> = { kayntihinta: String(shown.data.visitPriceCents), maksutapa: "invoice" };
      for (const field of shown.data.hidden as Array<{ name: string; value: string }>) fields[field.name] = field.value;
      expect(fields.lahetys).toMatch(/^[0-9a-f-]{36}$/);
      return fields;
    };
    const seriesOf = () => db.selectFrom("order_series").select("id").where("caregiver_id", "=", helper).execute();

    // One after the other: the second answer is the first's.
    const form = await formOf();
    const once = await post(form);
    expect(once.status).toBe(302);
    const again = await post(form);
    expect(again.status).toBe(302);
    expect(again.location).toBe(once.location);
    expect(await seriesOf()).toHaveLength(1);
    // A fresh page has a fresh key: the same dates are now taken, and it says so.
    const fresh = await post(await formOf());
    expect(fresh.status).toBe(409);
    expect(await seriesOf()).toHaveLength(1);

    // At the same moment, a week later: one series, both answers lead to its first visit.
    const next = nextWeekday(3, addCalendarDays(first, 28));
    const laterQuery = `toistuvuus=joka-viikko&alkaen=${next}&klo=14:00&paattyy=kertaa&kertaa=2`;
    const shown = await answerOf(() => datesLoader({ request: getRequest(`${base}/paivat?${laterQuery}`, cookie), params, context: CONTEXT }));
    const fields: Record<string, string> = { kayntihinta: String(shown.data.visitPriceCents), maksutapa: "invoice" };
    for (const field of shown.data.hidden as Array<{ name: string; value: string }>) fields[field.name] = field.value;
    const both = await Promise.all([post(fields), post(fields)]);
    expect(both.map((answer) => answer.status)).toEqual([302, 302]);
    expect(both[0]!.location).toBe(both[1]!.location);
    expect(await seriesOf()).toHaveLength(2);
  });
});

