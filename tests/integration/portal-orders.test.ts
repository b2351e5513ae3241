import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import type { AuthUser } from "~/models/users.server";
import { loader as ordersLoader } from "~/routes/portal.orders._index";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { answerOf, contextFor, createTestUser, getRequest, sessionCookieFor } from "./support/auth";
import { createTestOrder } from "./support/booking-fixtures";

// The customer's orders in the portal (spec 001 §2; issue 10): own orders only, upcoming soonest
// first, past and cancelled ones newest first a page at a time, the invoice of an invoice order.

let customer: AuthUser;
let cookie = "";

beforeAll(async () => {
  customer = await createTestUser({ email: "tilaaja-portaali@example.fi", fullName: "Tuula Tilaaja" });
  cookie = await sessionCookieFor(customer);
});

const load = (query = "", who = cookie) =>
  answerOf(() => ordersLoader({ request: getRequest(`/portal/orders${query}`, who), params: {}, context: contextFor() }));

describe("/portal/orders", () => {
  it("lists the customer's own upcoming and past orders, with the invoice, and nobody else's", async () => {
    const db = await getDb();
    const soon = await createTestOrder({ paymentMethod: "invoice", email: customer.email, startsAt: new Date("2027-06-02T09:00:00Z") });
    const later = await createTestOrder({ paymentMethod: "online", email: customer.email, startsAt: new Date("2027-06-09T09:00:00Z") });
    const cancelled = await createTestOrder({ paymentMethod: "online", email: customer.email, status: "cancelled", startsAt: new Date("2027-06-05T09:00:00Z") });
    const past = await createTestOrder({ paymentMethod: "invoice", email: customer.email, status: "completed", startsAt: new Date("2025-06-05T09:00:00Z") });
    const someoneElse = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date("2027-06-03T09:00:00Z") });
    await createInvoiceForOrder(db, soon.orderId);

    const page = await load();
    expect(page.status).toBe(200);
    expect(page.data.upcoming.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([soon.orderNumber, later.orderNumber]);
    expect(page.data.past.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([cancelled.orderNumber, past.orderNumber]);
    expect(page.data.upcoming[0]).toMatchObject({ invoiceHref: `/lasku/${soon.orderNumber}`, caregiver: "Kaveri valitaan puolestasi" });
    expect(page.data.upcoming[1].invoiceHref).toBeNull();
    const all = [...page.data.upcoming, ...page.data.past].map((o: { orderNumber: string }) => o.orderNumber);
    expect(all).not.toContain(someoneElse.orderNumber);

    // Another signed-in customer sees none of them.
    const other = await sessionCookieFor(await createTestUser({ email: "toinen-portaali@example.fi" }));
    const theirs = await load("", other);
    expect(theirs.data).toMatchObject({ upcoming: [], past: [] });
  });

  it("pages the past orders twenty at a time", async () => {
    const pager = await createTestUser({ email: "sivuttaja-portaali@example.fi" });
    const pagerCookie = await sessionCookieFor(pager);
    for (let i = 0; i < 21; i++) {
      await createTestOrder({ paymentMethod: "invoice", email: pager.email, status: "completed", startsAt: new Date(Date.UTC(2025, 0, i + 1, 9)) });
    }
    const first = await load("", pagerCookie);
    expect(first.data.past).toHaveLength(20);
    expect(first.data.nextHref).toBe("/portal/orders?sivu=2#aiemmat");
    const second = await load("?sivu=2", pagerCookie);
    expect(second.data.past).toHaveLength(1);
    expect(second.data).toMatchObject({ nextHref: null, previousHref: "/portal/orders#aiemmat" });
  });

  it("asks an anonymous visitor to sign in", async () => {
    const answer = await load("", "");
    expect(answer.status).toBe(302);
    expect(answer.location).toContain("/auth");
  });
});
