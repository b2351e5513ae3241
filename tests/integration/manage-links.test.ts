import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { MANAGE_LINK_LIMITS, MANAGE_MESSAGE_LIMITS } from "~/services/rate-limit.server";
import { DEFAULT_PRICE_BANDS } from "~/domain/pricing";
import { formatEuros } from "~/domain/format";
import { RESCHEDULE_REFUSALS, RESCHEDULE_TEXTS } from "~/messages/reschedule";
import { reschedulePriceChangedMessage } from "~/messages/price-change";
import { orderMessageTexts } from "~/messages/order-messages";
import { setSetting } from "~/models/settings.server";
import * as manageTime from "~/routes/hallitse.$token_.muuta-aika._index";
import * as manageCaregiver from "~/routes/hallitse.$token_.muuta-aika.kaveri";
import * as manageConfirm from "~/routes/hallitse.$token_.muuta-aika.vahvista";
import * as backofficeOrder from "~/routes/backoffice.orders.$orderNumber._index";
import { postMessage } from "~/services/order-messages.server";
import { findThreadOrder } from "~/models/order-messages.server";
import { deleteManageLink } from "~/models/manage-links.server";
import { auditRows, emailsTo } from "./support/backoffice";
import { unfoldIcs } from "./support/booking-fixtures";
import { action as manageAction, loader as manageLoader, meta as manageMeta } from "~/routes/hallitse.$token";
import { loader as calendarLoader } from "~/routes/hallitse.$token_.kalenteri";
import { loader as creditNoteLoader } from "~/routes/hallitse.$token_.hyvityslasku";
import { loader as receiptLoader } from "~/routes/hallitse.$token_.kuitti";
import { loader as invoiceLoader } from "~/routes/hallitse.$token_.lasku";
import { action as reviewAction, loader as reviewLoader } from "~/routes/hallitse.$token_.arvio";
import { autoCompleteVisits } from "~/services/caregiver-tasks.server";
import { enqueueBookingConfirmation } from "~/services/booking-emails.server";
import { setTestClock } from "~/services/clock.server";
import { takeToast } from "~/services/flash.server";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { issueManageLink } from "~/services/manage-links.server";
import { issueReceipt } from "~/services/receipts.server";
import { answerOf, contextFor, cookiesFrom, createTestUser, getRequest, lastEmailTo, postRequest, sessionCookieFor } from "./support/auth";
import { createTestOrder, orderRow } from "./support/booking-fixtures";

// The "Hallitse varausta" link (issue 28 item 3; docs/decisions/0030): only the token's hash in
// the database, valid until 7 days after the visit, revoked by a new one, a bare 404 for anything
// else, counted per client, and a page whose forms (never its GET) act.

let db: DB;
let ipCounter = 0;
/** A client address of its own per test, so the miss limit of one test does not touch another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  db = await getDb();
});
afterEach(() => setTestClock(null));

let day = 0;
function farSlot(): Date {
  day += 1;
  return new Date(Date.UTC(2027, 4, day, 8, 0));
}

/** A guest's invoice order with its confirmation e-mail queued, and the token of the link in it. */
async function bookedAsGuest() {
  const order = await createTestOrder({ paymentMethod: "invoice", caregiverId: true, startsAt: farSlot() });
  await db.transaction().execute(async (trx) => {
    await createInvoiceForOrder(trx, order.orderId);
    await enqueueBookingConfirmation(trx, order.orderId);
  });
  const email = (await lastEmailTo(order.email))!;
  const link = email.links.find((candidate) => new URL(candidate).pathname.startsWith("/hallitse/"));
  if (!link) throw new Error(`no manage link in ${JSON.stringify(email.links)}`);
  return { order, email, token: new URL(link).pathname.split("/")[2]! };
}

function open(token: string, ip: string, cookie?: string) {
  return answerOf(() => manageLoader({ request: getRequest(`/hallitse/${token}`, cookie), params: { token }, context: contextFor(ip) }));
}

function post(token: string, fields: Record<string, string>, ip: string) {
  return answerOf(() => manageAction({ request: postRequest(`/hallitse/${token}`, fields), params: { token }, context: contextFor(ip) }));
}

