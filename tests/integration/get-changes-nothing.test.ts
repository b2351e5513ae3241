import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { ANY_CAREGIVER, PICK_PARAM, draftSearchParams } from "~/booking/draft";
import { getDb, type DB } from "~/db.server";
import { DEMO_ACCOUNTS, seedDemoData } from "~/db/seed.server";
import { addCalendarDays, formatStartHour, helsinkiToday } from "~/domain/booking-window";
import { createAuthToken, findCredentialsByEmail, toAuthUser } from "~/models/users.server";
import { rememberRecipient } from "~/models/saved-recipients.server";
import { insertSeries } from "~/models/order-series.server";
import { loader as rootLoader } from "~/root";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { deleteManageLink } from "~/models/manage-links.server";
import { issueManageLink } from "~/services/manage-links.server";
import { cancelOrder } from "~/services/order-cancellation.server";
import { newOrderConfirmationToken } from "~/services/order-email-confirmation.server";
import { notifyAssignedCaregiver } from "~/services/order-assignment.server";
import { answerOf, contextFor, getRequest, sessionCookieFor } from "./support/auth";
import { discoverRouteFiles, SAMPLE_ID, sampleUrl, urlSegments } from "./support/routes";

// Issue 25: a GET never changes state, on any route. A link on another site (or a mail scanner,
// or a prefetch) rides on the visitor's cookie and can carry any query it likes; only a form post
// that passed the cross-site check may change anything. Every route module in app/routes, found
// by reading the folder (so a page added later is covered), is loaded with GET by every kind of
// visitor, with real ids of the demo data's orders in each state and with the queries such a link
// could carry, after the root loader as Remix runs it. A fingerprint of every table of the
// database, taken before and after each route, must not move.

type Loader = (args: { request: Request; params: Record<string, string>; context: ReturnType<typeof contextFor> }) => unknown;

const routeFiles = discoverRouteFiles();
const modules = (await Promise.all(routeFiles.map((route) => import(route.file)))) as Array<{ loader?: Loader }>;
const loaderRoutes = routeFiles
  .map((route, index) => ({ ...route, loader: modules[index]!.loader }))
  .filter((route): route is typeof route & { loader: Loader } => typeof route.loader === "function");

/**
 * What a GET may legitimately write, each with why; everything else in the public schema (found
 * from the catalogue, so a table added later is watched without editing this test) is compared
 * whole. A table named here is compared through its projection, which leaves out only that.
 */
const LEGITIMATE_WRITES_ON_READ: Record<string, { projection: string | null; why: string }> = {
  // The migrator's bookkeeping: only migrations write it, never a request.
  kysely_migration: { projection: null, why: "migrations only" },
  kysely_migration_lock: { projection: null, why: "migrations only" },
  // Nothing else: sessions and rate_limits are watched too (a GET without a flash message to
  // take rewrites no session, and no page's GET counts against a limit), but for one counter: an
  // address under /hallitse/ that opens no order counts against its client (docs/decisions/0030),
  // the guard against guessing links. A valid link's GET counts nothing.
  rate_limits: {
    projection: "select key, points, expire from rate_limits where key not like 'manage_miss_ip:%'",
    why: "a guessed manage link counted against its client",
  },
  // Opening a thread is reading it (app/portal/messages.server.ts): the viewer's own "read up to"
  // mark, which only moves the unread counts, is the read itself. Its e-mail turns (notified_at)
  // are not written on a read and stay watched.
  message_reads: {
    projection: "select order_id, profile_id, notified_at from message_reads where notified_at is not null",
    why: "the viewer's own read mark of a thread he opened",
  },
  // Likewise the notifications page marks what it shows as read (portal.notifications.tsx); every
  // other column, and any notification a GET might add, stays watched.
  notifications: {
    projection: "select id, user_id, type, title, message, related_id, created_at from notifications",
    why: "the viewer's own notifications marked read when shown",
  },
};

/** One md5 per table over all its rows as text (in a fixed order), so a diff names the table. */
async function fingerprint(db: DB): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const prints: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const legitimate = LEGITIMATE_WRITES_ON_READ[name];
    if (legitimate && legitimate.projection === null) continue;
    const rows = legitimate ? sql.raw(`(${legitimate.projection})`) : sql.table(name);
    const row = await sql<{ print: string }>`
      select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) || ':' || count(*) as print
      from ${rows} t`.execute(db);
    prints[name] = row.rows[0]!.print;
  }
  return prints;
}

