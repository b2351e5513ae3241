import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { addCalendarDays, helsinkiWallTimeToInstant } from "~/domain/booking-window";
import type { AuthUser } from "~/models/users.server";
import { loader as portalSeriesLoader } from "~/routes/portal.sarjat.$seriesId";
import { action as portalCancelAction, loader as portalCancelLoader } from "~/routes/portal.sarjat.$seriesId_.peru";
import { action as portalChangeAction, loader as portalChangeLoader } from "~/routes/portal.sarjat.$seriesId_.vaihda-kaveri";
import { action as staffCancelAction } from "~/routes/backoffice.sarjat.$seriesId_.peru";
import { action as staffChangeAction, loader as staffChangeLoader } from "~/routes/backoffice.sarjat.$seriesId_.vaihda-kaveri";
import { loader as orderPageLoader } from "~/routes/portal.orders.$orderNumber";
import { setTestClock } from "~/services/clock.server";
import { cancelOrder } from "~/services/order-cancellation.server";
import { cancelSeriesFromVisit, changeSeriesCaregiver } from "~/services/series-management.server";
import { answerOf, contextFor, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { auditRows, createCaregiver, emailsTo } from "./support/backoffice";
import { createTestOrder } from "./support/booking-fixtures";
import { emailsWithSubject, notificationsOf, toastOf } from "./support/portal";
import { createTestSeries, type TestSeries } from "./support/series-manage";

// Managing a series (issue 27 item 5): "Peru vain tämä käynti" keeps the rest; "Peru tämä ja
// kaikki tulevat" leaves past visits and applies the 24-hour rule visit by visit, then ends the
// series; "Vaihda kaveria tästä eteenpäin" moves only the later visits, refuses a helper busy on
// one of them and tells both helpers and the customer; another customer sees a 404; staff's
// actions are audit-logged.

let db: DB;
let admin: AuthUser;
let adminCookie = "";

beforeAll(async () => {
  db = await getDb();
  admin = await createTestUser({ email: "admin-sarjat@example.fi", role: "admin", fullName: "Sanna Sarjavalvoja" });
  adminCookie = await sessionCookieFor(admin);
});

afterEach(() => setTestClock(null));

let week = 0;
/** A Monday at 14.00 Helsinki, five weeks apart for each test so that helpers never clash. */
function firstMonday(): Date {
  week += 1;
  return helsinkiWallTimeToInstant(addCalendarDays("2027-01-04", (week - 1) * 35), 14)!;
}
const HOUR = 3_600_000;

async function customerWithSeries(label: string, options: { invoice?: boolean } = {}) {
  const email = `sarja-${label}@example.fi`;
  const user = await createTestUser({ email, fullName: `Sari ${label}` });
  const helper = await createCaregiver(db, { name: `Vanha Kaveri ${label}` });
  const first = firstMonday();
  const series = await createTestSeries({ email, caregiverId: helper.id, firstStartsAt: first, count: 4, invoice: options.invoice });
  return { user, cookie: await sessionCookieFor(user), helper, series, first };
}

async function statuses(series: TestSeries) {
  const rows = await db.selectFrom("orders").select(["id", "status", "caregiver_id", "cancellation_fee_cents"]).where("series_id", "=", series.seriesId).orderBy("starts_at").execute();
  return rows;
}

async function seriesRow(seriesId: string) {
  return db.selectFrom("order_series").select(["status", "caregiver_id"]).where("id", "=", seriesId).executeTakeFirstOrThrow();
}

describe("Peru vain tämä käynti", () => {
  it("cancels the one visit with the single cancellation and keeps the rest and the series", async () => {
    const { user, series } = await customerWithSeries("yksi");
    const outcome = await cancelOrder(db, { actor: { id: user.id }, customerProfileId: user.id }, series.visits[1]!.orderId, new Date("2026-12-01T10:00:00Z"));
    expect(outcome).toMatchObject({ ok: true, cancelledNow: true, feeCents: 0 });
    expect((await statuses(series)).map((row) => row.status)).toEqual(["pending", "cancelled", "pending", "pending"]);
    expect((await seriesRow(series.seriesId)).status).toBe("active");
  });
});

describe("Peru tämä ja kaikki tulevat", () => {
  it("leaves the past visit, charges the late fee only on the visit within 24 hours, credits each invoice and ends the series, with one e-mail to the customer", async () => {
    const { user, helper, series, first } = await customerWithSeries("kaikki", { invoice: true });
    await db.updateTable("orders").set({ status: "completed" }).where("id", "=", series.visits[0]!.orderId).execute();
    // Twelve hours before the second visit: it is late to cancel, the later two are free.
    const now = new Date(first.getTime() + 7 * 24 * HOUR - 12 * HOUR);
    const outcome = await cancelSeriesFromVisit(db, { actor: { id: user.id }, customerProfileId: user.id, shownFeeCents: 10_000 }, { seriesId: series.seriesId, fromOrderId: series.visits[1]!.orderId }, now);
    expect(outcome).toMatchObject({ ok: true, cancelled: 3 });
    const rows = await statuses(series);
    expect(rows.map((row) => row.status)).toEqual(["completed", "cancelled", "cancelled", "cancelled"]);
    expect(rows[1]!.cancellation_fee_cents).toBeGreaterThan(0);
    expect(rows[2]!.cancellation_fee_cents).toBe(0);
    expect(rows[3]!.cancellation_fee_cents).toBe(0);
    expect(outcome.ok && outcome.feeCents).toBe(rows[1]!.cancellation_fee_cents);
    expect((await seriesRow(series.seriesId)).status).toBe("cancelled");
    // Each invoice credited by the single cancellation's rule.
    const notes = await db
      .selectFrom("credit_notes")
      .innerJoin("invoices", "invoices.id", "credit_notes.invoice_id")
      .select(["invoices.order_id", "credit_notes.amount_cents"])
      .where("invoices.order_id", "in", series.visits.map((visit) => visit.orderId))
      .execute();
    expect(notes).toHaveLength(3);
    // One e-mail to the customer naming every visit, the helper one per visit as ever.
    const customerMails = await emailsTo(user.email);
    expect(customerMails.filter((mail) => mail.subject.includes("peruutettu"))).toHaveLength(1);
    const summary = customerMails.find((mail) => mail.subject.includes("Toistuvat käynnit on peruutettu"))!;
    for (const visit of series.visits.slice(1)) expect(summary.text).toContain(visit.orderNumber);
    expect(summary.text).not.toContain(series.visits[0]!.orderNumber);
    expect(await emailsWithSubject(helper.email, "on peruutettu")).toHaveLength(3);
    // The customer's action is in the log too.
    expect((await auditRows("order_series", series.seriesId)).map((row) => row.action)).toEqual(["series.cancel"]);
  });

  it("refuses a fee total higher than the page showed, cancelling nothing", async () => {
    const { user, series, first } = await customerWithSeries("maksu");
    const now = new Date(first.getTime() - 2 * HOUR);
    const outcome = await cancelSeriesFromVisit(db, { actor: { id: user.id }, customerProfileId: user.id, shownFeeCents: 0 }, { seriesId: series.seriesId, fromOrderId: series.visits[0]!.orderId }, now);
    expect(outcome).toEqual({ ok: false, reason: "fee_changed" });
    expect((await statuses(series)).every((row) => row.status === "pending")).toBe(true);
    expect((await seriesRow(series.seriesId)).status).toBe("active");
  });

  it("works through the portal's confirm page: the GET shows the visits and changes nothing, the POST cancels", async () => {
    const { cookie, series } = await customerWithSeries("sivu");
    setTestClock(new Date("2026-12-01T10:00:00Z"));
    const path = `/portal/sarjat/${series.seriesId}/peru?alkaen=${series.visits[2]!.orderId}`;
    const params = { seriesId: series.seriesId };
    const page = await answerOf(() => portalCancelLoader({ request: getRequest(path, cookie), params, context: contextFor() }));
    expect(page.status).toBe(200);
    expect(page.data.plan.visits.map((visit: { orderNumber: string }) => visit.orderNumber)).toEqual([series.visits[2]!.orderNumber, series.visits[3]!.orderNumber]);
    expect((await statuses(series)).every((row) => row.status === "pending")).toBe(true);
    const posted = await answerOf(() =>
      portalCancelAction({ request: postRequest(path, { intent: "cancel", from: series.visits[2]!.orderId, shownFee: String(page.data.plan.feeCents) }, cookie), params, context: contextFor() }),
    );
    expect(posted.status).toBe(302);
    expect(posted.location).toBe(`/portal/sarjat/${series.seriesId}`);
    expect((await toastOf(posted))?.title).toBe("Käynnit on peruutettu");
    expect((await statuses(series)).map((row) => row.status)).toEqual(["pending", "pending", "cancelled", "cancelled"]);
  });
});

describe("Vaihda kaveria tästä eteenpäin", () => {
  it("moves only the chosen and later visits, sets the series' helper and tells both helpers and the customer", async () => {
    const { user, helper, series } = await customerWithSeries("vaihto");
    const newHelper = await createCaregiver(db, { name: "Uusi Kaveri vaihto" });
    const now = new Date("2026-12-01T10:00:00Z");
    const outcome = await changeSeriesCaregiver(db, { actor: { id: user.id }, customerProfileId: user.id }, { seriesId: series.seriesId, fromOrderId: series.visits[1]!.orderId, caregiverId: newHelper.id }, now);
    expect(outcome).toEqual({ ok: true, caregiverName: "Uusi Kaveri vaihto", changed: 3 });
    expect((await statuses(series)).map((row) => row.caregiver_id)).toEqual([helper.id, newHelper.id, newHelper.id, newHelper.id]);
    expect((await seriesRow(series.seriesId)).caregiver_id).toBe(newHelper.id);
    // The new helper gets each visit as a task, the old one one e-mail naming the three, the customer one.
    expect(await emailsWithSubject(newHelper.email, "Uusi tilaus")).toHaveLength(3);
    const removed = await emailsWithSubject(helper.email, "eivät ole enää sinulla");
    expect(removed).toHaveLength(1);
    for (const visit of series.visits.slice(1)) expect(removed[0]!.text).toContain(visit.orderNumber);
    expect(removed[0]!.text).not.toContain(series.visits[0]!.orderNumber);
    expect((await notificationsOf(helper.profileId)).filter((n) => n.type === "ORDER_UNASSIGNED")).toHaveLength(3);
    expect(await emailsWithSubject(user.email, "kaveri vaihtuu")).toHaveLength(1);
  });

  it("refuses a helper who is busy on one of the visits, and changes nothing", async () => {
    const { user, helper, series } = await customerWithSeries("varattu");
    const busy = await createCaregiver(db, { name: "Kiireinen Kaveri" });
    await createTestOrder({ paymentMethod: "invoice", caregiverId: busy.id, startsAt: series.visits[3]!.startsAt });
    const now = new Date("2026-12-01T10:00:00Z");
    const outcome = await changeSeriesCaregiver(db, { actor: { id: user.id }, customerProfileId: user.id }, { seriesId: series.seriesId, fromOrderId: series.visits[1]!.orderId, caregiverId: busy.id }, now);
    expect(outcome).toEqual({ ok: false, reason: "caregiver_busy" });
    expect((await statuses(series)).every((row) => row.caregiver_id === helper.id)).toBe(true);
    expect((await seriesRow(series.seriesId)).caregiver_id).toBe(helper.id);
    // The page does not offer them: only helpers who can take every visit are listed.
    setTestClock(now);
    const cookie = await sessionCookieFor(user);
    const page = await answerOf(() =>
      portalChangeLoader({ request: getRequest(`/portal/sarjat/${series.seriesId}/vaihda-kaveri?alkaen=${series.visits[1]!.orderId}`, cookie), params: { seriesId: series.seriesId }, context: contextFor() }),
    );
    expect(page.status).toBe(200);
    const offered = page.data.plan.candidates.map((candidate: { value: string }) => candidate.value);
    expect(offered).not.toContain(busy.id);
    expect(offered).not.toContain(helper.id);
  });

  it("answers a refused choice on the form, keeping it, through the portal action", async () => {
    const { cookie, series } = await customerWithSeries("lomake");
    const busy = await createCaregiver(db, { name: "Toinen Kiireinen" });
    await createTestOrder({ paymentMethod: "invoice", caregiverId: busy.id, startsAt: series.visits[2]!.startsAt });
    setTestClock(new Date("2026-12-01T10:00:00Z"));
    const path = `/portal/sarjat/${series.seriesId}/vaihda-kaveri?alkaen=${series.visits[0]!.orderId}`;
    const answer = await answerOf(() =>
      portalChangeAction({ request: postRequest(path, { intent: "change", from: series.visits[0]!.orderId, caregiverId: busy.id }, cookie), params: { seriesId: series.seriesId }, context: contextFor() }),
    );
    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.data.result)).toContain("ehti varata ajan");
  });
});

