import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { availableAlways, offerEveryService } from "./support/booking-fixtures";
import { takeToast } from "~/services/flash.server";
import { action as authAction } from "~/routes/auth._index";
import { loader as backofficeOrderLoader } from "~/routes/backoffice.orders.$orderNumber._index";
import { loader as backofficeOrdersLoader } from "~/routes/backoffice.orders._index";
import { loader as helperTasksLoader } from "~/routes/portal.caregiver-bookings";
import { loader as newOrderServiceLoader } from "~/routes/portal.orders.new._index";
import { loader as successLoader } from "~/routes/portal.orders.success";
import { action as varaaContactAction } from "~/routes/varaa.yhteystiedot";
import { loader as varaaCaregiverLoader } from "~/routes/varaa.kaveri";
import { loader as varaaTimeLoader } from "~/routes/varaa._index";
import { loader as serviceLoader } from "~/routes/varaa-kaveri._index";
import { action as timeAction, loader as timeLoader } from "~/routes/varaa-kaveri.aika";
import { loader as caregiverLoader } from "~/routes/varaa-kaveri.kaveri";
import { action as summaryAction, loader as summaryLoader } from "~/routes/varaa-kaveri.yhteenveto";
import { placeOrder } from "~/booking/place-order.server";
import { bookingInterval } from "~/domain/booking-window";
import {
  TEST_PASSWORD,
  answerOf,
  cookiesFrom,
  createTestUser,
  getRequest,
  postRequest,
  sessionCookieFor,
  type RouteAnswer,
} from "./support/auth";
import {
  CONTEXT,
  dateInDays,
  directOrderInput,
  draftQuery,
  getUrl,
  insertOrderFor,
  postUrl,
  seedBookingFixtures,
  validContact,
  type BookingFixtures,
  type DraftInput,
} from "./support/booking";

// The signed-in wizard /varaa-kaveri (four steps; /portal/orders/new now leads to it) on the one
// booking engine, through real requests as a browser without JavaScript sends them: every message
// of spec 000 §5 "Four-step wizard" and 001 §5 "Portal wizard", the anonymous visitor's way through
// /auth and back, the note for the helper from every flow to where it is read, and the helpers
// offered: only those who serve the visit's city (DESIGN.md decision 17) and are free then, which
// the order's placement checks again.

let f: BookingFixtures;
/** Lives in Espoo and serves Helsinki (written in lower case: compared without regard to case). */
let espooHelper: string;
/** Lives in Turku and serves nothing else: never offered for Helsinki. */
let turkuHelper: string;
let customer: { id: string; email: string; cookie: string };

