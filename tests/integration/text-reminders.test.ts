import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { placeOrder } from "~/booking/place-order.server";
import { checkCompleteVisit, checkTimeStepFields } from "~/booking/visit-checks.server";
import { EMPTY_VISIT } from "~/booking/visit-fields";
import { VARAA_KAVERI_FLOW } from "~/booking/flows";
import { getDb, type DB } from "~/db.server";
import { fitsOneGsm7Message, smsLength } from "~/domain/sms";
import { resetEnvCache } from "~/env.server";
import { currentConsent, recordConsent } from "~/models/consents.server";
import { getBookingDocument } from "~/models/booking-documents.server";
import type { AuthUser } from "~/models/users.server";
import { loader as shortLinkLoader } from "~/routes/h.$token";
import { loader as textOutboxLoader } from "~/routes/dev.tekstiviestit";
import { action as varaaAction, loader as varaaContactLoader } from "~/routes/varaa.yhteystiedot";
import { setTestClock } from "~/services/clock.server";
import { cancelOrder } from "~/services/order-cancellation.server";
import { rescheduleOrder } from "~/services/order-reschedule.server";
import { isSmsAvailable } from "~/services/sms/active-provider.server";
import { answerOf, createTestUser } from "./support/auth";
import { emailsTo } from "./support/backoffice";
import { drainJobs, makeRemindersDue, reminderJobs } from "./support/reminders";
import { CONTEXT, dateInDays, directOrderInput, draftQuery, getUrl, ordersOf, postUrl, seedBookingFixtures, validContact, type BookingFixtures } from "./support/booking";

// Text-message reminders and the recipient's own e-mail reminder (issue 28 items 1 and 2;
// docs/decisions/0031): "Muistutus tekstiviestinä" on the booking forms, the number normalised and
// checked, the text queued by the reminder machinery (same time, moved and withdrawn with the
// visit, once with two workers), one GSM-7 message with the short manage link, through a stand-in
// of Twilio's API or kept in the dev outbox /dev/tekstiviestit.

const HOUR = 60 * 60 * 1000;
let db: DB;
let f: BookingFixtures;
let admin: AuthUser;

beforeAll(async () => {
  db = await getDb();
  f = await seedBookingFixtures();
  admin = await createTestUser({ email: "admin-tekstiviesti@example.fi", role: "admin", fullName: "Aino Ylläpitäjä" });
});

afterEach(() => setTestClock(null));

/** A Helsinki wall time in summer (UTC+3): the visits here are in May. */
const helsinki = (isoLocal: string) => new Date(`${isoLocal}+03:00`);

let counter = 0;
/** A guest's invoice booking made at `madeAt`, with a text reminder and, for another person, their e-mail. */
async function book(input: { date: string; startHour: number; madeAt: Date; smsPhone?: string | null; forOther?: { email?: string } }) {
  counter += 1;
  setTestClock(input.madeAt);
  const email = `teksti-${counter}-${Date.now()}@example.fi`;
  const base = directOrderInput({ email, caregiverId: f.caregiverId, selection: { date: input.date, startHour: input.startHour, durationHours: 2, serviceId: f.serviceId } });
  const outcome = await placeOrder(db, {
    ...base,
    visit: {
      ...base.visit,
      recipient: input.forOther ? { firstName: "Liisa", lastName: "Virtanen", phone: "0409876543" } : null,
      recipientEmail: input.forOther?.email ?? null,
      smsPhone: input.smsPhone === undefined ? "+358401234567" : input.smsPhone,
    },
    now: input.madeAt,
  });
  if (!outcome.ok) throw new Error(`booking refused: ${outcome.reason}`);
  return { orderId: outcome.orderId, orderNumber: outcome.orderNumber, email };
}


const smsJobs = async (orderId: string) => (await reminderJobs(orderId)).filter((job) => job.payload.kind === "sms");



/** The texts of one order: its number appears nowhere in a text, so they are found by the link's order. */
async function textsTo(phone: string, since: Date) {
  return db.selectFrom("text_messages").selectAll().where("to_phone", "=", phone).where("created_at", ">=", since).orderBy("created_at").execute();
}

