import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { findCaregiverIdOfUser, type AuthUser } from "~/models/users.server";
import { action as backofficeAction, loader as backofficeLoader } from "~/routes/backoffice.orders.$orderNumber.viestit";
import { loader as layoutLoader } from "~/routes/portal";
import { action as orderAction, loader as orderLoader } from "~/routes/portal.orders.$orderNumber";
import { loader as listLoader } from "~/routes/portal.messages._index";
import { action as threadAction, loader as threadLoader } from "~/routes/portal.messages.$orderNumber";
import { takeToast } from "~/services/flash.server";
import { answerOf, contextFor, cookiesFrom, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { emailsTo } from "./support/backoffice";
import { createTestOrder } from "./support/booking-fixtures";

// An order's messages (issue 10 "Messages"; DESIGN.md decision 21): one thread per order between
// its customer and its assigned helper, staff reading and writing from the back office; unread
// counts per thread and in total; the other party e-mailed at most once an hour per thread; and
// nobody reads or writes a thread they are not part of.

let db: DB;
const people = {} as Record<"customer" | "otherCustomer" | "helper" | "otherHelper" | "support", AuthUser>;
const cookies = {} as Record<keyof typeof people | "anonymous", string>;
let helperId: string;
let otherHelperId: string;

let day = 0;
function slot(): Date {
  day += 1;
  return new Date(Date.UTC(2027, 4, day, 9, 0));
}

beforeAll(async () => {
  db = await getDb();
  people.customer = await createTestUser({ email: "viesti-asiakas@example.fi", fullName: "Helmi Virtanen" });
  people.otherCustomer = await createTestUser({ email: "viesti-toinen@example.fi", fullName: "Toivo Toinen" });
  people.helper = await createTestUser({ email: "viesti-kaveri@example.fi", fullName: "Elina Mäkinen", userType: "caregiver" });
  people.otherHelper = await createTestUser({ email: "viesti-kaveri2@example.fi", fullName: "Matti Korhonen", userType: "caregiver" });
  people.support = await createTestUser({ email: "viesti-tuki@example.fi", fullName: "Tuomas Tukinen", role: "support" });
  for (const [who, user] of Object.entries(people)) cookies[who as keyof typeof people] = await sessionCookieFor(user);
  cookies.anonymous = "";
  helperId = (await findCaregiverIdOfUser(db, people.helper.id))!;
  otherHelperId = (await findCaregiverIdOfUser(db, people.otherHelper.id))!;
});

const threadPath = (orderNumber: string) => `/portal/messages/${orderNumber}`;

function openThread(orderNumber: string, cookie: string) {
  return answerOf(() => threadLoader({ request: getRequest(threadPath(orderNumber), cookie), params: { orderNumber }, context: contextFor() }));
}

function write(orderNumber: string, cookie: string, message: string) {
  return answerOf(() => threadAction({ request: postRequest(threadPath(orderNumber), { message }, cookie), params: { orderNumber }, context: contextFor() }));
}

async function unreadInMenu(cookie: string): Promise<number> {
  const answer = await answerOf(() => layoutLoader({ request: getRequest("/portal", cookie), params: {}, context: contextFor() }));
  return answer.data.unreadMessages;
}

async function orderWithHelper() {
  return createTestOrder({ paymentMethod: "invoice", email: people.customer.email, caregiverId: helperId, startsAt: slot() });
}

describe("a thread between the customer and the helper", () => {
  it("carries a message each way, counts what is unread and marks it read when opened", async () => {
    const order = await orderWithHelper();
    const before = await unreadInMenu(cookies.helper);

    const sent = await write(order.orderNumber, cookies.customer, "Hei Elina! Ovikoodi on 1234.");
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`${threadPath(order.orderNumber)}#viestit`);
    expect((await takeToast(getRequest("/", cookiesFrom(sent.response!)))).toast).toMatchObject({ type: "success", title: "Viesti lähetetty" });

    // The helper's menu and list say one unread; the customer's own message is not unread to them.
    expect(await unreadInMenu(cookies.helper)).toBe(before + 1);
    const list = await answerOf(() => listLoader({ request: getRequest("/portal/messages", cookies.helper), params: {}, context: contextFor() }));
    const row = list.data.threads.find((thread: { orderNumber: string }) => thread.orderNumber === order.orderNumber);
    expect(row).toMatchObject({ unread: 1, with: "Asiakas: Helmi Virtanen", last: { text: "Hei Elina! Ovikoodi on 1234." } });

    const page = await openThread(order.orderNumber, cookies.helper);
    expect(page.status).toBe(200);
    expect(page.data.messages).toEqual([expect.objectContaining({ who: "Helmi Virtanen", mine: false, text: "Hei Elina! Ovikoodi on 1234." })]);
    expect(await unreadInMenu(cookies.helper)).toBe(before);

    await write(order.orderNumber, cookies.helper, "Hei Helmi, tulen sovitusti.");
    const customerView = await answerOf(() =>
      orderLoader({ request: getRequest(`/portal/orders/${order.orderNumber}`, cookies.customer), params: { orderNumber: order.orderNumber }, context: contextFor() }),
    );
    expect(customerView.data.messages.map((m: { who: string; text: string }) => `${m.who}: ${m.text}`)).toEqual([
      "Sinä: Hei Elina! Ovikoodi on 1234.",
      "Elina Mäkinen: Hei Helmi, tulen sovitusti.",
    ]);
    // Opening the order page read the reply too.
    const customerList = await answerOf(() => listLoader({ request: getRequest("/portal/messages", cookies.customer), params: {}, context: contextFor() }));
    expect(customerList.data.threads.find((t: { orderNumber: string }) => t.orderNumber === order.orderNumber).unread).toBe(0);
  });

  it("writes from the customer's order page too, and refuses an empty or overlong message with its own words, keeping the text", async () => {
    const order = await orderWithHelper();
    const post = (message: string) =>
      answerOf(() =>
        orderAction({
          request: postRequest(`/portal/orders/${order.orderNumber}`, { intent: "message", message }, cookies.customer),
          params: { orderNumber: order.orderNumber },
          context: contextFor(),
        }),
      );
    const empty = await post("   ");
    expect(empty.status).toBe(400);
    expect(empty.data.result.error).toEqual({ message: ["Kirjoita viesti"] });
    const long = await post("x".repeat(2001));
    expect(long.data.result.error).toEqual({ message: ["Viesti voi olla enintään 2000 merkkiä"] });
    expect(long.data.result.initialValue.message).toHaveLength(2001);
    const ok = await post("Muistathan maidon.");
    expect(ok.location).toBe(`/portal/orders/${order.orderNumber}#viestit`);
    const rows = await db.selectFrom("messages").select(["message_text", "sender_id"]).where("order_id", "=", order.orderId).execute();
    expect(rows).toEqual([{ message_text: "Muistathan maidon.", sender_id: people.customer.id }]);
  });

  it("can be read but not written once the order is cancelled", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice", email: people.customer.email, caregiverId: helperId, startsAt: slot(), status: "cancelled" });
    expect((await openThread(order.orderNumber, cookies.customer)).data.writable).toBe(false);
    const refused = await write(order.orderNumber, cookies.customer, "Hei?");
    expect(refused.status).toBe(409);
    expect(refused.data.result.error[""]).toEqual(["Tilaus on peruutettu, joten viestejä ei voi enää lähettää."]);
  });
});

