import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { listAssignableCaregivers } from "~/models/backoffice-orders.server";
import { assignCaregiver, notifyAssignedCaregiver } from "~/services/order-assignment.server";
import { createTestUser } from "./support/auth";
import { createTestOrder } from "./support/booking-fixtures";
import { auditRows, createCaregiver, emailsTo } from "./support/backoffice";

// Staff assigning a helper to an order (issue 14; app/services/order-assignment.server.ts): only
// approved helpers, the exclusion constraint deciding who is free, the audit line and the
// e-mails in the same transaction.

let db: DB;
let actor: { id: string; ip: string };

beforeAll(async () => {
  db = await getDb();
  const staff = await createTestUser({ email: "tuki-kaveri@example.fi", role: "support" });
  actor = { id: staff.id, ip: "203.0.113.5" };
});

let day = 0;
/** A fresh two-hour slot per test, so tests never collide with each other's orders. */
function nextSlot(): Date {
  day += 1;
  return new Date(Date.UTC(2027, 0, day, 10, 0));
}

describe("assigning a helper", () => {
  it("assigns an approved free helper, writes the audit line and e-mails the helper the visit's details", async () => {
    const caregiver = await createCaregiver(db, { name: "Kalle Kaveri" });
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: nextSlot(), bookingFor: "other" });

    const outcome = await assignCaregiver(db, actor, { orderId: order.orderId, caregiverId: caregiver.id });
    expect(outcome).toEqual({ ok: true, changed: true, orderNumber: order.orderNumber, caregiverName: "Kalle Kaveri" });

    const row = await db.selectFrom("orders").select("caregiver_id").where("id", "=", order.orderId).executeTakeFirstOrThrow();
    expect(row.caregiver_id).toBe(caregiver.id);
    const payment = await db.selectFrom("payments").select("caregiver_id").where("order_id", "=", order.orderId).executeTakeFirstOrThrow();
    expect(payment.caregiver_id).toBe(caregiver.id);

    const audit = await auditRows("order", order.orderId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: actor.id,
      ip: actor.ip,
      action: "order.assign",
      before: { caregiverId: null, caregiver: null },
      after: { caregiverId: caregiver.id, caregiver: "Kalle Kaveri" },
    });

    const [mail] = await emailsTo(caregiver.email);
    expect(mail.subject).toContain("Uusi tilaus");
    for (const expected of [
      `Tilausnumero: ${order.orderNumber}`,
      "Palvelu: Asiointiapu",
      "Osoite: Vanhustentie 9, 00800 Helsinki",
      "Palvelun saaja: Väinö Öhman",
      "Puhelin: 0509876543",
      "http://localhost:3000/portal/caregiver-bookings",
    ]) {
      expect(mail.text).toContain(expected);
    }
    expect(mail.attachments.map((a) => a.filename)).toEqual([`kaynti-${order.orderNumber}.ics`]);
    const customerMail = (await emailsTo(order.email)).at(-1)!;
    expect(customerMail.text).toContain("kaveriksi tulee Kalle Kaveri");
  });

  it("refuses a suspended, pending or rejected helper and changes nothing", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: nextSlot() });
    for (const status of ["suspended", "pending", "rejected"] as const) {
      const caregiver = await createCaregiver(db, { status });
      const outcome = await assignCaregiver(db, actor, { orderId: order.orderId, caregiverId: caregiver.id });
      expect(outcome).toMatchObject({ ok: false, reason: "caregiver_not_assignable" });
      expect(await emailsTo(caregiver.email)).toHaveLength(0);
    }
    const row = await db.selectFrom("orders").select("caregiver_id").where("id", "=", order.orderId).executeTakeFirstOrThrow();
    expect(row.caregiver_id).toBeNull();
    expect(await auditRows("order", order.orderId)).toHaveLength(0);
  });

  it("refuses a helper who has another live order at an overlapping time: the database decides", async () => {
    const caregiver = await createCaregiver(db);
    const startsAt = nextSlot();
    await createTestOrder({ paymentMethod: "invoice", startsAt, caregiverId: caregiver.id });
    const overlapping = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date(startsAt.getTime() + 3_600_000) });

    const outcome = await assignCaregiver(db, actor, { orderId: overlapping.orderId, caregiverId: caregiver.id });
    expect(outcome).toEqual({ ok: false, reason: "caregiver_busy", caregiverName: "Aino Äijälä", orderNumber: overlapping.orderNumber });
    const row = await db.selectFrom("orders").select("caregiver_id").where("id", "=", overlapping.orderId).executeTakeFirstOrThrow();
    expect(row.caregiver_id).toBeNull();
    expect(await auditRows("order", overlapping.orderId)).toHaveLength(0);
    expect(await emailsTo(caregiver.email)).toHaveLength(0);
  });

  it("refuses to staff a cancelled or completed order", async () => {
    const caregiver = await createCaregiver(db);
    for (const status of ["cancelled", "completed"] as const) {
      const order = await createTestOrder({ paymentMethod: "invoice", startsAt: nextSlot(), status });
      expect(await assignCaregiver(db, actor, { orderId: order.orderId, caregiverId: caregiver.id })).toMatchObject({
        ok: false,
        reason: "order_closed",
      });
    }
  });

  it("clears the helper and tells them they are no longer needed", async () => {
    const caregiver = await createCaregiver(db, { name: "Pekka Poistettava" });
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: nextSlot(), caregiverId: caregiver.id });
    const outcome = await assignCaregiver(db, actor, { orderId: order.orderId, caregiverId: null });
    expect(outcome).toMatchObject({ ok: true, changed: true, caregiverName: null });
    const [mail] = await emailsTo(caregiver.email);
    expect(mail.subject).toBe(`Tilaus ${order.orderNumber} ei ole enää sinulla – Arkikaveri`);
    expect(mail.text).toContain("Sinun ei tarvitse mennä tälle käynnille.");
    expect((await auditRows("order", order.orderId))[0]).toMatchObject({
      action: "order.assign",
      after: { caregiverId: null, caregiver: null },
    });
  });

  it("does nothing when the same helper is chosen again", async () => {
    const caregiver = await createCaregiver(db);
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: nextSlot(), caregiverId: caregiver.id });
    expect(await assignCaregiver(db, actor, { orderId: order.orderId, caregiverId: caregiver.id })).toMatchObject({ ok: true, changed: false });
    expect(await auditRows("order", order.orderId)).toHaveLength(0);
    expect(await emailsTo(caregiver.email)).toHaveLength(0);
  });

  it("exports the helper's e-mail for the booking flow", async () => {
    const caregiver = await createCaregiver(db, { name: "Varattu Kaveri" });
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt: nextSlot(), caregiverId: caregiver.id });
    await db.transaction().execute((trx) => notifyAssignedCaregiver(trx, order.orderId));
    const [mail] = await emailsTo(caregiver.email);
    expect(mail.text).toContain("Hei Varattu Kaveri,");
    expect(mail.text).toContain("Puhelin: 0401234567");
  });
});

