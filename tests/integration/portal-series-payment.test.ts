import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { loader as payLinkLoader, action as payLinkAction } from "~/routes/maksa.$orderNumber";
import { loader as orderLoader } from "~/routes/portal.orders.$orderNumber";
import { loader as ordersLoader } from "~/routes/portal.orders._index";
import { loader as seriesLoader } from "~/routes/portal.sarjat.$seriesId";
import { setTestClock } from "~/services/clock.server";
import { setPaymentProviderForTests } from "~/services/payments/active-provider.server";
import { payLocalCheckout } from "~/services/payments/local-checkout.server";
import { LOCAL_DECLINING_CARD_PREFIX, localPaymentProvider } from "~/services/payments/local-provider.server";
import { chargeDueSeriesVisits } from "~/services/payments/series-charges.server";
import { answerOf, contextFor, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { emailsTo } from "./support/backoffice";
import { paymentRow } from "./support/booking-fixtures";
import { createOnlineSeries, type OnlineSeries } from "./support/series-card";

// The customer's side of a series paid by card (docs/decisions/0040): the order page and the
// series page say of each later visit whether it is still to be charged from the saved card a day
// ahead, was declined (then with the decline e-mail's own payment link and the 2-hour deadline),
// or is paid; the orders list marks the series' visits with their rule. Only the customer sees it.

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
let db: DB;
let cookie = "";
let otherCookie = "";
let email = "";

beforeAll(async () => {
  db = await getDb();
  email = `kortti-sarja-${crypto.randomUUID()}@example.fi`;
  cookie = await sessionCookieFor(await createTestUser({ email, fullName: "Kaarina Kortti" }));
  otherCookie = await sessionCookieFor(await createTestUser({ email: `toinen-${crypto.randomUUID()}@example.fi` }));
});

afterEach(() => {
  setTestClock(null);
  setPaymentProviderForTests(null);
});

function loadOrder(orderNumber: string, who = cookie) {
  return answerOf(() => orderLoader({ request: getRequest(`/portal/orders/${orderNumber}`, who), params: { orderNumber }, context: contextFor() }));
}

function loadSeries(seriesId: string) {
  return answerOf(() => seriesLoader({ request: getRequest(`/portal/sarjat/${seriesId}`, cookie), params: { seriesId }, context: contextFor() }));
}

/** Each test's series in weeks of its own, so that a run of the charge job finds only its visits. */
let nextFirst = new Date("2027-09-06T09:00:00Z").getTime();

/** Three weekly visits: the first paid at its checkout; the card declines when the second is charged 23 h ahead. */
async function seriesWithDeclinedSecond(): Promise<OnlineSeries> {
  const first = new Date(nextFirst);
  nextFirst += 5 * WEEK;
  const series = await createOnlineSeries({
    email,
    startsAt: [0, 1, 2].map((index) => new Date(first.getTime() + index * WEEK)),
    statuses: ["pending", "pending", "pending"],
    card: { customerRef: "local_cus_portal", paymentMethodRef: `${LOCAL_DECLINING_CARD_PREFIX}portal` },
  });
  setPaymentProviderForTests(localPaymentProvider);
  setTestClock(new Date(series.visits[1].startsAt.getTime() - 23 * HOUR));
  await chargeDueSeriesVisits(db);
  return series;
}

describe("a card series visit's payment in the portal", () => {
  it("tells each visit's state on its order page, links a declined one to the payment link, and shows it paid once paid", async () => {
    const series = await seriesWithDeclinedSecond();
    const [first, second, third] = series.visits;

    // Not yet charged: the saved card pays it a day ahead.
    const notCharged = await loadOrder(third.orderNumber);
    expect(notCharged.status).toBe(200);
    expect(notCharged.data.seriesPayment).toMatchObject({ kind: "not_charged", text: "Veloitetaan tallentamaltasi kortilta vuorokautta ennen käyntiä.", payHref: null });

    // Declined: unpaid, with the deadline 2 h before the start and the e-mail's own payment link.
    const declined = await loadOrder(second.orderNumber);
    const state = declined.data.seriesPayment as { kind: string; text: string; deadline: string; payHref: string };
    expect(state).toMatchObject({ kind: "declined", text: "Kortin veloitus epäonnistui. Käynti on maksamatta.", payLabel: "Maksa käynti" });
    // 9.00 UTC is 12.00 in Helsinki in September: the deadline is 10.00.
    expect(state.deadline).toBe("Maksa käynti viimeistään 13.9.2027 klo 10.00, muuten se perutaan.");
    const mail = (await emailsTo(email)).find((row) => row.subject === `Käynnin maksu epäonnistui – ${second.orderNumber}`);
    expect(mail?.text).toContain(state.payHref);
    expect(state.payHref).toMatch(new RegExp(`^/maksa/${second.orderNumber}\\?tunniste=`));

    // The link opens the payment page for this visit, and paying there pays it.
    const link = new URL(state.payHref, "http://localhost");
    const params = { orderNumber: second.orderNumber };
    const payPage = await answerOf(() => payLinkLoader({ request: getRequest(state.payHref), params, context: contextFor() }));
    expect(payPage.data.state).toMatchObject({ kind: "open", orderNumber: second.orderNumber });
    const posted = await answerOf(() => payLinkAction({ request: postRequest(link.pathname + link.search, {}), params, context: contextFor() }));
    expect(posted.location).toMatch(/^\/maksu\/testi\//);
    await payLocalCheckout(posted.location!.replace("/maksu/testi/", ""), "card");
    expect((await paymentRow(second.paymentId)).status).toBe("captured");

    for (const visit of [first, second]) {
      const paid = await loadOrder(visit.orderNumber);
      expect(paid.data.seriesPayment).toMatchObject({ kind: "paid", payHref: null, deadline: null });
    }
  });

  it("tells the same on the series page's visit list, the link only on the declined visit", async () => {
    const series = await seriesWithDeclinedSecond();
    const page = await loadSeries(series.seriesId);
    expect(page.status).toBe(200);
    const visits = page.data.visits as Array<{ orderNumber: string; payment: { kind: string; payHref: string | null } | null }>;
    expect(visits.map((visit) => visit.payment?.kind)).toEqual(["paid", "declined", "not_charged"]);
    expect(visits.map((visit) => visit.payment?.payHref === null)).toEqual([true, false, true]);
    expect(visits[1].payment?.payHref).toMatch(new RegExp(`^/maksa/${visits[1].orderNumber}\\?tunniste=`));
  });

  it("marks the series' visits on the orders list with the rule", async () => {
    const series = await seriesWithDeclinedSecond();
    const list = await answerOf(() => ordersLoader({ request: getRequest("/portal/orders", cookie), params: {}, context: contextFor() }));
    const upcoming = list.data.upcoming as Array<{ orderNumber: string; seriesMark: { prefix: string; label: string } | null }>;
    const ours = upcoming.filter((order) => series.visits.some((visit) => visit.orderNumber === order.orderNumber));
    expect(ours).toHaveLength(3);
    for (const order of ours) expect(order.seriesMark).toEqual({ prefix: "Toistuva käynti: ", label: "Joka viikko" });
  });

  it("shows another customer the same 404 as for an order that does not exist", async () => {
    const series = await seriesWithDeclinedSecond();
    for (const visit of series.visits) expect((await loadOrder(visit.orderNumber, otherCookie)).status).toBe(404);
    expect((await loadOrder("999999999", otherCookie)).status).toBe(404);
  });
});