async function toastOf(response: Response | null) {
  const cookie = cookiesFrom(response!);
  return (await takeToast(getRequest("/", cookie))).toast;
}

describe("the link in the confirmation", () => {
  it("is in every confirmation and opens the visit: when, where, who, price and payment state", async () => {
    const { order, email, token } = await bookedAsGuest();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(email.text).toContain("Hallitse varausta");
    // A guest is not told of a page of her own she does not have; the account is offered apart.
    expect(email.text).not.toContain("omalla sivullasi");
    expect(email.text).toContain("Viimeistele profiilisi");

    const counters = () => db.selectFrom("rate_limits").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    const before = await counters();
    const answer = await open(token, freshIp());
    expect(answer.status).toBe(200);
    // Opening a valid link counts against no limit (only misses do): a mail scanner writes nothing.
    expect(await counters()).toEqual(before);
    expect(answer.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(answer.headers.get("X-Robots-Tag")).toContain("noindex");
    expect(answer.data.orderNumber).toBe(order.orderNumber);
    expect(answer.data.caregiver.firstName).toBe("Aino");
    expect(answer.data.visit.map((fact: { label: string }) => fact.label)).toEqual(expect.arrayContaining(["Päivä", "Aika", "Osoite"]));
    expect(answer.data.paymentState).toBeTruthy();
    expect(answer.data.cancel.rule).toContain("maksutta");
    const meta = manageMeta({ data: answer.data } as never);
    expect(meta).toContainEqual({ name: "robots", content: "noindex, nofollow" });
  });

  it("stores only the token's hash: the raw token is in no table but the outbox e-mail's body", async () => {
    const { order, token } = await bookedAsGuest();
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db);
    const holding: string[] = [];
    for (const { name } of tables.rows) {
      const hit = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)} t where t::text like ${`%${token}%`}`.execute(db);
      if (hit.rows[0]!.n > 0) holding.push(name);
    }
    expect(holding).toEqual(["emails"]);
    const row = await db.selectFrom("manage_links").selectAll().where("order_id", "=", order.orderId).executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);
  });

  it("tells an account holder's sign-in to go on to the order", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", hasPassword: true, startsAt: farSlot() });
    await db.transaction().execute(async (trx) => {
      await createInvoiceForOrder(trx, order.orderId);
      await enqueueBookingConfirmation(trx, order.orderId);
    });
    const email = (await lastEmailTo(order.email))!;
    const signIn = email.links.find((link) => new URL(link).pathname === "/auth");
    expect(new URL(signIn!).searchParams.get("redirectTo")).toBe(`/portal/orders/${order.orderNumber}`);
    expect(email.text).toContain("Kirjaudu ja katso varauksesi");
    expect(email.links.some((link) => new URL(link).pathname.startsWith("/hallitse/"))).toBe(true);
  });
});

describe("for a signed-in owner", () => {
  it("links into the portal; the same page for anyone else with the link does not", async () => {
    const owner = await createTestUser({ email: `omistaja-${crypto.randomUUID()}@example.fi` });
    const order = await createTestOrder({ paymentMethod: "online", email: owner.email, startsAt: farSlot() });
    const url = await db.transaction().execute((trx) => issueManageLink(trx, order.orderId));
    const token = new URL(url).pathname.split("/")[2]!;
    expect((await open(token, freshIp(), await sessionCookieFor(owner))).data.portalHref).toBe(`/portal/orders/${order.orderNumber}`);
    const stranger = await createTestUser({ email: `vieras-${crypto.randomUUID()}@example.fi` });
    expect((await open(token, freshIp(), await sessionCookieFor(stranger))).data.portalHref).toBeNull();
    expect((await open(token, freshIp())).data.portalHref).toBeNull();
  });
});

describe("what the link does not open", () => {
  it("answers a wrong, malformed or revoked token with the same bare 404", async () => {
    const { token } = await bookedAsGuest();
    const ip = freshIp();
    const wrong = await open("A".repeat(43), ip);
    const malformed = await open("x", ip);
    expect((await post(token, { intent: "new-link" }, ip)).status).toBe(302);
    const revoked = await open(token, ip);
    for (const answer of [wrong, malformed, revoked]) {
      expect(answer.status).toBe(404);
      expect(await answer.response!.text()).toBe("Sivua ei löytynyt.");
      expect(answer.headers.get("Referrer-Policy")).toBe("no-referrer");
    }
  });

  it("opens until 7 days after the visit's end, not after", async () => {
    const { order, token } = await bookedAsGuest();
    const sevenDaysAfter = order.endsAt.getTime() + 7 * 24 * 3600_000;
    setTestClock(new Date(sevenDaysAfter - 60_000));
    expect((await open(token, freshIp())).status).toBe(200);
    setTestClock(new Date(sevenDaysAfter + 60_000));
    expect((await open(token, freshIp())).status).toBe(404);
  });

  it("refuses a client every link once it has missed too often, and only that client", async () => {
    const { token } = await bookedAsGuest();
    const ip = freshIp();
    for (let miss = 0; miss < MANAGE_LINK_LIMITS.missesPerIp; miss++) expect((await open(`${"B".repeat(42)}${miss % 10}`, ip)).status).toBe(404);
    const refused = await open(token, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await post(token, { intent: "new-link" }, ip)).status).toBe(429);
    expect((await open(token, freshIp())).status).toBe(200);
  });
});

describe("several e-mails", () => {
  it("each carries a link of its own, and a later e-mail's link leaves the earlier ones working", async () => {
    const { order, token } = await bookedAsGuest();
    const later = await db.transaction().execute((trx) => issueManageLink(trx, order.orderId));
    const laterToken = new URL(later).pathname.split("/")[2]!;
    expect(laterToken).not.toBe(token);
    const ip = freshIp();
    expect((await open(token, ip)).status).toBe(200);
    expect((await open(laterToken, ip)).status).toBe(200);
  });
});

describe("its forms", () => {
  it("'Lähetä uusi linkki' e-mails a fresh link to the payer and revokes every earlier one", async () => {
    const { order, token } = await bookedAsGuest();
    const other = new URL(await db.transaction().execute((trx) => issueManageLink(trx, order.orderId))).pathname.split("/")[2]!;
    const ip = freshIp();
    const answer = await post(token, { intent: "new-link" }, ip);
    expect(answer.status).toBe(302);
    const email = (await lastEmailTo(order.email))!;
    expect(email.subject).toContain("Uusi linkki");
    const fresh = new URL(email.links.find((link) => new URL(link).pathname.startsWith("/hallitse/"))!).pathname.split("/")[2]!;
    expect(fresh).not.toBe(token);
    expect((await open(token, ip)).status).toBe(404);
    expect((await open(other, ip)).status).toBe(404);
    expect((await open(fresh, ip)).status).toBe(200);
  });

  it("cancels with the fee shown first, once; a second cancel answers 'Käynti on jo peruutettu'", async () => {
    const { order, token } = await bookedAsGuest();
    const ip = freshIp();
    const page = await open(token, ip);
    const fields = { intent: "cancel", orderId: order.orderId, feeCents: String(page.data.cancel.feeCents) };
    const first = await post(token, fields, ip);
    expect(first.status).toBe(302);
    expect(first.location).toBe(`/hallitse/${token}`);
    expect((await toastOf(first.response))?.title).toBe("Tilaus peruutettu");
    expect((await orderRow(order.orderId)).status).toBe("cancelled");

    const second = await post(token, fields, ip);
    expect((await toastOf(second.response))?.title).toBe("Käynti on jo peruutettu");
    const after = await open(token, ip);
    expect(after.status).toBe(200);
    expect(after.data.cancel).toBeNull();
    expect(after.data.cancelled).toBe(true);
    // A cancelled visit has no calendar entry to add; its credit note is there to download.
    expect(after.data.calendarHref).toBeNull();
    expect(after.data.creditNoteDownload).toMatchObject({ href: `/hallitse/${token}/hyvityslasku` });
    const note = await answerOf(() => creditNoteLoader({ request: getRequest(`/hallitse/${token}/hyvityslasku`), params: { token }, context: contextFor(ip) }));
    expect(note.status).toBe(200);
    expect(note.headers.get("Content-Type")).toBe("application/pdf");
    expect(note.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect((await answerOf(() => calendarLoader({ request: getRequest(`/hallitse/${token}/kalenteri`), params: { token }, context: contextFor(ip) }))).status).toBe(404);
  });

  it("stops the text reminders to the visit's number, logged once as the number's withdrawal; a visit without them offers nothing", async () => {
    const plain = await bookedAsGuest();
    const ip = freshIp();
    expect((await open(plain.token, ip)).data.textReminders).toBeNull();
    // The intent on an order that asked for no texts is refused like any unknown form.
    expect((await post(plain.token, { intent: "stop-text-reminders" }, ip)).status).toBe(400);

    const { order, token } = await bookedAsGuest();
    const phone = "+358401112233";
    await db.updateTable("orders").set({ sms_reminder: true, sms_phone: phone }).where("id", "=", order.orderId).execute();
    const page = await open(token, ip);
    expect(page.data.textReminders).toEqual({ phone: "040 111 2233", on: true });

    const first = await post(token, { intent: "stop-text-reminders" }, ip);
    expect(first.location).toBe(`/hallitse/${token}#tekstiviestit`);
    expect((await toastOf(first.response))?.title).toBe("Tekstiviestimuistutukset peruttu");
    const second = await post(token, { intent: "stop-text-reminders" }, ip);
    expect((await toastOf(second.response))?.title).toBe("Tekstiviestimuistutukset oli jo peruttu");
    const rows = await db.selectFrom("consents").select(["phone", "profile_id", "purpose", "given", "method"]).where("phone", "=", phone).execute();
    expect(rows).toEqual([{ phone, profile_id: null, purpose: "tekstiviestimuistutukset", given: false, method: "hallintalinkki" }]);
    expect((await open(token, ip)).data.textReminders).toEqual({ phone: "040 111 2233", on: false });
  });

  it("gives the calendar file and the invoice PDF to the link's holder", async () => {
    const { order, token } = await bookedAsGuest();
    const ip = freshIp();
    const ics = await answerOf(() => calendarLoader({ request: getRequest(`/hallitse/${token}/kalenteri`), params: { token }, context: contextFor(ip) }));
    expect(ics.status).toBe(200);
    expect(ics.headers.get("Content-Type")).toContain("text/calendar");
    expect(await ics.response!.text()).toContain(order.orderId);
    const pdf = await answerOf(() => invoiceLoader({ request: getRequest(`/hallitse/${token}/lasku`), params: { token }, context: contextFor(ip) }));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const wrong = await answerOf(() => invoiceLoader({ request: getRequest(`/hallitse/${"C".repeat(43)}/lasku`), params: { token: "C".repeat(43) }, context: contextFor(ip) }));
    expect(wrong.status).toBe(404);
    // An invoice order has no receipt, nor a credit note before it is cancelled.
    for (const loader of [receiptLoader, creditNoteLoader]) {
      expect((await answerOf(() => loader({ request: getRequest(`/hallitse/${token}/x`), params: { token }, context: contextFor(ip) }))).status).toBe(404);
    }
  });

  it("gives the receipt of a paid online order to the link's holder", async () => {
    const order = await createTestOrder({ paymentMethod: "online", caregiverId: true, startsAt: farSlot() });
    await db.transaction().execute((trx) => issueReceipt(trx, order.paymentId, new Date()));
    const token = new URL(await db.transaction().execute((trx) => issueManageLink(trx, order.orderId))).pathname.split("/")[2]!;
    const ip = freshIp();
    expect((await open(token, ip)).data.receiptHref).toBe(`/hallitse/${token}/kuitti`);
    const receipt = await answerOf(() => receiptLoader({ request: getRequest(`/hallitse/${token}/kuitti`), params: { token }, context: contextFor(ip) }));
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get("Content-Type")).toBe("application/pdf");
    expect(receipt.headers.get("Content-Disposition")).toMatch(/kuitti-\d+\.pdf/);
  });
});

