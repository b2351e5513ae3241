import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { INVOICE_ORDERS_WITHOUT_CONFIRMATION, ORDER_CONFIRMATION_TTL_MS } from "~/domain/guest-orders";
import { loader as staffOrderLoader } from "~/routes/backoffice.orders.$orderNumber";
import { loader as successLoader } from "~/routes/varaus-maksu-onnistui";
import { action as confirmAction, loader as confirmLoader } from "~/routes/varaus.vahvista";
import { action as varausAction } from "~/routes/varaus.yhteystiedot";
import { cancelExpiredUnconfirmedOrders } from "~/services/order-email-confirmation.server";
import { answerOf, cookiesFrom, createTestUser, lastEmailTo, sessionCookieFor, tokenFromLinks } from "./support/auth";
import { CONTEXT, dateInDays, draftQuery, getUrl, ordersOf, postUrl, seedBookingFixtures, validContact, type BookingFixtures } from "./support/booking";

// Issue 12, finding 7: anyone can type anyone's address, and an invoice order costs nothing until
// the invoice falls due. The first invoice orders of an address in a day go through at once; past
// them, a guest's order waits for the address to confirm it, and is cancelled (the helper's time
// freed) when the link expires unused.

let f: BookingFixtures;
beforeAll(async () => {
  f = await seedBookingFixtures();
});

let day = 3;
function book(fields: Record<string, string>, cookie?: string) {
  day += 1;
  const query = draftQuery({ date: dateInDays(day), time: "10:00", duration: 2, service: f.serviceId, caregiver: "ei-valia" });
  return answerOf(() => varausAction({ request: postUrl("/varaus/yhteystiedot", query, validContact(fields), cookie), params: {}, context: CONTEXT }));
}

async function invoiceOf(orderId: string) {
  const db = await getDb();
  return db.selectFrom("invoices").selectAll().where("order_id", "=", orderId).executeTakeFirst();
}

