import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { addCalendarDays, helsinkiToday } from "~/domain/booking-window";
import type { AuthUser } from "~/models/users.server";
import { loader as dashboardLoader } from "~/routes/backoffice._index";
import { loader as auditLoader } from "~/routes/backoffice.audit";
import { assignCaregiver } from "~/services/order-assignment.server";
import { reviewCaregiver } from "~/services/caregiver-review.server";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { answerOf, contextFor, createTestUser, getRequest, sessionCookieFor } from "./support/auth";
import { createTestOrder } from "./support/booking-fixtures";
import { createCaregiver } from "./support/backoffice";

// The dashboard's figures and 'Vaatii huomiota' per role, and the audit log list for admins.

let db: DB;
const staff = {} as Record<"admin" | "moderator" | "support", AuthUser>;
const cookies = {} as Record<"admin" | "moderator" | "support", string>;

beforeAll(async () => {
  db = await getDb();
  staff.admin = await createTestUser({ email: "admin-koonti@example.fi", role: "admin", fullName: "Aino Ylläpitäjä" });
  staff.moderator = await createTestUser({ email: "mod-koonti@example.fi", role: "moderator", fullName: "Mervi Moderaattori" });
  staff.support = await createTestUser({ email: "tuki-koonti@example.fi", role: "support", fullName: "Tuomas Tuki" });
  for (const role of ["admin", "moderator", "support"] as const) cookies[role] = await sessionCookieFor(staff[role]);
});

function dashboard(role: keyof typeof cookies) {
  return answerOf(() => dashboardLoader({ request: getRequest("/backoffice", cookies[role]), params: {}, context: contextFor() }));
}

describe("the dashboard", () => {
  it("shows real figures and what needs attention, each to the roles that may act on it", async () => {
    const applicant = await createCaregiver(db, { name: "Odottava Hakija", status: "pending", rating: null });
    const soon = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date(Date.now() + 20 * 3_600_000) });
    await createTestOrder({ paymentMethod: "invoice", startsAt: new Date(Date.now() + 72 * 3_600_000) });
    const overdue = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date("2026-01-10T10:00:00Z"), status: "completed" });
    await db.transaction().execute((trx) => createInvoiceForOrder(trx, overdue.orderId, new Date("2025-12-01T10:00:00Z")));
    const paid = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date("2026-01-11T10:00:00Z"), status: "completed" });
    await db.transaction().execute((trx) => createInvoiceForOrder(trx, paid.orderId, new Date("2025-12-01T10:00:00Z")));
    await db.updateTable("invoices").set({ status: "paid" }).where("order_id", "=", paid.orderId).execute();
    const helper = await createCaregiver(db);
    await db.insertInto("payouts").values({ order_id: overdue.orderId, caregiver_id: helper.id, amount_cents: 5100 }).execute();

    const admin = await dashboard("admin");
    expect(admin.data.cards.map((card: { label: string }) => card.label)).toEqual(["Asiakkaat", "Kaverit", "Avoimet tilaukset", "Myynti 30 päivää"]);
    expect(admin.data.cards.find((card: { label: string }) => card.label === "Kaverit")).toMatchObject({
      value: "1",
      detail: "1 odottaa hyväksyntää",
      to: "/backoffice/caregivers",
    });
    const groups = Object.fromEntries(admin.data.groups.map((group: { id: string }) => [group.id, group]));
    expect(groups.applications.items).toEqual([
      expect.objectContaining({ label: "Odottava Hakija", href: `/backoffice/caregivers/${applicant.id}` }),
    ]);
    expect(groups.unassigned.items.map((item: { label: string }) => item.label)).toEqual([soon.orderNumber]);
    expect(groups.overdue.items).toEqual([
      expect.objectContaining({ label: expect.stringContaining(overdue.orderNumber), href: `/backoffice/orders/${overdue.orderNumber}/maksu` }),
    ]);
    expect(groups.payouts.items[0]).toMatchObject({ label: "1 tilitys kavereille", href: "/backoffice/payments" });

    const support = await dashboard("support");
    expect(support.data.cards.map((card: { label: string }) => card.label)).toEqual(["Avoimet tilaukset"]);
    expect(support.data.groups.map((group: { id: string }) => group.id)).toEqual(["unassigned", "not-started", "suspended-caregiver"]);
    const moderator = await dashboard("moderator");
    expect(moderator.data.groups.map((group: { id: string }) => group.id)).toEqual(["applications", "unassigned", "not-started", "suspended-caregiver"]);
  });
});

