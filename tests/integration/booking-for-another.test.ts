import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { loader as helperTasksLoader } from "~/routes/portal.caregiver-bookings";
import { loader as oldWizardLoader } from "~/routes/portal.orders.new._index";
import { loader as oldWizardDetailsLoader } from "~/routes/portal.orders.new.kuvaus";
import { loader as successLoader } from "~/routes/portal.orders.success";
import { action as recipientAction, loader as recipientLoader } from "~/routes/portal.profile_.saajat.$id";
import { loader as profileLoader } from "~/routes/portal.profile";
import { action as timeAction, loader as timeLoader } from "~/routes/varaa-kaveri.aika";
import { loader as caregiverLoader } from "~/routes/varaa-kaveri.kaveri";
import { action as summaryAction, loader as summaryLoader } from "~/routes/varaa-kaveri.yhteenveto";
import { loader as paidLoader } from "~/routes/varaus-maksu-onnistui";
import { placeOrder } from "~/booking/place-order.server";
import { applyPaymentEvent } from "~/services/payments/events.server";
import { answerOf, cookiesFrom, createTestUser, sessionCookieFor, type RouteAnswer } from "./support/auth";
import { CONTEXT, dateInDays, draftQuery, getUrl, postUrl, seedBookingFixtures, type BookingFixtures, type DraftInput } from "./support/booking";

// Issue 26 items 1–3 through real requests as a browser without JavaScript sends them: a son
// signed in books for his mother in /varaa-kaveri ("Kenelle tilaat palvelun?" with the public
// form's recipient rules and 'Täytä vastaanottajan tiedot'), the account is left as it was unless
// "Tallenna osoite omaksi osoitteekseni" is ticked, the mother is offered next time from "Aiemmat
// saajat" (the son's alone), the discount code's per-customer limit counts the account even when
// two bookings race, and a signed-in booking ends on /portal/orders/success.

let f: BookingFixtures;
let son: { id: string; email: string; cookie: string };

const OWN = { phone: "+358401234001", address: "Runeberginkatu 15 A 4", postalCode: "00100", city: "Helsinki" };
const MOTHER = {
  recipientFirstName: "Aili",
  recipientLastName: "Virtanen",
  recipientPhone: "0409876543",
  recipientAddress: "Mannerheimintie 5 B 12",
  recipientPostalCode: "00250",
  recipientCity: "Helsinki",
};
const DESCRIPTION = { description: "Kauppareissu ja apteekki, kantoapua tarvitaan.", specialNotes: "" };

