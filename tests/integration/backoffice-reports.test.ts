import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { loader as csvLoader } from "~/routes/backoffice.reports_.csv";
import { loader as reportsLoader } from "~/routes/backoffice.reports";
import { answerOf, contextFor, createTestUser, getRequest, sessionCookieFor } from "./support/auth";
import { createTestOrder } from "./support/booking-fixtures";

// The reports page (issue 14 "Reports"): sales by week and month, the order mix by service, city
// and start-hour band, helpers' hours and cancellations over a chosen period, each with its table
// and CSV; admins only.

const cookies = { admin: "", moderator: "" };
beforeAll(async () => {
  cookies.admin = await sessionCookieFor(await createTestUser({ email: "admin-raportit@example.fi", role: "admin" }));
  cookies.moderator = await sessionCookieFor(await createTestUser({ email: "mod-raportit@example.fi", role: "moderator" }));
});

const load = (query: string, who: keyof typeof cookies = "admin") =>
  answerOf(() => reportsLoader({ request: getRequest(`/backoffice/reports${query}`, cookies[who]), params: {}, context: contextFor() }));
const section = (page: { data: { sections: Array<{ id: string }> } }, id: string) => page.data.sections.find((s) => s.id === id) as any;

describe("the reports page", () => {
  it("counts a period's orders by week, month, service, city, start band, helper and cancellation", async () => {
    const db = await getDb();
    // A period of its own in 2030: 12.00 Helsinki (day band) and 19.00 (evening band).
    const done = await createTestOrder({ paymentMethod: "invoice", status: "completed", caregiverId: true, startsAt: new Date("2030-03-05T10:00:00Z") });
    await db.updateTable("orders").set({ completed_at: new Date("2030-03-05T13:00:00Z") }).where("id", "=", done.orderId).execute();
    await createTestOrder({ paymentMethod: "invoice", startsAt: new Date("2030-03-12T17:00:00Z") });
    const cancelled = await createTestOrder({ paymentMethod: "invoice", status: "cancelled", startsAt: new Date("2030-03-13T10:00:00Z") });
    await db.updateTable("orders").set({ cancellation_fee_cents: 4000 }).where("id", "=", cancelled.orderId).execute();

    const page = await load("?alkaen=2030-03-01&asti=2030-03-31");
    expect(page.status).toBe(200);
    // Every week of the period, in order and in words; those without sales as 0.
    expect(section(page, "viikot").rows.map((r: { label: string; value: number }) => [r.label, r.value])).toEqual([
      ["viikko 9/2030", 0],
      ["viikko 10/2030", done.totalPriceCents],
      ["viikko 11/2030", 0],
      ["viikko 12/2030", 0],
      ["viikko 13/2030", 0],
    ]);
    expect(section(page, "viikot").rows[0].cells).toEqual(["viikko 9/2030", "0", expect.stringMatching(/^0,00/)]);
    expect(section(page, "kuukaudet").rows.map((r: { label: string }) => r.label)).toEqual(["3/2030"]);
    expect(section(page, "kaupungit").rows.reduce((n: number, r: { value: number }) => n + r.value, 0)).toBe(2);
    const bands = Object.fromEntries(section(page, "tunnit").rows.map((r: { label: string; value: number }) => [r.label.split(" ")[0], r.value]));
    expect(bands).toMatchObject({ Päivä: 1, Ilta: 1, Yö: 0 });
    expect(section(page, "kaverit").rows).toHaveLength(1);
    expect(section(page, "peruutukset").rows[1].cells[2]).toContain("33,3 %");
    expect(section(page, "peruutukset").rows[1].cells[2]).toContain("40,00");

    const empty = await load("?alkaen=2031-01-01&asti=2031-01-31");
    expect(section(empty, "viikot").rows).toEqual([]);
  });

  it("downloads a section as CSV, and is for admins only", async () => {
    const csv = await answerOf(() => csvLoader({ request: getRequest("/backoffice/reports/csv?lista=palvelut&alkaen=2030-03-01&asti=2030-03-31", cookies.admin), params: {}, context: contextFor() }));
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toContain("palvelut-2030-03-01-2030-03-31.csv");
    const text = Buffer.from(await csv.response!.arrayBuffer()).toString("utf8");
    expect(text.split("\r\n")[0]).toBe("\uFEFFPalvelu;Tilauksia;Myynti");
    expect((await load("", "moderator")).status).toBe(403);
    const refused = await answerOf(() => csvLoader({ request: getRequest("/backoffice/reports/csv", cookies.moderator), params: {}, context: contextFor() }));
    expect(refused.status).toBe(403);
  });
});