async function insertHelper(name: string, city: string, serviceCities: string[], rating: number | null = 4.5) {
  const db = await getDb();
  const profile = await db
    .insertInto("profiles")
    .values({ email: `${name.toLowerCase().replace(/\W+/g, ".")}-${Date.now()}@example.fi`, full_name: name, user_type: "caregiver" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto("caregivers")
    .values({ profile_id: profile.id, city, service_cities: serviceCities, status: "approved", average_rating: rating })
    .returning("id")
    .executeTakeFirstOrThrow();
  await offerEveryService(db, row.id);
  await availableAlways(db, row.id);
  return row.id;
}

async function newCustomer(tag: string) {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.fi`;
  const user = await createTestUser({ email, fullName: "Helmi Virtanen" });
  const db = await getDb();
  await db.updateTable("profiles").set({ phone: "+358401234001" }).where("id", "=", user.id).execute();
  await db
    .updateTable("customers")
    .set({ address: "Runeberginkatu 15 A 4", postal_code: "00100", city: "Helsinki" })
    .where("profile_id", "=", user.id)
    .execute();
  return { id: user.id, email, cookie: await sessionCookieFor(user) };
}

beforeAll(async () => {
  f = await seedBookingFixtures();
  espooHelper = await insertHelper("Aleksi Espoolainen", "Espoo", ["helsinki ", "Kauniainen"]);
  turkuHelper = await insertHelper("Kaarina Turkulainen", "Turku", ["Raisio"], 5);
  customer = await newCustomer("kirjautunut");
});

let dayOffset = 30;
/** A complete time step on its own day, so that orders of different tests never meet. */
function freshDraft(overrides: DraftInput = {}): DraftInput {
  dayOffset += 1;
  return { date: dateInDays(dayOffset), time: "10:00", duration: 2, service: f.serviceId, ...overrides };
}

const VISIT = {
  address: "Runeberginkatu 15 A 4",
  phone: "040 123 4567",
  description: "Kauppareissu ja apteekki, kantoapua tarvitaan.",
  specialNotes: "Ovikoodi 1234. Kissa Mirri ei saa päästä ulos.",
};

function get(loader: (args: any) => unknown, path: string, query: string, cookie = customer.cookie) {
  return answerOf(() => loader({ request: getUrl(path, query, cookie), params: {}, context: CONTEXT }));
}

function post(action: (args: any) => unknown, path: string, query: string, fields: Record<string, string>, cookie = customer.cookie) {
  return answerOf(() => action({ request: postUrl(path, query, fields, cookie), params: {}, context: CONTEXT }));
}

/** The Cookie header after an answer, whether it was a Response or data with headers. */
function cookieAfter(answer: RouteAnswer, previous: string): string {
  return cookiesFrom(answer.response ?? new Response(null, { headers: answer.headers }), previous);
}

/** The time step's form as the page posts it: the draft's fields, the place and the visit. */
function timeForm(draft: DraftInput, visit: Partial<typeof VISIT> = VISIT, extra: Record<string, string> = { jatka: "1" }) {
  const fields: Record<string, string> = Object.fromEntries(new URLSearchParams(draftQuery(draft)));
  return { ...fields, ...visit, ...extra };
}

function paramsOf(location: string | null) {
  expect(location).not.toBeNull();
  return new URL(location!, "http://x").searchParams;
}

/** 'Varaa nyt' on /varaa-kaveri's summary for a draft, with the visit's Cookie header. */
function book(draft: DraftInput, fields: Record<string, string>, cookie: string) {
  return post(summaryAction, "/varaa-kaveri/yhteenveto", draftQuery(draft), { intent: "book", ...fields }, cookie);
}

/** Steps 1–3 of /varaa-kaveri through the posts of its time step; the Cookie header that holds the visit. */
async function throughTimeStep(draft: DraftInput, visit: Partial<typeof VISIT> = VISIT, cookie = customer.cookie) {
  const answer = await post(timeAction, "/varaa-kaveri/aika", "", timeForm(draft, visit), cookie);
  expect(answer.status, JSON.stringify(answer.data?.fieldErrors)).toBe(302);
  expect(answer.location).toBe(`/varaa-kaveri/kaveri?${draftQuery(draft)}`);
  return cookieAfter(answer, cookie);
}

describe("the anonymous visitor", () => {
  it("is sent to /auth, told why, and comes back to the same step after signing in", async () => {
    const query = draftQuery({ service: f.serviceId, postalCode: null, city: null });
    const answer = await get(serviceLoader, "/varaa-kaveri", query, "");
    expect(answer.status).toBe(302);
    const target = new URL(answer.location!, "http://x");
    expect(target.pathname).toBe("/auth");
    expect(target.searchParams.get("redirectTo")).toBe(`/varaa-kaveri?${query}`);
    const { toast } = await takeToast(getRequest("/auth", cookiesFrom(answer.response!)));
    expect(toast).toMatchObject({ type: "info", title: "Käyttäjä ei ole kirjautunut" });

    const user = await createTestUser({ email: `palaava-${Date.now()}@example.fi` });
    const signedIn = await answerOf(() =>
      authAction({
        request: postRequest("/auth?index", {
          intent: "signin",
          email: user.email,
          password: TEST_PASSWORD,
          redirectTo: target.searchParams.get("redirectTo")!,
        }),
        params: {},
        context: CONTEXT,
      }),
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe(`/varaa-kaveri?${query}`);
    const back = await get(serviceLoader, "/varaa-kaveri", query, cookiesFrom(signedIn.response!));
    expect(back.status).toBe(200);
    expect(back.data.selectedService).toBe(f.serviceId);
  });

  it("cannot post a step either, and the portal's wizard sends them to sign in too", async () => {
    const posted = await post(
      summaryAction,
      "/varaa-kaveri/yhteenveto",
      draftQuery(freshDraft({ caregiver: "ei-valia" })),
      { paymentMethod: "invoice", acceptTerms: "on" },
      "",
    );
    expect(posted.location).toMatch(/^\/auth\?redirectTo=%2Fvaraa-kaveri%2Fyhteenveto/);
    const portal = await get(newOrderServiceLoader, "/portal/orders/new", "", "");
    expect(portal.location).toBe(`/auth?${new URLSearchParams({ redirectTo: "/portal/orders/new" })}`);
  });

  it("helpers and staff may not book: 403", async () => {
    const helper = await createTestUser({ email: `kaveri-kirjautunut-${Date.now()}@example.fi`, userType: "caregiver" });
    const staff = await createTestUser({ email: `tuki-kirjautunut-${Date.now()}@example.fi`, role: "support" });
    for (const user of [helper, staff]) {
      const answer = await get(serviceLoader, "/varaa-kaveri", "", await sessionCookieFor(user));
      expect(answer.status).toBe(403);
    }
  });
});

describe("/varaa-kaveri: every message of spec 000 §5 'Four-step wizard'", () => {
  it("step 1 requires a service: 'Valitse palvelu jatkaaksesi.'", async () => {
    const answer = await get(serviceLoader, "/varaa-kaveri", "jatka=1");
    expect(paramsOf(answer.location).get("viesti")).toBe("service_missing");
    const shown = await get(serviceLoader, "/varaa-kaveri", "viesti=service_missing");
    expect(shown.data.notice).toBe("Valitse palvelu jatkaaksesi.");
    // A later step without a service sends the customer back to step 1 with the same words.
    const later = await get(timeLoader, "/varaa-kaveri/aika", draftQuery({ date: dateInDays(5) }));
    expect(later.location).toMatch(/^\/varaa-kaveri\?.*viesti=service_missing/);

    const chosen = await get(serviceLoader, "/varaa-kaveri", `palvelu=${f.serviceId}&jatka=1`);
    expect(chosen.location).toBe(`/varaa-kaveri/aika?palvelu=${f.serviceId}`);
  });

  it("step 2: the date is required and not in the past, the time is a valid hour", async () => {
    const noticeOf = async (draft: DraftInput) => {
      const answer = await post(timeAction, "/varaa-kaveri/aika", "", timeForm(draft));
      const notice = paramsOf(answer.location).get("viesti")!;
      const page = await get(timeLoader, "/varaa-kaveri/aika", draftQuery(draft, { viesti: notice }));
      return page.data.notice;
    };
    expect(await noticeOf({ service: f.serviceId, time: "10:00" })).toBe("Päivämäärä on pakollinen");
    expect(await noticeOf({ service: f.serviceId, date: dateInDays(-1), time: "10:00" })).toBe("Päivämäärä ei voi olla menneisyydessä");
    expect(await noticeOf({ service: f.serviceId, date: dateInDays(5) })).toBe("Virheellinen kellonaikamuoto");
    expect(await noticeOf({ service: f.serviceId, date: dateInDays(5), time: "25:00" })).toBe("Virheellinen kellonaikamuoto");
  });

  it("step 2: a duration of 1–24 hours (DESIGN.md decision 4; the spec's 'Kesto vähintään 1 tunti')", async () => {
    const typed = async (value: string) => {
      const answer = await post(timeAction, "/varaa-kaveri/aika", "", timeForm(freshDraft(), VISIT, { kesto_muu: value }));
      return answer;
    };
    const short = await typed("0");
    expect(short.status).toBe(400);
    expect(short.data.durationError).toBe("Kesto vähintään 1 tunti");
    expect((await typed("25")).data.durationError).toBe("Kesto enintään 24 tuntia");
    const ok = await typed("8");
    expect(paramsOf(ok.location).get("kesto")).toBe("8");
  });

  it("step 2: address, postal code, city and description, each with the spec's message, and nothing typed is lost", async () => {
    const errorsOf = async (visit: Partial<typeof VISIT> & { postalCode?: string; city?: string }) => {
      const draft = freshDraft({ postalCode: visit.postalCode ?? "00100", city: visit.city ?? "Helsinki" });
      const answer = await post(timeAction, "/varaa-kaveri/aika", "", timeForm(draft, { ...VISIT, ...visit }));
      expect(answer.status).toBe(400);
      expect(answer.data.values.specialNotes).toBe(visit.specialNotes ?? VISIT.specialNotes);
      return answer.data.fieldErrors;
    };
    expect(await errorsOf({ address: "Kat", postalCode: "0010", city: "H", description: "Kauppa" })).toEqual({
      address: "Osoite liian lyhyt (vähintään 5 merkkiä)",
      postalCode: "Postinumeron on oltava 5 numeroa",
      city: "Kaupungin nimi liian lyhyt",
      description: "Kuvaus liian lyhyt (vähintään 10 merkkiä)",
    });
    expect(await errorsOf({ address: "K".repeat(201), city: "H".repeat(101), description: "K".repeat(2001) })).toMatchObject({
      address: "Osoite liian pitkä (enintään 200 merkkiä)",
      description: "Kuvaus liian pitkä (enintään 2000 merkkiä)",
    });
    // A city over 100 characters never reaches the address: the field says so.
    const long = await post(
      timeAction,
      "/varaa-kaveri/aika",
      "",
      timeForm(freshDraft(), VISIT, { jatka: "1", kaupunki: "H".repeat(100) + "x" }),
    );
    expect(long.data.fieldErrors.city).toBe("Kirjoita kaupunki");
    const long100 = await post(
      timeAction,
      "/varaa-kaveri/aika",
      "",
      timeForm(freshDraft(), VISIT, { jatka: "1", kaupunki: "H".repeat(100) }),
    );
    expect(long100.status).toBe(302);
    expect(await errorsOf({ specialNotes: "x".repeat(1001) })).toEqual({ specialNotes: "Lisätiedot voivat olla enintään 1000 merkkiä" });
    expect(await errorsOf({ phone: "12345" })).toEqual({ phone: "Virheellinen puhelinnumero (esim. +358401234567 tai 0401234567)" });
  });

  it("step 2 is filled in from the customer's saved address and phone, and a pick keeps what was typed", async () => {
    const draft = { service: f.serviceId, date: dateInDays(6) };
    const page = await get(timeLoader, "/varaa-kaveri/aika", draftQuery(draft));
    expect(page.status).toBe(200);
    expect(page.data.values).toMatchObject({
      address: "Runeberginkatu 15 A 4",
      postalCode: "00100",
      city: "Helsinki",
      phone: "+358401234001",
    });

    // Picking an hour (a post, since the form carries personal data) answers with the draft's clean address.
    const cookie = customer.cookie;
    const picked = await post(
      timeAction,
      "/varaa-kaveri/aika",
      "",
      {
        ...timeForm(draft, { ...VISIT, description: "Jotain kesken" }, { valitse_aika: "12:00" }),
      },
      cookie,
    );
    expect(picked.status).toBe(302);
    expect(picked.location).toMatch(/^\/varaa-kaveri\/aika\?paiva=.*aika=12%3A00.*#kesto$/);
    expect(picked.location).not.toContain("Runeberginkatu");
    const after = await get(timeLoader, "/varaa-kaveri/aika", picked.location!.split("?")[1]!.split("#")[0]!, cookieAfter(picked, cookie));
    expect(after.data.values.description).toBe("Jotain kesken");
    expect(after.data.values.specialNotes).toBe(VISIT.specialNotes);

    // Another account on the same browser never sees it.
    const other = await newCustomer("toinen");
    const theirs = await get(
      timeLoader,
      "/varaa-kaveri/aika",
      draftQuery(draft),
      `${other.cookie}; ${cookieAfter(picked, "")
        .split("; ")
        .find((c) => c.startsWith("__booking_visit"))}`,
    );
    expect(theirs.data.values.description).toBe("");
  });

  it("step 4 requires the terms: 'Hyväksy varausehdot ennen jatkamista.'; then 'Varaa nyt' makes the order", async () => {
    const draft = freshDraft({ caregiver: f.topCaregiverId });
    const cookie = await throughTimeStep(draft);
    const step3 = await get(caregiverLoader, "/varaa-kaveri/kaveri", draftQuery(draft), cookie);
    expect(step3.status).toBe(200);
    const summary = await get(summaryLoader, "/varaa-kaveri/yhteenveto", draftQuery(draft), cookie);
    expect(summary.data.visit).toEqual({
      recipientName: null,
      address: VISIT.address,
      phone: "0401234567",
      description: VISIT.description,
      specialNotes: VISIT.specialNotes,
      saveToAccount: false,
    });
    expect(summary.data.amounts.totalPriceCents).toBe(8000);

    const refused = await book(draft, { paymentMethod: "invoice" }, cookie);
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.acceptTerms).toEqual(["Hyväksy varausehdot ennen jatkamista."]);
    const noMethod = await book(draft, { acceptTerms: "on" }, cookie);
    expect(noMethod.data.result.error.paymentMethod).toEqual(["Valitse maksutapa"]);

    const booked = await book(draft, { paymentMethod: "invoice", acceptTerms: "on", totalPriceCents: "1" }, cookie);
    expect(booked.status).toBe(302);
    expect(booked.location).toMatch(/^\/portal\/orders\/success\?order_number=ORD-\d+$/);
    const orderNumber = new URL(booked.location!, "http://x").searchParams.get("order_number")!;
    const db = await getDb();
    const order = await db.selectFrom("orders").selectAll().where("order_number", "=", orderNumber).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      status: "pending",
      caregiver_id: f.topCaregiverId,
      address: VISIT.address,
      postal_code: "00100",
      city: "Helsinki",
      description: VISIT.description,
      special_notes: VISIT.specialNotes,
      total_price_cents: 8000,
      booking_for: "self",
      payment_method: "invoice",
    });
    // The visit's draft is forgotten with the order placed.
    expect(cookieAfter(booked, cookie)).not.toContain("__booking_visit");

    const success = await get(successLoader, "/portal/orders/success", `order_number=${orderNumber}`, cookieAfter(booked, cookie));
    expect(success.data.order).toMatchObject({ orderNumber, totalPriceCents: 8000 });
    // Another customer's success page shows nothing of it.
    const stranger = await newCustomer("vieras");
    expect((await get(successLoader, "/portal/orders/success", `order_number=${orderNumber}`, stranger.cookie)).data.order).toBeNull();
  });

  it("a draft that skipped the visit's details is sent back to fill them in", async () => {
    const other = await newCustomer("ohittaja");
    const draft = freshDraft({ caregiver: "ei-valia" });
    const answer = await get(summaryLoader, "/varaa-kaveri/yhteenveto", draftQuery(draft), other.cookie);
    expect(answer.location).toMatch(/^\/varaa-kaveri\/aika\?.*viesti=details_missing/);
    const page = await get(timeLoader, "/varaa-kaveri/aika", paramsOf(answer.location).toString(), other.cookie);
    // The saved address is there; the description is what is missing, and the field says so.
    expect(page.data.notice).toBe("Täytä käynnin osoite ja kuvaus.");
    expect(page.data.fieldErrors).toEqual({ description: "Kirjoita kuvaus" });
  });

  it("online payment goes through the provider's checkout like the public flow", async () => {
    const draft = freshDraft({ caregiver: "ei-valia" });
    const cookie = await throughTimeStep(draft);
    const booked = await book(draft, { paymentMethod: "online", acceptTerms: "on" }, cookie);
    expect(booked.status).toBe(302);
    expect(booked.location).toMatch(/^\/maksu\/testi\/.+/);
    const db = await getDb();
    const order = await db
      .selectFrom("orders")
      .innerJoin("customers", "customers.id", "orders.customer_id")
      .select(["orders.status", "orders.caregiver_id", "orders.special_notes"])
      .where("customers.profile_id", "=", customer.id)
      .where("orders.starts_at", "=", bookingInterval(draft.date!, 10, 2).startsAt)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: "pending_payment", caregiver_id: null, special_notes: VISIT.specialNotes });
    // Sent again (the checkout failed or was left): the same order's payment, not a second order.
    const again = await get(summaryLoader, "/varaa-kaveri/yhteenveto", draftQuery(draft), cookieAfter(booked, cookie));
    expect(again.data.pendingOrderNumber).toMatch(/^ORD-\d+$/);
    // Another account signed in on the same browser is not offered that order to pay.
    const bookings = cookieAfter(booked, cookie)
      .split("; ")
      .find((part) => part.startsWith("__bookings="))!;
    const other = await newCustomer("samalla-selaimella");
    const otherCookie = await throughTimeStep(draft, VISIT, `${other.cookie}; ${bookings}`);
    expect((await get(summaryLoader, "/varaa-kaveri/yhteenveto", draftQuery(draft), otherCookie)).data.pendingOrderNumber).toBeNull();
  });
});

describe("one wizard: the portal's 'Tee uusi tilaus' opens /varaa-kaveri (issue 26 item 3)", () => {
  it("'Varaa sama kaveri uudelleen' opens the wizard with the service and the helper chosen", async () => {
    const old = await get(newOrderServiceLoader, "/portal/orders/new", `palvelu=${f.serviceId}&kaveri=${f.topCaregiverId}`);
    expect(old.location).toBe(`/varaa-kaveri?palvelu=${f.serviceId}&kaveri=${f.topCaregiverId}`);
    const page = await get(serviceLoader, "/varaa-kaveri", `palvelu=${f.serviceId}&kaveri=${f.topCaregiverId}`);
    expect(page.data).toMatchObject({ selectedService: f.serviceId, caregiverName: "Matti Korhonen" });
    const on = await get(serviceLoader, "/varaa-kaveri", `palvelu=${f.serviceId}&kaveri=${f.topCaregiverId}&jatka=1`);
    expect(on.location).toBe(`/varaa-kaveri/aika?palvelu=${f.serviceId}&kaveri=${f.topCaregiverId}`);
    // A helper who cannot take bookings is not named.
    const pending = await get(serviceLoader, "/varaa-kaveri", `palvelu=${f.serviceId}&kaveri=${f.pendingCaregiverId}`);
    expect(pending.data.caregiverName).toBeNull();
  });
});

describe("helpers near the visit and free at that time", () => {
  it("offers only helpers who serve the visit's city (their own or one they list, any case), in every flow", async () => {
    const draft = freshDraft({ postalCode: "00100", city: "HELSINKI" });
    const publicList = await get(varaaCaregiverLoader, "/varaa/kaveri", draftQuery(draft), "");
    const ids = publicList.data.caregivers.map((c: { id: string }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([f.topCaregiverId, f.caregiverId, espooHelper]));
    expect(ids).not.toContain(turkuHelper);

    const turku = await get(varaaCaregiverLoader, "/varaa/kaveri", draftQuery(freshDraft({ postalCode: "20100", city: "Turku" })), "");
    expect(turku.data.caregivers.map((c: { id: string }) => c.id)).toEqual([turkuHelper]);
    const nobody = await get(varaaCaregiverLoader, "/varaa/kaveri", draftQuery(freshDraft({ postalCode: "96100", city: "Rovaniemi" })), "");
    expect(nobody.data.caregivers).toEqual([]);
    expect(nobody.data.city).toBe("Rovaniemi");

    const cookie = await throughTimeStep(draft);
    const signedIn = await get(caregiverLoader, "/varaa-kaveri/kaveri", draftQuery(draft), cookie);
    expect(signedIn.data.caregivers.map((c: { id: string }) => c.id)).not.toContain(turkuHelper);
  });

  it("offers a helper not rated yet as new ('Uusi kaveri'), never one rated under 4", async () => {
    const fresh = await insertHelper("Uusi Helsinkiläinen", "Helsinki", [], null);
    const list = await get(varaaCaregiverLoader, "/varaa/kaveri", draftQuery(freshDraft()), "");
    const offered = list.data.caregivers.find((c: { id: string }) => c.id === fresh);
    expect(offered).toMatchObject({ averageRating: null });
    expect(list.data.caregivers.map((c: { id: string }) => c.id)).not.toContain(f.lowRatedCaregiverId);
  });

  it("leaves out a helper with an overlapping live order, and says so when the customer named them", async () => {
    const draft = freshDraft({ time: "12:00", duration: 2 });
    await insertOrderFor({ caregiverId: espooHelper, serviceId: f.serviceId, date: draft.date!, startHour: 13, hours: 1 });
    const list = await get(varaaCaregiverLoader, "/varaa/kaveri", draftQuery(draft), "");
    expect(list.data.caregivers.map((c: { id: string }) => c.id)).not.toContain(espooHelper);
    const named = await get(varaaCaregiverLoader, "/varaa/kaveri", draftQuery({ ...draft, caregiver: espooHelper }), "");
    expect(named.data.notice).toBe("Valitsemasi kaveri ei ole enää vapaana tuohon aikaan. Valitse toinen kaveri tai aika.");
    const outside = await get(varaaCaregiverLoader, "/varaa/kaveri", draftQuery({ ...freshDraft(), caregiver: turkuHelper }), "");
    expect(outside.data.notice).toBe(
      "Valitsemasi kaveri ei tee käyntejä tällä paikkakunnalla. Valitse toinen kaveri tai ”Ei väliä – valitkaa minulle sopiva”.",
    );
    expect(outside.data.selected).toBeNull();
  });

  it("the place is asked before the helper step in the public flows too", async () => {
    const draft = freshDraft({ postalCode: null, city: null });
    const step2 = await get(varaaCaregiverLoader, "/varaa/kaveri", draftQuery(draft), "");
    expect(step2.location).toMatch(/^\/varaa\?.*viesti=place_missing/);
    const proceed = await get(varaaTimeLoader, "/varaa", draftQuery(draft, { jatka: "1", postinumero: "001", kaupunki: "" }), "");
    expect(proceed.status).toBe(400);
    expect(proceed.data.fieldErrors).toEqual({ postalCode: "Postinumeron on oltava 5 numeroa", city: "Kirjoita kaupunki" });
    const ok = await get(varaaTimeLoader, "/varaa", draftQuery({ ...draft, postalCode: "00100", city: "Helsinki" }, { jatka: "1" }), "");
    expect(ok.location).toBe(`/varaa/kaveri?${draftQuery({ ...draft, postalCode: "00100", city: "Helsinki" })}`);
  });

  it("placement refuses a helper who does not serve the visit's city, or is busy, and books nothing", async () => {
    const db = await getDb();
    const draft = freshDraft();
    const selection = { date: draft.date!, startHour: 10, durationHours: 2, serviceId: f.serviceId };
    const email = `suoraan-${Date.now()}@example.fi`;
    const input = directOrderInput({ email, caregiverId: null, selection });
    expect(await placeOrder(db, { ...input, caregiverId: turkuHelper })).toEqual({ ok: false, reason: "caregiver_outside_area" });
    const otherWork = await insertHelper("Muu Palvelu", "Helsinki", []);
    await db.deleteFrom("caregiver_services").where("caregiver_id", "=", otherWork).where("service_category_id", "=", f.serviceId).execute();
    expect(await placeOrder(db, { ...input, caregiverId: otherWork })).toEqual({ ok: false, reason: "caregiver_no_service" });
    await insertOrderFor({ caregiverId: f.caregiverId, serviceId: f.serviceId, date: draft.date!, startHour: 11, hours: 2 });
    expect(await placeOrder(db, { ...input, caregiverId: f.caregiverId })).toEqual({ ok: false, reason: "caregiver_unavailable" });
    const profile = await db.selectFrom("profiles").select("id").where("email", "=", email).executeTakeFirst();
    expect(profile).toBeUndefined();
  });

  it("a booking is a use of the booker's account: the last use is written and a warning cleared (decision 0047)", async () => {
    const db = await getDb();
    const longAgo = new Date(Date.now() - 700 * 24 * 60 * 60 * 1000);
    await db.updateTable("profiles").set({ last_active_at: longAgo, inactivity_warned_at: new Date() }).where("id", "=", customer.id).execute();
    const draft = freshDraft();
    const selection = { date: draft.date!, startHour: 15, durationHours: 2, serviceId: f.serviceId };
    const input = { ...directOrderInput({ email: customer.email, caregiverId: null, selection }), signedInUserId: customer.id };
    expect(await placeOrder(db, input)).toMatchObject({ ok: true });
    const profile = await db.selectFrom("profiles").select(["last_active_at", "inactivity_warned_at"]).where("id", "=", customer.id).executeTakeFirstOrThrow();
    expect(profile).toEqual({ last_active_at: input.now, inactivity_warned_at: null });
  });

  it("the public contact step refuses a visit moved to a city the chosen helper does not serve, on the city field", async () => {
    const draft = freshDraft({ caregiver: f.topCaregiverId });
    const contact = validContact({ city: "Tampere", postalCode: "33100" });
    const answer = await answerOf(() =>
      varaaContactAction({ request: postUrl("/varaa/yhteystiedot", draftQuery(draft), contact), params: {}, context: CONTEXT }),
    );
    expect(answer.status).toBe(409);
    expect(answer.data.result.error.city).toEqual([
      "Valitsemasi kaveri ei tee käyntejä paikkakunnalla Tampere. Tarkista kaupunki tai valitse toinen kaveri.",
    ]);
    const db = await getDb();
    expect(
      await db
        .selectFrom("orders")
        .select("id")
        .where("starts_at", "=", bookingInterval(draft.date!, 10, 2).startsAt)
        .where("caregiver_id", "=", f.topCaregiverId)
        .execute(),
    ).toHaveLength(0);
  });

  it("the signed-in summary sends the customer back to choose again when the helper stopped serving the city", async () => {
    const helper = await insertHelper("Vaihtuva Alue", "Helsinki", []);
    const draft = freshDraft({ caregiver: helper });
    const cookie = await throughTimeStep(draft);
    const db = await getDb();
    await db.updateTable("caregivers").set({ city: "Oulu" }).where("id", "=", helper).execute();
    const answer = await book(draft, { paymentMethod: "invoice", acceptTerms: "on" }, cookie);
    expect(answer.location).toMatch(/^\/varaa-kaveri\/kaveri\?.*viesti=caregiver_outside_area/);
  });
});

describe("the note for the helper ('Lisätietoja kaverille')", () => {
  it("from the public flow reaches the order, the helper's task page, the back office and the confirmation e-mail", async () => {
    const helperUser = await createTestUser({
      email: `muistiinpano-kaveri-${Date.now()}@example.fi`,
      userType: "caregiver",
      fullName: "Noora Kaveri",
    });
    const db = await getDb();
    const helperRow = await db.selectFrom("caregivers").select("id").where("profile_id", "=", helperUser.id).executeTakeFirstOrThrow();
    const draft = freshDraft({ caregiver: helperRow.id });
    const note = "Soita ovikelloa kahdesti. Koira on kiltti.";
    const contact = validContact({ specialNotes: note });
    const answer = await answerOf(() =>
      varaaContactAction({ request: postUrl("/varaa/yhteystiedot", draftQuery(draft), contact), params: {}, context: CONTEXT }),
    );
    expect(answer.status).toBe(302);
    const orderNumber = new URL(answer.location!, "http://x").searchParams.get("order_number")!;
    const order = await db
      .selectFrom("orders")
      .select(["special_notes", "description"])
      .where("order_number", "=", orderNumber)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ special_notes: note, description: null });

    const helperCookie = await sessionCookieFor(helperUser);
    const mine = await answerOf(() =>
      helperTasksLoader({ request: getRequest("/portal/caregiver-bookings", helperCookie), params: {}, context: CONTEXT }),
    );
    expect(mine.data.open.find((task: { orderNumber: string }) => task.orderNumber === orderNumber)).toMatchObject({ specialNotes: note });

    const staff = await createTestUser({ email: `muistiinpano-tuki-${Date.now()}@example.fi`, role: "support" });
    const seen = await answerOf(async () =>
      backofficeOrderLoader({
        request: getRequest(`/backoffice/orders/${orderNumber}`, await sessionCookieFor(staff)),
        params: { orderNumber },
        context: CONTEXT,
      }),
    );
    expect(JSON.stringify(seen.data)).toContain(note);

    const mail = await db
      .selectFrom("emails")
      .select(["subject", "text"])
      .where("to_address", "=", contact.email)
      .where("subject", "like", "Varausvahvistus%")
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain(`Lisätietoja kaverille: ${note}`);
  });

  it("from the signed-in wizard reaches the e-mail with the description", async () => {
    const draft = freshDraft({ caregiver: "ei-valia" });
    const cookie = await throughTimeStep(draft);
    const booked = await book(draft, { paymentMethod: "invoice", acceptTerms: "on" }, cookie);
    const orderNumber = new URL(booked.location!, "http://x").searchParams.get("order_number")!;
    const db = await getDb();
    const mail = await db
      .selectFrom("emails")
      .select("text")
      .where("to_address", "=", customer.email)
      .where("subject", "=", `Varausvahvistus ${orderNumber} – Arkikaveri`)
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain(`Kuvaus: ${VISIT.description}`);
    expect(mail.text).toContain(`Lisätietoja kaverille: ${VISIT.specialNotes}`);
    // 'Ei väliä' leaves the order to the back office's queue of orders without a helper.
    const order = await db
      .selectFrom("orders")
      .select(["caregiver_id", "status"])
      .where("order_number", "=", orderNumber)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ caregiver_id: null, status: "pending" });
    const staff = await createTestUser({ email: `jono-tuki-${Date.now()}@example.fi`, role: "support" });
    const queue = await answerOf(async () =>
      backofficeOrdersLoader({
        request: getRequest(`/backoffice/orders?kaveri=ei&haku=${orderNumber}`, await sessionCookieFor(staff)),
        params: {},
        context: CONTEXT,
      }),
    );
    expect(JSON.stringify(queue.data)).toContain(orderNumber);
  });
});
