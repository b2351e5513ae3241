import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { action as signInAction } from "~/routes/auth._index";
import { action as customerAction, loader as customerLoader } from "~/routes/backoffice.users.$customerId";
import { loader as listLoader } from "~/routes/backoffice.users._index";
import { action as contactAction } from "~/routes/varaa.yhteystiedot";
import { takeToast } from "~/services/flash.server";
import { answerOf, contextFor, cookiesFrom, createTestUser, getRequest, postRequest, sessionCookieFor, TEST_PASSWORD } from "./support/auth";
import { auditRows } from "./support/backoffice";
import { CONTEXT, dateInDays, draftQuery, ordersOf, postUrl, seedBookingFixtures, validContact, type BookingFixtures } from "./support/booking";

// Customers in the back office (spec 001 §2 /backoffice/users, §4; issue 14): the list, and a
// frozen customer who can neither sign in nor book, told so in Finnish.

let db: DB;
let moderatorCookie: string;
let moderatorId: string;
let fixtures: BookingFixtures;

beforeAll(async () => {
  db = await getDb();
  const moderator = await createTestUser({ email: "moderaattori-asiakkaat@example.fi", role: "moderator" });
  moderatorId = moderator.id;
  moderatorCookie = await sessionCookieFor(moderator);
  fixtures = await seedBookingFixtures();
});

async function customerIdOf(profileId: string): Promise<string> {
  const row = await db.selectFrom("customers").select("id").where("profile_id", "=", profileId).executeTakeFirstOrThrow();
  return row.id;
}

/** Freezing asks first: `confirmed` is what the confirm step's button posts. */
function setFrozen(customerId: string, intent: "freeze" | "unfreeze", confirmed = true) {
  return answerOf(() =>
    customerAction({
      request: postRequest(`/backoffice/users/${customerId}`, { intent, ...(confirmed ? { confirmed: "1" } : {}) }, moderatorCookie),
      params: { customerId },
      context: contextFor(),
    }),
  );
}

function signIn(email: string) {
  return answerOf(() =>
    signInAction({ request: postRequest("/auth?index", { intent: "signin", email, password: TEST_PASSWORD }), params: {}, context: contextFor("203.0.113.77") }),
  );
}