describe("the booking form's 'Muistutus tekstiviestinä'", () => {
  it("stores the recipient's mobile in E.164 and their e-mail; refuses a landline with a Finnish message on the box", async () => {
    const draft = draftQuery({ date: dateInDays(40), time: "10:00", duration: 2, service: f.serviceId, caregiver: "ei-valia" });
    const view = await answerOf(() => varaaContactLoader({ request: getUrl("/varaa/yhteystiedot", draft), params: {}, context: CONTEXT }));
    expect(view.data).toMatchObject({ smsAvailable: true });

    const other = {
      bookingFor: "other",
      recipientFirstName: "Liisa",
      recipientLastName: "Virtanen",
      recipientAddress: "Mannerheimintie 1",
      recipientPostalCode: "00100",
      recipientCity: "Helsinki",
      smsReminder: "on",
    };
    const landline = validContact({ ...other, recipientPhone: "09 123 4567" });
    const refused = await answerOf(() => varaaAction({ request: postUrl("/varaa/yhteystiedot", draft, landline), params: {}, context: CONTEXT }));
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.smsReminder).toEqual([
      "Tekstiviestimuistutus lähetetään saajan matkapuhelimeen. Kirjoita saajan puhelinnumeroksi suomalainen matkapuhelinnumero (esim. 040 123 4567) tai poista valinta.",
    ]);
    expect(await ordersOf(landline.email!)).toHaveLength(0);

    const badEmail = validContact({ ...other, recipientPhone: "040 987 6543", recipientEmail: "liisa@" });
    const refusedEmail = await answerOf(() => varaaAction({ request: postUrl("/varaa/yhteystiedot", draft, badEmail), params: {}, context: CONTEXT }));
    expect(refusedEmail.data.result.error.recipientEmail).toEqual(["Tarkista saajan sähköpostiosoite (esim. nimi@esimerkki.fi) tai jätä kenttä tyhjäksi"]);

    const good = validContact({ ...other, recipientPhone: "+358 40 987 6543", recipientEmail: "liisa.virtanen@example.fi" });
    const placed = await answerOf(() => varaaAction({ request: postUrl("/varaa/yhteystiedot", draft, good), params: {}, context: CONTEXT }));
    expect(placed.status).toBe(302);
    const [order] = await ordersOf(good.email!);
    expect(order).toMatchObject({ sms_reminder: true, sms_phone: "+358409876543", recipient_email: "liisa.virtanen@example.fi" });
    // Queued with the booking: e-mails to the payer and the recipient, and the text to the recipient's mobile.
    expect((await reminderJobs(order!.id)).map((job) => [job.payload.kind, job.payload.audience, job.payload.address])).toEqual([
      ["email", "payer", good.email],
      ["email", "recipient", "liisa.virtanen@example.fi"],
      ["sms", "recipient", "+358409876543"],
    ]);
  });

  it("for oneself uses the customer's own mobile, and an unticked box stores nothing", async () => {
    const draft = draftQuery({ date: dateInDays(41), time: "12:00", duration: 2, service: f.serviceId, caregiver: "ei-valia" });
    const landline = validContact({ phone: "09 123 4567", smsReminder: "on" });
    const refused = await answerOf(() => varaaAction({ request: postUrl("/varaa/yhteystiedot", draft, landline), params: {}, context: CONTEXT }));
    expect(refused.data.result.error.smsReminder).toEqual([
      "Tekstiviestimuistutus lähetetään suomalaiseen matkapuhelinnumeroon. Kirjoita puhelinnumeroksi matkapuhelinnumero (esim. 040 123 4567) tai poista valinta.",
    ]);
    const ticked = validContact({ phone: "050 765 4321", smsReminder: "on" });
    expect((await answerOf(() => varaaAction({ request: postUrl("/varaa/yhteystiedot", draft, ticked), params: {}, context: CONTEXT }))).status).toBe(302);
    expect((await ordersOf(ticked.email!))[0]).toMatchObject({ sms_reminder: true, sms_phone: "+358507654321", recipient_email: null });

    const draft2 = draftQuery({ date: dateInDays(41), time: "16:00", duration: 2, service: f.serviceId, caregiver: "ei-valia" });
    const plain = validContact({ phone: "050 765 4321" });
    expect((await answerOf(() => varaaAction({ request: postUrl("/varaa/yhteystiedot", draft2, plain), params: {}, context: CONTEXT }))).status).toBe(302);
    const [order] = await ordersOf(plain.email!);
    expect(order).toMatchObject({ sms_reminder: false, sms_phone: null });
    expect(await smsJobs(order!.id)).toEqual([]);
  });

  it("the signed-in wizard checks the same box with the same rules (parity)", () => {
    const flow = VARAA_KAVERI_FLOW;
    const own = { ...EMPTY_VISIT, bookingFor: "self", address: "Runeberginkatu 15 A 4", postalCode: "00100", city: "Helsinki", description: "Kauppakassit ja kahvittelu", smsReminder: "on" };
    expect(checkTimeStepFields(flow, { ...own, phone: "09 123 4567" })).toMatchObject({ ok: false, errors: { smsReminder: expect.stringContaining("suomalaiseen matkapuhelinnumeroon") } });
    expect(checkCompleteVisit(flow, { ...own, phone: "040 123 4567" })).toMatchObject({ ok: true, value: { smsPhone: "+358401234567", recipientEmail: null } });
    const other = {
      ...own,
      bookingFor: "other",
      recipientFirstName: "Liisa",
      recipientLastName: "Virtanen",
      recipientPhone: "040 987 6543",
      recipientAddress: "Mannerheimintie 1",
      recipientPostalCode: "00100",
      recipientCity: "Helsinki",
      recipientEmail: "liisa@example.fi",
    };
    expect(checkCompleteVisit(flow, other)).toMatchObject({ ok: true, value: { smsPhone: "+358409876543", recipientEmail: "liisa@example.fi" } });
    expect(checkCompleteVisit(flow, { ...other, recipientPhone: "09 555 1234" })).toMatchObject({ ok: false, errors: { smsReminder: expect.stringContaining("saajan matkapuhelimeen") } });
    expect(checkCompleteVisit(flow, { ...other, smsReminder: "" })).toMatchObject({ ok: true, value: { smsPhone: null } });
  });
});

