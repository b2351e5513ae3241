import fc from "fast-check";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB, type Executor } from "~/db.server";
import type { CaregiverStatus } from "~/db/schema";
import { matchRefusal, type HelperFacts, type VisitNeed } from "~/domain/matching";
import { isoWeekday, type AvailabilityPlan } from "~/domain/availability";
import { helsinkiIsoDate } from "~/domain/helsinki-clock";
import { listMatchingCaregiverIds } from "~/models/matching.server";
import { listAssignableCaregivers } from "~/models/backoffice-orders.server";
import { placeOrder } from "~/booking/place-order.server";
import { action as orderAction } from "~/routes/backoffice.orders.$orderNumber._index";
import { action as homeAction, loader as homeLoader } from "~/routes/backoffice._index";
import { loader as layoutLoader } from "~/routes/backoffice";
import { takeToast } from "~/services/flash.server";
import { postMessage } from "~/services/order-messages.server";
import { requestContact } from "~/services/staff-notices.server";
import { answerOf, contextFor, cookiesFrom, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { emailsTo } from "./support/backoffice";
import { availableAlways, createTestOrder, insertTestOrder, serviceCategoryId } from "./support/booking-fixtures";

// The one matching rule (issue 26 items 4–6; DESIGN.md decision 24; docs/decisions/0021): the
// query against its plain reference, every assignment path refusing a helper who cannot do the
// visit, no 'Ei väliä' order nobody can serve, and what reaches staff.

let db: DB;
let services: string[];
let supportCookie: string;
let supportId: string;

class Rollback extends Error {}

async function insertHelper(
  executor: Executor,
  facts: { name?: string; status?: CaregiverStatus; city: string; serviceCities?: string[]; services: string[]; plan?: AvailabilityPlan },
) {
  const profile = await executor
    .insertInto("profiles")
    .values({ email: `matching-${crypto.randomUUID()}@example.fi`, full_name: facts.name ?? "Testi Kaveri", user_type: "caregiver" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const row = await executor
    .insertInto("caregivers")
    .values({ profile_id: profile.id, city: facts.city, service_cities: facts.serviceCities ?? [], status: facts.status ?? "approved", average_rating: 4.5 })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const service of facts.services) {
    await executor.insertInto("caregiver_services").values({ caregiver_id: row.id, service_category_id: service }).execute();
  }
  if (!facts.plan) await availableAlways(executor, row.id);
  else await insertPlan(executor, row.id, facts.plan);
  return row.id;
}

async function insertPlan(executor: Executor, caregiverId: string, plan: AvailabilityPlan) {
  for (const r of plan.weekly) {
    await executor.insertInto("caregiver_weekly_hours").values({ caregiver_id: caregiverId, weekday: r.weekday, start_minute: r.startMinute, end_minute: r.endMinute }).execute();
  }
  for (const e of plan.exceptions) {
    await executor
      .insertInto("caregiver_availability_exceptions")
      .values(
        e.kind === "away"
          ? { caregiver_id: caregiverId, kind: "away", starts_on: e.startsOn, ends_on: e.endsOn }
          : { caregiver_id: caregiverId, kind: "extra", starts_on: e.date, ends_on: e.date, start_minute: e.startMinute, end_minute: e.endMinute },
      )
      .execute();
  }
}

beforeAll(async () => {
  db = await getDb();
  const first = await serviceCategoryId(db);
  const more = await db
    .insertInto("service_categories")
    .values([
      { slug: "matching-juttuseura", name: "Juttuseura", description: "Seuraa.", icon: "Heart" },
      { slug: "matching-piha", name: "Kevyet pihatyöt", description: "Pihalla.", icon: "Leaf" },
    ])
    .returning("id")
    .execute();
  services = [first, ...more.map((row) => row.id)];
  const staff = await createTestUser({ email: "matching-tuki@example.fi", role: "support" });
  supportId = staff.id;
  supportCookie = await sessionCookieFor(staff);
});

/** A day far ahead, one per test, so orders of different tests never meet. */
let dayOffset = 0;
function day(): Date {
  dayOffset += 1;
  return new Date(Date.UTC(2027, 5, dayOffset, 6, 0));
}
const HOUR = 3_600_000;

describe("the matching query", () => {
  const cities = ["Helsinki", "Espoo", "Tampere"];
  // The helper's side is written as people write it: case and outer spaces do not matter.
  const spelled = fc.constantFrom("Helsinki", " helsinki", "HELSINKI", "Espoo", "espoo ", "Tampere");
  const helper = fc.record({
    status: fc.constantFrom<CaregiverStatus>("approved", "approved", "pending", "suspended", "rejected"),
    city: spelled,
    serviceCities: fc.uniqueArray(spelled, { maxLength: 2 }),
    services: fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { maxLength: 3 }),
    // One-hour orders at distinct hours (the exclusion constraint allows no overlap of live ones).
    // Hours at least two apart: the travel time (30 minutes) between live ones holds too.
    orders: fc.uniqueArray(fc.record({ hour: fc.integer({ min: 0, max: 3 }).map((n) => n * 2), cancelled: fc.boolean() }), { maxLength: 3, selector: (o) => o.hour }),
    // Plans around the visit's day (its hours 0–7 are 9.00–16.00 in Helsinki): none, the whole
    // week, or ranges of that weekday and the next, with a week away or extra hours on the day.
    plan: fc.record({
      kind: fc.constantFrom("none", "always", "ranges", "ranges"),
      ranges: fc.array(fc.record({ nextDay: fc.boolean(), from: fc.integer({ min: 14, max: 40 }), length: fc.integer({ min: 1, max: 16 }) }), { maxLength: 3 }),
      away: fc.boolean(),
      extra: fc.option(fc.record({ from: fc.integer({ min: 14, max: 40 }), length: fc.integer({ min: 1, max: 10 }) }), { nil: null }),
    }),
  });
  const visit = fc.record({
    service: fc.integer({ min: 0, max: 2 }),
    city: fc.constantFrom(...cities),
    hour: fc.integer({ min: 0, max: 7 }),
    hours: fc.integer({ min: 1, max: 3 }),
  });

  it("finds exactly the helpers the plain reference finds (status, service, home and service cities, plan, busy with travel time), and so does the back office's selector", async () => {
    const base = day();
    await fc.assert(
      fc.asyncProperty(fc.array(helper, { minLength: 1, maxLength: 5 }), visit, async (helpers, wanted) => {
        const date = helsinkiIsoDate(base);
        const weekday = isoWeekday(date);
        const planOf = (p: (typeof helpers)[number]["plan"]): AvailabilityPlan => ({
          weekly:
            p.kind === "none"
              ? []
              : p.kind === "always"
                ? [1, 2, 3, 4, 5, 6, 7].map((w) => ({ weekday: w, startMinute: 0, endMinute: 1440 }))
                : p.ranges.map((r) => ({ weekday: r.nextDay ? (weekday % 7) + 1 : weekday, startMinute: r.from * 30, endMinute: Math.min(1440, (r.from + r.length) * 30) })),
          exceptions: [
            ...(p.away ? [{ kind: "away" as const, startsOn: date, endsOn: date }] : []),
            ...(p.extra ? [{ kind: "extra" as const, date, startMinute: p.extra.from * 30, endMinute: Math.min(1440, (p.extra.from + p.extra.length) * 30) }] : []),
          ],
        });
        const need: VisitNeed = {
          serviceCategoryId: services[wanted.service],
          city: wanted.city,
          startsAt: new Date(base.getTime() + wanted.hour * HOUR),
          endsAt: new Date(base.getTime() + (wanted.hour + wanted.hours) * HOUR),
        };
        await db
          .transaction()
          .execute(async (trx) => {
            const facts: HelperFacts[] = [];
            for (const h of helpers) {
              const plan = planOf(h.plan);
              const id = await insertHelper(trx, { status: h.status, city: h.city, serviceCities: h.serviceCities, services: h.services.map((i) => services[i]), plan });
              const liveOrders = [];
              for (const o of h.orders) {
                const startsAt = new Date(base.getTime() + o.hour * HOUR);
                const order = await insertTestOrder(trx, { paymentMethod: "invoice", caregiverId: id, startsAt, durationHours: 1, status: o.cancelled ? "cancelled" : "pending" });
                if (!o.cancelled) liveOrders.push({ id: order.orderId, startsAt, endsAt: order.endsAt });
              }
              facts.push({ id, status: h.status, homeCity: h.city, serviceCities: h.serviceCities, serviceCategoryIds: h.services.map((i) => services[i]), plan, liveOrders });
            }
            const ids = new Set(facts.map((f) => f.id));
            const found = (await listMatchingCaregiverIds(trx, need)).filter((id) => ids.has(id)).sort();
            const expected = facts.filter((f) => matchRefusal(f, need) === null).map((f) => f.id).sort();
            expect(found).toEqual(expected);
            // The back office's selector for an order of that visit, without a helper yet.
            const order = await insertTestOrder(trx, { paymentMethod: "invoice", startsAt: need.startsAt, durationHours: wanted.hours });
            await trx.updateTable("orders").set({ city: need.city, service_category_id: need.serviceCategoryId }).where("id", "=", order.orderId).execute();
            const assignable = (await listAssignableCaregivers(trx, [order.orderId], 1000)).get(order.orderId)!.map((c) => c.id).filter((id) => ids.has(id)).sort();
            expect(assignable).toEqual(expected);
            throw new Rollback();
          })
          .catch((error) => {
            if (!(error instanceof Rollback)) throw error;
          });
      }),
      { numRuns: 30 },
    );
  });
});

describe("assigning a helper who cannot do the visit", () => {
  async function staffAssign(order: { orderId: string; orderNumber: string }, caregiverId: string) {
    const here = `/backoffice/orders/${order.orderNumber}`;
    const answer = await answerOf(() =>
      orderAction({
        request: postRequest(here, { intent: "assign", orderId: order.orderId, caregiverId, returnTo: here }, supportCookie),
        params: { orderNumber: order.orderNumber },
        context: contextFor(),
      }),
    );
    const { toast } = await takeToast(getRequest("/", cookiesFrom(answer.response!)));
    return toast;
  }

  it("refuses a Tampere helper for a Helsinki visit with the reason, and e-mails nobody", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: day() });
    const tampere = await insertHelper(db, { name: "Tiina Tamperelainen", city: "Tampere", services });
    const email = (await db.selectFrom("profiles").innerJoin("caregivers", "caregivers.profile_id", "profiles.id").select("profiles.email").where("caregivers.id", "=", tampere).executeTakeFirstOrThrow()).email;
    const toast = await staffAssign(order, tampere);
    expect(toast).toMatchObject({ type: "error", title: "Kaverin päivitys epäonnistui: Tiina Tamperelainen ei toimi tällä paikkakunnalla." });
    expect((await db.selectFrom("orders").select("caregiver_id").where("id", "=", order.orderId).executeTakeFirstOrThrow()).caregiver_id).toBeNull();
    expect(await emailsTo(email)).toHaveLength(0);
  });

  it("refuses a helper who does not offer the service, and one who is booked, naming them", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: day() });
    const other = await insertHelper(db, { name: "Pirkko Pihatyö", city: "Helsinki", services: [services[2]] });
    expect((await staffAssign(order, other))?.title).toBe("Kaverin päivitys epäonnistui: Pirkko Pihatyö ei tarjoa tätä palvelua.");
    const busy = await insertHelper(db, { name: "Ville Varattu", city: "Helsinki", services });
    await createTestOrder({ paymentMethod: "invoice", caregiverId: busy, startsAt: order.startsAt });
    expect((await staffAssign(order, busy))?.title).toBe("Kaverin päivitys epäonnistui: Ville Varattu on varattu tuohon aikaan.");
  });

  it("accepts a helper who serves the city through their listed service cities", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: day() });
    const espoo = await insertHelper(db, { name: "Eeva Espoolainen", city: "Espoo", serviceCities: ["Helsinki"], services });
    expect(await staffAssign(order, espoo)).toMatchObject({ type: "success" });
  });
});