describe("helpers offered for an order", () => {
  it("offers only approved helpers of the visit's city who are free for the whole time, best rated first", async () => {
    const startsAt = nextSlot();
    const city = `Kaupunki${day}`;
    const best = await createCaregiver(db, { name: "Paras", city, rating: 4.9 });
    const unrated = await createCaregiver(db, { name: "Uusi", city: city.toLowerCase(), rating: null });
    const good = await createCaregiver(db, { name: "Hyvä", city, rating: 4.2 });
    const busy = await createCaregiver(db, { name: "Varattu", city, rating: 5 });
    await createCaregiver(db, { name: "Jäädytetty", city, status: "suspended", rating: 5 });
    await createCaregiver(db, { name: "Hakija", city, status: "pending", rating: null });
    await createCaregiver(db, { name: "Muualla", city: "Oulu", rating: 5 });

    const order = await createTestOrder({ paymentMethod: "invoice", startsAt });
    await db.updateTable("orders").set({ city }).where("id", "=", order.orderId).execute();
    await createTestOrder({ paymentMethod: "invoice", startsAt: new Date(startsAt.getTime() + 3_600_000), caregiverId: busy.id });

    const offered = await listAssignableCaregivers(db, [order.orderId], 20);
    expect(offered.get(order.orderId)!.map((c) => c.id)).toEqual([best.id, good.id, unrated.id]);
    expect((await listAssignableCaregivers(db, [order.orderId], 1)).get(order.orderId)!.map((c) => c.id)).toEqual([best.id]);
  });

  it("offers a helper serving the city through their listed cities, and not one who does not offer the order's service", async () => {
    const startsAt = nextSlot();
    const city = `Kaupunki${day}`;
    const listed = await createCaregiver(db, { name: "Naapurista", city: "Oulu" });
    await db.updateTable("caregivers").set({ service_cities: ["Kempele", ` ${city.toLowerCase()}`] }).where("id", "=", listed.id).execute();
    const otherWork = await createCaregiver(db, { name: "Muuta Työtä", city });
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt });
    await db.updateTable("orders").set({ city }).where("id", "=", order.orderId).execute();
    const { service_category_id: serviceId } = await db.selectFrom("orders").select("service_category_id").where("id", "=", order.orderId).executeTakeFirstOrThrow();
    await db.deleteFrom("caregiver_services").where("caregiver_id", "=", otherWork.id).where("service_category_id", "=", serviceId).execute();

    const offered = (await listAssignableCaregivers(db, [order.orderId], 20)).get(order.orderId)!.map((c) => c.id);
    expect(offered).toContain(listed.id);
    expect(offered).not.toContain(otherWork.id);
  });

  it("keeps offering the order's own helper (the order does not clash with itself)", async () => {
    const startsAt = nextSlot();
    const own = await createCaregiver(db, { name: "Oma", city: "Porvoo" });
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt, caregiverId: own.id });
    await db.updateTable("orders").set({ city: "Porvoo" }).where("id", "=", order.orderId).execute();
    expect((await listAssignableCaregivers(db, [order.orderId], 20)).get(order.orderId)!.map((c) => c.id)).toContain(own.id);
  });
});