describe("who sees a series", () => {
  it("shows the series to its customer, links it from the order page, and gives anyone else a 404", async () => {
    const { cookie, series } = await customerWithSeries("oma");
    const other = await sessionCookieFor(await createTestUser({ email: "sarja-vieras@example.fi" }));
    const params = { seriesId: series.seriesId };
    const path = `/portal/sarjat/${series.seriesId}`;
    const own = await answerOf(() => portalSeriesLoader({ request: getRequest(path, cookie), params, context: contextFor() }));
    expect(own.status).toBe(200);
    expect(own.data.rule).toBe("Joka viikko klo 14.00–16.00, maanantaisin");
    expect(own.data.visits).toHaveLength(4);
    const statusFact = (data: { facts: Array<{ label: string; value: string }> }) => data.facts.find((fact) => fact.label === "Tila")?.value;
    expect(statusFact(own.data)).toBe("Voimassa");
    // Once its last visit is over, a series of four has ended, though nobody wrote it.
    setTestClock(new Date(series.visits[3]!.endsAt.getTime() + HOUR));
    const later = await answerOf(() => portalSeriesLoader({ request: getRequest(path, cookie), params, context: contextFor() }));
    expect(statusFact(later.data)).toBe("Päättynyt");
    setTestClock(null);
    for (const run of [
      () => portalSeriesLoader({ request: getRequest(path, other), params, context: contextFor() }),
      () => portalCancelLoader({ request: getRequest(`${path}/peru`, other), params, context: contextFor() }),
      () => portalCancelAction({ request: postRequest(`${path}/peru`, { intent: "cancel", from: series.visits[0]!.orderId, shownFee: "0" }, other), params, context: contextFor() }),
      () => portalChangeAction({ request: postRequest(`${path}/vaihda-kaveri`, { intent: "change", from: series.visits[0]!.orderId, caregiverId: series.visits[0]!.caregiverId! }, other), params, context: contextFor() }),
    ]) {
      expect((await answerOf(run)).status).toBe(404);
    }
    expect((await statuses(series)).every((row) => row.status === "pending")).toBe(true);
    await db.updateTable("orders").set({ claimed: true }).where("id", "=", series.visits[0]!.orderId).execute();
    const orderPage = await answerOf(() => orderPageLoader({ request: getRequest(`/portal/orders/${series.visits[0]!.orderNumber}`, cookie), params: { orderNumber: series.visits[0]!.orderNumber }, context: contextFor() }));
    expect(orderPage.data.series).toEqual({ lead: "Kuuluu sarjaan:", href: path, label: "Asiointiapu, joka viikko klo 14.00–16.00, maanantaisin" });
  });
});