describe("no 'Ei väliä' order nobody can serve", () => {
  it("refuses to place an 'Ei väliä' order in a town with no helpers, and places it once somebody serves it", async () => {
    const startsAt = day();
    const date = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Helsinki" }).format(startsAt);
    const input = {
      selection: { date, startHour: 12, durationHours: 2, serviceId: services[1] },
      caregiverId: null,
      payer: { email: `rovaniemi-${crypto.randomUUID()}@example.fi`, fullName: "Raili Rovaniemeltä", phone: "0401234567", address: "Koskikatu 1", postalCode: "96100", city: "Rovaniemi" },
      visit: { address: "Koskikatu 1", postalCode: "96100", city: "Rovaniemi", recipient: null, description: null, specialNotes: null },
      paymentMethod: "invoice" as const,
      discountCode: null,
      signedInUserId: null,
      onlineProvider: "local" as const,
      now: new Date(),
    };
    const before = await db.selectFrom("orders").select(sql<string>`count(*)`.as("n")).where("city", "=", "Rovaniemi").executeTakeFirstOrThrow();
    expect(await placeOrder(db, input)).toEqual({ ok: false, reason: "nobody_available" });
    const after = await db.selectFrom("orders").select(sql<string>`count(*)`.as("n")).where("city", "=", "Rovaniemi").executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);

    await insertHelper(db, { city: "Rovaniemi", services: [services[1]] });
    expect(await placeOrder(db, input)).toMatchObject({ ok: true });
  });
});

