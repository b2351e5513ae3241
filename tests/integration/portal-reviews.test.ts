import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { listOfferedCaregivers } from "~/models/caregivers.server";
import { loader as ordersLoader } from "~/routes/portal.orders._index";
import { action as reviewAction, loader as reviewLoader } from "~/routes/portal.orders.$orderNumber_.arvio";
import { answerOf, contextFor, getRequest, postRequest } from "./support/auth";
import { createCaregiver } from "./support/backoffice";
import { serviceCategoryId, createTestOrder } from "./support/booking-fixtures";
import { nextVisit, signedInCustomer, signedInHelper, toastOf, type SignedIn } from "./support/portal";

// Reviews (issue 10): the order's own customer rates a completed visit 1–5 with an optional
// comment, once; the helper's average and rated-order count change in the same transaction; the
// booking flow offers a helper nobody has rated as 'Uusi kaveri'.

let db: DB;
let customer: SignedIn;

beforeAll(async () => {
  db = await getDb();
  customer = await signedInCustomer("arviot-asiakas@example.fi");
});

const path = (orderNumber: string) => `/portal/orders/${orderNumber}/arvio`;

function load(orderNumber: string, cookie?: string) {
  return answerOf(() => reviewLoader({ request: getRequest(path(orderNumber), cookie), params: { orderNumber }, context: contextFor() }));
}

/** Posts the form as the customer, as `cookie`'s owner, or anonymously (null). */
function submit(orderNumber: string, fields: Record<string, string>, cookie: string | null = customer.cookie) {
  return answerOf(() => reviewAction({ request: postRequest(path(orderNumber), fields, cookie ?? undefined), params: { orderNumber }, context: contextFor() }));
}

async function helperWithRating(averageRating: number | null, ratedOrders: number) {
  const helper = await createCaregiver(db, { name: "Arvioitava Kaveri", rating: averageRating });
  await db.updateTable("caregivers").set({ total_orders: ratedOrders }).where("id", "=", helper.id).execute();
  return helper;
}

async function ratingOf(caregiverId: string) {
  return db.selectFrom("caregivers").select(["average_rating", "total_orders"]).where("id", "=", caregiverId).executeTakeFirstOrThrow();
}

async function completedOrder(caregiverId: string, who: SignedIn = customer) {
  return createTestOrder({ paymentMethod: "invoice", email: who.user.email, caregiverId, startsAt: nextVisit(), status: "completed" });
}