describe("when the text goes", () => {
  it("is queued with the e-mails at the same time, none under 26 hours ahead", async () => {
    const visit = helsinki("2027-05-04T14:00:00");
    const late = await book({ date: "2027-05-04", startHour: 14, madeAt: new Date(visit.getTime() - 25 * HOUR) });
    expect(await reminderJobs(late.orderId)).toEqual([]);

    const early = await book({ date: "2027-05-05", startHour: 23, madeAt: helsinki("2027-04-20T10:00:00") });
    const jobs = await reminderJobs(early.orderId);
    expect(jobs.map((job) => job.payload.kind)).toEqual(["email", "email", "sms"]);
    // The quiet hours hold for texts too: a 23.00 visit's reminder at 20.00 the evening before.
    for (const job of jobs) expect(job.run_at).toEqual(helsinki("2027-05-04T20:00:00"));
  });

  it("moves with a rescheduled visit and is withdrawn with a cancelled one", async () => {
    const order = await book({ date: "2027-05-10", startHour: 12, madeAt: helsinki("2027-04-20T10:00:00") });
    const [before] = await smsJobs(order.orderId);
    expect(before!.run_at).toEqual(helsinki("2027-05-09T12:00:00"));

    setTestClock(helsinki("2027-04-22T10:00:00"));
    const moved = await rescheduleOrder(
      db,
      { kind: "staff", audit: { id: admin.id } },
      { orderId: order.orderId, time: { date: "2027-05-11", startHour: 15, durationHours: 2 }, caregiverId: f.caregiverId, expectedSequence: 0 },
      helsinki("2027-04-22T10:00:00"),
    );
    expect(moved.ok).toBe(true);
    const after = await smsJobs(order.orderId);
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(before!.id);
    expect(after[0]!.payload.visitSequence).toBe(1);
    expect(after[0]!.run_at).toEqual(helsinki("2027-05-10T15:00:00"));

    expect(await cancelOrder(db, { actor: { id: admin.id }, reason: "Asiakas soitti" }, order.orderId, helsinki("2027-04-23T10:00:00"))).toMatchObject({ ok: true });
    expect(await reminderJobs(order.orderId)).toEqual([]);
  });
});

