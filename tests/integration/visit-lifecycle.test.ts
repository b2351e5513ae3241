import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { AUTO_COMPLETE_AFTER_END_MS, START_WINDOW_BEFORE_START_MS } from "~/domain/visit-lifecycle";
import { action as signInAction } from "~/routes/auth._index";
import { action as reviewAction } from "~/routes/backoffice.caregivers.$caregiverId";
import { loader as homeLoader } from "~/routes/portal._index";
import { action as tasksAction, loader as tasksLoader } from "~/routes/portal.caregiver-bookings";
import { loader as earningsLoader } from "~/routes/portal.earnings";
import { action as threadAction, loader as threadLoader } from "~/routes/portal.messages.$orderNumber";
import { loader as messagesLoader } from "~/routes/portal.messages._index";
import { loader as notificationsLoader } from "~/routes/portal.notifications";
import { autoCompleteVisits } from "~/services/caregiver-tasks.server";
import { setTestClock } from "~/services/clock.server";
import { TEST_PASSWORD, answerOf, contextFor, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { auditRows } from "./support/backoffice";
import { createTestOrder, orderRow } from "./support/booking-fixtures";
import { nextVisit, signedInHelper, toastOf, type SignedIn } from "./support/portal";

// A visit's life follows time (decision 0018): the helper's start and completion at the edges of
// their windows with a confirm step, the auto-complete job paying once, and only approved helpers
// working, with approval waiting for the vetting.

const MIN = 60_000;
let db: DB;
let helper: SignedIn & { caregiverId: string };
let moderatorCookie: string;

beforeAll(async () => {
  db = await getDb();
  helper = await signedInHelper("elama-kaveri@example.fi", "Eeva Elämä");
  moderatorCookie = await sessionCookieFor(await createTestUser({ email: "elama-moderaattori@example.fi", role: "moderator" }));
});

afterEach(() => setTestClock(null));

function act(action: string, orderId: string, cookie: string, confirmed = true) {
  const fields: Record<string, string> = { tehtava: `${action}:${orderId}` };
  if (confirmed) fields.vahvista = "kylla";
  return answerOf(() => tasksAction({ request: postRequest("/portal/caregiver-bookings", fields, cookie), params: {}, context: contextFor() }));
}

async function acceptedOrder(startsAt: Date, status: "pending" | "in_progress" = "pending") {
  const order = await createTestOrder({ paymentMethod: "invoice", caregiverId: helper.caregiverId, startsAt, status });
  await db.updateTable("orders").set({ accepted_caregiver_id: helper.caregiverId, caregiver_accepted_at: new Date() }).where("id", "=", order.orderId).execute();
  return order;
}

describe("the helper's start and completion", () => {
  it("refuses 'Aloita tehtävä' 31 minutes before the start, naming when it opens, and asks first 29 minutes before", async () => {
    const startsAt = nextVisit();
    const order = await acceptedOrder(startsAt);
    setTestClock(new Date(startsAt.getTime() - START_WINDOW_BEFORE_START_MS - MIN));
    const early = await act("start", order.orderId, helper.cookie);
    expect(await toastOf(early)).toMatchObject({ type: "error", description: expect.stringMatching(/^Voit aloittaa tehtävän .* klo \d\d\.30 alkaen/) });
    expect((await orderRow(order.orderId)).status).toBe("pending");

    setTestClock(new Date(startsAt.getTime() - START_WINDOW_BEFORE_START_MS + MIN));
    const question = await act("start", order.orderId, helper.cookie, false);
    expect(question.status).toBe(200);
    expect(question.data).toMatchObject({ confirm: { action: "start", orderNumber: order.orderNumber } });
    expect((await orderRow(order.orderId)).status).toBe("pending");
    expect(await toastOf(await act("start", order.orderId, helper.cookie))).toMatchObject({ type: "success", title: "Tehtävä aloitettu" });
    expect((await orderRow(order.orderId)).status).toBe("in_progress");
  });

  it("refuses 'Merkitse suoritetuksi' a minute before the start and completes a minute after it, paying once", async () => {
    const startsAt = nextVisit();
    const order = await acceptedOrder(startsAt, "in_progress");
    setTestClock(new Date(startsAt.getTime() - MIN));
    expect(await toastOf(await act("complete", order.orderId, helper.cookie))).toMatchObject({ type: "error" });
    expect(await db.selectFrom("payouts").select("id").where("order_id", "=", order.orderId).execute()).toHaveLength(0);
    setTestClock(new Date(startsAt.getTime() + MIN));
    const question = await act("complete", order.orderId, helper.cookie, false);
    expect(question.data).toMatchObject({ confirm: { action: "complete", whatFollows: expect.stringContaining("siirtyy maksettavaksi") } });
    await Promise.all([act("complete", order.orderId, helper.cookie), act("complete", order.orderId, helper.cookie)]);
    expect(await db.selectFrom("payouts").select("id").where("order_id", "=", order.orderId).execute()).toHaveLength(1);
  });

  it("hides a cancelled task's address, phone and notes, and a done one's 7 days after it", async () => {
    const cancelled = await createTestOrder({ paymentMethod: "invoice", caregiverId: helper.caregiverId, startsAt: nextVisit(), status: "cancelled" });
    const startsAt = nextVisit();
    const done = await createTestOrder({ paymentMethod: "invoice", caregiverId: helper.caregiverId, startsAt, status: "completed" });
    setTestClock(new Date(startsAt.getTime() + 8 * 24 * 60 * MIN));
    const page = await answerOf(() => tasksLoader({ request: getRequest("/portal/caregiver-bookings", helper.cookie), params: {}, context: contextFor() }));
    for (const id of [cancelled.orderId, done.orderId]) {
      const card = page.data.closed.find((task: { id: string }) => task.id === id);
      expect(card).toMatchObject({ detailsHidden: true, address: null, visitPhone: null, specialNotes: null, description: null });
    }
  });
});

describe("the auto-complete job", () => {
  it("completes a started visit 12 hours after its end, once, and leaves a younger one", async () => {
    const startsAt = nextVisit();
    const order = await acceptedOrder(startsAt, "in_progress");
    const endsAt = (await orderRow(order.orderId)).ends_at as Date;
    expect(await autoCompleteVisits(db, new Date(endsAt.getTime() + AUTO_COMPLETE_AFTER_END_MS - MIN))).not.toContain(order.orderNumber);
    expect((await orderRow(order.orderId)).status).toBe("in_progress");
    const at = new Date(endsAt.getTime() + AUTO_COMPLETE_AFTER_END_MS + MIN);
    const [first, second] = await Promise.all([autoCompleteVisits(db, at), autoCompleteVisits(db, at)]);
    expect([...first, ...second].filter((n) => n === order.orderNumber)).toHaveLength(1);
    expect((await orderRow(order.orderId)).status).toBe("completed");
    expect(await db.selectFrom("payouts").select("id").where("order_id", "=", order.orderId).execute()).toHaveLength(1);
    expect((await auditRows("order", order.orderId)).map((row) => row.action)).toEqual(["order.auto_complete"]);
  });
});

describe("only approved helpers work", () => {
  it("signs out a suspended helper at once and refuses every helper page and action", async () => {
    const worker = await signedInHelper("elama-jaadytetty@example.fi");
    await db.updateTable("caregivers").set({ interview_done: true }).where("id", "=", worker.caregiverId).execute();
    const order = await acceptedOrder(nextVisit());
    const suspend = await answerOf(() =>
      reviewAction({
        request: postRequest(`/backoffice/caregivers/${worker.caregiverId}`, { intent: "review", action: "suspend", reason: "", vahvista: "kylla" }, moderatorCookie),
        params: { caregiverId: worker.caregiverId },
        context: contextFor(),
      }),
    );
    expect(suspend.status).toBe(302);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", worker.user.id).execute()).toHaveLength(0);
    const page = await answerOf(() => tasksLoader({ request: getRequest("/portal/caregiver-bookings", worker.cookie), params: {}, context: contextFor() }));
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/auth/);
    const tap = await act("start", order.orderId, worker.cookie);
    expect(tap.status).toBe(302);
    expect(tap.location).toMatch(/^\/auth/);

    const signIn = await answerOf(() =>
      signInAction({ request: postRequest("/auth?index", { intent: "signin", email: worker.user.email, password: TEST_PASSWORD }), params: {}, context: contextFor() }),
    );
    expect(signIn.status).toBe(403);
    expect(signIn.data.result.error[""][0]).toMatch(/^Tilisi on keskeytetty.*Ota yhteyttä asiakaspalveluun: .+ tai .+@/);
    // The page makes the phone and the e-mail in the message links (FormError's contact).
    expect(signIn.data.result.error[""][0]).toContain(signIn.data.contact.phone);
    expect(signIn.data.result.error[""][0]).toContain(signIn.data.contact.email);
  });

  it("shows a pending applicant where the application stands and nothing else", async () => {
    const applicant = await signedInHelper("elama-hakija@example.fi");
    await db.updateTable("caregivers").set({ status: "pending" }).where("id", "=", applicant.caregiverId).execute();
    const home = await answerOf(() => homeLoader({ request: getRequest("/portal", applicant.cookie), params: {}, context: contextFor() }));
    expect(home.data.application).toMatchObject({ rejected: false, steps: [{ done: false }, { done: false }, { done: false }] });
    // "Kysyttävää? Soita … tai kirjoita …" with the details the page makes links of (ContactText).
    const { contact, contactDetails } = home.data.application;
    expect(contact).toBe(`Kysyttävää? Soita ${contactDetails.phone} tai kirjoita ${contactDetails.email}.`);
    const tasks = await answerOf(() => tasksLoader({ request: getRequest("/portal/caregiver-bookings", applicant.cookie), params: {}, context: contextFor() }));
    expect(tasks).toMatchObject({ status: 302, location: "/portal" });
    const tap = await act("accept", "00000000-0000-4000-8000-000000000000", applicant.cookie);
    expect(tap.status).toBe(403);
  });

  it("refuses 'Hyväksy' until the interview, the identity check and the criminal-record extract are done", async () => {
    const applicant = await signedInHelper("elama-vetting@example.fi");
    await db.updateTable("caregivers").set({ status: "pending", interview_done: true }).where("id", "=", applicant.caregiverId).execute();
    const approve = (confirmed: boolean) =>
      answerOf(() =>
        reviewAction({
          request: postRequest(`/backoffice/caregivers/${applicant.caregiverId}`, { intent: "review", action: "approve", ...(confirmed ? { vahvista: "kylla" } : {}) }, moderatorCookie),
          params: { caregiverId: applicant.caregiverId },
          context: contextFor(),
        }),
      );
    for (const confirmed of [false, true]) {
      expect(await toastOf(await approve(confirmed))).toMatchObject({ type: "error", title: "Hakijaa ei voi vielä hyväksyä", description: expect.stringContaining("Rikostaustaote nähty") });
    }
    expect((await db.selectFrom("caregivers").select("status").where("id", "=", applicant.caregiverId).executeTakeFirstOrThrow()).status).toBe("pending");
    await db.updateTable("caregivers").set({ identity_verified: true, background_check: true }).where("id", "=", applicant.caregiverId).execute();
    expect((await approve(false)).data).toMatchObject({ confirm: { action: "approve" } });
    expect((await db.selectFrom("caregivers").select("status").where("id", "=", applicant.caregiverId).executeTakeFirstOrThrow()).status).toBe("pending");
    expect(await toastOf(await approve(true))).toMatchObject({ type: "success" });
    expect((await db.selectFrom("caregivers").select("status").where("id", "=", applicant.caregiverId).executeTakeFirstOrThrow()).status).toBe("approved");
  });

  it("ends a rejected applicant's sessions on 'Hylkää' and refuses them afterwards", async () => {
    const applicant = await signedInHelper("elama-hylatty@example.fi");
    await db.updateTable("caregivers").set({ status: "pending" }).where("id", "=", applicant.caregiverId).execute();
    const reject = await answerOf(() =>
      reviewAction({
        request: postRequest(`/backoffice/caregivers/${applicant.caregiverId}`, { intent: "review", action: "reject", reason: "Ei suosittelijoita", vahvista: "kylla" }, moderatorCookie),
        params: { caregiverId: applicant.caregiverId },
        context: contextFor(),
      }),
    );
    expect(reject.status).toBe(302);
    expect((await db.selectFrom("caregivers").select("status").where("id", "=", applicant.caregiverId).executeTakeFirstOrThrow()).status).toBe("rejected");
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", applicant.user.id).execute()).toHaveLength(0);
    const oldSession = await answerOf(() => tasksLoader({ request: getRequest("/portal/caregiver-bookings", applicant.cookie), params: {}, context: contextFor() }));
    expect(oldSession.location).toMatch(/^\/auth/);
    // Signed in again, the rejected applicant reads their application's state and nothing else.
    const cookie = await sessionCookieFor(applicant.user);
    const home = await answerOf(() => homeLoader({ request: getRequest("/portal", cookie), params: {}, context: contextFor() }));
    expect(home.data.application).toMatchObject({ rejected: true });
    expect(await answerOf(() => tasksLoader({ request: getRequest("/portal/caregiver-bookings", cookie), params: {}, context: contextFor() }))).toMatchObject({ status: 302, location: "/portal" });
    expect((await act("accept", "00000000-0000-4000-8000-000000000000", cookie)).status).toBe(403);
  });

  // The guard reads the helper's status on every request, so a session kept from before the change
  // (or opened some other way) gets nothing either.
  for (const status of ["suspended", "pending", "rejected"] as const) {
    it(`refuses a ${status} helper every helper page and every task action, even with a live session`, async () => {
      const worker = await signedInHelper(`elama-${status}-kaikki@example.fi`);
      const order = await createTestOrder({ paymentMethod: "invoice", caregiverId: worker.caregiverId, startsAt: nextVisit() });
      await db.updateTable("caregivers").set({ status }).where("id", "=", worker.caregiverId).execute();
      expect(await db.selectFrom("sessions").select("id").where("user_id", "=", worker.user.id).execute()).not.toHaveLength(0);
      // A suspended helper counts as signed out; an applicant or a rejected one is sent to the portal home.
      const refusedPage = status === "suspended" ? { status: 302, location: expect.stringMatching(/^\/auth\?redirectTo=/) } : { status: 302, location: "/portal" };
      const refusedPost = status === "suspended" ? { status: 302, location: expect.stringMatching(/^\/auth/) } : { status: 403 };
      const get = (path: string) => ({ request: getRequest(path, worker.cookie), params: { orderNumber: order.orderNumber }, context: contextFor() });
      const pages = {
        tasks: await answerOf(() => tasksLoader(get("/portal/caregiver-bookings"))),
        earnings: await answerOf(() => earningsLoader(get("/portal/earnings"))),
        messages: await answerOf(() => messagesLoader(get("/portal/messages"))),
        thread: await answerOf(() => threadLoader(get(`/portal/messages/${order.orderNumber}`))),
        notifications: await answerOf(() => notificationsLoader(get("/portal/notifications"))),
      };
      for (const [page, answer] of Object.entries(pages)) expect(answer, page).toMatchObject(refusedPage);
      for (const action of ["accept", "reject", "start", "complete"]) {
        for (const confirmed of [false, true]) expect(await act(action, order.orderId, worker.cookie, confirmed), action).toMatchObject(refusedPost);
      }
      const post = await answerOf(() =>
        threadAction({ request: postRequest(`/portal/messages/${order.orderNumber}`, { message: "Tulen huomenna" }, worker.cookie), params: { orderNumber: order.orderNumber }, context: contextFor() }),
      );
      expect(post).toMatchObject(refusedPost);
      const row = await orderRow(order.orderId);
      expect(row).toMatchObject({ status: "pending", caregiver_id: worker.caregiverId, accepted_caregiver_id: null });
      expect(await auditRows("order", order.orderId)).toHaveLength(0);
      expect(await db.selectFrom("messages").select("id").where("order_id", "=", order.orderId).execute()).toHaveLength(0);
    });
  }
});