describe("rating a completed visit", () => {
  it("saves the rating and comment once and folds it into the helper's average and count in the same transaction", async () => {
    const helper = await helperWithRating(4.5, 2);
    const order = await completedOrder(helper.id);

    const page = await load(order.orderNumber, customer.cookie);
    expect(page.data).toMatchObject({ state: "open", orderNumber: order.orderNumber, caregiverName: "Arvioitava Kaveri", review: null });

    const answer = await submit(order.orderNumber, { rating: "1", comment: "  Kaveri myöhästyi tunnin.  " });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(path(order.orderNumber));
    expect(await toastOf(answer)).toMatchObject({ type: "success", title: "Kiitos arviostasi!" });

    const review = await db.selectFrom("reviews").selectAll().where("order_id", "=", order.orderId).executeTakeFirstOrThrow();
    expect(review).toMatchObject({ rating: 1, comment: "Kaveri myöhästyi tunnin.", caregiver_id: helper.id, customer_id: order.customerId });
    const rating = await ratingOf(helper.id);
    expect(rating.total_orders).toBe(3);
    expect(rating.average_rating).toBeCloseTo((4.5 * 2 + 1) / 3, 10);

    // The page now shows the rating given, and a second attempt says it was given already.
    expect((await load(order.orderNumber, customer.cookie)).data).toMatchObject({ state: "given", review: { rating: 1, comment: "Kaveri myöhästyi tunnin." } });
    const again = await submit(order.orderNumber, { rating: "5" });
    expect(await toastOf(again)).toMatchObject({ type: "error", title: "Olet jo arvioinut tämän käynnin" });
    expect(await db.selectFrom("reviews").select("rating").where("order_id", "=", order.orderId).execute()).toEqual([{ rating: 1 }]);
    expect(await ratingOf(helper.id)).toEqual(rating);
  });

  it("counts two submissions of the same form at the same moment once", async () => {
    const helper = await helperWithRating(4, 1);
    const order = await completedOrder(helper.id);
    const answers = await Promise.all([submit(order.orderNumber, { rating: "5" }), submit(order.orderNumber, { rating: "5" })]);
    const titles = await Promise.all(answers.map(async (answer) => (await toastOf(answer))?.title));
    expect(titles.sort()).toEqual(["Kiitos arviostasi!", "Olet jo arvioinut tämän käynnin"]);
    expect(await db.selectFrom("reviews").select("id").where("order_id", "=", order.orderId).execute()).toHaveLength(1);
    expect(await ratingOf(helper.id)).toEqual({ average_rating: 4.5, total_orders: 2 });
  });

  it("counts both when two customers rate the same helper at once", async () => {
    const helper = await helperWithRating(null, 0);
    const other = await signedInCustomer("arviot-toinen@example.fi");
    const [mine, theirs] = [await completedOrder(helper.id), await completedOrder(helper.id, other)];
    await Promise.all([submit(mine.orderNumber, { rating: "4" }), submit(theirs.orderNumber, { rating: "5" }, other.cookie)]);
    expect(await ratingOf(helper.id)).toEqual({ average_rating: 4.5, total_orders: 2 });
  });

  it("tells what is wrong, in Finnish, and keeps the typed comment", async () => {
    const helper = await helperWithRating(4.8, 10);
    const order = await completedOrder(helper.id);
    for (const [fields, field, message] of [
      [{ comment: "Hyvä" }, "rating", "Valitse arvio yhdestä viiteen"],
      [{ rating: "6" }, "rating", "Valitse arvio yhdestä viiteen"],
      [{ rating: "0" }, "rating", "Valitse arvio yhdestä viiteen"],
      [{ rating: "4.5" }, "rating", "Valitse arvio yhdestä viiteen"],
      [{ rating: "5", comment: "a".repeat(2001) }, "comment", "Kommentti voi olla enintään 2000 merkkiä"],
    ] as const) {
      const answer = await submit(order.orderNumber, fields);
      expect(answer.status).toBe(400);
      expect(answer.data.error[field]).toEqual([message]);
      if ("comment" in fields) expect(answer.data.initialValue.comment).toBe(fields.comment);
    }
    expect(await db.selectFrom("reviews").select("id").where("order_id", "=", order.orderId).execute()).toHaveLength(0);
    expect(await ratingOf(helper.id)).toEqual({ average_rating: 4.8, total_orders: 10 });
    // 2000 characters is allowed.
    expect((await submit(order.orderNumber, { rating: "5", comment: "a".repeat(2000) })).status).toBe(302);
  });
});

