import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { getCompanyInfo } from "~/models/settings.server";
import { action as settingsAction } from "~/routes/backoffice.settings";
import { action as pdfAction } from "~/routes/portal.verotiedot_.$year.pdf";
import { loader as pageLoader } from "~/routes/portal.verotiedot";
import { setTestClock } from "~/services/clock.server";
import { buildStatement, mailYearlyStatements } from "~/services/household-statement.server";
import { issueInvoice } from "~/services/invoices.server";
import { creditInvoice } from "~/models/order-cancellation.server";
import { insertInvoicePayment } from "~/models/backoffice-payments.server";
import { answerOf, contextFor, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { createTestOrder, pdfTextContent, type TestOrder } from "./support/booking-fixtures";
import { signedInCustomer, signedInHelper } from "./support/portal";

// The household-deduction statement, "Kotitalousvähennysyhteenveto" (issue 29 item 1; decision
// 0028): payments count in the Helsinki year they were received, credit notes and refunds take
// money back, one statement per payer and year, versions, the page's access and the 2 January e-mail.

let db: DB;

beforeAll(async () => {
  db = await getDb();
});

afterEach(() => setTestClock(null));

/** A Helsinki wall-clock instant in winter (UTC+2). */
function helsinki(date: string, hour: number): Date {
  return new Date(`${date}T${String(hour - 2).padStart(2, "0")}:00:00Z`);
}

/** A completed invoice order of `email`, its invoice issued on the visit's day and paid on `paidOn` (if given). */
async function invoiceOrder(email: string, options: { startsAt: Date; hours: number; paidOn?: string; bookingFor?: "self" | "other" }): Promise<TestOrder & { invoiceId: string; invoiceNumber: number }> {
  const order = await createTestOrder({ email, paymentMethod: "invoice", status: "completed", startsAt: options.startsAt, durationHours: options.hours, bookingFor: options.bookingFor });
  const invoice = await db.transaction().execute((trx) => issueInvoice(trx, order.orderId, order.totalPriceCents, options.startsAt));
  if (options.paidOn) {
    await db.transaction().execute((trx) => insertInvoicePayment(trx, { invoiceId: invoice.invoiceId, amountCents: order.totalPriceCents, paidOn: options.paidOn as string, recordedBy: order.profileId }));
    await db.updateTable("invoices").set({ status: "paid" }).where("id", "=", invoice.invoiceId).execute();
  }
  return { ...order, invoiceId: invoice.invoiceId, invoiceNumber: invoice.invoiceNumber };
}

/** An online order of `email` captured at `capturedAt`. */
async function onlineOrder(email: string, options: { startsAt: Date; hours: number; capturedAt: Date }): Promise<TestOrder> {
  const order = await createTestOrder({ email, paymentMethod: "online", status: "completed", startsAt: options.startsAt, durationHours: options.hours });
  await db.updateTable("payments").set({ status: "captured", captured_at: options.capturedAt }).where("id", "=", order.paymentId).execute();
  return order;
}

async function customerIdOf(email: string): Promise<string> {
  const row = await db
    .selectFrom("customers")
    .innerJoin("profiles", "profiles.id", "customers.profile_id")
    .select("customers.id")
    .where("profiles.email", "=", email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function downloadPdf(year: number, cookie: string) {
  return answerOf(() => pdfAction({ request: postRequest(`/portal/verotiedot/${year}/pdf`, {}, cookie), params: { year: String(year) }, context: contextFor() }));
}

async function pdfText(answer: { response: Response | null }): Promise<string> {
  if (!answer.response) throw new Error("no response");
  return pdfTextContent(Buffer.from(await answer.response.arrayBuffer()));
}

const euros = (cents: number) => new Intl.NumberFormat("fi-FI", { style: "currency", currency: "EUR" }).format(cents / 100);

describe("the year of payment", () => {
  it("puts a December visit paid on 5 January in the next year's statement only (and lists it unpaid in December's year)", async () => {
    setTestClock(helsinki("2027-02-01", 12));
    const { user, cookie } = await signedInCustomer("vero-joulukuu@example.fi");
    const visit = await invoiceOrder(user.email, { startsAt: helsinki("2026-12-15", 10), hours: 2, paidOn: "2027-01-05" });
    const customerId = await customerIdOf(user.email);

    const year2026 = await buildStatement(db, customerId, 2026, helsinki("2027-02-01", 12));
    const year2027 = await buildStatement(db, customerId, 2027, helsinki("2027-02-01", 12));
    expect(year2026?.rows).toEqual([]);
    expect(year2026?.unpaid).toMatchObject([{ invoiceNumber: visit.invoiceNumber, openCents: 80_00 }]);
    expect(year2027?.rows).toMatchObject([{ documentKind: "invoice", documentNumber: String(visit.invoiceNumber), workDate: "2026-12-15", paidOn: "2027-01-05", totalCents: 80_00, workCents: 80_00, vatCents: 16_25 }]);
    expect(year2027?.unpaid).toEqual([]);

    const pdf = await downloadPdf(2027, cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const text = await pdfText(pdf);
    expect(text).toContain(`Lasku ${visit.invoiceNumber}`);
    expect(text).toContain("15.12.2026");
    expect(text).toContain("5.1.2027");
    expect(text).toContain("Merkitty ennakkoperintärekisteriin (tarkistettu 5.1.2026)");
    expect(text).toContain("Y-tunnus 3141593-8");
    expect(text).not.toMatch(/henkilötunnus|\d{6}[-+A]\d{3}[0-9A-Y]/i);

    const page = await answerOf(() => pageLoader({ request: getRequest("/portal/verotiedot?vuosi=2026", cookie), params: {}, context: contextFor() }));
    const card2026 = page.data.cards.find((card: { year: number }) => card.year === 2026);
    expect(card2026).toMatchObject({ state: "final", payments: 0, unpaid: [{ number: visit.invoiceNumber }] });
    expect(page.data.cards.find((card: { year: number }) => card.year === 2027)).toMatchObject({ state: "so_far", payments: 1, total: euros(80_00) });
  });

  it("dates an online payment by its capture in Helsinki: 31.12. at 23.30 is December's", async () => {
    const { user } = await signedInCustomer("vero-uusivuosi@example.fi");
    await onlineOrder(user.email, { startsAt: helsinki("2027-01-08", 10), hours: 2, capturedAt: new Date("2026-12-31T21:30:00Z") });
    const customerId = await customerIdOf(user.email);
    const now = helsinki("2027-02-01", 12);
    expect((await buildStatement(db, customerId, 2026, now))?.rows).toMatchObject([{ documentKind: "order", paidOn: "2026-12-31", totalCents: 80_00 }]);
    expect((await buildStatement(db, customerId, 2027, now))?.rows).toEqual([]);
  });
});

describe("the estimate", () => {
  it("gives 1 600 € for 6 000 € of work", async () => {
    setTestClock(helsinki("2027-02-01", 12));
    const { user, cookie } = await signedInCustomer("vero-kuusituhatta@example.fi");
    // Five 24-hour visits at 40 €/h (960 €) and one 20-hour evening visit at 60 €/h (1 200 €).
    for (let day = 1; day <= 5; day += 1) await invoiceOrder(user.email, { startsAt: helsinki(`2026-03-0${day}`, 8), hours: 24, paidOn: `2026-04-0${day}` });
    await invoiceOrder(user.email, { startsAt: helsinki("2026-03-10", 18), hours: 20, paidOn: "2026-04-10" });
    const statement = await buildStatement(db, await customerIdOf(user.email), 2026, helsinki("2027-02-01", 12));
    expect(statement?.totals).toMatchObject({ totalCents: 6_000_00, workCents: 6_000_00, nonDeductibleCents: 0, estimateCents: 1_600_00 });
    const text = await pdfText(await downloadPdf(2026, cookie));
    expect(text).toContain(`ARVIO: ${euros(1_600_00)}`);
    expect(text).toContain(euros(6_000_00));
  });

  it("gives 0 € for 300 € of work", async () => {
    setTestClock(helsinki("2027-02-01", 12));
    const { user, cookie } = await signedInCustomer("vero-kolmesataa@example.fi");
    await invoiceOrder(user.email, { startsAt: helsinki("2026-05-04", 18), hours: 5, paidOn: "2026-05-20" });
    const statement = await buildStatement(db, await customerIdOf(user.email), 2026, helsinki("2027-02-01", 12));
    expect(statement?.totals).toMatchObject({ totalCents: 300_00, workCents: 300_00, estimateCents: 0 });
    expect(await pdfText(await downloadPdf(2026, cookie))).toContain(`ARVIO: ${euros(0)}`);
  });
});

describe("payers", () => {
  it("gives two relatives who pay for the same parent a statement each, with only their own payments and the parent named", async () => {
    setTestClock(helsinki("2027-02-01", 12));
    const first = await signedInCustomer("vero-tytar@example.fi", "Tiina Tytär");
    const second = await signedInCustomer("vero-poika@example.fi", "Pekka Poika");
    const hers = await invoiceOrder(first.user.email, { startsAt: helsinki("2026-06-01", 10), hours: 2, paidOn: "2026-06-10", bookingFor: "other" });
    const his = await invoiceOrder(second.user.email, { startsAt: helsinki("2026-06-08", 10), hours: 3, paidOn: "2026-06-20", bookingFor: "other" });

    const herText = await pdfText(await downloadPdf(2026, first.cookie));
    const hisText = await pdfText(await downloadPdf(2026, second.cookie));
    expect(herText).toContain("Tiina Tytär");
    expect(herText).toContain(`Lasku ${hers.invoiceNumber}`);
    expect(herText).not.toContain(`Lasku ${his.invoiceNumber}`);
    expect(herText).not.toContain("Pekka Poika");
    expect(hisText).toContain(`Lasku ${his.invoiceNumber}`);
    expect(hisText).not.toContain(`Lasku ${hers.invoiceNumber}`);
    for (const text of [herText, hisText]) {
      expect(text).toContain("Vanhustentie 9, 00800 Helsinki: Palvelun saaja: Väinö Öhman");
    }
    const rows = await db.selectFrom("household_statements").select(["customer_id", "year", "version"]).where("customer_id", "in", [await customerIdOf(first.user.email), await customerIdOf(second.user.email)]).execute();
    expect(rows).toHaveLength(2);
  });
});

describe("money given back", () => {
  it("reduces the year's total by a credit note on a paid invoice and by an online refund", async () => {
    const { user } = await signedInCustomer("vero-hyvitys@example.fi");
    const kept = await invoiceOrder(user.email, { startsAt: helsinki("2026-02-02", 10), hours: 2, paidOn: "2026-02-10" });
    const cancelled = await invoiceOrder(user.email, { startsAt: helsinki("2026-03-02", 10), hours: 2, paidOn: "2026-02-20" });
    const refunded = await onlineOrder(user.email, { startsAt: helsinki("2026-04-06", 10), hours: 2, capturedAt: helsinki("2026-03-01", 9) });
    const customerId = await customerIdOf(user.email);
    const now = helsinki("2027-02-01", 12);
    expect((await buildStatement(db, customerId, 2026, now))?.totals.totalCents).toBe(240_00);

    // Cancelled late: the credit note takes all but one hour's fee off the paid invoice.
    await db.updateTable("orders").set({ status: "cancelled", cancelled_at: helsinki("2026-03-01", 9) }).where("id", "=", cancelled.orderId).execute();
    await db.transaction().execute((trx) => creditInvoice(trx, { invoiceId: cancelled.invoiceId, amountCents: 40_00, issueDate: "2026-03-01", closesInvoice: false }));
    // The online visit cancelled in good time and refunded in full.
    await db.updateTable("orders").set({ status: "cancelled" }).where("id", "=", refunded.orderId).execute();
    await db.updateTable("payments").set({ status: "refunded", refunded_cents: 80_00, refunded_at: helsinki("2026-03-05", 9) }).where("id", "=", refunded.paymentId).execute();

    const statement = await buildStatement(db, customerId, 2026, now);
    expect(statement?.rows.map((row) => [row.documentKind, row.paidOn, row.totalCents, row.workCents])).toEqual([
      ["invoice", "2026-02-10", 80_00, 80_00],
      // A cancelled visit's money is a fee for work not done: none of it is work.
      ["invoice", "2026-02-20", 80_00, 0],
      ["credit_note", "2026-03-01", -40_00, 0],
      ["order", "2026-03-01", 80_00, 0],
      ["order", "2026-03-05", -80_00, 0],
    ]);
    expect(statement?.totals).toMatchObject({ totalCents: 120_00, workCents: 80_00, nonDeductibleCents: 40_00 });
    expect(statement?.rows.map((row) => row.documentNumber).slice(0, 3)).toEqual([String(kept.invoiceNumber), String(cancelled.invoiceNumber), expect.any(String)]);
  });
});

describe("versions", () => {
  it("hands out the same version while the data stays, and version 2 after it changes, keeping version 1 and its hash", async () => {
    setTestClock(helsinki("2026-11-20", 12));
    const { user, cookie } = await signedInCustomer("vero-versiot@example.fi");
    await invoiceOrder(user.email, { startsAt: helsinki("2026-10-05", 10), hours: 2, paidOn: "2026-10-12" });
    const customerId = await customerIdOf(user.email);

    const first = await downloadPdf(2026, cookie);
    const again = await downloadPdf(2026, cookie);
    expect(first.headers.get("Content-Disposition")).toContain("kotitalousvahennys-2026-v1.pdf");
    expect(again.headers.get("Content-Disposition")).toContain("kotitalousvahennys-2026-v1.pdf");
    const before = await db.selectFrom("household_statements").selectAll().where("customer_id", "=", customerId).execute();
    expect(before).toHaveLength(1);
    expect(await pdfText(first)).toContain("EI LOPULLINEN");
    expect(await pdfText(again)).toContain("Vuosi 2026 on kesken: tämä yhteenveto ei ole lopullinen.");

    await invoiceOrder(user.email, { startsAt: helsinki("2026-11-02", 10), hours: 2, paidOn: "2026-11-10" });
    const corrected = await downloadPdf(2026, cookie);
    expect(corrected.headers.get("Content-Disposition")).toContain("kotitalousvahennys-2026-v2.pdf");
    const after = await db.selectFrom("household_statements").selectAll().where("customer_id", "=", customerId).orderBy("version").execute();
    expect(after.map((row) => row.version)).toEqual([1, 2]);
    expect(after[0]).toEqual(before[0]);
    expect(after[1].data_sha256).not.toBe(after[0].data_sha256);
    expect(after[1].data_sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("who gets the page and the PDF", () => {
  it("gives each customer only their own statement: the address names no payer", async () => {
    setTestClock(helsinki("2027-02-01", 12));
    const owner = await signedInCustomer("vero-omistaja@example.fi", "Olli Omistaja");
    const stranger = await signedInCustomer("vero-vieras@example.fi", "Ville Vieras");
    const order = await invoiceOrder(owner.user.email, { startsAt: helsinki("2026-08-03", 10), hours: 2, paidOn: "2026-08-10" });
    const text = await pdfText(await downloadPdf(2026, stranger.cookie));
    expect(text).toContain("Ville Vieras");
    expect(text).not.toContain("Olli Omistaja");
    expect(text).not.toContain(`Lasku ${order.invoiceNumber}`);
    expect(text).toContain("Vuodelta 2026 ei ole maksuja.");

    const anonymous = await downloadPdf(2026, "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);
  });

  it("refuses helpers and staff the page and the PDF, and a year not yet available", async () => {
    setTestClock(helsinki("2027-01-01", 12));
    const helper = await signedInHelper("vero-kaveri@example.fi");
    const admin = await createTestUser({ email: "vero-admin@example.fi", role: "admin" });
    const adminCookie = await sessionCookieFor(admin);
    for (const cookie of [helper.cookie, adminCookie]) {
      expect((await answerOf(() => pageLoader({ request: getRequest("/portal/verotiedot", cookie), params: {}, context: contextFor() }))).status).toBe(403);
      expect((await downloadPdf(2026, cookie)).status).toBe(403);
    }
    const { cookie } = await signedInCustomer("vero-liian-aikaisin@example.fi");
    // 1 January: the past year's statement comes on the 2nd; the future never.
    expect((await downloadPdf(2026, cookie)).status).toBe(404);
    expect((await downloadPdf(2028, cookie)).status).toBe(404);
    expect((await downloadPdf(2027, cookie)).status).toBe(200);
  });
});

describe("the e-mail of 2 January", () => {
  it("mails each payer with payments in the past year their statement once, however often and however many workers run it", async () => {
    const paying = await signedInCustomer("vero-posti@example.fi");
    const idle = await signedInCustomer("vero-ei-maksuja@example.fi");
    await invoiceOrder(paying.user.email, { startsAt: helsinki("2026-09-07", 10), hours: 2, paidOn: "2026-09-15" });
    await invoiceOrder(idle.user.email, { startsAt: helsinki("2026-09-08", 10), hours: 2 });

    expect(await mailYearlyStatements(db, helsinki("2027-01-01", 23))).toBe(0);
    const results = await Promise.all([mailYearlyStatements(db, helsinki("2027-01-02", 7)), mailYearlyStatements(db, helsinki("2027-01-02", 7))]);
    expect(results.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    await mailYearlyStatements(db, helsinki("2027-01-03", 7));

    const mails = await db.selectFrom("emails").selectAll().where("to_address", "in", [paying.user.email, idle.user.email]).execute();
    expect(mails.map((mail) => [mail.to_address, mail.subject])).toEqual([[paying.user.email, "Kotitalousvähennysyhteenveto 2026"]]);
    expect(mails[0].attachments).toMatchObject([{ filename: "kotitalousvahennys-2026-v1.pdf", contentType: "application/pdf" }]);
    const attached = pdfTextContent(Buffer.from(mails[0].attachments[0].content, "base64"));
    expect(attached).toContain(`ARVIO: ${euros(0)}`);
    const mailings = await sql<{ count: number }>`select count(*)::int as count from household_statement_mailings where year = 2026`.execute(db);
    expect(mailings.rows[0].count).toBeGreaterThanOrEqual(1);
  });
});

describe("the prepayment register day", () => {
  it("is a company setting an admin edits, printed on the statement", async () => {
    setTestClock(helsinki("2027-02-01", 12));
    const admin = await sessionCookieFor(await createTestUser({ email: "vero-asetukset@example.fi", role: "admin" }));
    const company = await getCompanyInfo(db);
    const bad = await answerOf(() =>
      settingsAction({ request: postRequest("/backoffice/settings", { intent: "company", ...company, prepaymentRegisterCheckedOn: "31.2.2027" }, admin), params: {}, context: contextFor() }),
    );
    expect(bad.status).toBe(400);
    const saved = await answerOf(() =>
      settingsAction({ request: postRequest("/backoffice/settings", { intent: "company", ...company, prepaymentRegisterCheckedOn: "2027-01-15" }, admin), params: {}, context: contextFor() }),
    );
    expect(saved.status).toBe(302);
    expect((await getCompanyInfo(db)).prepaymentRegisterCheckedOn).toBe("2027-01-15");

    const { user, cookie } = await signedInCustomer("vero-rekisteri@example.fi");
    await invoiceOrder(user.email, { startsAt: helsinki("2026-04-06", 10), hours: 2, paidOn: "2026-04-12" });
    expect(await pdfText(await downloadPdf(2026, cookie))).toContain("Merkitty ennakkoperintärekisteriin (tarkistettu 15.1.2027)");
  });
});