describe("who may read and write a thread", () => {
  it("refuses another customer, another helper, a helper taken off the order and anonymous visitors", async () => {
    const order = await orderWithHelper();
    await write(order.orderNumber, cookies.customer, "Salainen ovikoodi 9876.");

    for (const who of ["otherCustomer", "otherHelper"] as const) {
      expect((await openThread(order.orderNumber, cookies[who])).status, who).toBe(404);
      expect((await write(order.orderNumber, cookies[who], "Hei!")).status, who).toBe(404);
      const list = await answerOf(() => listLoader({ request: getRequest("/portal/messages", cookies[who]), params: {}, context: contextFor() }));
      expect(list.data.threads.map((t: { orderNumber: string }) => t.orderNumber), who).not.toContain(order.orderNumber);
    }
    const anonymousRead = await openThread(order.orderNumber, "");
    expect(anonymousRead.status).toBe(302);
    expect(anonymousRead.location).toBe(`/auth?redirectTo=${encodeURIComponent(threadPath(order.orderNumber))}`);
    expect((await write(order.orderNumber, "", "Hei!")).location).toContain("/auth?redirectTo=");

    // The helper is changed: the former one no longer reads the thread, the new one does.
    expect((await openThread(order.orderNumber, cookies.helper)).status).toBe(200);
    await db.updateTable("orders").set({ caregiver_id: otherHelperId }).where("id", "=", order.orderId).execute();
    expect((await openThread(order.orderNumber, cookies.helper)).status).toBe(404);
    expect((await write(order.orderNumber, cookies.helper, "Olen yhä täällä")).status).toBe(404);
    // What the customer writes now counts as unread for the new helper only.
    const formerUnread = await unreadInMenu(cookies.helper);
    const newUnread = await unreadInMenu(cookies.otherHelper);
    await write(order.orderNumber, cookies.customer, "Tervetuloa uusi kaveri");
    expect(await unreadInMenu(cookies.helper)).toBe(formerUnread);
    expect(await unreadInMenu(cookies.otherHelper)).toBe(newUnread + 1);
    const newHelper = await openThread(order.orderNumber, cookies.otherHelper);
    expect(newHelper.data.messages.map((m: { text: string }) => m.text)).toEqual(["Salainen ovikoodi 9876.", "Tervetuloa uusi kaveri"]);

    // Only what the thread's parties wrote is stored.
    const texts = await db.selectFrom("messages").select("message_text").where("order_id", "=", order.orderId).execute();
    expect(texts.map((row) => row.message_text)).toEqual(["Salainen ovikoodi 9876.", "Tervetuloa uusi kaveri"]);
  });

  it("hides a guest order on the customer's address until the customer claims it", async () => {
    const order = await orderWithHelper();
    await db.updateTable("orders").set({ claimed: false, payer_name: "Vieras Varaaja" }).where("id", "=", order.orderId).execute();
    expect((await openThread(order.orderNumber, cookies.customer)).status).toBe(404);
    // The helper meets the guest as the guest named themselves.
    expect((await openThread(order.orderNumber, cookies.helper)).data.withWhom).toBe("Asiakas: Vieras Varaaja");
    await db.updateTable("orders").set({ claimed: true }).where("id", "=", order.orderId).execute();
    expect((await openThread(order.orderNumber, cookies.customer)).status).toBe(200);
  });
});