describe("staff", () => {
  it("cancels this and all later visits with a reason, audit-logged on the series and each order", async () => {
    const { user, series } = await customerWithSeries("tuki-peru");
    setTestClock(new Date("2026-12-01T10:00:00Z"));
    const path = `/backoffice/sarjat/${series.seriesId}/peru?alkaen=${series.visits[1]!.orderId}`;
    const params = { seriesId: series.seriesId };
    const empty = await answerOf(() => staffCancelAction({ request: postRequest(path, { intent: "cancel", from: series.visits[1]!.orderId }, adminCookie), params, context: contextFor() }));
    expect(empty.status).toBe(400);
    const posted = await answerOf(() =>
      staffCancelAction({ request: postRequest(path, { intent: "cancel", from: series.visits[1]!.orderId, reason: "Asiakas muuttaa" }, adminCookie), params, context: contextFor() }),
    );
    expect(posted.status).toBe(302);
    expect((await statuses(series)).map((row) => row.status)).toEqual(["pending", "cancelled", "cancelled", "cancelled"]);
    const [line] = await auditRows("order_series", series.seriesId);
    expect(line).toMatchObject({ action: "series.cancel", actor_id: admin.id });
    expect(JSON.stringify(line!.after)).toContain("Asiakas muuttaa");
    expect((await auditRows("order", series.visits[1]!.orderId)).map((row) => row.action)).toContain("order.cancel");
    const mail = (await emailsTo(user.email)).find((m) => m.subject.includes("Toistuvat käynnit"));
    expect(mail?.text).toContain("Peruutuksen syy: Asiakas muuttaa");
  });

  it("changes the helper from a visit on, audit-logged, and a support person may not cancel", async () => {
    const { series } = await customerWithSeries("tuki-vaihto");
    const newHelper = await createCaregiver(db, { name: "Tuen Valitsema" });
    const support = await sessionCookieFor(await createTestUser({ email: "tuki-sarjat@example.fi", role: "support" }));
    setTestClock(new Date("2026-12-01T10:00:00Z"));
    const params = { seriesId: series.seriesId };
    const path = `/backoffice/sarjat/${series.seriesId}/vaihda-kaveri?alkaen=${series.visits[2]!.orderId}`;
    const page = await answerOf(() => staffChangeLoader({ request: getRequest(path, support), params, context: contextFor() }));
    expect(page.data.plan.candidates.map((c: { value: string }) => c.value)).toContain(newHelper.id);
    const posted = await answerOf(() =>
      staffChangeAction({ request: postRequest(path, { intent: "change", from: series.visits[2]!.orderId, caregiverId: newHelper.id }, support), params, context: contextFor() }),
    );
    expect(posted.status).toBe(302);
    expect((await statuses(series)).map((row) => row.caregiver_id === newHelper.id)).toEqual([false, false, true, true]);
    expect((await auditRows("order_series", series.seriesId)).map((row) => row.action)).toEqual(["series.change_caregiver"]);
    expect((await auditRows("order", series.visits[3]!.orderId)).map((row) => row.action)).toContain("order.assign");
    const refused = await answerOf(() =>
      staffCancelAction({ request: postRequest(`/backoffice/sarjat/${series.seriesId}/peru`, { intent: "cancel", from: series.visits[2]!.orderId, reason: "x" }, support), params, context: contextFor() }),
    );
    expect(refused.status).toBe(403);
  });
});