// ---------------------------------------------------------------- moving the visit, the helper, staff (docs/decisions/0036)

/** A visit `daysAhead` days from the real clock at 14.00 Helsinki (the pages use the app's clock). */
function soonSlot(daysAhead: number, hourUtc = 12): Date {
  const date = new Date(Date.now() + daysAhead * 86_400_000);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hourUtc, 0));
}
/** The Helsinki date of an instant (the slot's hour keeps it on the same date in either offset). */
const dateOf = (startsAt: Date) => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Helsinki" }).format(startsAt);

async function guestInvoiceOrder(startsAt: Date, caregiver = true) {
  const order = await createTestOrder({ paymentMethod: "invoice", caregiverId: caregiver ? true : undefined, startsAt });
  await db.transaction().execute((trx) => createInvoiceForOrder(trx, order.orderId));
  const token = new URL(await db.transaction().execute((trx) => issueManageLink(trx, order.orderId))).pathname.split("/")[2]!;
  return { order, token };
}

const step = (module: { loader: (args: never) => unknown }, path: string, token: string, ip: string) =>
  answerOf(() => module.loader({ request: getRequest(path), params: { token }, context: contextFor(ip) } as never));
const confirmPost = (path: string, fields: Record<string, string>, token: string, ip: string) =>
  answerOf(() => manageConfirm.action({ request: postRequest(path, fields), params: { token }, context: contextFor(ip) } as never));