describe("the visits on 'Vaatii huomiota'", () => {
  it("lists a visit that ended unstarted under 'Käynti ei alkanut' and a suspended helper's coming visit for reassignment", async () => {
    const hour = 3_600_000;
    const at = (hours: number) => new Date(Date.now() + hours * hour);
    const helper = await createCaregiver(db, { name: "Huomion Kaveri" });
    const unstarted = await createTestOrder({ paymentMethod: "invoice", caregiverId: helper.id, startsAt: at(-30) });
    await createTestOrder({ paymentMethod: "invoice", caregiverId: helper.id, startsAt: at(-26), status: "in_progress" });
    await createTestOrder({ paymentMethod: "invoice", caregiverId: helper.id, startsAt: at(-22), status: "completed" });
    await createTestOrder({ paymentMethod: "invoice", startsAt: at(-20) });
    await createTestOrder({ paymentMethod: "invoice", caregiverId: helper.id, startsAt: at(-1) });
    await createTestOrder({ paymentMethod: "invoice", caregiverId: helper.id, startsAt: at(30) });
    const leaving = await createCaregiver(db, { name: "Lähtevä Kaveri" });
    const reassign = await createTestOrder({ paymentMethod: "invoice", caregiverId: leaving.id, startsAt: at(60) });
    await createTestOrder({ paymentMethod: "invoice", caregiverId: leaving.id, startsAt: at(90), status: "cancelled" });
    const groupsOf = async () => Object.fromEntries((await dashboard("support")).data.groups.map((group: { id: string }) => [group.id, group]));

    let groups = await groupsOf();
    expect(groups["not-started"]).toMatchObject({ title: "Käynti ei alkanut", total: "1" });
    expect(groups["not-started"].items).toEqual([expect.objectContaining({ label: unstarted.orderNumber, href: `/backoffice/orders/${unstarted.orderNumber}` })]);
    expect(groups["suspended-caregiver"].items).toEqual([]);

    expect(await reviewCaregiver(db, { id: staff.admin.id }, { caregiverId: leaving.id, action: "suspend", reason: "Ei tavoitettavissa" })).toMatchObject({ ok: true });
    groups = await groupsOf();
    expect(groups["suspended-caregiver"]).toMatchObject({ title: "Tulevat käynnit, joiden kaveri on jäädytetty", total: "1" });
    expect(groups["suspended-caregiver"].items).toEqual([expect.objectContaining({ label: reassign.orderNumber, href: `/backoffice/orders/${reassign.orderNumber}` })]);
    expect(groups["not-started"].items.map((item: { label: string }) => item.label)).toEqual([unstarted.orderNumber]);
  });
});

describe("the audit log list", () => {
  it("lists staff writes newest first with who, what and before → after, filterable", async () => {
    const applicant = await createCaregiver(db, { name: "Lokin Hakija", status: "pending", rating: null });
    await db.updateTable("caregivers").set({ interview_done: true, identity_verified: true, background_check: true }).where("id", "=", applicant.id).execute();
    await reviewCaregiver(db, { id: staff.moderator.id }, { caregiverId: applicant.id, action: "approve" });
    const helper = await createCaregiver(db, { name: "Lokin Kaveri" });
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date("2027-08-01T09:00:00Z") });
    await assignCaregiver(db, { id: staff.support.id }, { orderId: order.orderId, caregiverId: helper.id });
    const log = (query: string) => answerOf(() => auditLoader({ request: getRequest(`/backoffice/audit?${query}`, cookies.admin), params: {}, context: contextFor() }));

    const all = await log("");
    expect(all.data.rows.slice(0, 2).map((row: { action: string }) => row.action)).toEqual(["Kaverin muutos", "Kaveri hyväksytty"]);
    expect(all.data.rows[0]).toMatchObject({
      actor: "Tuomas Tuki",
      subject: { label: `Tilaus ${order.orderNumber}`, href: `/backoffice/orders/${order.orderNumber}` },
      changes: [{ field: "Kaveri", before: "–", after: "Lokin Kaveri" }],
    });
    expect(all.data.rows[1]).toMatchObject({
      subject: { label: "Kaveri Lokin Hakija", href: `/backoffice/caregivers/${applicant.id}` },
      changes: [{ field: "Tila", before: "Odottaa", after: "Hyväksytty" }],
    });

    const byModerator = await log(`tekija=${staff.moderator.id}`);
    expect(byModerator.data.rows.map((row: { actor: string }) => row.actor)).toEqual(["Mervi Moderaattori"]);
    expect((await log("kohde=order&toiminto=order.assign")).data.rows).toHaveLength(1);
    const today = helsinkiToday(new Date());
    expect((await log(`alkaen=${addCalendarDays(today, 1)}`)).data.rows).toEqual([]);
    expect((await log(`alkaen=${today}&asti=${today}`)).data.rows.length).toBeGreaterThanOrEqual(2);
  });

  it("pages through a long log without skipping or repeating lines", async () => {
    await sql`insert into audit_log (actor_id, action, entity_type, entity_id, created_at)
      select ${staff.admin.id}::uuid, 'customer.freeze', 'customer', 'sivutus', now() - (n || ' seconds')::interval
      from generate_series(1, 120) n`.execute(db);
    await sql`insert into audit_log (actor_id, action, entity_type, entity_id, created_at)
      select ${staff.admin.id}::uuid, 'customer.freeze', 'customer', 'sivutus', now() - interval '500 seconds' from generate_series(1, 5)`.execute(db);
    const seen: string[] = [];
    let query = "toiminto=customer.freeze";
    for (let guard = 0; guard < 10; guard += 1) {
      const page = await answerOf(() => auditLoader({ request: getRequest(`/backoffice/audit?${query}`, cookies.admin), params: {}, context: contextFor() }));
      seen.push(...page.data.rows.map((row: { id: string }) => row.id));
      if (!page.data.next) break;
      query = page.data.next.slice(1);
    }
    expect(seen).toHaveLength(125);
    expect(new Set(seen).size).toBe(125);
  });
});
