import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { helsinkiWallTimeToInstant } from "~/domain/booking-window";
import { action as varaaAction, loader as varaaContactLoader } from "~/routes/varaa.yhteystiedot";
import { action as varausAction } from "~/routes/varaus.yhteystiedot";
import { loader as successLoader } from "~/routes/varaus-maksu-onnistui";
import { loader as cancelledLoader } from "~/routes/varaus-peruutettu";
import { botCheckMessages } from "~/messages/bot-check";
import { createQuestion } from "~/services/bot-check.server";
import { answerOf, cookiesFrom, createTestUser, sessionCookieFor } from "./support/auth";
import { createCaregiver } from "./support/backoffice";
import {
  CONTEXT,
  botCheckAnswer,
  dateInDays,
  directOrderInput,
  draftQuery,
  getUrl,
  insertDiscountCode,
  ordersOf,
  postUrl,
  seedBookingFixtures,
  validContact,
  type BookingFixtures,
} from "./support/booking";

// Step 3 and the order it places, through real POSTs as a browser without JavaScript sends them
// (spec 000 §2 "Step 3 form contents", §4, §5 "Three-step wizard, step 3" (every message), §8;
// issue 4 "Creating the order").

let f: BookingFixtures;

beforeAll(async () => {
  f = await seedBookingFixtures();
  await insertDiscountCode({ code: "KYMPPI", percentBp: 1000 });
  await insertDiscountCode({ code: "VANHA", type: "fixed_amount", amountCents: 500, validFromDays: -400, validUntilDays: -30 });
  await insertDiscountCode({ code: "KERRAN", percentBp: 2000, perUserLimit: 1 });
  await insertDiscountCode({ code: "ISOT", type: "fixed_amount", amountCents: 2000, minOrderCents: 15000 });
});

let dayOffset = 3;
/** A fresh draft on its own day, so orders of different tests never meet. */
function freshDraft(overrides: Partial<{ time: string; duration: number; caregiver: string }> = {}) {
  dayOffset += 1;
  return { date: dateInDays(dayOffset), time: "10:00", duration: 2, service: f.serviceId, caregiver: "ei-valia", ...overrides };
}

function post(query: string, fields: Record<string, string>, cookie?: string, path = "/varaa/yhteystiedot") {
  const request = postUrl(path, query, fields, cookie);
  const run = path.startsWith("/varaus") ? varausAction : varaaAction;
  return answerOf(() => run({ request, params: {}, context: CONTEXT }));
}

function errorsOf(answer: { data: any }): Record<string, string[]> {
  return answer.data?.result?.error ?? {};
}

async function orderCount(): Promise<number> {
  const db = await getDb();
  const row = await db.selectFrom("orders").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
  return row.n;
}