describe("a guest's invoice orders past the first few wait for the e-mail address", () => {
  it("asks the address to confirm the third order of the day, then invoices it once confirmed", async () => {
    const email = "monta.tilausta@example.fi";
    for (let i = 0; i < INVOICE_ORDERS_WITHOUT_CONFIRMATION; i++) expect((await book({ email })).status).toBe(302);
    const ordinary = await ordersOf(email);
    for (const order of ordinary) {
      expect(order.email_confirmation_due_at).toBeNull();
      expect(await invoiceOf(order.id)).toBeDefined();
    }

    const answer = await book({ email });
    expect(answer.status).toBe(302);
    const waiting = (await ordersOf(email)).find((order) => !ordinary.some((o) => o.id === order.id))!;
    expect(waiting.status).toBe("pending");
    expect(waiting.email_confirmation_due_at!.getTime() - Date.now()).toBeGreaterThan(ORDER_CONFIRMATION_TTL_MS - 60_000);
    expect(await invoiceOf(waiting.id)).toBeUndefined();

    // The e-mail asks for the confirmation; no invoice is attached.
    const mail = (await lastEmailTo(email))!;
    expect(mail.subject).toBe(`Vahvista varauksesi ${waiting.order_number} – Arkikaveri`);
    expect(mail.attachments).toEqual([]);
    // The visit's line says the time once: "…, ke 2.12.2026 klo 10.00–12.00".
    expect(mail.text).toMatch(/, \S+ \d{1,2}\.\d{1,2}\.\d{4} klo \d{1,2}\.\d{2}–\d{1,2}\.\d{2}/);
    expect(mail.text).not.toContain("klo klo");
    const token = tokenFromLinks(mail.links, "/varaus/vahvista");

    // The result page says what to do.
    const cookie = cookiesFrom(answer.response ?? new Response(null, { headers: answer.headers }));
    const page = await answerOf(() => successLoader({ request: getUrl("/varaus-maksu-onnistui", new URL(answer.location!, "http://x").searchParams.toString(), cookie), params: {}, context: CONTEXT }));
    expect(page.data.order.emailConfirmationDeadline).toMatch(/\d/);

    // The back office sees that it waits, and until when.
    const staff = await sessionCookieFor(await createTestUser({ email: "tuki@example.fi", role: "support" }));
    const staffPage = await answerOf(() =>
      staffOrderLoader({ request: getUrl(`/backoffice/orders/${waiting.order_number}`, "", staff), params: { orderNumber: waiting.order_number }, context: CONTEXT }),
    );
    expect(staffPage.data.awaitingEmailUntil).toMatch(/\d/);

    // The link opens a page with a button (a mail scanner following it confirms nothing) …
    const opened = await answerOf(() => confirmLoader({ request: getUrl("/varaus/vahvista", `token=${token}`), params: {}, context: CONTEXT }));
    expect(opened.status).toBe(200);
    expect(opened.data.order.orderNumber).toBe(waiting.order_number);
    expect(await invoiceOf(waiting.id)).toBeUndefined();

    // … and the button confirms: invoice and booking confirmation follow, and this browser may see the order.
    const confirmed = await answerOf(() => confirmAction({ request: postUrl("/varaus/vahvista", "", { token }), params: {}, context: CONTEXT }));
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe(`/varaus-maksu-onnistui?order_number=${waiting.order_number}&payment_method=invoice`);
    expect(confirmed.headers.get("Set-Cookie")).toContain("__bookings=");
    expect(await invoiceOf(waiting.id)).toBeDefined();
    expect((await lastEmailTo(email))!.subject).toContain(`Varausvahvistus ${waiting.order_number}`);
    const [after] = (await ordersOf(email)).filter((order) => order.id === waiting.id);
    expect(after.email_confirmation_due_at).toBeNull();
    const staffAfter = await answerOf(() =>
      staffOrderLoader({ request: getUrl(`/backoffice/orders/${waiting.order_number}`, "", staff), params: { orderNumber: waiting.order_number }, context: CONTEXT }),
    );
    expect(staffAfter.data.awaitingEmailUntil).toBeNull();

    // A link works once.
    const again = await answerOf(() => confirmAction({ request: postUrl("/varaus/vahvista", "", { token }), params: {}, context: CONTEXT }));
    expect(again.status).toBe(400);
    expect(again.data.error).toMatch(/^Vahvistuslinkki on vanhentunut tai jo käytetty/);
  });

  it("cancels an order whose link expired unused, freeing the time, and the link no longer works", async () => {
    const email = "unohti.vahvistaa@example.fi";
    for (let i = 0; i < INVOICE_ORDERS_WITHOUT_CONFIRMATION + 1; i++) await book({ email });
    const waiting = (await ordersOf(email)).find((order) => order.email_confirmation_due_at !== null)!;
    const token = tokenFromLinks((await lastEmailTo(email))!.links, "/varaus/vahvista");

    expect(await cancelExpiredUnconfirmedOrders(await getDb(), new Date())).toBe(0);
    const later = new Date(Date.now() + ORDER_CONFIRMATION_TTL_MS + 1000);
    expect(await cancelExpiredUnconfirmedOrders(await getDb(), later)).toBe(1);
    const [cancelled] = (await ordersOf(email)).filter((order) => order.id === waiting.id);
    expect(cancelled.status).toBe("cancelled");
    const db = await getDb();
    const payment = await db.selectFrom("payments").select("status").where("order_id", "=", waiting.id).executeTakeFirstOrThrow();
    expect(payment.status).toBe("failed");

    const opened = await answerOf(() => confirmLoader({ request: getUrl("/varaus/vahvista", `token=${token}`), params: {}, context: CONTEXT }));
    expect(opened.status).toBe(400);
    const confirmed = await answerOf(() => confirmAction({ request: postUrl("/varaus/vahvista", "", { token }), params: {}, context: CONTEXT }));
    expect(confirmed.status).toBe(400);
  });

  it("never asks a signed-in owner, nor for an order paid online", async () => {
    const user = await createTestUser({ email: "oma.tili@example.fi" });
    const cookie = await sessionCookieFor(user);
    for (let i = 0; i < INVOICE_ORDERS_WITHOUT_CONFIRMATION + 2; i++) expect((await book({ email: "oma.tili@example.fi" }, cookie)).status).toBe(302);
    for (const order of await ordersOf("oma.tili@example.fi")) expect(order.email_confirmation_due_at).toBeNull();

    const email = "verkossa@example.fi";
    for (let i = 0; i < INVOICE_ORDERS_WITHOUT_CONFIRMATION + 1; i++) await book({ email, paymentMethod: "online" });
    for (const order of await ordersOf(email)) expect(order.email_confirmation_due_at).toBeNull();
  });
});