describe("moving the visit from the link", () => {
  it("walks the portal's three steps with the customer's rules and money, checks the shown price, and the changed .ics and e-mail follow", async () => {
    const { order, token } = await guestInvoiceOrder(soonSlot(30));
    const ip = freshIp();
    const base = `/hallitse/${token}/muuta-aika`;
    const page = await open(token, ip);
    expect(page.data.rescheduleHref).toBe(base);
    expect(page.data.rescheduleHint).toMatch(/^Voit muuttaa aikaa itse .+ asti\./);

    const first = await step(manageTime, base, token, ip);
    expect(first.status).toBe(302);
    expect(first.location).toContain(`${base}?paiva=${dateOf(order.startsAt)}`);
    const shown = await step(manageTime, first.location!, token, ip);
    expect(shown.status).toBe(200);
    expect(shown.data.intro).toContain(order.orderNumber);
    expect(shown.data.flow.inPortal).toBe(false);

    const draft = new URLSearchParams({ paiva: dateOf(soonSlot(31)), aika: "09:00", kesto: "3", palvelu: (await orderRow(order.orderId)).service_category_id, postinumero: "00500", kaupunki: "Helsinki" });
    const helper = await step(manageCaregiver, `${base}/kaveri?${draft}`, token, ip);
    expect(helper.status).toBe(302);
    expect(helper.location).toContain(`${base}/vahvista?`);
    expect(helper.location).toContain(`kaveri=${order.caregiverId}`);
    const confirm = await step(manageConfirm, helper.location!, token, ip);
    expect(confirm.status).toBe(200);
    expect(new Headers(manageConfirm.headers({ loaderHeaders: new Headers(), errorHeaders: undefined } as never)).get("Referrer-Policy")).toBe("no-referrer");
    expect(confirm.data.orderPath).toBe(`/hallitse/${token}`);
    expect(confirm.data.rows).toContainEqual({ label: "Uusi hinta", value: formatEuros(12000) });
    expect(confirm.data.moneyLines).toContain("Nykyinen lasku hyvitetään hyvityslaskulla kokonaan.");
    expect(await orderRow(order.orderId)).toMatchObject({ visit_sequence: 0 });

    const fields = Object.fromEntries(new URL(helper.location!, "http://localhost").searchParams);
    try {
      // The day price rises while the page is open: refused with the new price shown, moved at it when confirmed again.
      await setSetting(db, "price_bands", DEFAULT_PRICE_BANDS.map((band) => (band.id === "day" ? { ...band, hourlyCents: 4700 } : band)));
      const refused = await confirmPost(helper.location!, { ...fields, versio: "0", hinta: "12000" }, token, ip);
      expect(refused.status).toBe(409);
      expect(refused.data.error).toBe(reschedulePriceChangedMessage(14100));
      expect(await orderRow(order.orderId)).toMatchObject({ visit_sequence: 0, total_price_cents: 8000 });
      const moved = await confirmPost(helper.location!, { ...fields, versio: "0", hinta: "14100" }, token, ip);
      expect(moved.status).toBe(302);
      expect(moved.location).toBe(`/hallitse/${token}`);
      expect((await toastOf(moved.response))?.title).toBe(RESCHEDULE_TEXTS.done);
    } finally {
      await setSetting(db, "price_bands", DEFAULT_PRICE_BANDS);
    }
    expect(await orderRow(order.orderId)).toMatchObject({ visit_sequence: 1, total_price_cents: 14100, scheduled_start: "09:00:00", caregiver_id: order.caregiverId });
    const [audit] = (await auditRows("order", order.orderId)).filter((row) => row.action === "order.reschedule");
    expect(audit!.actor_id).toBe(order.profileId);

    // A second POST of the same page: the visit moved on, nothing changes.
    const again = await confirmPost(helper.location!, { ...fields, versio: "0", hinta: "14100" }, token, ip);
    expect(again.status).toBe(409);
    expect(again.data.error).toBe(RESCHEDULE_REFUSALS.stale);

    // The changed calendar file: the same UID, a higher SEQUENCE.
    const ics = await answerOf(() => calendarLoader({ request: getRequest(`/hallitse/${token}/kalenteri`), params: { token }, context: contextFor(ip) }));
    const text = unfoldIcs(await ics.response!.text());
    expect(text).toContain(`UID:${order.orderId}@`);
    expect(text).toContain("SEQUENCE:1");
    // The change e-mail carries a manage link of its own that opens the moved visit; a guest gets no portal link.
    const change = (await emailsTo(order.email)).filter((email) => email.subject.includes("aika on muutettu")).at(-1)!;
    const link = [...change.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]).find((url) => new URL(url).pathname.startsWith("/hallitse/"));
    const changeToken = new URL(link!).pathname.split("/")[2]!;
    expect((await open(changeToken, ip)).data.visit).toContainEqual(expect.objectContaining({ value: "klo 09.00–12.00" }));
    expect(change.text).not.toContain("Avaa tilauksesi");
  });

  it("sends the holder back to the page with the reason after the customer's deadline, and a wrong or revoked link gets the bare 404", async () => {
    const late = await guestInvoiceOrder(new Date(Date.now() + 20 * 3_600_000));
    const ip = freshIp();
    expect((await open(late.token, ip)).data.rescheduleHref).toBeNull();
    const refused = await step(manageTime, `/hallitse/${late.token}/muuta-aika`, late.token, ip);
    expect(refused.status).toBe(302);
    expect(refused.location).toBe(`/hallitse/${late.token}`);
    expect((await toastOf(refused.response))?.title).toBe(RESCHEDULE_REFUSALS.too_late);

    const { order, token } = await guestInvoiceOrder(soonSlot(32));
    const draft = new URLSearchParams({ paiva: dateOf(soonSlot(33)), aika: "09:00", kesto: "2", palvelu: (await orderRow(order.orderId)).service_category_id, kaveri: order.caregiverId!, versio: "0" });
    await db.transaction().execute((trx) => deleteManageLink(trx, order.orderId));
    for (const wrong of [token, "D".repeat(43), "lyhyt"]) {
      for (const answer of [
        await step(manageTime, `/hallitse/${wrong}/muuta-aika`, wrong, ip),
        await step(manageConfirm, `/hallitse/${wrong}/muuta-aika/vahvista?${draft}`, wrong, ip),
        await confirmPost(`/hallitse/${wrong}/muuta-aika/vahvista?${draft}`, Object.fromEntries(draft), wrong, ip),
      ]) {
        expect(answer.status).toBe(404);
        expect(await answer.response!.text()).toBe("Sivua ei löytynyt.");
      }
    }
    expect(await orderRow(order.orderId)).toMatchObject({ visit_sequence: 0 });
  });
});