describe("every §5 rule of step 3, by real POSTs", () => {
  async function expectErrors(overrides: Record<string, string | null>, expected: Record<string, string>) {
    const before = await orderCount();
    const answer = await post(draftQuery(freshDraft()), validContact(overrides));
    expect(answer.status).toBe(400);
    const errors = errorsOf(answer);
    for (const [field, message] of Object.entries(expected)) expect(errors[field], field).toEqual([message]);
    expect(await orderCount()).toBe(before);
    return errors;
  }

  it("bookingFor is required", async () => {
    await expectErrors({ bookingFor: null }, { bookingFor: "Valitse kenelle tilaat palvelun" });
    await expectErrors({ bookingFor: "kaikille" }, { bookingFor: "Valitse kenelle tilaat palvelun" });
  });

  it("first and last names are 2–50 letters, spaces, hyphens and apostrophes", async () => {
    await expectErrors({ firstName: null, lastName: null }, { firstName: "Kirjoita etunimi", lastName: "Kirjoita sukunimi" });
    await expectErrors({ firstName: " A ", lastName: "B" }, { firstName: "Etunimi liian lyhyt", lastName: "Sukunimi liian lyhyt" });
    await expectErrors(
      { firstName: "A".repeat(51), lastName: "B".repeat(51) },
      { firstName: "Etunimi liian pitkä", lastName: "Sukunimi liian pitkä" },
    );
    await expectErrors(
      { firstName: "Aino2", lastName: "<Virtanen>" },
      { firstName: "Nimi sisältää epäkelpoja merkkejä", lastName: "Nimi sisältää epäkelpoja merkkejä" },
    );
  });

  it("accepts Finnish letters, hyphens and apostrophes in names", async () => {
    const answer = await post(draftQuery(freshDraft()), validContact({ firstName: "Äijä-Öövi", lastName: "O'Brien Åkerlund" }));
    expect(answer.status).toBe(302);
  });

  it("e-mail must be valid and at most 255 characters", async () => {
    await expectErrors({ email: "aino.example.fi" }, { email: "Virheellinen sähköpostiosoite" });
    await expectErrors({ email: `${"a".repeat(250)}@example.fi` }, { email: "Sähköposti liian pitkä" });
  });

  it("phone starts with +358 or 0 followed by 6–14 digits", async () => {
    const message = "Virheellinen puhelinnumero (esim. +358401234567 tai 0401234567)";
    await expectErrors({ phone: "401234567" }, { phone: message });
    await expectErrors({ phone: "04012" }, { phone: message });
    await expectErrors({ phone: "+358123456789012345" }, { phone: message });
    await expectErrors({ phone: null }, { phone: "Kirjoita puhelinnumero" });
  });

  it("address 5–200, postal code 5 digits, city 2–100", async () => {
    await expectErrors(
      { address: "Kat", postalCode: "0010", city: "H" },
      { address: "Osoite liian lyhyt", postalCode: "Postinumeron on oltava 5 numeroa", city: "Kaupunki liian lyhyt" },
    );
    await expectErrors(
      { address: "K".repeat(201), postalCode: "00a00", city: "H".repeat(101) },
      { address: "Osoite liian pitkä", postalCode: "Postinumeron on oltava 5 numeroa", city: "Kaupunki liian pitkä" },
    );
  });

  it("all six recipient fields are required when the service is for another person", async () => {
    // Spec 000 §5: one message for the missing recipient, said once, on the first empty field.
    const empty = await expectErrors({ bookingFor: "other" }, { recipientFirstName: "Täytä vastaanottajan tiedot" });
    expect(Object.values(empty).flat().filter((message) => message === "Täytä vastaanottajan tiedot")).toHaveLength(1);
    await expectErrors(
      { bookingFor: "other", recipientFirstName: "Aino", recipientLastName: "Virtanen", recipientAddress: "K" },
      { recipientPhone: "Täytä vastaanottajan tiedot", recipientAddress: "Saajan osoite liian lyhyt" },
    );
    await expectErrors(
      {
        bookingFor: "other",
        recipientFirstName: "E",
        recipientLastName: "Virtanen",
        recipientPhone: "123",
        recipientAddress: "Katu 2",
        recipientPostalCode: "001",
        recipientCity: "Espoo",
      },
      {
        recipientFirstName: "Saajan etunimi liian lyhyt",
        recipientPhone: "Tarkista saajan puhelinnumero (esim. +358401234567 tai 0401234567)",
        recipientPostalCode: "Saajan postinumeron on oltava 5 numeroa",
      },
    );
  });

  it("recipient fields are ignored for oneself", async () => {
    const answer = await post(draftQuery(freshDraft()), validContact({ bookingFor: "self", recipientFirstName: "X", recipientPostalCode: "1" }));
    expect(answer.status).toBe(302);
  });

  it("payment method is online or invoice", async () => {
    await expectErrors({ paymentMethod: null }, { paymentMethod: "Valitse maksutapa" });
    await expectErrors({ paymentMethod: "kateinen" }, { paymentMethod: "Valitse maksutapa" });
  });

  it("the terms must be accepted", async () => {
    await expectErrors({ acceptTerms: null }, { acceptTerms: "Sinun täytyy hyväksyä ehdot" });
  });

  it("the bot check is required, verified and single-use", async () => {
    await expectErrors({ botCheck: null, botCheckToken: null }, { botCheck: botCheckMessages.required });
    await expectErrors({ botCheck: "" }, { botCheck: botCheckMessages.required });

    const question = createQuestion();
    await expectErrors({ botCheckToken: question.token, botCheck: String(question.answer === 18 ? 2 : question.answer + 1) }, { botCheck: botCheckMessages.failed });
    // One token gives one guess: the right answer is refused after a wrong one.
    await expectErrors({ botCheckToken: question.token, botCheck: String(question.answer) }, { botCheck: botCheckMessages.failed });

    const expired = createQuestion({ now: new Date(Date.now() - 2 * 60 * 60 * 1000) });
    await expectErrors({ botCheckToken: expired.token, botCheck: String(expired.answer) }, { botCheck: botCheckMessages.expired });

    await expectErrors({ botCheckToken: "forged.token", botCheck: "5" }, { botCheck: botCheckMessages.failed });
    await expectErrors({ altcha: "bm90LWFsdGNoYQ==", botCheck: null, botCheckToken: null }, { botCheck: botCheckMessages.failed });
  });

  it("a used answer is refused the second time", async () => {
    const answer = botCheckAnswer();
    const first = await post(draftQuery(freshDraft()), validContact(answer));
    expect(first.status).toBe(302);
    const second = await post(draftQuery(freshDraft()), validContact(answer));
    expect(second.status).toBe(400);
    expect(errorsOf(second).botCheck).toEqual([botCheckMessages.failed]);
  });

  it("a refused form keeps what was typed (except the bot check) and brings a new question", async () => {
    const answer = await post(draftQuery(freshDraft()), validContact({ acceptTerms: null, discountCode: "kymppi" }));
    expect(answer.status).toBe(400);
    const values = answer.data.result.initialValue;
    expect(values).toMatchObject({ firstName: "Aino", lastName: "Virtanen", city: "Helsinki", discountCode: "kymppi" });
    expect(values.botCheck).toBeUndefined();
    expect(values.botCheckToken).toBeUndefined();
    expect(answer.data.botCheck.question).toMatch(/^Paljonko on/);
    // The summary already shows the typed code's discount.
    expect(answer.data.discount).toMatchObject({ status: "valid", code: "KYMPPI" });
  });
});