describe("who may rate what", () => {
  it("finds nothing for another customer, a helper (even the order's own) or an unknown number; asks an anonymous visitor to sign in", async () => {
    const helper = await signedInHelper("arviot-kaveri@example.fi");
    const order = await completedOrder(helper.caregiverId);
    const stranger = await signedInCustomer("arviot-vieras@example.fi");
    for (const cookie of [stranger.cookie, helper.cookie]) {
      expect((await load(order.orderNumber, cookie)).status).toBe(404);
      expect((await submit(order.orderNumber, { rating: "1" }, cookie)).status).toBe(404);
    }
    expect((await load("ORD-0", customer.cookie)).status).toBe(404);
    const anonymous = await submit(order.orderNumber, { rating: "1" }, null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(`/auth?redirectTo=${encodeURIComponent(path(order.orderNumber))}`);
    expect(await db.selectFrom("reviews").select("id").where("order_id", "=", order.orderId).execute()).toHaveLength(0);
  });

  it("refuses an order that is not completed: upcoming, under way or cancelled", async () => {
    const helper = await helperWithRating(4.8, 10);
    for (const status of ["pending", "in_progress", "cancelled"] as const) {
      const order = await createTestOrder({ paymentMethod: "invoice", email: customer.user.email, caregiverId: helper.id, startsAt: nextVisit(), status });
      expect((await load(order.orderNumber, customer.cookie)).data.state).toBe(status === "cancelled" ? "cancelled" : "not_yet");
      expect(await toastOf(await submit(order.orderNumber, { rating: "5" }))).toMatchObject({ type: "error", title: "Käynnin voi arvioida, kun se on tehty" });
      expect(await db.selectFrom("reviews").select("id").where("order_id", "=", order.orderId).execute()).toHaveLength(0);
    }
    expect(await ratingOf(helper.id)).toEqual({ average_rating: 4.8, total_orders: 10 });
  });

  it("does not open a guest order on the account's address before the holder claims it", async () => {
    const helper = await helperWithRating(4.8, 10);
    const order = await completedOrder(helper.id);
    await db.updateTable("orders").set({ claimed: false }).where("id", "=", order.orderId).execute();
    expect((await load(order.orderNumber, customer.cookie)).status).toBe(404);
  });
});

describe("where rating is offered", () => {
  it("lists 'Arvioi' on the customer's completed, unrated orders only", async () => {
    const reviewer = await signedInCustomer("arviot-lista@example.fi");
    const helper = await helperWithRating(4.8, 10);
    const unrated = await createTestOrder({ paymentMethod: "invoice", email: reviewer.user.email, caregiverId: helper.id, startsAt: new Date("2025-03-02T08:00:00Z"), status: "completed" });
    const rated = await createTestOrder({ paymentMethod: "invoice", email: reviewer.user.email, caregiverId: helper.id, startsAt: new Date("2025-03-01T08:00:00Z"), status: "completed" });
    const upcoming = await createTestOrder({ paymentMethod: "invoice", email: reviewer.user.email, caregiverId: helper.id, startsAt: nextVisit() });
    await submit(rated.orderNumber, { rating: "4" }, reviewer.cookie);

    const page = await answerOf(() => ordersLoader({ request: getRequest("/portal/orders", reviewer.cookie), params: {}, context: contextFor() }));
    const hrefs = Object.fromEntries(
      [...page.data.upcoming, ...page.data.past].map((order: { orderNumber: string; reviewHref: string | null }) => [order.orderNumber, order.reviewHref]),
    );
    expect(hrefs).toEqual({ [unrated.orderNumber]: path(unrated.orderNumber), [rated.orderNumber]: null, [upcoming.orderNumber]: null });
  });

  it("offers a helper nobody has rated as new, after the rated ones, and still leaves out those rated under 4", async () => {
    const startsAt = new Date("2027-08-03T07:00:00Z");
    const interval = { startsAt, endsAt: new Date(startsAt.getTime() + 2 * 3_600_000), city: "Helsinki", serviceCategoryId: await serviceCategoryId(db) };
    // Only the helpers of this test are free: everyone else gets an order at that time.
    const others = await db.selectFrom("caregivers").select("id").where("status", "=", "approved").execute();
    for (const other of others) {
      await createTestOrder({ paymentMethod: "invoice", caregiverId: other.id, startsAt, email: "arviot-varaaja@example.fi" });
    }
    const rated = await createCaregiver(db, { name: "Arvioitu", rating: 4.1 });
    const unrated = await createCaregiver(db, { name: "Uusi Tulokas", rating: null });
    await createCaregiver(db, { name: "Heikosti arvioitu", rating: 3.9 });

    const offered = await listOfferedCaregivers(db, interval);
    expect(offered.map((c) => [c.id, c.averageRating])).toEqual([
      [rated.id, 4.1],
      [unrated.id, null],
    ]);
  });
});
