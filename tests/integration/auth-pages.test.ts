import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import type { OrderStatus } from "~/db/schema";
import type { AuthUser } from "~/models/users.server";
import { loader as backofficeLayoutLoader } from "~/routes/backoffice";
import { loader as portalLayoutLoader } from "~/routes/portal";
import { loader as portalIndexLoader } from "~/routes/portal._index";
import { loader as caregiverBookingsLoader } from "~/routes/portal.caregiver-bookings";
import { answerOf, contextFor, createTestUser, getRequest, sessionCookieFor } from "./support/auth";

// What the guarded layouts and the first pages show to each role: the back-office menu of
// 001 §6, real figures on the welcome page, and the portal's own orders only.

const HOUR = 3_600_000;
let serviceId: string;
const people = {} as Record<"admin" | "moderator" | "support" | "customer" | "otherCustomer" | "caregiver" | "otherCaregiver", AuthUser>;

async function idOf(table: "customers" | "caregivers", profileId: string) {
  const db = await getDb();
  return (await db.selectFrom(table).select("id").where("profile_id", "=", profileId).executeTakeFirstOrThrow()).id;
}

async function insertOrder(options: {
  customer: AuthUser;
  caregiver?: AuthUser;
  startsInHours: number;
  status?: OrderStatus;
  completedDaysAgo?: number;
  description?: string;
}) {
  const db = await getDb();
  const startsAt = new Date(Date.now() + options.startsInHours * HOUR);
  const endsAt = new Date(startsAt.getTime() + 2 * HOUR);
  const row = await db
    .insertInto("orders")
    .values({
      customer_id: await idOf("customers", options.customer.id),
      caregiver_id: options.caregiver ? await idOf("caregivers", options.caregiver.id) : null,
      service_category_id: serviceId,
      starts_at: startsAt,
      ends_at: endsAt,
      scheduled_date: startsAt.toISOString().slice(0, 10),
      scheduled_start: "10:00",
      scheduled_end: "12:00",
      duration_hours: 2,
      address: "Mannerheimintie 1",
      postal_code: "00100",
      city: "Helsinki",
      description: options.description ?? null,
      payment_method: "invoice",
      unit_price_cents: 4000,
      original_price_cents: 8000,
      total_price_cents: 8000,
      net_amount_cents: 6375,
      vat_amount_cents: 1625,
      platform_fee_cents: 1275,
      caregiver_earnings_cents: 5100,
      status: options.status ?? "pending",
      completed_at: options.completedDaysAgo === undefined ? null : new Date(Date.now() - options.completedDaysAgo * 24 * HOUR),
    })
    .returning(["id", "order_number"])
    .executeTakeFirstOrThrow();
  return row;
}

async function load(loader: (args: any) => unknown, path: string, user: AuthUser) {
  const cookie = await sessionCookieFor(user);
  return answerOf(() => loader({ request: getRequest(path, cookie), params: {}, context: contextFor() }));
}

beforeAll(async () => {
  const db = await getDb();
  serviceId = (
    await db.insertInto("service_categories").values({ slug: "asiointi", name: "Asiointiapu" }).returning("id").executeTakeFirstOrThrow()
  ).id;
  people.admin = await createTestUser({ email: "sivut-admin@example.fi", role: "admin", fullName: "Anna Admin" });
  people.moderator = await createTestUser({ email: "sivut-mod@example.fi", role: "moderator" });
  people.support = await createTestUser({ email: "sivut-tuki@example.fi", role: "support" });
  people.customer = await createTestUser({ email: "sivut-asiakas@example.fi", fullName: "Aino Asiakas" });
  people.otherCustomer = await createTestUser({ email: "sivut-toinen@example.fi", fullName: "Toivo Toinen" });
  people.caregiver = await createTestUser({ email: "sivut-kaveri@example.fi", userType: "caregiver", fullName: "Kalle Kaveri" });
  people.otherCaregiver = await createTestUser({ email: "sivut-kaveri2@example.fi", userType: "caregiver" });
});

describe("back-office menu (001 §6)", () => {
  it.each([
    ["admin", ["Asiakkaat", "Kaverit", "Tilaukset", "Maksut", "Kirjanpitoarkisto", "Alennuskoodit", "Raportit", "Asetukset", "Muutosloki"]],
    ["moderator", ["Asiakkaat", "Kaverit", "Tilaukset"]],
    ["support", ["Tilaukset"]],
  ] as const)("shows %s the sections of their role", async (role, labels) => {
    const answer = await load(backofficeLayoutLoader, "/backoffice", people[role]);
    expect(answer.status).toBe(200);
    expect(answer.data.menu.map((item: { label: string }) => item.label)).toEqual(labels);
    expect(answer.data.user.role).toBe(role);
  });
});