describe("messaging the helper from the link", () => {
  it("shows the thread once a helper is assigned, refuses an empty message at the form, writes one and e-mails the helper", async () => {
    const { order, token } = await guestInvoiceOrder(soonSlot(34));
    const ip = freshIp();
    const page = await open(token, ip);
    expect(page.data.thread).toMatchObject({ messages: [], writable: true });
    expect(page.data.thread.note).toContain("Aino");

    const empty = await post(token, { intent: "message", message: "   " }, ip);
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.message).toEqual([orderMessageTexts.missing]);

    const sent = await post(token, { intent: "message", message: "Ovikoodi on 1234." }, ip);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/hallitse/${token}#viestit`);
    expect((await toastOf(sent.response))?.title).toBe(orderMessageTexts.sent);
    const rows = await db.selectFrom("messages").select(["sender_id", "message_text as text"]).where("order_id", "=", order.orderId).execute();
    expect(rows).toEqual([{ sender_id: order.profileId, text: "Ovikoodi on 1234." }]);
    const helperEmail = (await db.selectFrom("caregivers").innerJoin("profiles", "profiles.id", "caregivers.profile_id").select("profiles.email").where("caregivers.id", "=", order.caregiverId!).executeTakeFirstOrThrow()).email;
    expect((await lastEmailTo(helperEmail))!.text).toContain("Ovikoodi on 1234.");
    expect((await open(token, ip)).data.thread.messages).toEqual([expect.objectContaining({ who: "Sinä", text: "Ovikoodi on 1234." })]);

    // The helper's answer reaches the guest with a link she can open: the manage page's thread, not the portal's.
    const thread = (await findThreadOrder(db, order.orderId))!;
    await postMessage(db, thread, { profileId: thread.caregiver!.profileId, role: "caregiver" }, "Selvä, nähdään!");
    const answer = (await lastEmailTo(order.email))!;
    expect(answer.subject).toContain("Uusi viesti");
    const link = answer.links.find((url) => new URL(url).pathname.startsWith("/hallitse/"));
    expect(link).toMatch(/#viestit$/);
    expect(answer.links.some((url) => new URL(url).pathname.startsWith("/portal/"))).toBe(false);
    expect((await open(new URL(link!).pathname.split("/")[2]!, ip)).status).toBe(200);
  });

  it("limits the messages of one order, and offers no thread before a helper is assigned", async () => {
    const { order, token } = await guestInvoiceOrder(soonSlot(35));
    const ip = freshIp();
    for (let i = 0; i < MANAGE_MESSAGE_LIMITS.perOrder; i++) expect((await post(token, { intent: "message", message: `Viesti ${i}` }, ip)).status).toBe(302);
    const refused = await post(token, { intent: "message", message: "Vielä yksi" }, freshIp());
    expect(refused.status).toBe(429);
    expect(refused.data.result.error[""][0]).toMatch(/^Olet lähettänyt monta viestiä lyhyessä ajassa/);
    expect(await db.selectFrom("messages").select(sql<number>`count(*)::int`.as("n")).where("order_id", "=", order.orderId).executeTakeFirstOrThrow()).toEqual({ n: MANAGE_MESSAGE_LIMITS.perOrder });

    const unassigned = await guestInvoiceOrder(soonSlot(36), false);
    expect((await open(unassigned.token, ip)).data.thread).toBeNull();
    expect((await post(unassigned.token, { intent: "message", message: "Hei" }, ip)).status).toBe(400);
  });
});

