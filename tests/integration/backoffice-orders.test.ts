import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { formatEuros } from "~/domain/format";
import type { AuthUser } from "~/models/users.server";
import { loader as orderLayoutLoader } from "~/routes/backoffice.orders.$orderNumber";
import { action as basicsAction, loader as basicsLoader } from "~/routes/backoffice.orders.$orderNumber._index";
import { loader as timelineLoader } from "~/routes/backoffice.orders.$orderNumber.aikajana";
import { loader as paymentLoader } from "~/routes/backoffice.orders.$orderNumber.maksu";
import { action as listAction, loader as listLoader } from "~/routes/backoffice.orders._index";
import { setTestClock } from "~/services/clock.server";
import { takeToast } from "~/services/flash.server";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { answerOf, contextFor, cookiesFrom, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { createTestOrder } from "./support/booking-fixtures";
import { auditRows, createCaregiver } from "./support/backoffice";

// The orders of the back office (spec 001 §2, §4, §8; issue 14): the list's filters, search,
// pages and counts, and the status and helper changes through real POSTs, each audited.

let db: DB;
const cookies: Record<"admin" | "support", string> = { admin: "", support: "" };
const users = {} as Record<"admin" | "support", AuthUser>;

beforeAll(async () => {
  db = await getDb();
  users.admin = await createTestUser({ email: "admin-tilaukset@example.fi", role: "admin", fullName: "Aino Ylläpitäjä" });
  users.support = await createTestUser({ email: "tuki-tilaukset@example.fi", role: "support", fullName: "Tuomas Tuki" });
  cookies.admin = await sessionCookieFor(users.admin);
  cookies.support = await sessionCookieFor(users.support);
});

let day = 0;
function nextSlot(): Date {
  day += 1;
  return new Date(Date.UTC(2027, 5, day, 9, 0));
}

function list(query: string, who: keyof typeof cookies = "support") {
  return answerOf(() => listLoader({ request: getRequest(`/backoffice/orders?${query}`, cookies[who]), params: {}, context: contextFor() }));
}

function change(fields: Record<string, string>, who: keyof typeof cookies = "support") {
  return answerOf(() => listAction({ request: postRequest("/backoffice/orders", fields, cookies[who]), params: {}, context: contextFor() }));
}

async function toastOf(answer: { response: Response | null }) {
  const { toast } = await takeToast(getRequest("/", cookiesFrom(answer.response!)));
  return toast;
}

const numbers = (answer: { data: { rows: Array<{ orderNumber: string }> } }) => answer.data.rows.map((row) => row.orderNumber);

afterEach(() => setTestClock(null));

describe("the orders list", () => {
  it("searches order numbers, customer and helper names case-insensitively, and pages newest first", async () => {
    const caregiver = await createCaregiver(db, { name: "Kerttu Etsittävä" });
    const byHelper = await createTestOrder({ paymentMethod: "invoice", startsAt: nextSlot(), caregiverId: caregiver.id });
    const byCustomer = await createTestOrder({ paymentMethod: "invoice", startsAt: nextSlot(), fullName: "Onni Löydettävä" });
    const other = await createTestOrder({ paymentMethod: "online", startsAt: nextSlot() });

    expect(numbers(await list("haku=kerttu%20etsit"))).toEqual([byHelper.orderNumber]);
    expect(numbers(await list("haku=LÖYDETTÄVÄ"))).toEqual([byCustomer.orderNumber]);
    expect(numbers(await list(`haku=${other.orderNumber.toLowerCase()}`))).toEqual([other.orderNumber]);
    const found = await list("haku=LÖYDETTÄVÄ");
    expect(found.data.count).toEqual({ value: 1, kind: "exact" });
    const none = await list("haku=eiloydymitaan");
    expect(none.data).toMatchObject({ rows: [], filtered: true });
    expect((await list("haku=ab")).data.notices).toEqual(["Kirjoita hakuun vähintään 3 merkkiä."]);
  });

  it("filters by status, open, unassigned and visit date, and says the empty result", async () => {
    const startsAt = new Date("2027-09-15T09:00:00Z");
    const pending = await createTestOrder({ paymentMethod: "invoice", startsAt, fullName: "Päivä Suodatin" });
    const unpaid = await createTestOrder({ paymentMethod: "online", startsAt: new Date("2027-09-15T12:00:00Z"), fullName: "Päivä Suodatin" });
    const done = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date("2027-09-16T09:00:00Z"), status: "completed", fullName: "Päivä Suodatin" });
    const search = "haku=p%C3%A4iv%C3%A4%20suodatin";
    expect(numbers(await list(`${search}&tila=completed`))).toEqual([done.orderNumber]);
    expect(numbers(await list(`${search}&tila=avoimet`)).sort()).toEqual([pending.orderNumber, unpaid.orderNumber].sort());
    expect(numbers(await list(`${search}&kaveri=ei&tila=completed`))).toEqual([]);

    const byDay = await list("alkaen=2027-09-15&asti=2027-09-15");
    expect(byDay.data.sort).toBe("visit");
    expect(numbers(byDay)).toEqual([unpaid.orderNumber, pending.orderNumber]);
    const reversed = await list("alkaen=2027-09-16&asti=2027-09-15");
    expect(reversed.data.notices).toEqual(["Alkupäivä ei voi olla loppupäivän jälkeen."]);
    expect((await list("alkaen=15.9.2027")).data.notices).toEqual(["Kirjoita päivämäärä muodossa p.k.vvvv."]);
    expect((await list("tila=cancelled&alkaen=2030-01-01")).data.rows).toEqual([]);
  });

  it("pages with cursors forward and back, keeping the filters", async () => {
    const name = "Sivu Tutkija";
    const made = [];
    for (let i = 0; i < 23; i += 1) made.push(await createTestOrder({ paymentMethod: "invoice", startsAt: nextSlot(), fullName: name }));
    const newestFirst = made.map((order) => order.orderNumber).reverse();
    const first = await list("haku=sivu%20tutkija");
    expect(numbers(first)).toEqual(newestFirst.slice(0, 20));
    expect(first.data.previous).toBeNull();
    expect(first.data.next).toMatch(/^\?haku=sivu\+tutkija&jalkeen=/);
    const second = await list(first.data.next.slice(1));
    expect(numbers(second)).toEqual(newestFirst.slice(20));
    expect(second.data.next).toBeNull();
    const back = await list(second.data.previous.slice(1));
    expect(numbers(back)).toEqual(newestFirst.slice(0, 20));
    // A search spanning pages says it estimates (the planner's number, 'noin …').
    expect(first.data.count.kind).toBe("estimate");
    expect((await list("kaveri=ei")).data.count.kind).toBe("exact");
  });

  it("offers only free approved helpers of the visit's city in each row, and links rows to their page with the filters", async () => {
    const free = await createCaregiver(db, { name: "Vapaa Vilja", city: "Helsinki", rating: 4.9 });
    const busy = await createCaregiver(db, { name: "Varattu Veikko", city: "Helsinki", rating: 4.95 });
    const startsAt = nextSlot();
    await createTestOrder({ paymentMethod: "invoice", startsAt, caregiverId: busy.id });
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt, fullName: "Rivi Valitsija" });
    const page = await list("haku=rivi%20valitsija");
    const row = page.data.rows[0];
    const offered = row.caregiverOptions.map((option: { value: string }) => option.value);
    expect(offered).toContain(free.id);
    expect(offered).not.toContain(busy.id);
    expect(row.href).toBe(`/backoffice/orders/${order.orderNumber}?haku=rivi+valitsija`);
    expect(row.statusOptions.map((option: { value: string }) => option.value)).not.toContain("cancelled");
    expect(row.canCancel).toBe(false);
    const asAdmin = await list("haku=rivi%20valitsija", "admin");
    expect(asAdmin.data.rows[0].canCancel).toBe(true);
  });
});