type Visitor = "anonymous" | "customer" | "unpaid customer" | "helper" | "admin" | "moderator" | "support";
const VISITOR_EMAILS: Record<Exclude<Visitor, "anonymous">, string> = {
  customer: DEMO_ACCOUNTS.customer,
  // The owner of the demo's unpaid online order: the payment pages act on his own orders.
  "unpaid customer": "eino.laaksonen@example.fi",
  helper: DEMO_ACCOUNTS.caregiver,
  admin: DEMO_ACCOUNTS.admin,
  moderator: DEMO_ACCOUNTS.moderator,
  support: DEMO_ACCOUNTS.support,
};
const cookies: Partial<Record<Visitor, string>> = {};

/** The demo orders a link could name, one of each state (and the unassigned, invoiced and unpaid ones). */
const ORDER_NUMBERS = [
  "ORD-900001", // completed, reviewed, paid out
  "ORD-900002", // completed, invoiced
  "ORD-900005", // under way now
  "ORD-900006", // pending, with messages
  "ORD-900007", // pending, booked for someone else
  "ORD-900009", // unpaid online checkout (pending_payment)
  "ORD-900011", // cancelled and refunded
  "ORD-900013", // pending, no helper yet
];
const UNPAID_ORDER = "ORD-900009";

/** Real values for each route parameter, filled in before the walk. */
const paramValues: Record<string, string[]> = { orderNumber: ORDER_NUMBERS, index: ["0"], "*": ["x"], key: [SAMPLE_ID] };
/** Queries every route is loaded with: none, a whole booking draft that asks to go on, and what a cross-site link could carry. */
const commonQueries: string[] = [""];
/** Queries of particular routes (by route id), e.g. valid e-mail link tokens. */
const routeQueries: Record<string, string[]> = {};

let db: DB;