describe("staff re-sending the link", () => {
  const tab = (role: "admin" | "support" | "moderator") => createTestUser({ email: `${role}-linkki-${crypto.randomUUID()}@example.fi`, role });

  it("admin and support revoke every link and e-mail the payer a new one, with a line in the audit log; a moderator may not", async () => {
    const { order, token } = await guestInvoiceOrder(soonSlot(37));
    const ip = freshIp();
    const path = `/backoffice/orders/${order.orderNumber}`;
    const act = async (cookie: string) =>
      answerOf(() => backofficeOrder.action({ request: postRequest(path, { intent: "manage-link", orderId: order.orderId, returnTo: path }, cookie), params: { orderNumber: order.orderNumber }, context: contextFor(ip) }));
    const view = async (cookie: string) => answerOf(() => backofficeOrder.loader({ request: getRequest(path, cookie), params: { orderNumber: order.orderNumber }, context: contextFor(ip) }));

    const moderator = await sessionCookieFor(await tab("moderator"));
    expect((await view(moderator)).data.manageLink).toBe(false);
    const before = await emailsTo(order.email);
    const refused = await act(moderator);
    expect(refused.status).toBe(302);
    expect((await toastOf(refused.response))?.type).toBe("error");
    expect((await open(token, ip)).status).toBe(200);
    expect(await emailsTo(order.email)).toHaveLength(before.length);

    for (const role of ["support", "admin"] as const) {
      const staff = await tab(role);
      const cookie = await sessionCookieFor(staff);
      expect((await view(cookie)).data.manageLink).toBe(true);
      const current = new URL((await lastEmailTo(order.email))?.links.find((url) => new URL(url).pathname.startsWith("/hallitse/")) ?? `http://x/hallitse/${token}`).pathname.split("/")[2]!;
      const done = await act(cookie);
      expect(done.status).toBe(302);
      expect((await toastOf(done.response))?.title).toBe(`Uusi linkki lähetetty osoitteeseen ${order.email}. Aiemmat linkit eivät enää toimi.`);
      expect((await open(token, ip)).status).toBe(404);
      expect((await open(current, ip)).status).toBe(404);
      const email = (await lastEmailTo(order.email))!;
      expect(email.subject).toContain("Uusi linkki");
      // Staff sent it: the e-mail does not tell the payer they asked for it.
      expect(email.text).toContain("Asiakaspalvelumme lähetti sinulle uuden linkin");
      expect(email.text).not.toContain("Pyysit uuden linkin");
      const fresh = new URL(email.links.find((url) => new URL(url).pathname.startsWith("/hallitse/"))!).pathname.split("/")[2]!;
      expect((await open(fresh, ip)).status).toBe(200);
      const audit = (await auditRows("order", order.orderId)).filter((row) => row.action === "order.manage_link_reissue").at(-1)!;
      expect(audit.actor_id).toBe(staff.id);
    }
  });
});