describe("changing an order from the list", () => {
  it("assigns a helper, audits it and says 'Kaveri päivitetty'", async () => {
    const caregiver = await createCaregiver(db, { name: "Auli Asetettava" });
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: nextSlot() });
    const answer = await change({ intent: "assign", orderId: order.orderId, caregiverId: caregiver.id, returnTo: "/backoffice/orders?kaveri=ei" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/backoffice/orders?kaveri=ei");
    expect(await toastOf(answer)).toMatchObject({ type: "success", title: "Kaveri päivitetty", description: `${order.orderNumber}: Auli Asetettava` });
    expect((await auditRows("order", order.orderId))[0]).toMatchObject({ actor_id: users.support.id, action: "order.assign" });
  });

  it("refuses an overlapping helper with the §8 message", async () => {
    const caregiver = await createCaregiver(db);
    const startsAt = nextSlot();
    await createTestOrder({ paymentMethod: "invoice", startsAt, caregiverId: caregiver.id });
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt });
    const answer = await change({ intent: "assign", orderId: order.orderId, caregiverId: caregiver.id });
    expect(await toastOf(answer)).toMatchObject({
      type: "error",
      title: expect.stringMatching(/^Kaverin päivitys epäonnistui: .+ on varattu tuohon aikaan\.$/),
    });
    expect(await auditRows("order", order.orderId)).toHaveLength(0);
  });

  it("moves an order along the staff rows of the transition table, audited, with 'Tila päivitetty'", async () => {
    const startsAt = nextSlot();
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt, caregiverId: true });
    setTestClock(new Date(startsAt.getTime() + 60_000));
    expect(await toastOf(await change({ intent: "status", orderId: order.orderId, status: "in_progress" }))).toMatchObject({ type: "success", title: "Tila päivitetty" });
    expect(await toastOf(await change({ intent: "status", orderId: order.orderId, status: "pending" }))).toMatchObject({ type: "success" });
    const answer = await change({ intent: "status", orderId: order.orderId, status: "completed" });
    expect(await toastOf(answer)).toMatchObject({ type: "success", title: "Tila päivitetty" });
    const row = await db.selectFrom("orders").select(["status", "completed_at"]).where("id", "=", order.orderId).executeTakeFirstOrThrow();
    expect(row.status).toBe("completed");
    expect(row.completed_at).not.toBeNull();
    expect((await auditRows("order", order.orderId)).at(-1)).toMatchObject({
      action: "order.status",
      before: { status: "pending" },
      after: { status: "completed" },
    });
    // Completed is final: nothing moves it back.
    const back = await change({ intent: "status", orderId: order.orderId, status: "in_progress" });
    expect(await toastOf(back)).toMatchObject({ type: "error", title: expect.stringContaining("Valmis ja peruutettu tilaus ovat lopullisia") });
    expect(await db.selectFrom("orders").select("status").where("id", "=", order.orderId).executeTakeFirstOrThrow()).toEqual({ status: "completed" });
  });

  it("owes the helper their earnings once when staff mark an order with a helper completed", async () => {
    const startsAt = nextSlot();
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt, caregiverId: true });
    setTestClock(new Date(startsAt.getTime() + 60_000));
    const earnings = await db.selectFrom("orders").select("caregiver_earnings_cents").where("id", "=", order.orderId).executeTakeFirstOrThrow();
    await Promise.all([change({ intent: "status", orderId: order.orderId, status: "completed" }), change({ intent: "status", orderId: order.orderId, status: "completed" })]);
    await change({ intent: "status", orderId: order.orderId, status: "in_progress" });
    await change({ intent: "status", orderId: order.orderId, status: "completed" });
    const payouts = await db.selectFrom("payouts").select(["caregiver_id", "amount_cents", "status"]).where("order_id", "=", order.orderId).execute();
    expect(payouts).toEqual([{ caregiver_id: order.caregiverId, amount_cents: earnings.caregiver_earnings_cents, status: "pending" }]);
    expect((await auditRows("order", order.orderId)).find((row) => (row.after as { payoutCents?: number } | null)?.payoutCents !== undefined)).toMatchObject({
      after: { status: "completed", payoutCents: earnings.caregiver_earnings_cents },
    });
  });

  it("refuses support reviving a cancelled order as completed, and staff completing a minute before the start, paying nothing", async () => {
    const payoutsOf = (orderId: string) => db.selectFrom("payouts").select("id").where("order_id", "=", orderId).execute();
    const statusOf = async (orderId: string) => (await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()).status;
    const startsAt = nextSlot();
    const cancelled = await createTestOrder({ paymentMethod: "invoice", startsAt, caregiverId: true, status: "cancelled" });
    setTestClock(new Date(startsAt.getTime() + 60_000));
    for (const status of ["completed", "in_progress", "pending"]) {
      const answer = await change({ intent: "status", orderId: cancelled.orderId, status });
      expect(await toastOf(answer), status).toMatchObject({ type: "error", title: expect.stringContaining("Valmis ja peruutettu tilaus ovat lopullisia") });
    }
    expect(await statusOf(cancelled.orderId)).toBe("cancelled");
    expect(await payoutsOf(cancelled.orderId)).toHaveLength(0);
    expect(await auditRows("order", cancelled.orderId)).toHaveLength(0);

    const early = nextSlot();
    const coming = await createTestOrder({ paymentMethod: "invoice", startsAt: early, caregiverId: true });
    setTestClock(new Date(early.getTime() - 60_000));
    for (const who of ["support", "admin"] as const) {
      const fromList = await change({ intent: "status", orderId: coming.orderId, status: "completed" }, who);
      expect(await toastOf(fromList), who).toMatchObject({ type: "error", title: expect.stringMatching(/Tilan voi vaihtaa vasta .* klo \d\d\.\d\d alkaen/) });
      const fromPage = await answerOf(() =>
        basicsAction({
          request: postRequest(`/backoffice/orders/${coming.orderNumber}`, { intent: "status", orderId: coming.orderId, status: "completed" }, cookies[who]),
          params: { orderNumber: coming.orderNumber },
          context: contextFor(),
        }),
      );
      expect(await toastOf(fromPage), who).toMatchObject({ type: "error", title: expect.stringContaining("Tilan voi vaihtaa vasta") });
    }
    expect(await statusOf(coming.orderId)).toBe("pending");
    expect(await payoutsOf(coming.orderId)).toHaveLength(0);
    expect(await auditRows("order", coming.orderId)).toHaveLength(0);
  });

  it("sends cancelling to the admin's cancellation page and refuses it for support", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: nextSlot() });
    const bySupport = await change({ intent: "status", orderId: order.orderId, status: "cancelled" });
    expect(await toastOf(bySupport)).toMatchObject({ type: "error", title: "Tilan päivitys epäonnistui: vain ylläpitäjä voi perua tilauksen." });
    const byAdmin = await change({ intent: "status", orderId: order.orderId, status: "cancelled", returnTo: "/backoffice/orders?tila=pending" }, "admin");
    expect(byAdmin.status).toBe(302);
    expect(byAdmin.location).toBe(`/backoffice/orders/${order.orderNumber}/peruuta?takaisin=%2Fbackoffice%2Forders%3Ftila%3Dpending`);
    const row = await db.selectFrom("orders").select("status").where("id", "=", order.orderId).executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
  });

  it("returns only to back-office pages, and answers forged forms 400", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: nextSlot() });
    for (const returnTo of ["https://evil.example/", "//evil.example", "/portal", "/backoffice/../portal"]) {
      const answer = await change({ intent: "status", orderId: order.orderId, status: "in_progress", returnTo });
      expect(answer.location).toBe("/backoffice/orders");
    }
    expect((await change({ intent: "status", orderId: "ei-uuid", status: "pending" })).status).toBe(400);
    expect((await change({ intent: "status", orderId: order.orderId, status: "valmis" })).status).toBe(400);
    expect((await change({ intent: "poista", orderId: order.orderId })).status).toBe(400);
    const missing = await change({ intent: "status", orderId: "00000000-0000-4000-8000-000000000000", status: "pending" });
    expect(await toastOf(missing)).toMatchObject({ type: "error", title: "Tilan päivitys epäonnistui: tilausta ei löytynyt." });
  });
});