beforeAll(async () => {
  db = await getDb();
  await seedDemoData(db);

  for (const [visitor, email] of Object.entries(VISITOR_EMAILS)) {
    const credentials = await findCredentialsByEmail(db, email);
    if (!credentials) throw new Error(`demo account ${email} missing`);
    cookies[visitor as Visitor] = await sessionCookieFor(toAuthUser(credentials));
  }

  const idOf = async (email: string) => (await findCredentialsByEmail(db, email))!.id;
  const helmi = await idOf(DEMO_ACCOUNTS.customer);
  const elina = await db.selectFrom("caregivers").select("id").where("profile_id", "=", await idOf(DEMO_ACCOUNTS.caregiver)).executeTakeFirstOrThrow();
  const applicant = await db.selectFrom("caregivers").select("id").where("status", "=", "pending").executeTakeFirstOrThrow();
  const customer = await db.selectFrom("customers").select("id").where("profile_id", "=", helmi).executeTakeFirstOrThrow();
  paramValues.caregiverId = [elina.id, applicant.id];
  paramValues.customerId = [customer.id, helmi];

  // A saved recipient of the demo customer, and an e-mail with an attachment (the helper's calendar file).
  await rememberRecipient(db, helmi, { firstName: "Aili", lastName: "Virtanen", phone: "0401112233", address: "Mannerheimintie 5", postalCode: "00100", city: "Helsinki" });
  paramValues.id = [(await db.selectFrom("saved_recipients").select("id").where("owner_id", "=", helmi).executeTakeFirstOrThrow()).id];
  const order6 = await db.selectFrom("orders").select("id").where("order_number", "=", "ORD-900006").executeTakeFirstOrThrow();
  await db.transaction().execute((trx) => notifyAssignedCaregiver(trx, order6.id));
  const email = await db.selectFrom("emails").select("id").orderBy("created_at", "desc").executeTakeFirstOrThrow();
  paramValues.id.push(email.id);
  const payment = await db
    .selectFrom("payments")
    .innerJoin("orders", "orders.id", "payments.order_id")
    .select("payments.provider_ref")
    .where("orders.order_number", "=", UNPAID_ORDER)
    .executeTakeFirstOrThrow();
  paramValues.ref = [payment.provider_ref ?? SAMPLE_ID];

  // Valid single-use links, so that the pages they open take their "link works" path: a guest's
  // order waiting for its e-mail confirmation, a sign-up's e-mail confirmation, a password reset.
  const waiting = newOrderConfirmationToken(new Date());
  await db
    .updateTable("orders")
    .set({ email_confirmation_token_hash: waiting.tokenHash, email_confirmation_due_at: waiting.dueAt })
    .where("order_number", "=", "ORD-900013")
    .execute();
  const confirmToken = await createAuthToken(db, { userId: helmi, purpose: "confirm_email", ttlMs: 3_600_000 });
  const resetToken = await createAuthToken(db, { userId: helmi, purpose: "reset_password", ttlMs: 3_600_000 });
  const setToken = await createAuthToken(db, { userId: helmi, purpose: "set_password", ttlMs: 3_600_000 });
  routeQueries["varaus.vahvista"] = [`token=${waiting.token}`];
  routeQueries["auth.vahvista"] = [`token=${confirmToken}`];
  routeQueries["auth.uusi-salasana"] = [`token=${resetToken}`, `token=${setToken}`];
  // "Hallitse varausta" links (issue 28): live ones of a pending order, an invoiced one and a
  // cancelled one (a mail scanner opens each), then one revoked by its successor, one expired (7
  // days after its visit) and a guessed one. The live ones come first: the misses after them use
  // up the client's limit (429 from then on).
  const orderIdOf = async (orderNumber: string) => (await db.selectFrom("orders").select("id").where("order_number", "=", orderNumber).executeTakeFirstOrThrow()).id;
  const manageToken = async (orderNumber: string) => {
    const orderId = await orderIdOf(orderNumber);
    const url = await db.transaction().execute((trx) => issueManageLink(trx, orderId));
    return { orderId, token: new URL(url).pathname.split("/")[2]! };
  };
  const invoiced = await orderIdOf("ORD-900007");
  await db.transaction().execute((trx) => createInvoiceForOrder(trx, invoiced));
  // A cancelled invoice order, so that a live link opens its credit note too.
  const credited = await orderIdOf("ORD-900013");
  await db.transaction().execute((trx) => createInvoiceForOrder(trx, credited));
  const creditedOwner = (await db.selectFrom("orders").innerJoin("customers", "customers.id", "orders.customer_id").select("customers.profile_id").where("orders.id", "=", credited).executeTakeFirstOrThrow()).profile_id;
  const cancelled = await cancelOrder(db, { actor: { id: creditedOwner }, customerProfileId: creditedOwner }, credited);
  if (!cancelled.ok) throw new Error(`could not cancel ORD-900013: ${JSON.stringify(cancelled)}`);
  const revoked = await manageToken("ORD-900006");
  await db.transaction().execute((trx) => deleteManageLink(trx, revoked.orderId));
  paramValues.token = [
    (await manageToken("ORD-900006")).token,
    (await manageToken("ORD-900007")).token,
    (await manageToken("ORD-900011")).token,
    (await manageToken("ORD-900013")).token,
    revoked.token,
    (await manageToken("ORD-900002")).token,
    "A".repeat(43),
  ];

  // The result pages a checkout returns to, for every demo order, each way a link could name it.
  // (The success page asks the payment provider about an unpaid checkout and applies a payment
  // that already happened, as the webhook would; the local provider keeps no state to ask, so
  // here it must change nothing at all.)
  const resultQueries = ORDER_NUMBERS.flatMap((orderNumber) => [
    `order_number=${orderNumber}`,
    `order_number=${orderNumber.toLowerCase()}&payment_method=invoice`,
    // The cancel address with a forged token: only the provider's own signed return may give up a checkout.
    `order_number=${orderNumber}&payment_method=online&peruutus=${"A".repeat(43)}`,
  ]);
  for (const id of ["varaus-maksu-onnistui", "varaus-peruutettu", "varaus-vahvistettu", "portal.orders.success"]) routeQueries[id] = resultQueries;

  // A whole booking draft (Elina, errands, Helsinki, 10 days ahead at ten) asking to go on: every
  // booking and rescheduling step reads it.
  const errands = await db.selectFrom("service_categories").select("id").where("slug", "=", "errands").executeTakeFirstOrThrow();
  const draft = {
    date: addCalendarDays(helsinkiToday(new Date()), 10),
    time: formatStartHour(10),
    duration: "2",
    service: errands.id,
    postalCode: "00100",
    city: "Helsinki",
    caregiver: elina.id,
  };
  const draftQuery = (caregiver: string) => draftSearchParams({ ...draft, caregiver }).toString();
  commonQueries.push(`${draftQuery(elina.id)}&${PICK_PARAM.proceed}=1`, `${draftQuery(ANY_CAREGIVER)}&${PICK_PARAM.time}=${formatStartHour(12)}`);

  // What else a cross-site link could carry: the names of every form's fields and confirm steps.
  const forged = new URLSearchParams({
    intent: "cancel",
    vahvista: "kylla",
    tehtava: `accept:${order6.id}`,
    orderId: order6.id,
    status: "cancelled",
    caregiverId: elina.id,
    takaisin: "/backoffice/orders",
    redirectTo: "/portal",
    order_number: UNPAID_ORDER,
    payment_method: "online",
    peruutus: "x",
    token: "x",
    sivu: "2",
    tila: "pending",
    lahetetty: "1",
    vaihe: "2",
    haku: "Virtanen",
  });
  commonQueries.push(forged.toString());

  // A weekly series (issue 27 item 5) with ORD-900006 as its occurrence: its pages, and their
  // "from here on" pages from that visit.
  const order6Customer = await db.selectFrom("orders").select(["customer_id", "service_category_id"]).where("id", "=", order6.id).executeTakeFirstOrThrow();
  const seriesId = await insertSeries(db, {
    customerId: order6Customer.customer_id,
    createdBy: null,
    caregiverId: elina.id,
    serviceCategoryId: order6Customer.service_category_id,
    intervalWeeks: 1,
    startHour: 10,
    durationHours: 2,
    firstDate: helsinkiToday(new Date()),
    end: { kind: "count", count: 4 },
    paymentMethod: "invoice",
    generatedUntil: helsinkiToday(new Date()),
  });
  await db.updateTable("orders").set({ series_id: seriesId }).where("id", "=", order6.id).execute();
  paramValues.seriesId = [seriesId];
  for (const id of ["portal.sarjat.$seriesId_.peru", "portal.sarjat.$seriesId_.vaihda-kaveri", "backoffice.sarjat.$seriesId_.peru", "backoffice.sarjat.$seriesId_.vaihda-kaveri"]) {
    routeQueries[id] = [`alkaen=${order6.id}`];
  }
});