describe("after the visit (issue 28 item 6)", () => {
  it("the e-mail of a completed visit sends a guest to rate it under her link; the page is the portal's, once", async () => {
    const { order } = await bookedAsGuest();
    await db.updateTable("orders").set({ status: "in_progress" }).where("id", "=", order.orderId).execute();
    const { ends_at: endsAt } = await db.selectFrom("orders").select("ends_at").where("id", "=", order.orderId).executeTakeFirstOrThrow();
    setTestClock(new Date(endsAt.getTime() + 13 * 3_600_000));
    expect(await autoCompleteVisits(db, new Date(endsAt.getTime() + 13 * 3_600_000))).toEqual([order.orderNumber]);

    const email = (await emailsTo(order.email)).find((mail) => mail.subject.startsWith("Käynti on tehty"))!;
    expect(email.text).not.toContain("/portal/orders/");
    const reviewLink = [...email.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]).find((url) => /^\/hallitse\/[A-Za-z0-9_-]{43}\/arvio$/.test(new URL(url).pathname))!;
    expect(reviewLink).toBeTruthy();
    const token = new URL(reviewLink).pathname.split("/")[2]!;
    const ip = freshIp();
    const call = (fields?: Record<string, string>) =>
      answerOf(() =>
        fields
          ? reviewAction({ request: postRequest(`/hallitse/${token}/arvio`, fields), params: { token }, context: contextFor(ip) })
          : reviewLoader({ request: getRequest(`/hallitse/${token}/arvio`), params: { token }, context: contextFor(ip) }),
      );

    // The manage page offers it; the review page opens, with the manage page's headers.
    expect((await open(token, ip)).data.reviewHref).toBe(`/hallitse/${token}/arvio`);
    const page = await call();
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(page.data).toMatchObject({ state: "open", orderNumber: order.orderNumber, back: `/hallitse/${token}` });

    expect((await call({ rating: "" })).status).toBe(400);
    const given = await call({ rating: "5", comment: "Mukava käynti" });
    expect(given.location).toBe(`/hallitse/${token}/arvio`);
    expect(await toastOf(given.response)).toMatchObject({ type: "success", title: "Kiitos arviostasi!" });
    expect(await db.selectFrom("reviews").select(["rating", "comment"]).where("order_id", "=", order.orderId).execute()).toEqual([{ rating: 5, comment: "Mukava käynti" }]);
    expect(await toastOf((await call({ rating: "1" })).response)).toMatchObject({ type: "error", title: "Olet jo arvioinut tämän käynnin" });
    expect((await call()).data).toMatchObject({ state: "given", review: { rating: 5 } });
    expect((await open(token, ip)).data.reviewHref).toBeNull();

    // A wrong link is the manage page's bare 404.
    const wrong = "x".repeat(43);
    expect((await answerOf(() => reviewLoader({ request: getRequest(`/hallitse/${wrong}/arvio`), params: { token: wrong }, context: contextFor(freshIp()) }))).status).toBe(404);
  });
});