describe("an order's page", () => {
  it("has four tab loaders: basics, payment split with the invoice, timeline from the audit log", async () => {
    const caregiver = await createCaregiver(db, { name: "Tabu Kaveri" });
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: nextSlot(), bookingFor: "other" });
    await db.transaction().execute((trx) => createInvoiceForOrder(trx, order.orderId));
    await change({ intent: "assign", orderId: order.orderId, caregiverId: caregiver.id });
    const args = (path: string) => ({
      request: getRequest(`/backoffice/orders/${order.orderNumber}${path}?tila=pending`, cookies.support),
      params: { orderNumber: order.orderNumber },
      context: contextFor(),
    });

    const layout = await answerOf(() => orderLayoutLoader(args("")));
    expect(layout.data).toMatchObject({ orderNumber: order.orderNumber, backHref: "/backoffice/orders?tila=pending", search: "?tila=pending" });

    const basics = await answerOf(() => basicsLoader(args("")));
    expect(basics.data.order.customer.facts).toContainEqual({ label: "Nimi", value: "Sirkka Mäkelä" });
    expect(basics.data.order.customer.href).toBeNull();
    expect(basics.data.order.caregiver.facts).toContainEqual({ label: "Nimi", value: "Tabu Kaveri" });
    expect(basics.data.order.visit).toContainEqual({ label: "Palvelun saaja", value: "Väinö Öhman, puh. 0509876543" });
    expect(basics.data.cancelHref).toBeNull();

    const payment = await answerOf(() => paymentLoader(args("/maksu")));
    const amounts = Object.fromEntries(payment.data.amounts.map((item: { label: string; value: string }) => [item.label, item.value]));
    expect(amounts["Brutto (sis. alv)"]).toBe(formatEuros(8000));
    expect(amounts["Netto (ilman alv)"]).toBe(formatEuros(6375));
    expect(amounts["Alv 25,5 %"]).toBe(formatEuros(1625));
    expect(amounts["Palvelumaksu 20 % netosta"]).toBe(formatEuros(1275));
    expect(amounts["Kaverin osuus"]).toBe(formatEuros(5100));
    expect(payment.data.invoice.pdfHref).toBe(`/lasku/${order.orderNumber}`);
    expect(payment.data.payments).toHaveLength(1);

    const timeline = await answerOf(() => timelineLoader(args("/aikajana")));
    expect(timeline.data.entries.map((entry: { action: string }) => entry.action)).toEqual(["Tilaus luotu", "Kaverin muutos"]);
    expect(timeline.data.entries[1]).toMatchObject({ actor: "Tuomas Tuki", changes: [{ field: "Kaveri", before: "–", after: "Tabu Kaveri" }] });
  });

  it("changes from the page return to the page, and an unknown order is 404", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: nextSlot() });
    const here = `/backoffice/orders/${order.orderNumber}?tila=pending`;
    const answer = await answerOf(() =>
      basicsAction({
        request: postRequest(`/backoffice/orders/${order.orderNumber}`, { intent: "status", orderId: order.orderId, status: "in_progress", returnTo: here }, cookies.support),
        params: { orderNumber: order.orderNumber },
        context: contextFor(),
      }),
    );
    expect(answer.location).toBe(here);
    const missing = await answerOf(() =>
      basicsLoader({ request: getRequest("/backoffice/orders/ORD-1", cookies.support), params: { orderNumber: "ORD-1" }, context: contextFor() }),
    );
    expect(missing.status).toBe(404);
  });
});