describe("placing an invoice order", () => {
  it("creates the customer, the order, the payment, the invoice and the e-mail, then shows the order", async () => {
    const draft = freshDraft({ time: "09:00", duration: 3, caregiver: f.topCaregiverId });
    const contact = validContact({ phone: "040 123 4567" });
    const answer = await post(draftQuery(draft), contact);
    expect(answer.status).toBe(302);
    const location = new URL(answer.location!, "http://x");
    expect(location.pathname).toBe("/varaus-maksu-onnistui");
    expect(location.searchParams.get("payment_method")).toBe("invoice");
    const orderNumber = location.searchParams.get("order_number")!;
    expect(orderNumber).toMatch(/^ORD-\d+$/);

    const db = await getDb();
    const [order] = await ordersOf(contact.email);
    expect(order).toMatchObject({
      order_number: orderNumber,
      status: "pending",
      caregiver_id: f.topCaregiverId,
      service_category_id: f.serviceId,
      booking_for: "self",
      payment_method: "invoice",
      scheduled_date: draft.date,
      scheduled_start: "09:00:00",
      scheduled_end: "12:00:00",
      duration_hours: 3,
      address: "Runeberginkatu 15 A 4",
      postal_code: "00100",
      city: "Helsinki",
      unit_price_cents: 4000,
      original_price_cents: 12000,
      discount_cents: 0,
      total_price_cents: 12000,
      net_amount_cents: 9562,
      vat_amount_cents: 2438,
      platform_fee_cents: 1912,
      caregiver_earnings_cents: 7650,
    });
    expect(order.starts_at.toISOString()).toBe(helsinkiWallTimeToInstant(draft.date, 9)!.toISOString());
    expect(order.ends_at.getTime() - order.starts_at.getTime()).toBe(3 * 60 * 60 * 1000);

    const profile = await db.selectFrom("profiles").selectAll().where("email", "=", contact.email).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ full_name: "Aino Virtanen", phone: "0401234567", user_type: "customer", password_hash: null });
    expect(order.created_by).toBe(profile.id);
    const customer = await db.selectFrom("customers").selectAll().where("profile_id", "=", profile.id).executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ address: "Runeberginkatu 15 A 4", postal_code: "00100", city: "Helsinki" });

    const payment = await db.selectFrom("payments").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ provider: "invoice", method: "invoice", status: "pending", amount_cents: 12000, customer_id: customer.id, caregiver_id: f.topCaregiverId });
    const invoice = await db.selectFrom("invoices").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(invoice.amount_cents).toBe(12000);

    const email = await db.selectFrom("emails").selectAll().where("to_address", "=", contact.email).executeTakeFirstOrThrow();
    expect(email.subject).toContain(orderNumber);
    expect(email.attachments.map((a) => a.contentType.split(";")[0])).toEqual(expect.arrayContaining(["text/calendar", "application/pdf"]));

    // The booking browser sees its order …
    const cookie = cookiesFrom(answer.response ?? new Response(null, { headers: answer.headers }));
    expect(cookie).toContain("__bookings=");
    const page = await answerOf(() => successLoader({ request: getUrl("/varaus-maksu-onnistui", location.searchParams.toString(), cookie), params: {}, context: CONTEXT }));
    expect(page.data.order).toMatchObject({
      orderNumber,
      serviceName: "Juttuseura",
      durationLabel: "3 tuntia",
      originalPriceCents: 12000,
      discountCents: 0,
      totalPriceCents: 12000,
      paymentMethod: "invoice",
    });
    // … a stranger with the same address does not.
    const stranger = await answerOf(() => successLoader({ request: getUrl("/varaus-maksu-onnistui", location.searchParams.toString()), params: {}, context: CONTEXT }));
    expect(stranger.data.order).toBeNull();
  });

  it("ignores tampered price and amount fields", async () => {
    const draft = freshDraft({ time: "20:00", duration: 2 });
    const contact = validContact({
      price: "1",
      totalPriceCents: "1",
      total_price_cents: "1",
      unitPriceCents: "100",
      hourlyCents: "100",
      amount: "0",
      orderAmount: "1",
      discountCents: "8000",
    });
    const answer = await post(draftQuery(draft), contact);
    expect(answer.status).toBe(302);
    const [order] = await ordersOf(contact.email);
    expect(order).toMatchObject({ unit_price_cents: 6000, original_price_cents: 12000, discount_cents: 0, total_price_cents: 12000 });
  });

  it("refuses a start in the past and a day 181 days ahead even when posted directly", async () => {
    const before = await orderCount();
    const past = await post(draftQuery({ ...freshDraft(), date: dateInDays(-1) }), validContact());
    expect(past.status).toBe(302);
    expect(past.location).toMatch(/^\/varaa\?.*viesti=date_past/);
    const far = await post(draftQuery({ ...freshDraft(), date: dateInDays(181) }), validContact());
    expect(far.location).toMatch(/^\/varaa\?.*viesti=date_too_far/);
    expect(await orderCount()).toBe(before);
  });

  it("books for another person: the helper goes to the recipient, the payer keeps their own address", async () => {
    // 'Ei väliä' is placed only where somebody can come (DESIGN.md decision 24).
    await createCaregiver(await getDb(), { name: "Essi Espoolainen", city: "Espoo" });
    const contact = validContact({
      bookingFor: "other",
      recipientFirstName: "Eino",
      recipientLastName: "Laaksonen",
      recipientPhone: "+358501234002",
      recipientAddress: "Tapiontori 3 B 12",
      recipientPostalCode: "02100",
      recipientCity: "Espoo",
    });
    const answer = await post(draftQuery(freshDraft()), contact, undefined, "/varaus/yhteystiedot");
    expect(answer.status).toBe(302);
    const [order] = await ordersOf(contact.email);
    expect(order).toMatchObject({
      booking_for: "other",
      recipient_first_name: "Eino",
      recipient_last_name: "Laaksonen",
      recipient_phone: "+358501234002",
      address: "Tapiontori 3 B 12",
      postal_code: "02100",
      city: "Espoo",
    });
    const db = await getDb();
    const customer = await db.selectFrom("customers").selectAll().where("id", "=", order.customer_id).executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ address: "Runeberginkatu 15 A 4", city: "Helsinki" });
  });

  it("reuses the profile of a known address without renaming its owner", async () => {
    const user = await createTestUser({ email: `helmi-${Date.now()}@example.fi`, fullName: "Helmi Virtanen" });
    const answer = await post(draftQuery(freshDraft()), validContact({ email: user.email.toUpperCase(), firstName: "Joku", lastName: "Muu" }));
    expect(answer.status).toBe(302);
    const db = await getDb();
    const profiles = await db.selectFrom("profiles").selectAll().where(sql<string>`lower(email)`, "=", user.email).execute();
    expect(profiles).toHaveLength(1);
    expect(profiles[0].full_name).toBe("Helmi Virtanen");
    expect(await ordersOf(user.email)).toHaveLength(1);
    // The signed-in owner is sent from the result page to the order in their portal, from another browser too.
    const orderNumber = new URL(answer.location!, "http://x").searchParams.get("order_number")!;
    const session = await sessionCookieFor(user);
    const page = await answerOf(() => successLoader({ request: getUrl("/varaus-maksu-onnistui", `order_number=${orderNumber}`, session), params: {}, context: CONTEXT }));
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/portal/orders/success?order_number=${orderNumber}`);
  });

  it("fills step 3 from a signed-in customer's profile", async () => {
    const user = await createTestUser({ email: `kirjautunut-${Date.now()}@example.fi`, fullName: "Sirkka Maria Hämäläinen" });
    const page = await answerOf(() =>
      varaaContactLoader({ request: getUrl("/varaa/yhteystiedot", draftQuery(freshDraft()), undefined), params: {}, context: CONTEXT }),
    );
    // Nothing of anyone's, only the visit's place typed before the helper step.
    expect(page.data.defaults).toEqual({ postalCode: "00100", city: "Helsinki", recipientPostalCode: "00100", recipientCity: "Helsinki" });
    const cookie = await sessionCookieFor(user);
    const signedIn = await answerOf(() =>
      varaaContactLoader({ request: getUrl("/varaa/yhteystiedot", draftQuery(freshDraft()), cookie), params: {}, context: CONTEXT }),
    );
    expect(signedIn.data.defaults).toMatchObject({ firstName: "Sirkka Maria", lastName: "Hämäläinen", email: user.email });
  });
});

describe("placing an online order", () => {
  it("creates a pending_payment order and sends the browser to the local checkout", async () => {
    const contact = validContact({ paymentMethod: "online" });
    const answer = await post(draftQuery(freshDraft({ caregiver: f.caregiverId })), contact, undefined, "/varaus/yhteystiedot");
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/maksu\/testi\/.+/);
    const [order] = await ordersOf(contact.email);
    expect(order.status).toBe("pending_payment");
    const db = await getDb();
    const payment = await db.selectFrom("payments").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ provider: "local", status: "pending", method: null, amount_cents: order.total_price_cents });
    expect(answer.location).toContain(payment.provider_ref!);
    // No confirmation before the payment.
    expect(await db.selectFrom("emails").select("id").where("to_address", "=", contact.email).execute()).toHaveLength(0);
    const invoice = await db.selectFrom("invoices").select("id").where("order_id", "=", order.id).executeTakeFirst();
    expect(invoice).toBeUndefined();
  });
});

describe("discount codes", () => {
  const check = (query: string, fields: Record<string, string>) => post(query, { intent: "check-discount", ...fields });

  it("'Tarkista' accepts a valid code and prices the real draft, whatever the form claims", async () => {
    const query = draftQuery(freshDraft({ time: "19:00", duration: 3 }));
    const answer = await check(query, { discountCode: " kymppi ", orderAmount: "80", price: "1", firstName: "A" });
    expect(answer.status).toBe(200);
    expect(answer.data.discount).toMatchObject({ status: "valid", message: "Alennuskoodi hyväksytty!", code: "KYMPPI" });
    expect(answer.data.discount.amounts).toMatchObject({ originalPriceCents: 18000, discountCents: 1800, totalPriceCents: 16200 });
    // Nothing else is validated, and what was typed comes back.
    expect(answer.data.result.error ?? {}).toEqual({});
    expect(answer.data.result.initialValue).toMatchObject({ firstName: "A", discountCode: " kymppi " });
    expect(answer.data.botCheck).toBeNull();
  });

  it("'Tarkista' refuses an expired, unknown or too small order's code", async () => {
    const query = draftQuery(freshDraft());
    const expired = await check(query, { discountCode: "VANHA" });
    expect(expired.data.discount).toMatchObject({ status: "invalid", message: "Alennuskoodi ei ole voimassa", detail: "Alennuskoodi on vanhentunut." });
    const unknown = await check(query, { discountCode: "EIOLE" });
    expect(unknown.data.discount).toMatchObject({ status: "invalid", message: "Alennuskoodi ei ole voimassa", detail: null });
    const small = await check(query, { discountCode: "ISOT" });
    expect(small.data.discount).toMatchObject({ status: "invalid", message: "Alennuskoodi ei ole voimassa" });
    expect(small.data.discount.detail).toContain("150,00");
    const bigEnough = await check(draftQuery(freshDraft({ duration: 4 })), { discountCode: "ISOT" });
    expect(bigEnough.data.discount).toMatchObject({ status: "valid" });
  });

  it("'Tarkista' says 'Virhe alennuskoodin tarkistuksessa' when the check itself fails", async () => {
    const db = await getDb();
    await sql`alter table discount_codes rename to discount_codes_away`.execute(db);
    try {
      const answer = await check(draftQuery(freshDraft()), { discountCode: "KYMPPI" });
      expect(answer.data.discount).toMatchObject({ status: "error", message: "Virhe alennuskoodin tarkistuksessa" });
    } finally {
      await sql`alter table discount_codes_away rename to discount_codes`.execute(db);
    }
  });

  it("a valid code is redeemed with the order", async () => {
    const contact = validContact({ discountCode: "kymppi" });
    const answer = await post(draftQuery(freshDraft()), contact);
    expect(answer.status).toBe(302);
    const [order] = await ordersOf(contact.email);
    expect(order).toMatchObject({ original_price_cents: 8000, discount_cents: 800, total_price_cents: 7200, net_amount_cents: 5737, vat_amount_cents: 1463 });
    const db = await getDb();
    const redemption = await db.selectFrom("discount_redemptions").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(redemption.amount_cents).toBe(800);
    const code = await db.selectFrom("discount_codes").selectAll().where("code", "=", "KYMPPI").executeTakeFirstOrThrow();
    expect(order.discount_code_id).toBe(code.id);
    expect(code.usage_count).toBeGreaterThanOrEqual(1);
  });

  it("an invalid code stops the order with the reason on the code field", async () => {
    const contact = validContact({ discountCode: "VANHA" });
    const answer = await post(draftQuery(freshDraft()), contact);
    expect(answer.status).toBe(400);
    expect(errorsOf(answer).discountCode).toEqual(["Alennuskoodi on vanhentunut."]);
    expect(await ordersOf(contact.email)).toHaveLength(0);
  });

  it("respects the per-customer limit", async () => {
    const email = `kerran-${Date.now()}@example.fi`;
    const first = await post(draftQuery(freshDraft()), validContact({ email, discountCode: "KERRAN" }));
    expect(first.status).toBe(302);
    const checked = await check(draftQuery(freshDraft()), { discountCode: "KERRAN", email });
    expect(checked.data.discount).toMatchObject({ status: "invalid", detail: "Olet jo käyttänyt tämän alennuskoodin." });
    const second = await post(draftQuery(freshDraft()), validContact({ email, discountCode: "KERRAN" }));
    expect(second.status).toBe(400);
    expect(errorsOf(second).discountCode).toEqual(["Olet jo käyttänyt tämän alennuskoodin."]);
    const orders = await ordersOf(email);
    expect(orders).toHaveLength(1);
    const db = await getDb();
    const code = await db.selectFrom("discount_codes").selectAll().where("code", "=", "KERRAN").executeTakeFirstOrThrow();
    expect(code.usage_count).toBe(1);
  });
});

describe("a caregiver taken meanwhile", () => {
  it("sends the customer back to step 2 with the message and keeps what they typed", async () => {
    const draft = freshDraft({ time: "13:00", caregiver: f.caregiverId });
    const first = await post(draftQuery(draft), validContact());
    expect(first.status).toBe(302);

    const contact = validContact({ firstName: "Toinen", email: `toinen-${Date.now()}@example.fi`, paymentMethod: "online" });
    const second = await post(draftQuery({ ...draft, time: "14:00" }), contact);
    expect(second.status).toBe(302);
    const target = new URL(second.location!, "http://x");
    expect(target.pathname).toBe("/varaa/kaveri");
    expect(target.searchParams.get("viesti")).toBe("caregiver_unavailable");
    expect(target.searchParams.get("paiva")).toBe(draft.date);
    expect(target.searchParams.get("aika")).toBe("14:00");
    expect(await ordersOf(contact.email)).toHaveLength(0);

    const cookie = cookiesFrom(second.response!);
    const again = await answerOf(() =>
      varaaContactLoader({ request: getUrl("/varaa/yhteystiedot", draftQuery({ ...draft, time: "14:00", caregiver: "ei-valia" }), cookie), params: {}, context: CONTEXT }),
    );
    expect(again.data.restored).toBe(true);
    expect(again.data.defaults).toMatchObject({ firstName: "Toinen", email: contact.email, paymentMethod: "online" });
    expect(again.data.defaults.botCheck).toBeUndefined();
  });
});

describe("the database as the arbiter", () => {
  it("a second order of the same caregiver at an overlapping time fails on the exclusion constraint, leaving nothing behind", async () => {
    const { placeOrder } = await import("~/booking/place-order.server");
    const draft = freshDraft();
    const selection = { date: draft.date, startHour: 10, durationHours: 3, serviceId: f.serviceId };
    const db = await getDb();
    const first = await placeOrder(db, directOrderInput({ email: `eka-${Date.now()}@example.fi`, caregiverId: f.caregiverId, selection }));
    expect(first.ok).toBe(true);
    // The pre-checks of the steps are skipped here: only the constraint can refuse this one.
    const secondEmail = `toka-${Date.now()}@example.fi`;
    const second = await placeOrder(db, directOrderInput({ email: secondEmail, caregiverId: f.caregiverId, selection: { ...selection, startHour: 12 } }));
    expect(second).toEqual({ ok: false, reason: "caregiver_unavailable" });
    const profile = await db.selectFrom("profiles").select("id").where("email", "=", secondEmail).executeTakeFirst();
    expect(profile).toBeUndefined();
  });
});

describe("result pages", () => {
  it("an unknown order number shows nothing", async () => {
    const page = await answerOf(() => successLoader({ request: getUrl("/varaus-maksu-onnistui", "order_number=ORD-999999999&payment_method=invoice"), params: {}, context: CONTEXT }));
    expect(page.data).toEqual({ order: null, paymentMethod: "invoice" });
    const junk = await answerOf(() => successLoader({ request: getUrl("/varaus-maksu-onnistui", "order_number=%27%3B--"), params: {}, context: CONTEXT }));
    expect(junk.data.order).toBeNull();
  });

  it("the cancelled page shows a well-formed order number only", async () => {
    const page = await answerOf(() => cancelledLoader({ request: getUrl("/varaus-peruutettu", "order_number=ORD-100123"), params: {}, context: CONTEXT }));
    expect(page.data.orderNumber).toBe("ORD-100123");
    // Not this browser's order: 'Yritä uudelleen' starts a new booking and reveals nothing of it.
    expect(page.data.retryHref).toBe("/varaus");
    const junk = await answerOf(() => cancelledLoader({ request: getUrl("/varaus-peruutettu", "order_number=%3Cscript%3E"), params: {}, context: CONTEXT }));
    expect(junk.data.orderNumber).toBeNull();
  });
});