describe("what reaches staff", () => {
  async function setSupportAddress(email: string) {
    await db.insertInto("settings").values({ key: "staff_alerts", value: JSON.stringify({ email }), updated_by: null }).onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify({ email }) })).execute();
    const { forgetCachedSettings } = await import("~/models/settings.server");
    forgetCachedSettings();
  }

  async function homeNotices() {
    const answer = await answerOf(() => homeLoader({ request: getRequest("/backoffice", supportCookie), params: {}, context: contextFor() }));
    return (answer.data as { notices: Array<{ id: string; title: string; summary: string }>; noticeTotal: number });
  }

  it("stores a contact request, e-mails the support address and shows it on 'Vaatii huomiota' with a count in the menu", async () => {
    const support = `tuki-${crypto.randomUUID()}@example.fi`;
    await setSupportAddress(support);
    const startsAt = day();
    const id = await requestContact(db, {
      fullName: "Raili Rovaniemeltä",
      phone: "0401234567",
      email: null,
      message: "Tarvitsisin juttuseuraa tiistaisin.",
      serviceCategoryId: services[1],
      serviceName: "Juttuseura",
      postalCode: "96100",
      city: "Rovaniemi",
      wantedStartsAt: startsAt,
      wantedEndsAt: new Date(startsAt.getTime() + 2 * HOUR),
      profileId: null,
    });
    expect(await db.selectFrom("contact_requests").select(["full_name", "city"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({ full_name: "Raili Rovaniemeltä", city: "Rovaniemi" });
    const [mail] = await emailsTo(support);
    expect(mail.subject).toBe("Yhteydenottopyyntö – Arkikaveri");
    expect(mail.text).toContain("Raili Rovaniemeltä pyytää yhteydenottoa: Juttuseura, Rovaniemi");

    const home = await homeNotices();
    const notice = home.notices.find((n) => n.summary.includes("Raili Rovaniemeltä"))!;
    expect(notice.title).toBe("Yhteydenottopyyntö");
    const layout = await answerOf(() => layoutLoader({ request: getRequest("/backoffice", supportCookie), params: {}, context: contextFor() }));
    expect((layout.data as { notices: number }).notices).toBe(home.noticeTotal);

    const handled = await answerOf(() =>
      homeAction({ request: postRequest("/backoffice", { intent: "handle-notice", noticeId: notice.id }, supportCookie), params: {}, context: contextFor() }),
    );
    expect(handled.status).toBe(302);
    expect((await homeNotices()).notices.some((n) => n.id === notice.id)).toBe(false);
    const row = await db.selectFrom("staff_notices").select(["handled_by"]).where("id", "=", notice.id).executeTakeFirstOrThrow();
    expect(row.handled_by).toBe(supportId);
  });

  it("a customer's messages on an order without a helper: one notice, one e-mail an hour", async () => {
    const support = `tuki-${crypto.randomUUID()}@example.fi`;
    await setSupportAddress(support);
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: day(), fullName: "Sirkka Mäkelä" });
    const { findThreadOrder } = await import("~/models/order-messages.server");
    const thread = await findThreadOrder(db, order.orderId);
    const sender = { profileId: order.profileId, role: "customer" as const };
    await postMessage(db, thread!, sender, "Voiko kaveri tuoda myös postin?");
    await postMessage(db, thread!, sender, "Ja ovikoodi on 1234.");
    const mails = await emailsTo(support);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Viesti tilauksesta ilman kaveria – Arkikaveri");
    const open = await db.selectFrom("staff_notices").select(["summary"]).where("order_id", "=", order.orderId).where("handled_at", "is", null).execute();
    expect(open).toHaveLength(1);
    expect(open[0].summary).toContain("Ja ovikoodi on 1234.");

    // An hour later the thread's turn comes again.
    await db.updateTable("staff_notice_emails").set({ notified_at: sql`now() - interval '61 minutes'` }).where("thread", "=", `order:${order.orderId}`).execute();
    await postMessage(db, thread!, sender, "Kiitos!");
    expect(await emailsTo(support)).toHaveLength(2);
  });

  it("a helper's rejection reaches 'Vaatii huomiota' and the support address", async () => {
    const support = `tuki-${crypto.randomUUID()}@example.fi`;
    await setSupportAddress(support);
    const helperUser = await createTestUser({ email: `hylkaaja-${crypto.randomUUID()}@example.fi`, userType: "caregiver", fullName: "Hanna Hylkääjä" });
    const helper = await db.selectFrom("caregivers").select("id").where("profile_id", "=", helperUser.id).executeTakeFirstOrThrow();
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: day(), caregiverId: helper.id });
    const { performCaregiverAction } = await import("~/services/caregiver-tasks.server");
    const outcome = await performCaregiverAction(db, { caregiverId: helper.id, actor: { id: helperUser.id, ip: null } }, { orderId: order.orderId, action: "reject" });
    expect(outcome).toMatchObject({ ok: true, changed: true });
    const [mail] = await emailsTo(support);
    expect(mail.subject).toBe("Varaus hylätty – Arkikaveri");
    expect(mail.text).toContain(`Hanna Hylkääjä hylkäsi tilauksen ${order.orderNumber}`);
    const home = await homeNotices();
    expect(home.notices.map((n) => n.title)).toContain(`Varaus hylätty: ${order.orderNumber}`);
  });
});

