import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, openDatabase } from "~/db.server";
import { prepareDatabase, seedModeFor } from "~/db/prepare.server";
import { resetEnvCache } from "~/env.server";
import { findCredentialsByEmail } from "~/models/users.server";
import { loader as localCheckoutLoader } from "~/routes/maksu.testi.$ref";
import { loader as textOutboxLoader } from "~/routes/dev.tekstiviestit";
import { action as varaaAction, loader as varaaContactLoader } from "~/routes/varaa.yhteystiedot";
import { verifyPassword } from "~/services/password.server";
import { CheckoutError, startCheckout } from "~/services/payments/checkout.server";
import { isLocalProviderActive, isOnlinePaymentAvailable } from "~/services/payments/active-provider.server";
import { isSmsAvailable } from "~/services/sms/active-provider.server";
import { createStaffAccount } from "~/services/staff-accounts.server";
import { answerOf } from "./support/auth";
import { CONTEXT, dateInDays, draftQuery, getUrl, ordersOf, postUrl, seedBookingFixtures, validContact, type BookingFixtures } from "./support/booking";
import { createTestOrder } from "./support/booking-fixtures";

// Production is safe by default (issue 12 findings 2 and 4; DESIGN.md decision 20): no demo
// accounts on a fresh database, a first admin made by a command, and no test checkout that would
// confirm unpaid orders.

const saved = { NODE_ENV: process.env.NODE_ENV, SESSION_SECRET: process.env.SESSION_SECRET, ALTCHA_HMAC_KEY: process.env.ALTCHA_HMAC_KEY };

function production() {
  process.env.NODE_ENV = "production";
  process.env.SESSION_SECRET = "a-test-secret-of-sufficient-length";
  process.env.ALTCHA_HMAC_KEY = "a-test-bot-check-key-of-sufficient-length";
  resetEnvCache();
}

afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
});

describe("a fresh production database", () => {
  it("gets the settings and services but no demo accounts, and admin:create makes a working admin", async () => {
    expect(seedModeFor({ kind: "pglite" }, "production")).toBe("base");
    expect(seedModeFor({ kind: "postgres" }, "development")).toBe("base");
    expect(seedModeFor({ kind: "pglite" }, "development")).toBe("demo");

    const handle = await openDatabase({ kind: "pglite", dataDir: null });
    try {
      await prepareDatabase(handle.db, { seedIfEmpty: "base" });
      const people = await handle.db.selectFrom("profiles").select("email").execute();
      expect(people).toEqual([]);
      const services = await handle.db.selectFrom("service_categories").select("slug").execute();
      expect(services.length).toBeGreaterThanOrEqual(6);
      expect(await findCredentialsByEmail(handle.db, "admin@arkikaveri.test")).toBeNull();

      const account = await createStaffAccount(handle.db, { email: "Pia.Pomo@example.fi", fullName: "Pia Pomo", role: "admin" });
      expect(account).toMatchObject({ created: true });
      expect(account.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
      const credentials = await findCredentialsByEmail(handle.db, "pia.pomo@example.fi");
      expect(await verifyPassword(credentials!.passwordHash, account.password)).toBe(true);
      const role = await handle.db.selectFrom("user_roles").select("role").where("user_id", "=", account.userId).executeTakeFirst();
      expect(role?.role).toBe("admin");

      // Run again for the same address: the same account, a new password, no second profile.
      const again = await createStaffAccount(handle.db, { email: "pia.pomo@example.fi", role: "admin" });
      expect(again).toMatchObject({ created: false, userId: account.userId });
      expect(again.password).not.toBe(account.password);
      expect(await handle.db.selectFrom("profiles").select("id").execute()).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });
});

describe("production without Stripe", () => {
  let f: BookingFixtures;
  beforeAll(async () => {
    f = await seedBookingFixtures();
  });

  it("offers no online payment, refuses it when posted, and the test checkout answers 404", async () => {
    const db = await getDb();
    const order = await createTestOrder({ paymentMethod: "online", startsAt: new Date("2027-04-01T09:00:00Z") });
    const ref = (await startCheckout(db, order.orderId)).replace("/maksu/testi/", "");

    production();
    expect(isLocalProviderActive()).toBe(false);
    expect(isOnlinePaymentAvailable()).toBe(false);
    const page = await answerOf(() => localCheckoutLoader({ request: new Request(`http://localhost/maksu/testi/${ref}`), params: { ref }, context: CONTEXT }));
    expect(page.status).toBe(404);
    const other = await createTestOrder({ paymentMethod: "online", startsAt: new Date("2027-04-02T09:00:00Z") });
    await expect(startCheckout(db, other.orderId)).rejects.toBeInstanceOf(CheckoutError);

    const draft = draftQuery({ date: dateInDays(40), time: "10:00", duration: 2, service: f.serviceId, caregiver: "ei-valia" });
    const view = await answerOf(() => varaaContactLoader({ request: getUrl("/varaa/yhteystiedot", draft), params: {}, context: CONTEXT }));
    expect(view.data).toMatchObject({ onlinePayment: false });

    const contact = validContact({ paymentMethod: "online" });
    const answer = await answerOf(() => varaaAction({ request: postUrl("/varaa/yhteystiedot", draft, contact), params: {}, context: CONTEXT }));
    expect(answer.status).toBe(400);
    expect(answer.data.result.error.paymentMethod).toEqual(["Verkkomaksu ei ole juuri nyt käytössä. Valitse maksutavaksi lasku."]);
    expect(await ordersOf(contact.email)).toHaveLength(0);
  });

  it("in development the test checkout is offered as before", () => {
    expect(isOnlinePaymentAvailable()).toBe(true);
  });
});

describe("production without an SMS provider (decision 0031)", () => {
  let f: BookingFixtures;
  beforeAll(async () => {
    f = await seedBookingFixtures();
  });

  it("hides the dev outbox of texts, offers no text reminder, and a ticked box posted anyway stores none", async () => {
    const draft = draftQuery({ date: dateInDays(42), time: "10:00", duration: 2, service: f.serviceId, caregiver: "ei-valia" });
    production();
    expect(isSmsAvailable()).toBe(false);
    const outbox = await answerOf(() => textOutboxLoader({ request: new Request("http://localhost/dev/tekstiviestit"), params: {}, context: CONTEXT }));
    expect(outbox.status).toBe(404);
    const view = await answerOf(() => varaaContactLoader({ request: getUrl("/varaa/yhteystiedot", draft), params: {}, context: CONTEXT }));
    expect(view.data).toMatchObject({ smsAvailable: false });

    const contact = validContact({ smsReminder: "on" });
    const answer = await answerOf(() => varaaAction({ request: postUrl("/varaa/yhteystiedot", draft, contact), params: {}, context: CONTEXT }));
    expect(answer.status).toBe(302);
    expect((await ordersOf(contact.email))[0]).toMatchObject({ sms_reminder: false, sms_phone: null });
  });

  it("in development the dev outbox is there", async () => {
    expect(isSmsAvailable()).toBe(true);
    const outbox = await answerOf(() => textOutboxLoader({ request: new Request("http://localhost/dev/tekstiviestit"), params: {}, context: CONTEXT }));
    expect(outbox.status).toBe(200);
  });
});