async function newCustomer(tag: string) {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.fi`;
  const user = await createTestUser({ email, fullName: "Pekka Virtanen" });
  const db = await getDb();
  await db.updateTable("profiles").set({ phone: OWN.phone }).where("id", "=", user.id).execute();
  await db
    .updateTable("customers")
    .set({ address: OWN.address, postal_code: OWN.postalCode, city: OWN.city })
    .where("profile_id", "=", user.id)
    .execute();
  return { id: user.id, email, cookie: await sessionCookieFor(user) };
}

async function accountOf(profileId: string) {
  const db = await getDb();
  return db
    .selectFrom("profiles")
    .innerJoin("customers", "customers.profile_id", "profiles.id")
    .select(["profiles.phone", "customers.address", "customers.postal_code", "customers.city"])
    .where("profiles.id", "=", profileId)
    .executeTakeFirstOrThrow();
}

let dayOffset = 60;
function freshDraft(overrides: DraftInput = {}): DraftInput {
  dayOffset += 1;
  return { date: dateInDays(dayOffset), time: "10:00", duration: 2, service: f.serviceId, ...overrides };
}

function get(loader: (args: any) => unknown, path: string, query: string, cookie: string, params: Record<string, string> = {}) {
  return answerOf(() => loader({ request: getUrl(path, query, cookie), params, context: CONTEXT }));
}

function post(action: (args: any) => unknown, path: string, query: string, fields: Record<string, string>, cookie: string, params: Record<string, string> = {}) {
  return answerOf(() => action({ request: postUrl(path, query, fields, cookie), params, context: CONTEXT }));
}

function cookieAfter(answer: RouteAnswer, previous: string): string {
  return cookiesFrom(answer.response ?? new Response(null, { headers: answer.headers }), previous);
}

/** The time step's form as the page sends it without JavaScript: both groups of fields are in it. */
function timeForm(draft: DraftInput, fields: Record<string, string>) {
  const own = { address: OWN.address, postinumero: OWN.postalCode, kaupunki: OWN.city, phone: OWN.phone };
  const base = Object.fromEntries(new URLSearchParams(draftQuery({ ...draft, postalCode: null, city: null })));
  return { ...base, ...own, ...DESCRIPTION, jatka: "1", ...fields };
}

/** Through the time step, the helper ('Ei väliä' is not asked for: the top helper) to the summary; the draft and cookie. */
async function toSummary(customer: { cookie: string }, fields: Record<string, string>, city = OWN.city, postalCode = OWN.postalCode) {
  const base = freshDraft();
  const answer = await post(timeAction, "/varaa-kaveri/aika", "", timeForm(base, fields), customer.cookie);
  expect(answer.status, JSON.stringify(answer.data?.fieldErrors)).toBe(302);
  const draft = { ...base, postalCode, city, caregiver: f.topCaregiverId };
  expect(answer.location).toBe(`/varaa-kaveri/kaveri?${draftQuery({ ...base, postalCode, city })}`);
  const cookie = cookieAfter(answer, customer.cookie);
  expect((await get(caregiverLoader, "/varaa-kaveri/kaveri", draftQuery(draft), cookie)).status).toBe(200);
  return { draft, cookie };
}

function book(draft: DraftInput, fields: Record<string, string>, cookie: string) {
  return post(summaryAction, "/varaa-kaveri/yhteenveto", draftQuery(draft), { intent: "book", paymentMethod: "invoice", acceptTerms: "on", ...fields }, cookie);
}

async function orderOf(location: string | null) {
  const orderNumber = new URL(location!, "http://x").searchParams.get("order_number")!;
  const db = await getDb();
  return db.selectFrom("orders").selectAll().where("order_number", "=", orderNumber).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  f = await seedBookingFixtures();
  son = await newCustomer("poika");
});

describe("'Kenelle tilaat palvelun?' in the signed-in wizard", () => {
  it("another person needs all six recipient fields: 'Täytä vastaanottajan tiedot' once, and the public form's rules", async () => {
    const empty = await post(timeAction, "/varaa-kaveri/aika", "", timeForm(freshDraft(), { bookingFor: "other" }), son.cookie);
    expect(empty.status).toBe(400);
    expect(empty.data.fieldErrors).toEqual({ recipientFirstName: "Täytä vastaanottajan tiedot" });

    const partly = await post(
      timeAction,
      "/varaa-kaveri/aika",
      "",
      timeForm(freshDraft(), { bookingFor: "other", ...MOTHER, recipientPhone: "", recipientPostalCode: "001", recipientFirstName: "A" }),
      son.cookie,
    );
    expect(partly.data.fieldErrors).toEqual({
      recipientFirstName: "Saajan etunimi liian lyhyt",
      recipientPhone: "Täytä vastaanottajan tiedot",
      recipientPostalCode: "Saajan postinumeron on oltava 5 numeroa",
    });
    // What was typed comes back.
    expect(partly.data.values.recipientAddress).toBe(MOTHER.recipientAddress);

    const nobody = await post(timeAction, "/varaa-kaveri/aika", "", timeForm(freshDraft(), { bookingFor: "kaikille" }), son.cookie);
    expect(nobody.data.fieldErrors).toEqual({ bookingFor: "Valitse kenelle tilaat palvelun" });
  });

  it("books for the mother at her address; the son's account is unchanged; the helper's card shows the mother", async () => {
    const before = await accountOf(son.id);
    const { draft, cookie } = await toSummary(son, { bookingFor: "other", ...MOTHER, saveAddress: "on" }, MOTHER.recipientCity, MOTHER.recipientPostalCode);
    const summary = await get(summaryLoader, "/varaa-kaveri/yhteenveto", draftQuery(draft), cookie);
    expect(summary.data.visit).toMatchObject({ recipientName: "Aili Virtanen", address: MOTHER.recipientAddress, saveToAccount: false });

    const booked = await book(draft, {}, cookie);
    expect(booked.status).toBe(302);
    expect(booked.location).toMatch(/^\/portal\/orders\/success\?order_number=/);
    const order = await orderOf(booked.location);
    expect(order).toMatchObject({
      booking_for: "other",
      recipient_first_name: "Aili",
      recipient_last_name: "Virtanen",
      recipient_phone: "0409876543",
      address: MOTHER.recipientAddress,
      postal_code: "00250",
      city: "Helsinki",
    });
    // The box is for oneself only: ticked while booking for another person, it changes nothing.
    expect(await accountOf(son.id)).toEqual(before);

    const db = await getDb();
    const helper = await db
      .selectFrom("caregivers")
      .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
      .select(["profiles.id", "profiles.email"])
      .where("caregivers.id", "=", f.topCaregiverId)
      .executeTakeFirstOrThrow();
    const helperCookie = await sessionCookieFor({ id: helper.id, email: helper.email } as never);
    const tasks = await get(helperTasksLoader, "/portal/caregiver-bookings", "", helperCookie);
    const card = JSON.stringify(tasks.data);
    expect(card).toContain("Aili");
    expect(card).toContain(MOTHER.recipientAddress);
  });

  it("offers the mother from 'Aiemmat saajat' next time, and one tap fills her in", async () => {
    const page = await get(timeLoader, "/varaa-kaveri/aika", draftQuery(freshDraft()), son.cookie);
    const mother = page.data.savedRecipients.find((r: { name: string }) => r.name === "Aili Virtanen");
    expect(mother).toMatchObject({ place: `${MOTHER.recipientAddress}, 00250 Helsinki` });

    const draft = freshDraft();
    const picked = await post(timeAction, "/varaa-kaveri/aika", "", { ...timeForm(draft, {}), jatka: "", aiempi_saaja: mother.id }, son.cookie);
    expect(picked.status).toBe(302);
    expect(picked.location).toContain("postinumero=00250");
    const after = await get(timeLoader, "/varaa-kaveri/aika", picked.location!.split("?")[1]!.split("#")[0]!, cookieAfter(picked, son.cookie));
    expect(after.data.values).toMatchObject({ bookingFor: "other", ...MOTHER });
  });

  it("for oneself the account keeps its address and phone unless 'Tallenna osoite omaksi osoitteekseni' is ticked", async () => {
    const me = await newCustomer("itse");
    const before = await accountOf(me.id);
    const moved = { address: "Hämeentie 3 C 7", postinumero: "00530", kaupunki: "Helsinki", phone: "0501112222" };

    const first = await toSummary(me, { bookingFor: "self", ...moved }, "Helsinki", "00530");
    const plain = await book(first.draft, {}, first.cookie);
    expect(plain.status).toBe(302);
    const order = await orderOf(plain.location);
    // The order keeps what it was booked with; the account does not change.
    expect(order).toMatchObject({ booking_for: "self", address: moved.address, postal_code: "00530", contact_phone: "0501112222" });
    expect(await accountOf(me.id)).toEqual(before);

    const second = await toSummary(me, { bookingFor: "self", ...moved, saveAddress: "on" }, "Helsinki", "00530");
    expect((await book(second.draft, {}, second.cookie)).status).toBe(302);
    expect(await accountOf(me.id)).toEqual({ phone: "0501112222", address: moved.address, postal_code: "00530", city: "Helsinki" });
    // The first order still has the phone it was booked with, whatever the account says later.
    const db = await getDb();
    expect((await db.selectFrom("orders").select("contact_phone").where("id", "=", order.id).executeTakeFirstOrThrow()).contact_phone).toBe("0501112222");
  });
});

describe("'Aiemmat saajat' belong to their owner", () => {
  it("another customer can neither see, change, remove nor pick them", async () => {
    const db = await getDb();
    const row = await db.selectFrom("saved_recipients").select("id").where("owner_id", "=", son.id).executeTakeFirstOrThrow();
    const stranger = await newCustomer("vieras");
    const params = { id: row.id };
    expect((await get(recipientLoader, `/portal/profile/saajat/${row.id}`, "", stranger.cookie, params)).status).toBe(404);
    const removal = await post(recipientAction, `/portal/profile/saajat/${row.id}`, "", { intent: "remove" }, stranger.cookie, params);
    expect(removal.status).toBe(404);
    const profile = await get(profileLoader, "/portal/profile", "", stranger.cookie);
    expect(profile.data.savedRecipients).toEqual([]);
    const picked = await post(timeAction, "/varaa-kaveri/aika", "", { ...timeForm(freshDraft(), {}), jatka: "", aiempi_saaja: row.id }, stranger.cookie);
    const after = await get(timeLoader, "/varaa-kaveri/aika", picked.location!.split("?")[1]!.split("#")[0]!, cookieAfter(picked, stranger.cookie));
    expect(after.data.values.recipientFirstName).toBe("");
    expect(await db.selectFrom("saved_recipients").select("id").where("id", "=", row.id).executeTakeFirst()).toBeDefined();
  });

  it("the owner edits one with the booking's rules, and removes it", async () => {
    const db = await getDb();
    const row = await db.selectFrom("saved_recipients").select("id").where("owner_id", "=", son.id).executeTakeFirstOrThrow();
    const params = { id: row.id };
    const path = `/portal/profile/saajat/${row.id}`;
    const wrong = await post(recipientAction, path, "", { intent: "save", ...MOTHER, recipientPhone: "", recipientCity: "" }, son.cookie, params);
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error).toEqual({ recipientPhone: ["Täytä vastaanottajan tiedot"] });
    const saved = await post(recipientAction, path, "", { intent: "save", ...MOTHER, recipientPhone: "0401231234" }, son.cookie, params);
    expect(saved.location).toBe("/portal/profile#aiemmat-saajat");
    expect((await get(recipientLoader, path, "", son.cookie, params)).data.recipient.phone).toBe("0401231234");
    const removed = await post(recipientAction, path, "", { intent: "remove" }, son.cookie, params);
    expect(removed.location).toBe("/portal/profile#aiemmat-saajat");
    expect((await get(recipientLoader, path, "", son.cookie, params)).status).toBe(404);
  });
});

describe("the discount code in the signed-in wizard", () => {
  it("'Tarkista' answers on the summary, and the code is taken with the order", async () => {
    const db = await getDb();
    await db
      .insertInto("discount_codes")
      .values({ code: "POIKA10", type: "percentage", percent_bp: 1000, valid_from: dateInDays(-1), valid_until: dateInDays(365), usage_limit: null, per_user_limit: 1, amount_cents: null, min_order_cents: null, max_discount_cents: null })
      .execute();
    const customer = await newCustomer("alennus");
    const { draft, cookie } = await toSummary(customer, { bookingFor: "self" });
    const checked = await post(summaryAction, "/varaa-kaveri/yhteenveto", draftQuery(draft), { intent: "check-discount", discountCode: "poika10" }, cookie);
    expect(checked.status).toBe(200);
    expect(checked.data.discount).toMatchObject({ status: "valid", code: "POIKA10" });
    expect(checked.data.discount.amounts.totalPriceCents).toBe(7200);

    const booked = await book(draft, { discountCode: "POIKA10" }, cookie);
    expect(booked.status).toBe(302);
    expect(await orderOf(booked.location)).toMatchObject({ total_price_cents: 7200, discount_cents: 800 });

    // The per-customer limit counts the account: a second use is refused on the code's field.
    const again = await toSummary(customer, { bookingFor: "self" });
    const refused = await book(again.draft, { discountCode: "POIKA10" }, again.cookie);
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.discountCode).toHaveLength(1);
  });

  it("two bookings of one account racing for a code limited to one use per customer: exactly one gets it", async () => {
    const db = await getDb();
    await db
      .insertInto("discount_codes")
      .values({ code: "KILPA5", type: "fixed_amount", amount_cents: 500, percent_bp: null, valid_from: dateInDays(-1), valid_until: dateInDays(365), usage_limit: null, per_user_limit: 1, min_order_cents: null, max_discount_cents: null })
      .execute();
    const customer = await newCustomer("kilpa");
    const input = (startHour: number) => ({
      selection: { date: dateInDays(120), startHour, durationHours: 1, serviceId: f.serviceId },
      caregiverId: null,
      payer: { email: customer.email, fullName: "Pekka Virtanen", ...OWN },
      visit: { address: OWN.address, postalCode: OWN.postalCode, city: OWN.city, recipient: null, description: "Kauppareissu ja apteekki.", specialNotes: null },
      paymentMethod: "invoice" as const,
      discountCode: "KILPA5",
      signedInUserId: customer.id,
      onlineProvider: "local" as const,
      now: new Date(),
    });
    const outcomes = await Promise.all([8, 10, 12, 14].map((hour) => placeOrder(db, input(hour))));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.reason === "discount_refused")).toHaveLength(3);
  });
});

describe("one wizard, and where a signed-in booking ends", () => {
  it("the portal's old wizard sends its addresses to /varaa-kaveri with the same draft", async () => {
    const query = `palvelu=${f.serviceId}&kaveri=${f.topCaregiverId}`;
    expect((await get(oldWizardLoader, "/portal/orders/new", query, son.cookie)).location).toBe(`/varaa-kaveri?${query}`);
    expect((await get(oldWizardDetailsLoader, "/portal/orders/new/kuvaus", query, son.cookie)).location).toBe(`/varaa-kaveri/aika?${query}`);
  });

  it("invoice and online payments both land on /portal/orders/success with a link to the order", async () => {
    const invoice = await toSummary(son, { bookingFor: "self" });
    const booked = await book(invoice.draft, {}, invoice.cookie);
    expect(booked.location).toMatch(/^\/portal\/orders\/success\?order_number=/);
    const page = await get(successLoader, "/portal/orders/success", booked.location!.split("?")[1]!, cookieAfter(booked, invoice.cookie));
    expect(page.data.order.paymentMethod).toBe("invoice");

    const online = await toSummary(son, { bookingFor: "self" });
    const checkout = await book(online.draft, { paymentMethod: "online" }, online.cookie);
    // The checkout's return address for the order, as the local test checkout and Stripe use it.
    const db = await getDb();
    const order = await db
      .selectFrom("orders")
      .select("order_number")
      .where("payment_method", "=", "online")
      .where("scheduled_date", "=", online.draft.date!)
      .executeTakeFirstOrThrow();
    const back = await get(paidLoader, "/varaus-maksu-onnistui", `order_number=${order.order_number}`, cookieAfter(checkout, online.cookie));
    expect(back.status).toBe(302);
    expect(back.location).toBe(`/portal/orders/success?order_number=${order.order_number}`);
    // A guest's browser (not signed in) stays on the public result page.
    const guest = await get(paidLoader, "/varaus-maksu-onnistui", `order_number=${order.order_number}`, "");
    expect(guest.status).toBe(200);
  });

  it("an online booking's visit details wait for 'Yritä uudelleen' until it is paid, and are forgotten with the payment", async () => {
    const online = await toSummary(son, { bookingFor: "self" });
    const checkout = await book(online.draft, { paymentMethod: "online" }, online.cookie);
    expect(checkout.location).toMatch(/^\/maksu\/testi\//);
    const cookie = cookieAfter(checkout, online.cookie);
    const db = await getDb();
    const order = await db.selectFrom("orders").select("id").where("payment_method", "=", "online").where("scheduled_date", "=", online.draft.date!).executeTakeFirstOrThrow();
    const drafts = () => db.selectFrom("form_drafts").select("id").where("kind", "=", "booking-visit").where(sql<string>`data->>'placedOrderId'`, "=", order.id).execute();
    const described = async () => (await get(timeLoader, "/varaa-kaveri/aika", draftQuery(online.draft), cookie)).data.values.description;
    // Not paid yet (a cancelled payment's 'Yritä uudelleen' comes back to them).
    expect(await drafts()).toHaveLength(1);
    expect(await described()).toBe(DESCRIPTION.description);

    const ref = checkout.location!.replace("/maksu/testi/", "");
    await applyPaymentEvent(db, { id: `evt-${ref}`, provider: "local", type: "checkout.completed", providerRef: ref, method: "card" });
    expect(await drafts()).toHaveLength(0);
    expect(await described()).toBe("");
  });
});

describe("'Muistutus tekstiviestinä' and the recipient's e-mail in the signed-in wizard (issue 28; decision 0031)", () => {
  it("a landline is refused at the box; the mother's mobile (E.164) and e-mail reach the order", async () => {
    const landline = await post(
      timeAction,
      "/varaa-kaveri/aika",
      "",
      timeForm(freshDraft(), { bookingFor: "other", ...MOTHER, recipientPhone: "09 123 4567", smsReminder: "on" }),
      son.cookie,
    );
    expect(landline.status).toBe(400);
    expect(landline.data.fieldErrors).toEqual({
      smsReminder:
        "Tekstiviestimuistutus lähetetään saajan matkapuhelimeen. Kirjoita saajan puhelinnumeroksi suomalainen matkapuhelinnumero (esim. 040 123 4567) tai poista valinta.",
    });

    const { draft, cookie } = await toSummary(
      son,
      { bookingFor: "other", ...MOTHER, recipientEmail: "aili.virtanen@example.fi", smsReminder: "on" },
      MOTHER.recipientCity,
      MOTHER.recipientPostalCode,
    );
    const booked = await book(draft, {}, cookie);
    expect(booked.status).toBe(302);
    expect(await orderOf(booked.location)).toMatchObject({ sms_reminder: true, sms_phone: "+358409876543", recipient_email: "aili.virtanen@example.fi" });
  });
});
