import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { MANAGE_LINK_LIMITS } from "~/services/rate-limit.server";
import { action as manageAction, loader as manageLoader, meta as manageMeta } from "~/routes/hallitse.$token";
import { loader as calendarLoader } from "~/routes/hallitse.$token_.kalenteri";
import { loader as creditNoteLoader } from "~/routes/hallitse.$token_.hyvityslasku";
import { loader as receiptLoader } from "~/routes/hallitse.$token_.kuitti";
import { loader as invoiceLoader } from "~/routes/hallitse.$token_.lasku";
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