/** Every URL of a route: each combination of its parameters' real values. */
function urlsOf(routeId: string): Array<{ pathname: string; params: Record<string, string> }> {
  const sample = sampleUrl(routeId);
  let combos: Array<Record<string, string>> = [{}];
  for (const name of Object.keys(sample.params)) {
    const values = paramValues[name] ?? [SAMPLE_ID];
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [name]: value })));
  }
  return combos.map((params) => {
    const parts = urlSegments(routeId).map((segment) => {
      if (segment === "$") return params["*"]!;
      if (segment.startsWith("$")) return encodeURIComponent(params[segment.slice(1).replace(/\?$/, "")]!);
      return segment;
    });
    return { pathname: `/${parts.join("/")}`, params };
  });
}

const VISITORS: Visitor[] = ["anonymous", "customer", "unpaid customer", "helper", "admin", "moderator", "support"];

describe("GET never changes state", () => {
  it("finds the route modules with loaders in app/routes, the booking steps and result pages among them", () => {
    const ids = loaderRoutes.map((route) => route.id);
    for (const id of ["varaus-peruutettu", "varaus-maksu-onnistui", "varaus.vahvista", "varaa-kaveri.yhteenveto", "backoffice.orders.$orderNumber._index", "portal.caregiver-bookings", "hallitse.$token", "hallitse.$token_.kalenteri", "hallitse.$token_.lasku", "hallitse.$token_.kuitti", "hallitse.$token_.hyvityslasku", "hallitse.$token_.muuta-aika._index", "hallitse.$token_.muuta-aika.kaveri", "hallitse.$token_.muuta-aika.vahvista", "hallitse.$token_.arvio"]) {
      expect(ids).toContain(id);
    }
    expect(loaderRoutes.length).toBeGreaterThan(60);
  });

  for (const route of loaderRoutes) {
    it(`${route.id}: no table changes, whoever loads it with whatever query`, async () => {
      const before = await fingerprint(db);
      const answered: number[] = [];
      for (const [index, { pathname, params }] of urlsOf(route.id).entries()) {
        for (const query of [...commonQueries, ...(routeQueries[route.id] ?? [])]) {
          for (const visitor of VISITORS) {
            const request = getRequest(query ? `${pathname}?${query}` : pathname, cookies[visitor]);
            // Remix runs the root loader on every document request, then the route's; the root's
            // reads only the cookie and the query, so once per route is enough.
            if (index === 0) await answerOf(() => rootLoader({ request, params: {}, context: contextFor() }));
            try {
              answered.push((await answerOf(() => route.loader({ request, params, context: contextFor() }))).status);
            } catch {
              // A loader that throws is a 500 for Remix; what matters here is that it wrote nothing.
              answered.push(500);
            }
          }
        }
      }
      expect(answered.length).toBeGreaterThan(0);
      expect(await fingerprint(db)).toEqual(before);
      if (route.id.startsWith("hallitse.")) {
        // The live links took their "opens the order" path (each route's misses start from zero).
        await db.deleteFrom("rate_limits").where("key", "like", "manage_miss_ip:%").execute();
        // The steps of "Muuta aikaa" answer a live link with the step's page or a redirect to the
        // right step (or back to the page with the reason); a dead one with the bare 404.
        expect(answered.some((status) => status === 200 || (route.id.includes("muuta-aika") && status === 302))).toBe(true);
        expect(answered).toContain(404);
      }
    });
  }
});
