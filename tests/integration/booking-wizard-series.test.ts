import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { wallMinuteToInstant } from "~/domain/availability";
import { addCalendarDays } from "~/domain/booking-window";
import { action as timeAction } from "~/routes/varaa-kaveri.aika";
import { action as summaryAction, loader as summaryLoader } from "~/routes/varaa-kaveri.yhteenveto";
import { action as seriesAction, loader as seriesLoader } from "~/routes/varaa-kaveri.toista";
import { answerOf, cookiesFrom, createTestUser, sessionCookieFor, type RouteAnswer } from "./support/auth";
import { CONTEXT, dateInDays, draftQuery, getUrl, postUrl, seedBookingFixtures, type BookingFixtures, type DraftInput } from "./support/booking";
import { insertTestOrder } from "./support/booking-fixtures";

// The signed-in wizard's "Toistuvuus" (issue 27 item 4; docs/decisions/0042), through the
// requests a browser without JavaScript sends: "Joka viikko" on the summary step leads to the
// series preview of the draft, which books every visit as its own order of one series; "Kerran"
// books one order as before; wrong repeat fields, "Ei väliä" and a discount code are refused on
// the summary step with nothing placed.

let f: BookingFixtures;

async function newCustomer(tag: string) {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.fi`;
  const user = await createTestUser({ email, fullName: "Helmi Virtanen" });
  const db = await getDb();
  await db.updateTable("profiles").set({ phone: "+358401234001" }).where("id", "=", user.id).execute();
  await db.updateTable("customers").set({ address: "Runeberginkatu 15 A 4", postal_code: "00100", city: "Helsinki" }).where("profile_id", "=", user.id).execute();
  return { id: user.id, cookie: await sessionCookieFor(user) };
}

beforeAll(async () => {
  f = await seedBookingFixtures();
});

let dayOffset = 60;
function freshDraft(overrides: DraftInput = {}): DraftInput {
  dayOffset += 1;
  return { date: dateInDays(dayOffset), time: "10:00", duration: 2, service: f.serviceId, caregiver: f.topCaregiverId, ...overrides };
}

const VISIT = {
  address: "Mannerheimintie 5 B 12",
  phone: "040 123 4567",
  description: "Kauppareissu ja kävely puistossa.",
  specialNotes: "Ovikoodi 4321.",
};

function get(loader: (args: any) => unknown, path: string, query: string, cookie: string) {
  return answerOf(() => loader({ request: getUrl(path, query, cookie), params: {}, context: CONTEXT }));
}

function post(action: (args: any) => unknown, path: string, query: string, fields: Record<string, string>, cookie: string) {
  return answerOf(() => action({ request: postUrl(path, query, fields, cookie), params: {}, context: CONTEXT }));
}

function cookieAfter(answer: RouteAnswer, previous: string): string {
  return cookiesFrom(answer.response ?? new Response(null, { headers: answer.headers }), previous);
}

/** Steps 1–3 through the time step's post; the Cookie header that holds the visit's details. */
async function throughTimeStep(draft: DraftInput, cookie: string, extra: Record<string, string> = {}) {
  const fields = { ...Object.fromEntries(new URLSearchParams(draftQuery({ ...draft, caregiver: undefined }))), ...VISIT, ...extra, jatka: "1" };
  const answer = await post(timeAction, "/varaa-kaveri/aika", "", fields, cookie);
  expect(answer.status, JSON.stringify(answer.data?.fieldErrors)).toBe(302);
  return cookieAfter(answer, cookie);
}

function summaryPost(draft: DraftInput, fields: Record<string, string>, cookie: string) {
  return post(summaryAction, "/varaa-kaveri/yhteenveto", draftQuery(draft), { intent: "book", paymentMethod: "invoice", acceptTerms: "on", ...fields }, cookie);
}

async function ordersOf(profileId: string) {
  const db = await getDb();
  return db
    .selectFrom("orders as o")
    .innerJoin("customers as c", "c.id", "o.customer_id")
    .select(["o.id", "o.order_number", "o.series_id", "o.scheduled_date", "o.caregiver_id", "o.address", "o.description", "o.special_notes", "o.contact_phone", "o.status", "o.total_price_cents", "o.discount_code_id"])
    .where("c.profile_id", "=", profileId)
    .orderBy("o.starts_at")
    .execute();
}

const WEEKLY_THREE = { toistuvuus: "joka-viikko", paattyy: "kertaa", kertaa: "3", viimeinen: "" };

describe("/varaa-kaveri: 'Joka viikko' on the summary step", () => {
  it("leads to the preview of the draft's dates with the chosen helper, and booking it makes the series", async () => {
    const customer = await newCustomer("sarja");
    const draft = freshDraft();
    const cookie = await throughTimeStep(draft, customer.cookie);

    const summary = await get(summaryLoader, "/varaa-kaveri/yhteenveto", draftQuery(draft), cookie);
    expect(summary.data.repeat).toMatchObject({ toistuvuus: "kerran", anyHelper: false });

    const sent = await summaryPost(draft, WEEKLY_THREE, cookie);
    expect(sent.status, JSON.stringify(sent.data?.result?.error)).toBe(302);
    const [path, search] = sent.location!.split("?");
    expect(path).toBe("/varaa-kaveri/toista");
    const params = new URLSearchParams(search);
    expect(params.get("alkaen")).toBe(draft.date);
    expect(params.get("klo")).toBe("10:00");
    expect(params.get("maksutapa")).toBe("invoice");
    // Nothing is placed by the summary step.
    expect(await ordersOf(customer.id)).toEqual([]);

    const preview = await get(seriesLoader, "/varaa-kaveri/toista", search!, cookie);
    expect(preview.status).toBe(200);
    expect(preview.data.template).toMatchObject({ orderNumber: null, caregiverName: "Matti Korhonen", durationHours: 2 });
    expect(preview.data.template.place).toContain(VISIT.address);
    expect(preview.data.entries.map((entry: { date: string; state: string }) => [entry.date, entry.state])).toEqual([
      [draft.date, "free"],
      [addCalendarDays(draft.date!, 7), "free"],
      [addCalendarDays(draft.date!, 14), "free"],
    ]);
    expect(preview.data.defaultPayment).toBe("invoice");
    // "Muuta toistoa" goes back to the summary with the choice.
    expect(preview.data.changeHref).toMatch(/^\/varaa-kaveri\/yhteenveto\?.*toistuvuus=joka-viikko.*kertaa=3/);

    const form: Record<string, string> = { kayntihinta: String(preview.data.visitPriceCents), maksutapa: "invoice" };
    for (const field of preview.data.hidden) form[field.name] = field.value;
    const booked = await post(seriesAction, "/varaa-kaveri/toista", search!, form, cookie);
    expect(booked.status, JSON.stringify(booked.data)).toBe(302);
    const orders = await ordersOf(customer.id);
    expect(orders).toHaveLength(3);
    expect(booked.location).toBe(`/portal/orders/${orders[0]!.order_number}`);
    const seriesId = orders[0]!.series_id;
    expect(seriesId).not.toBeNull();
    for (const order of orders) {
      expect(order).toMatchObject({
        series_id: seriesId,
        caregiver_id: f.topCaregiverId,
        address: VISIT.address,
        description: VISIT.description,
        special_notes: VISIT.specialNotes,
        contact_phone: "0401234567",
        status: "pending",
        total_price_cents: summary.data.amounts.totalPriceCents,
      });
    }
    const db = await getDb();
    const series = await db.selectFrom("order_series").selectAll().where("id", "=", seriesId!).executeTakeFirstOrThrow();
    expect(series).toMatchObject({ interval_weeks: 1, start_hour: 10, duration_hours: 2, end_kind: "count", end_count: 3, caregiver_id: f.topCaregiverId, payment_method: "invoice" });
    // The visit's address was typed for this visit only: the account keeps its own.
    const account = await db.selectFrom("customers").select(["address"]).where("profile_id", "=", customer.id).executeTakeFirstOrThrow();
    expect(account.address).toBe("Runeberginkatu 15 A 4");
    // The visit's details are forgotten with the series booked.
    expect(cookieAfter(booked, cookie)).not.toContain("__booking_visit");
  });

  it("records the text-reminder consent and 'Tallenna osoite' in the series' own transaction: a refused series writes neither", async () => {
    const customer = await newCustomer("sarja-suostumus");
    const draft = freshDraft();
    const phone = "+358407650042";
    const cookie = await throughTimeStep(draft, customer.cookie, { phone: "040 765 0042", smsReminder: "on", saveAddress: "on" });
    const sent = await summaryPost(draft, WEEKLY_THREE, cookie);
    expect(sent.status, JSON.stringify(sent.data?.result?.error)).toBe(302);
    const search = sent.location!.split("?")[1]!;
    const preview = await get(seriesLoader, "/varaa-kaveri/toista", search, cookie);
    expect(preview.data.entries.every((entry: { state: string }) => entry.state === "free")).toBe(true);
    const form: Record<string, string> = { kayntihinta: String(preview.data.visitPriceCents), maksutapa: "invoice" };
    for (const field of preview.data.hidden) form[field.name] = field.value;

    const db = await getDb();
    const consents = () => db.selectFrom("consents").select(["profile_id", "phone", "purpose", "given"]).where((eb) => eb.or([eb("profile_id", "=", customer.id), eb("phone", "=", phone)])).orderBy("phone").execute();
    const account = () =>
      db.selectFrom("customers").innerJoin("profiles", "profiles.id", "customers.profile_id").select(["customers.address", "profiles.phone"]).where("customers.profile_id", "=", customer.id).executeTakeFirstOrThrow();

    // The second week is taken after the preview: the series is refused whole.
    const week2 = addCalendarDays(draft.date!, 7);
    await insertTestOrder(db, { paymentMethod: "invoice", caregiverId: f.topCaregiverId, startsAt: wallMinuteToInstant(week2, 10 * 60), durationHours: 2 });
    const refused = await post(seriesAction, "/varaa-kaveri/toista", search, form, cookie);
    expect(refused.status).toBe(409);
    expect(refused.data.dates).toEqual([week2]);
    expect(await ordersOf(customer.id)).toEqual([]);
    expect(await consents()).toEqual([]);
    expect(await account()).toEqual({ address: "Runeberginkatu 15 A 4", phone: "+358401234001" });

    // Skipping that week books the other two, with the consent for the number and the account, and the address saved.
    const booked = await post(seriesAction, "/varaa-kaveri/toista", search, { ...form, [`paiva-${week2}`]: "ohita" }, cookie);
    expect(booked.status, JSON.stringify(booked.data)).toBe(302);
    expect(await ordersOf(customer.id)).toHaveLength(2);
    expect(await consents()).toEqual([
      { profile_id: null, phone, purpose: "tekstiviestimuistutukset", given: true },
      { profile_id: customer.id, phone: null, purpose: "tekstiviestimuistutukset", given: true },
    ]);
    const saved = await account();
    expect(saved.address).toBe(VISIT.address);
    expect(saved.phone).not.toBe("+358401234001");
  });

  it("a series booked for another person keeps them in 'Aiemmat saajat', as one order does", async () => {
    const customer = await newCustomer("sarja-saaja");
    const draft = freshDraft();
    const mother = {
      bookingFor: "other",
      recipientFirstName: "Aili",
      recipientLastName: "Virtanen",
      recipientPhone: "0409876543",
      recipientAddress: "Fredrikinkatu 20 A 3",
      recipientPostalCode: "00100",
      recipientCity: "Helsinki",
    };
    const cookie = await throughTimeStep(draft, customer.cookie, mother);
    const sent = await summaryPost(draft, WEEKLY_THREE, cookie);
    expect(sent.status, JSON.stringify(sent.data?.result?.error)).toBe(302);
    const search = sent.location!.split("?")[1]!;
    const preview = await get(seriesLoader, "/varaa-kaveri/toista", search, cookie);
    const form: Record<string, string> = { kayntihinta: String(preview.data.visitPriceCents), maksutapa: "invoice" };
    for (const field of preview.data.hidden) form[field.name] = field.value;
    const booked = await post(seriesAction, "/varaa-kaveri/toista", search, form, cookie);
    expect(booked.status, JSON.stringify(booked.data)).toBe(302);
    expect(await ordersOf(customer.id)).toHaveLength(3);
    const db = await getDb();
    const saved = await db.selectFrom("saved_recipients").select(["first_name", "last_name", "address"]).where("owner_id", "=", customer.id).execute();
    expect(saved).toEqual([{ first_name: "Aili", last_name: "Virtanen", address: "Fredrikinkatu 20 A 3" }]);
  });

  it("a preview address naming another first date than the draft's goes back to the summary", async () => {
    const customer = await newCustomer("sarja-muu");
    const draft = freshDraft();
    const cookie = await throughTimeStep(draft, customer.cookie);
    const query = `${draftQuery(draft)}&toistuvuus=joka-viikko&alkaen=${addCalendarDays(draft.date!, 1)}&klo=10:00&paattyy=kertaa&kertaa=3`;
    const answer = await get(seriesLoader, "/varaa-kaveri/toista", query, cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/varaa-kaveri\/yhteenveto\?/);
  });
});

describe("the summary step's repeat fields", () => {
  it("'Kerran' books one order as before", async () => {
    const customer = await newCustomer("kerran");
    const draft = freshDraft();
    const cookie = await throughTimeStep(draft, customer.cookie);
    const booked = await summaryPost(draft, { toistuvuus: "kerran", paattyy: "kertaa", kertaa: "6" }, cookie);
    expect(booked.status).toBe(302);
    expect(booked.location).toMatch(/^\/portal\/orders\/success\?order_number=ORD-\d+$/);
    const orders = await ordersOf(customer.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.series_id).toBeNull();
  });

  it("wrong fields are errors on their fields, and nothing is placed", async () => {
    const customer = await newCustomer("virhe");
    const draft = freshDraft();
    const cookie = await throughTimeStep(draft, customer.cookie);

    const tooMany = await summaryPost(draft, { ...WEEKLY_THREE, kertaa: "30" }, cookie);
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.result.error.kertaa).toEqual(["Käyntejä voi olla 2–26."]);
    // What was typed comes back.
    expect(tooMany.data.result.initialValue).toMatchObject({ toistuvuus: "joka-viikko", kertaa: "30" });

    const noDate = await summaryPost(draft, { ...WEEKLY_THREE, paattyy: "paivana" }, cookie);
    expect(noDate.data.result.error.viimeinen).toEqual(["Anna viimeinen päivä, esimerkiksi 31.3.2027."]);
    const tooFar = await summaryPost(draft, { ...WEEKLY_THREE, paattyy: "paivana", viimeinen: dateInDays(200) }, cookie);
    expect(tooFar.data.result.error.viimeinen).toEqual(["Viimeinen päivä voi olla enintään 180 päivän päässä."]);
    const noEnd = await summaryPost(draft, { toistuvuus: "joka-toinen-viikko" }, cookie);
    expect(noEnd.data.result.error.paattyy).toEqual(["Valitse, milloin käynnit päättyvät."]);

    // The other fields' errors come in the same answer.
    const withTerms = await summaryPost(draft, { ...WEEKLY_THREE, kertaa: "1", acceptTerms: "" }, cookie);
    expect(withTerms.data.result.error).toMatchObject({ kertaa: ["Käyntejä voi olla 2–26."], acceptTerms: ["Hyväksy varausehdot ennen jatkamista."] });

    const withCode = await summaryPost(draft, { ...WEEKLY_THREE, discountCode: "KEVAT10" }, cookie);
    expect(withCode.status).toBe(400);
    expect(withCode.data.result.error.discountCode).toEqual(["Alennuskoodi ei koske toistuvia käyntejä. Poista koodi tai valitse ”Kerran”."]);

    expect(await ordersOf(customer.id)).toEqual([]);
  });

  it("'Ei väliä' cannot repeat: a series needs a chosen helper", async () => {
    const customer = await newCustomer("ei-valia");
    const draft = freshDraft({ caregiver: "ei-valia" });
    const cookie = await throughTimeStep(draft, customer.cookie);
    const summary = await get(summaryLoader, "/varaa-kaveri/yhteenveto", draftQuery(draft), cookie);
    expect(summary.data.repeat.anyHelper).toBe(true);
    const refused = await summaryPost(draft, WEEKLY_THREE, cookie);
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.toistuvuus).toEqual([
      "Toistuvat käynnit tehdään aina saman kaverin kanssa. Valitse kaveri edellisessä vaiheessa tai valitse ”Kerran”.",
    ]);
    expect(await ordersOf(customer.id)).toEqual([]);
  });
});