describe("the dev outbox", () => {
  it("two workers send one text of one GSM-7 message with a short manage link that opens the visit; /dev/tekstiviestit shows it", async () => {
    const started = new Date(Date.now() - 1000);
    const phone = "+358401110001";
    const order = await book({ date: "2027-05-18", startHour: 12, madeAt: helsinki("2027-04-20T10:00:00"), smsPhone: phone });
    setTestClock(helsinki("2027-05-17T12:00:00"));
    await makeRemindersDue(order.orderId);
    await drainJobs(["w1", "w2"]);

    const texts = await textsTo(phone, started);
    expect(texts).toHaveLength(1);
    const [text] = texts;
    expect(text!.status).toBe("kept");
    expect(text!.body).toMatch(/^Arkikaveri: kaveri Sanna tulee ti 18\.5\. klo 12-14, Runeberginkatu 15 A 4\. Peru tai katso: http:\/\/localhost:\d+\/h\/[A-Za-z0-9_-]{43}$/);
    expect(fitsOneGsm7Message(text!.body)).toBe(true);
    expect(smsLength(text!.body)).toMatchObject({ encoding: "gsm7", segments: 1 });
    expect(text!.segments).toBe(1);
    expect((await smsJobs(order.orderId)).map((job) => job.status)).toEqual(["done"]);

    // The short link: a redirect to the manage page, which opens the order; nothing is written.
    const token = /\/h\/([A-Za-z0-9_-]{43})$/.exec(text!.body)![1]!;
    const links = await db.selectFrom("manage_links").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    const redirect = await answerOf(() => shortLinkLoader({ request: new Request(`http://localhost/h/${token}`), params: { token }, context: CONTEXT }));
    expect(redirect.status).toBe(302);
    expect(redirect.location).toBe(`/hallitse/${token}`);
    expect(redirect.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect((await db.selectFrom("manage_links").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow()).n).toBe(links.n);
    const wrong = await answerOf(() => shortLinkLoader({ request: new Request("http://localhost/h/lyhyt"), params: { token: "lyhyt" }, context: CONTEXT }));
    expect(wrong.status).toBe(404);

    const page = (await textOutboxLoader({ request: new Request("http://localhost/dev/tekstiviestit"), params: {}, context: CONTEXT })) as {
      texts: Array<{ to: string; body: string; length: string; status: string }>;
    };
    expect(page.texts.find((shown) => shown.body === text!.body)).toMatchObject({ to: "040 111 0001", status: "Tallennettu", length: expect.stringMatching(/^1 viesti \(\d+ merkkiä\)$/) });
  });

  it("drops the street address, then the helper's name, to stay one message", async () => {
    const phone = "+358401110002";
    const started = new Date(Date.now() - 1000);
    counter += 1;
    setTestClock(helsinki("2027-04-20T10:00:00"));
    const base = directOrderInput({ email: `pitka-${Date.now()}@example.fi`, caregiverId: f.caregiverId, selection: { date: "2027-05-19", startHour: 12, durationHours: 2, serviceId: f.serviceId } });
    const outcome = await placeOrder(db, {
      ...base,
      visit: { ...base.visit, address: "Pohjoisesplanadin ja Unioninkadun kulmatalo, porrashuone C, kolmas kerros, ovi 17", smsPhone: phone },
      now: helsinki("2027-04-20T10:00:00"),
    });
    if (!outcome.ok) throw new Error(outcome.reason);
    setTestClock(helsinki("2027-05-18T12:00:00"));
    await makeRemindersDue(outcome.orderId);
    await drainJobs(["w1"]);
    const [text] = await textsTo(phone, started);
    expect(text!.body).not.toContain("Pohjoisesplanadin");
    expect(text!.body).toContain("Arkikaveri: kaveri Sanna tulee ke 19.5. klo 12-14. Peru tai katso: ");
    expect(fitsOneGsm7Message(text!.body)).toBe(true);
  });
});

describe("the consent log (issue 29 item 4)", () => {
  const consentRows = (phone: string) =>
    db.selectFrom("consents").select(["given", "method", "purpose"]).where("phone", "=", phone).orderBy("created_at").orderBy("id").execute();

  it("the ticked box is logged; a withdrawal after it stops the text but not the e-mail reminder; a box ticked again asks again", async () => {
    const phone = "+358401110077";
    const first = await book({ date: "2027-05-27", startHour: 12, madeAt: helsinki("2027-04-20T10:00:00"), smsPhone: phone });
    expect(await consentRows(phone)).toEqual([{ given: true, method: "varauslomake", purpose: "tekstiviestimuistutukset" }]);
    const document = (await getBookingDocument(db, first.orderId))!;
    // For oneself: the account's own row too, so the profile shows the choice.
    expect((await currentConsent(db, { profileId: document.customer.profileId }, "tekstiviestimuistutukset"))?.given).toBe(true);

    // Withdrawn in the profile before the reminder is due.
    await recordConsent(db, { subject: { profileId: document.customer.profileId }, purpose: "tekstiviestimuistutukset", given: false, textVersion: "tekstiviestimuistutukset-1", method: "profiili", at: helsinki("2027-04-21T10:00:00") });
    const started = new Date(Date.now() - 1000);
    setTestClock(helsinki("2027-05-26T12:00:00"));
    await makeRemindersDue(first.orderId);
    await drainJobs(["w1", "w2"]);
    expect(await textsTo(phone, started)).toHaveLength(0);
    expect((await smsJobs(first.orderId)).map((job) => job.status)).toEqual(["done"]);
    expect((await emailsTo(first.email)).filter((email) => email.subject.startsWith("Muistutus:"))).toHaveLength(1);

    // A new booking with the box ticked is the newest choice: its text goes.
    const second = await book({ date: "2027-05-28", startHour: 12, madeAt: helsinki("2027-04-22T10:00:00"), smsPhone: phone });
    setTestClock(helsinki("2027-05-27T12:00:00"));
    await makeRemindersDue(second.orderId);
    await drainJobs(["w1"]);
    expect(await textsTo(phone, started)).toHaveLength(1);
  });
});

describe("the recipient's own e-mail reminder", () => {
  it("goes to the recipient's address once, greeting them, with the manage link; none when it is the payer's own", async () => {
    const recipient = `liisa-${Date.now()}@example.fi`;
    const order = await book({ date: "2027-05-20", startHour: 12, madeAt: helsinki("2027-04-20T10:00:00"), smsPhone: null, forOther: { email: recipient } });
    expect((await reminderJobs(order.orderId)).map((job) => [job.payload.kind, job.payload.audience])).toEqual([
      ["email", "caregiver"],
      ["email", "payer"],
      ["email", "recipient"],
    ]);
    setTestClock(helsinki("2027-05-19T12:00:00"));
    await makeRemindersDue(order.orderId);
    await drainJobs(["w1", "w2"]);
    const mails = (await emailsTo(recipient)).filter((email) => email.subject.startsWith("Muistutus"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Hei Liisa,");
    expect(mails[0]!.text).toContain(`muistutamme käynnistä, jonka Aino Virtanen on varannut sinulle (tilaus ${order.orderNumber}).`);
    expect(mails[0]!.text).toContain("Missä: Runeberginkatu 15 A 4, 00100 Helsinki");
    expect(mails[0]!.text).toMatch(/\/hallitse\/[A-Za-z0-9_-]{43}/);
    expect(mails[0]!.text).not.toContain("/portal/orders/");
    expect((await emailsTo(order.email)).filter((email) => email.subject.startsWith("Muistutus"))).toHaveLength(1);

    const self = `itse-${Date.now()}@example.fi`;
    const own = await book({ date: "2027-05-22", startHour: 12, madeAt: helsinki("2027-04-20T10:00:00"), smsPhone: null, forOther: { email: self } });
    await db.updateTable("orders").set({ recipient_email: own.email.toUpperCase() }).where("id", "=", own.orderId).execute();
    await db.transaction().execute(async (trx) => {
      const { scheduleVisitReminders } = await import("~/services/visit-reminders.server");
      await scheduleVisitReminders(trx, own.orderId, { madeAt: helsinki("2027-04-21T10:00:00") });
    });
    expect((await reminderJobs(own.orderId)).map((job) => job.payload.audience)).toEqual(["caregiver", "payer"]);
  });
});

describe("through the SMS provider's API (a stand-in of Twilio's)", () => {
  const requests: Array<{ path: string; form: URLSearchParams; authorization: string | undefined }> = [];
  let failNext = 0;
  let server: http.Server;
  const saved = { ...process.env };

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        requests.push({ path: request.url ?? "", form: new URLSearchParams(body), authorization: request.headers.authorization });
        response.setHeader("content-type", "application/json");
        if (failNext > 0) {
          failNext -= 1;
          response.statusCode = 400;
          response.end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }));
          return;
        }
        response.statusCode = 201;
        response.end(JSON.stringify({ sid: `SM${String(requests.length).padStart(32, "0")}`, status: "queued" }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.TWILIO_ACCOUNT_SID = "AC00000000000000000000000000000001";
    process.env.TWILIO_AUTH_TOKEN = "test-auth-token";
    process.env.TWILIO_FROM = "Arkikaveri";
    process.env.TWILIO_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    resetEnvCache();
  });

  afterAll(async () => {
    for (const key of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "TWILIO_API_URL"]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetEnvCache();
    await new Promise((resolve) => server.close(resolve));
  });

  it("posts the text once with two workers and records Twilio's id; the dev outbox is then closed", async () => {
    const phone = "+358401110003";
    const started = new Date(Date.now() - 1000);
    const order = await book({ date: "2027-05-25", startHour: 10, madeAt: helsinki("2027-04-20T10:00:00"), smsPhone: phone });
    setTestClock(helsinki("2027-05-24T10:00:00"));
    await makeRemindersDue(order.orderId);
    await drainJobs(["w1", "w2"]);

    const sent = requests.filter((request) => request.form.get("To") === phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe("/2010-04-01/Accounts/AC00000000000000000000000000000001/Messages.json");
    expect(sent[0]!.authorization).toBe(`Basic ${Buffer.from("AC00000000000000000000000000000001:test-auth-token").toString("base64")}`);
    expect(sent[0]!.form.get("From")).toBe("Arkikaveri");
    expect(sent[0]!.form.get("Body")).toMatch(/^Arkikaveri: kaveri Sanna tulee ti 25\.5\. klo 10-12, Runeberginkatu 15 A 4\. Peru tai katso: .*\/h\/[A-Za-z0-9_-]{43}$/);
    expect(fitsOneGsm7Message(sent[0]!.form.get("Body")!)).toBe(true);
    const [text] = await textsTo(phone, started);
    expect(text).toMatchObject({ status: "sent", provider: "twilio", provider_ref: expect.stringMatching(/^SM0+\d+$/) });

    const outbox = await answerOf(() => textOutboxLoader({ request: new Request("http://localhost/dev/tekstiviestit"), params: {}, context: CONTEXT }));
    expect(outbox.status).toBe(404);
  });

  it("a refusal is retried by the job, and the text is sent once the provider takes it", async () => {
    const phone = "+358401110004";
    const started = new Date(Date.now() - 1000);
    const order = await book({ date: "2027-05-26", startHour: 10, madeAt: helsinki("2027-04-20T10:00:00"), smsPhone: phone });
    setTestClock(helsinki("2027-05-25T10:00:00"));
    await makeRemindersDue(order.orderId);
    failNext = 1;
    await drainJobs(["w1"]);
    const [text] = await textsTo(phone, started);
    expect(text!.status).toBe("sending");
    const job = await db.selectFrom("jobs").select(["status", "attempts"]).where("type", "=", "sms.deliver").where(sql`payload->>'textId'`, "=", text!.id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "pending", attempts: 1 });

    await db.updateTable("jobs").set({ run_at: sql`now()` }).where("type", "=", "sms.deliver").where(sql`payload->>'textId'`, "=", text!.id).execute();
    await drainJobs(["w1"]);
    expect(requests.filter((request) => request.form.get("To") === phone)).toHaveLength(2);
    expect((await textsTo(phone, started))[0]).toMatchObject({ status: "sent" });
  });
});

describe("production without a provider", () => {
  it("offers no text reminder and hides /dev/tekstiviestit", async () => {
    const saved = { NODE_ENV: process.env.NODE_ENV, SESSION_SECRET: process.env.SESSION_SECRET, ALTCHA_HMAC_KEY: process.env.ALTCHA_HMAC_KEY };
    process.env.NODE_ENV = "production";
    process.env.SESSION_SECRET = "a-test-secret-of-sufficient-length";
    process.env.ALTCHA_HMAC_KEY = "a-test-bot-check-key-of-sufficient-length";
    resetEnvCache();
    try {
      expect(isSmsAvailable()).toBe(false);
      const outbox = await answerOf(() => textOutboxLoader({ request: new Request("http://localhost/dev/tekstiviestit"), params: {}, context: CONTEXT }));
      expect(outbox.status).toBe(404);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      resetEnvCache();
    }
  });
});