describe("the helper step when nobody can come", () => {
  it("says so, offers no 'Ei väliä', lists the nearest free times and sends a contact request to staff", async () => {
    const { loader: stepLoader, action: stepAction } = await import("~/routes/varaa.kaveri");
    const { CONTEXT, dateInDays, draftQuery, getUrl, postUrl } = await import("./support/booking");
    const date = dateInDays(40);
    // Somebody serves Oulu for this service, but is busy at 12–14 that day.
    const oulu = await insertHelper(db, { city: "Oulu", services: [services[2]] });
    const busyFrom = (await db.selectNoFrom(sql<Date>`(${date}::date + time '12:00') at time zone 'Europe/Helsinki'`.as("t")).executeTakeFirstOrThrow()).t;
    await createTestOrder({ paymentMethod: "invoice", caregiverId: oulu, startsAt: new Date(busyFrom), durationHours: 2 });
    const draft = { date, time: "12:00", duration: 2, service: services[2], postalCode: "90100", city: "Oulu" };

    const page = await answerOf(() => stepLoader({ request: getUrl("/varaa/kaveri", draftQuery(draft)), params: {}, context: CONTEXT }));
    const view = page.data as { caregivers: unknown[]; nobody: { nearest: Array<{ label: string; href: string }>; sent: boolean } | null };
    expect(view.caregivers).toEqual([]);
    expect(view.nobody).not.toBeNull();
    expect(view.nobody!.nearest.length).toBeGreaterThan(0);
    // That day's three nearest free times come first: 11.00–13.00 would overlap the busy visit,
    // and 10.00–12.00 and 14.00–16.00 leave no travel time (30 minutes) next to it.
    expect(view.nobody!.nearest.slice(0, 3).map((t) => new URL(t.href, "http://x").searchParams.get("aika"))).toEqual(["08:00", "09:00", "15:00"]);
    expect(view.nobody!.nearest[0].href).toMatch(/^\/varaa\?paiva=/);
    expect(view.nobody!.nearest.map((t) => t.href).some((href) => /aika=1[01234]%3A00/.test(href) && href.includes(`paiva=${date}`))).toBe(false);

    // 'Ei väliä' cannot be chosen: 'Jatka' with it comes back to this step.
    const proceed = await answerOf(() => stepLoader({ request: getUrl("/varaa/kaveri", draftQuery({ ...draft, caregiver: "ei-valia" }, { jatka: "1" })), params: {}, context: CONTEXT }));
    expect(proceed.location).toMatch(/^\/varaa\/kaveri\?/);
    expect(proceed.location).not.toContain("kaveri=ei-valia");

    const support = `tuki-${crypto.randomUUID()}@example.fi`;
    await db.insertInto("settings").values({ key: "staff_alerts", value: JSON.stringify({ email: support }), updated_by: null }).onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify({ email: support }) })).execute();
    (await import("~/models/settings.server")).forgetCachedSettings();
    const invalid = await answerOf(() => stepAction({ request: postUrl("/varaa/kaveri", draftQuery(draft), { fullName: "", phone: "12" }), params: {}, context: CONTEXT }));
    expect(invalid.status).toBe(400);
    const sent = await answerOf(() =>
      stepAction({ request: postUrl("/varaa/kaveri", draftQuery(draft), { fullName: "Olli Oululainen", phone: "040 765 4321", message: "Soittakaa iltapäivällä." }), params: {}, context: CONTEXT }),
    );
    expect(sent.location).toMatch(/yhteydenotto=1/);
    const stored = await db.selectFrom("contact_requests").select(["full_name", "phone", "city", "service_category_id"]).where("full_name", "=", "Olli Oululainen").executeTakeFirstOrThrow();
    expect(stored).toEqual({ full_name: "Olli Oululainen", phone: "0407654321", city: "Oulu", service_category_id: services[2] });
    expect((await emailsTo(support))[0].text).toContain("Olli Oululainen pyytää yhteydenottoa: Kevyet pihatyöt, Oulu");
  });
});