describe("e-mail about new messages", () => {
  const subject = (orderNumber: string) => `Uusi viesti tilauksesta ${orderNumber} – Arkikaveri`;
  const mailsAbout = async (to: string, orderNumber: string) => (await emailsTo(to)).filter((mail) => mail.subject === subject(orderNumber));

  it("goes to the other party at most once an hour per thread, with the message and a link to the thread", async () => {
    const order = await orderWithHelper();
    await write(order.orderNumber, cookies.customer, "Ensimmäinen viesti");
    await write(order.orderNumber, cookies.customer, "Toinen viesti heti perään");
    const mails = await mailsAbout(people.helper.email, order.orderNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Helmi Virtanen kirjoitti sinulle tilauksesta");
    expect(mails[0]!.text).toContain("Ensimmäinen viesti");
    expect(mails[0]!.text).toContain(`/portal/messages/${order.orderNumber}`);
    // The writer is not e-mailed about their own messages.
    expect(await mailsAbout(people.customer.email, order.orderNumber)).toHaveLength(0);

    // The helper answers: the customer's turn is their own, so they hear of it at once.
    await write(order.orderNumber, cookies.helper, "Vastaus");
    expect(await mailsAbout(people.customer.email, order.orderNumber)).toHaveLength(1);

    // Just under an hour later still nothing; an hour after the e-mail, the next message is told.
    const setNotified = (minutesAgo: number) =>
      db
        .updateTable("message_reads")
        .set({ notified_at: sql`now() - make_interval(mins => ${minutesAgo})` })
        .where("order_id", "=", order.orderId)
        .where("profile_id", "=", people.helper.id)
        .execute();
    await setNotified(59);
    await write(order.orderNumber, cookies.customer, "Kolmas viesti");
    expect(await mailsAbout(people.helper.email, order.orderNumber)).toHaveLength(1);
    await setNotified(61);
    await write(order.orderNumber, cookies.customer, "Neljäs viesti");
    const later = await mailsAbout(people.helper.email, order.orderNumber);
    expect(later).toHaveLength(2);
    expect(later[1]!.text).toContain("Neljäs viesti");
  });

  it("is counted per thread: a message in another order's thread is e-mailed at once", async () => {
    const first = await orderWithHelper();
    const second = await orderWithHelper();
    await write(first.orderNumber, cookies.customer, "Ensimmäisen tilauksen viesti");
    await write(second.orderNumber, cookies.customer, "Toisen tilauksen viesti");
    expect(await mailsAbout(people.helper.email, first.orderNumber)).toHaveLength(1);
    expect(await mailsAbout(people.helper.email, second.orderNumber)).toHaveLength(1);
  });

  it("sends one e-mail when two messages arrive at the same moment", async () => {
    const order = await orderWithHelper();
    await Promise.all([write(order.orderNumber, cookies.customer, "Yhtä aikaa 1"), write(order.orderNumber, cookies.customer, "Yhtä aikaa 2")]);
    expect(await mailsAbout(people.helper.email, order.orderNumber)).toHaveLength(1);
    expect(await db.selectFrom("messages").select("id").where("order_id", "=", order.orderId).execute()).toHaveLength(2);
  });
});

describe("the back office's Viestit tab", () => {
  const tabPath = (orderNumber: string) => `/backoffice/orders/${orderNumber}/viestit`;

  it("shows staff the whole thread with names and lets them write to both parties, who are both e-mailed", async () => {
    const order = await orderWithHelper();
    await write(order.orderNumber, cookies.customer, "Kysymys kaverille");
    const tab = await answerOf(() =>
      backofficeLoader({ request: getRequest(tabPath(order.orderNumber), cookies.support), params: { orderNumber: order.orderNumber }, context: contextFor() }),
    );
    expect(tab.data.messages).toEqual([expect.objectContaining({ who: "Helmi Virtanen", text: "Kysymys kaverille" })]);

    const sent = await answerOf(() =>
      backofficeAction({
        request: postRequest(`${tabPath(order.orderNumber)}?tila=pending`, { message: "Asiakaspalvelu tässä: kaikki kunnossa." }, cookies.support),
        params: { orderNumber: order.orderNumber },
        context: contextFor(),
      }),
    );
    expect(sent.location).toBe(`${tabPath(order.orderNumber)}?tila=pending`);
    const customerSees = await openThread(order.orderNumber, cookies.customer);
    expect(customerSees.data.messages.at(-1)).toMatchObject({ who: "Arkikaveri, asiakaspalvelu", text: "Asiakaspalvelu tässä: kaikki kunnossa." });
    const staffSees = await answerOf(() =>
      backofficeLoader({ request: getRequest(tabPath(order.orderNumber), cookies.support), params: { orderNumber: order.orderNumber }, context: contextFor() }),
    );
    expect(staffSees.data.messages.at(-1)).toMatchObject({ who: "Sinä" });
    expect((await emailsTo(people.customer.email)).some((mail) => mail.subject === `Uusi viesti tilauksesta ${order.orderNumber} – Arkikaveri`)).toBe(true);
    // The helper was already e-mailed this hour about the customer's message: not again.
    expect((await emailsTo(people.helper.email)).filter((mail) => mail.subject === `Uusi viesti tilauksesta ${order.orderNumber} – Arkikaveri`)).toHaveLength(1);
  });

  it("is closed to customers and helpers", async () => {
    const order = await orderWithHelper();
    for (const who of ["customer", "helper"] as const) {
      const answer = await answerOf(() =>
        backofficeLoader({ request: getRequest(tabPath(order.orderNumber), cookies[who]), params: { orderNumber: order.orderNumber }, context: contextFor() }),
      );
      expect(answer.status).toBe(403);
      const post = await answerOf(() =>
        backofficeAction({ request: postRequest(tabPath(order.orderNumber), { message: "Hei" }, cookies[who]), params: { orderNumber: order.orderNumber }, context: contextFor() }),
      );
      expect(post.status).toBe(403);
    }
  });
});