describe("freezing a customer", () => {
  it("freezes: audited, signed out everywhere, refused at sign-in in Finnish; unfreezing lets them in again", async () => {
    const customer = await createTestUser({ email: "jaadytettava@example.fi", fullName: "Jaana Jäädytettävä" });
    const customerId = await customerIdOf(customer.id);
    await sessionCookieFor(customer);
    expect((await signIn(customer.email)).status).toBe(302);

    // The first press only asks, saying what follows; nothing changes until it is confirmed.
    const asked = await setFrozen(customerId, "freeze", false);
    expect(asked.status).toBe(200);
    expect(asked.data.confirm).toMatchObject({ title: "Jäädytetäänkö asiakas Jaana Jäädytettävä?", confirmLabel: "Jäädytä asiakas" });
    expect(asked.data.confirm.lines[0]).toContain("kirjataan heti ulos");
    expect(asked.data.confirm.fields).toEqual([["intent", "freeze"]]);
    expect((await db.selectFrom("customers").select("status").where("id", "=", customerId).executeTakeFirstOrThrow()).status).toBe("active");
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", customer.id).execute()).not.toHaveLength(0);
    expect(await auditRows("customer", customerId)).toHaveLength(0);

    const frozen = await setFrozen(customerId, "freeze");
    expect(frozen.status).toBe(302);
    const { toast } = await takeToast(getRequest("/", cookiesFrom(frozen.response!)));
    expect(toast).toMatchObject({ type: "success", title: "Asiakas jäädytetty" });
    const row = await db.selectFrom("customers").select("status").where("id", "=", customerId).executeTakeFirstOrThrow();
    expect(row.status).toBe("suspended");
    const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", customer.id).execute();
    expect(sessions).toHaveLength(0);
    expect((await auditRows("customer", customerId))[0]).toMatchObject({
      actor_id: moderatorId,
      action: "customer.freeze",
      before: { status: "active" },
      after: { status: "suspended" },
    });

    const refused = await signIn(customer.email);
    expect(refused.status).toBe(403);
    expect(refused.data.result.error[""]).toEqual([
      "Tilisi on jäädytetty, joten et voi kirjautua sisään. Ota yhteyttä asiakaspalveluumme, niin selvitämme asian.",
    ]);
    expect(refused.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(false);

    await setFrozen(customerId, "unfreeze");
    expect((await signIn(customer.email)).status).toBe(302);
    expect((await auditRows("customer", customerId)).map((audit) => audit.action)).toEqual(["customer.freeze", "customer.unfreeze"]);
  });

  it("refuses a frozen customer's booking, also as a guest with the same e-mail, and keeps no order", async () => {
    const customer = await createTestUser({ email: "jaatynyt-varaaja@example.fi" });
    await setFrozen(await customerIdOf(customer.id), "freeze");
    const draft = { date: dateInDays(9), time: "10:00", duration: 2, service: fixtures.serviceId, caregiver: "ei-valia" };
    const answer = await answerOf(() =>
      contactAction({ request: postUrl("/varaa/yhteystiedot", draftQuery(draft), validContact({ email: customer.email })), params: {}, context: CONTEXT }),
    );
    expect(answer.status).toBe(403);
    expect(answer.data.result.error[""]).toEqual([
      "Tällä sähköpostiosoitteella ei voi tehdä varausta, koska asiakastili on jäädytetty. Ota yhteyttä asiakaspalveluumme, niin selvitämme asian.",
    ]);
    expect(await ordersOf(customer.email)).toHaveLength(0);
  });

  it("says when nothing changed, and 404s an unknown customer", async () => {
    const customer = await createTestUser({ email: "ennallaan@example.fi" });
    const answer = await setFrozen(await customerIdOf(customer.id), "unfreeze");
    const { toast } = await takeToast(getRequest("/", cookiesFrom(answer.response!)));
    expect(toast).toMatchObject({ type: "info", title: "Asiakkaan tila oli jo tämä" });
    expect((await setFrozen("00000000-0000-4000-8000-000000000000", "freeze")).status).toBe(404);
    expect((await setFrozen(await customerIdOf(customer.id), "poista" as "freeze")).status).toBe(400);
  });
});

describe("the customers list and page", () => {
  it("searches name, e-mail and city, filters by status and counts orders", async () => {
    const tag = `Hakutesti${Date.now()}`;
    const named = await createTestUser({ email: `nimi-${tag}@example.fi`, fullName: `Nimi ${tag}` });
    const frozen = await createTestUser({ email: `osoite-${tag.toLowerCase()}@example.fi`, fullName: "Toinen Asiakas" });
    await db.updateTable("customers").set({ city: `${tag}kylä` }).where("profile_id", "=", frozen.id).execute();
    await setFrozen(await customerIdOf(frozen.id), "freeze");
    const list = (query: string) =>
      answerOf(() => listLoader({ request: getRequest(`/backoffice/users?${query}`, moderatorCookie), params: {}, context: contextFor() }));

    const byTag = await list(`haku=${tag.toUpperCase()}`);
    expect(byTag.data.rows.map((row: { email: string }) => row.email).sort()).toEqual([named.email, frozen.email].sort());
    expect(byTag.data.count).toEqual({ value: 2, kind: "exact" });
    const frozenOnly = await list(`haku=${tag}&tila=suspended`);
    expect(frozenOnly.data.rows).toHaveLength(1);
    expect(frozenOnly.data.rows[0]).toMatchObject({ email: frozen.email, status: "suspended", orderCount: 0 });
    expect((await list(`haku=${tag}kylä`)).data.rows.map((row: { email: string }) => row.email)).toEqual([frozen.email]);
    const none = await list("haku=eiloydymitaan");
    expect(none.data).toMatchObject({ rows: [], filtered: true });

    const namedId = await customerIdOf(named.id);
    const page = await answerOf(() =>
      customerLoader({ request: getRequest(`/backoffice/users/${namedId}`, moderatorCookie), params: { customerId: namedId }, context: contextFor() }),
    );
    expect(page.data.customer).toMatchObject({ fullName: `Nimi ${tag}`, status: "active" });
    expect(page.data.orders).toEqual([]);
  });
});