// The dashboard (the back-office welcome page) is tested in backoffice-dashboard-audit.test.ts.

describe("portal", () => {
  it("shows the user's e-mail in the layout", async () => {
    const answer = await load(portalLayoutLoader, "/portal", people.customer);
    expect(answer.data).toMatchObject({ email: "sivut-asiakas@example.fi", isCaregiver: false, isStaff: false });
  });

  it("greets a customer with their next three upcoming orders, soonest first, and nobody else's", async () => {
    await insertOrder({ customer: people.customer, startsInHours: 72, description: "kolmas" });
    await insertOrder({ customer: people.customer, startsInHours: 24, description: "ensimmäinen" });
    await insertOrder({ customer: people.customer, startsInHours: 48, description: "toinen" });
    await insertOrder({ customer: people.customer, startsInHours: 96, description: "neljäs" });
    await insertOrder({ customer: people.customer, startsInHours: 30, status: "cancelled", description: "peruttu" });
    await insertOrder({ customer: people.customer, startsInHours: -30, status: "completed", description: "mennyt" });
    await insertOrder({ customer: people.otherCustomer, startsInHours: 12, description: "toisen asiakkaan" });

    const answer = await load(portalIndexLoader, "/portal", people.customer);
    expect(answer.data.firstName).toBe("Aino");
    expect(answer.data.canOrder).toBe(true);
    expect(answer.data.orders.map((order: { description: string }) => order.description)).toEqual(["ensimmäinen", "toinen", "kolmas"]);
    expect(answer.data.orders[0]).toMatchObject({ serviceName: "Asiointiapu", amount: "80,00\u00a0€", duration: "2 tuntia", status: "pending" });
  });

  it("shows a customer without orders an empty list", async () => {
    const fresh = await createTestUser({ email: "sivut-tyhja@example.fi" });
    const answer = await load(portalIndexLoader, "/portal", fresh);
    expect(answer.data.orders).toEqual([]);
  });

  it("shows a caregiver their upcoming assigned orders with their earnings, none already marked done", async () => {
    await insertOrder({ customer: people.otherCustomer, caregiver: people.caregiver, startsInHours: 200, description: "kaverin keikka" });
    // Marked done before its start (early, or by staff): no longer upcoming.
    await insertOrder({ customer: people.otherCustomer, caregiver: people.caregiver, startsInHours: 100, status: "completed", description: "tehty etuajassa" });
    const answer = await load(portalIndexLoader, "/portal", people.caregiver);
    expect(answer.data.isCaregiver).toBe(true);
    expect(answer.data.canOrder).toBe(false);
    expect(answer.data.orders).toHaveLength(1);
    expect(answer.data.orders[0]).toMatchObject({ description: "kaverin keikka", amount: "51,00\u00a0€" });
  });

  it("lists a caregiver's own bookings with the customer's name, and no other helper's", async () => {
    await insertOrder({ customer: people.customer, caregiver: people.caregiver, startsInHours: 300, status: "in_progress", description: "oma" });
    await insertOrder({ customer: people.customer, caregiver: people.caregiver, startsInHours: -300, status: "completed", description: "valmis" });
    await insertOrder({ customer: people.customer, caregiver: people.otherCaregiver, startsInHours: 400, description: "toisen kaverin" });
    const answer = await load(caregiverBookingsLoader, "/portal/caregiver-bookings", people.caregiver);
    const descriptions = [...answer.data.open, ...answer.data.closed].map((booking: { description: string }) => booking.description);
    // A visit over a week ago keeps no personal details on the helper's card (issue 25 item 10).
    expect(descriptions).toEqual(["kaverin keikka", "oma", "tehty etuajassa", null]);
    // Each card leads to the order's thread with the customer.
    expect(answer.data.open[1].messagesHref).toBe(`/portal/messages/${answer.data.open[1].orderNumber}`);
    expect(answer.data.open[1]).toMatchObject({ visitName: "Aino Asiakas", earnings: "51,00\u00a0€", status: "in_progress" });
  });

  it("shows a caregiver without bookings an empty list", async () => {
    const answer = await load(caregiverBookingsLoader, "/portal/caregiver-bookings", people.otherCaregiver);
    expect(answer.data.open.map((booking: { description: string }) => booking.description)).toEqual(["toisen kaverin"]);
    const fresh = await createTestUser({ email: "sivut-uusi-kaveri@example.fi", userType: "caregiver" });
    expect((await load(caregiverBookingsLoader, "/portal/caregiver-bookings", fresh)).data).toMatchObject({ open: [], closed: [] });
  });
});
