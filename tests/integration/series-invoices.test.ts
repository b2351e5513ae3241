import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { formatEuros } from "~/domain/format";
import { referenceNumberFor } from "~/domain/reference-number";
import { action as paymentsAction, loader as paymentsLoader } from "~/routes/backoffice.payments";
import { loader as orderLoader } from "~/routes/portal.orders.$orderNumber";
import { loader as monthlyInvoiceLoader } from "~/routes/portal.orders.$orderNumber_.kuukausilasku";
import { runDueJobs } from "~/services/worker.server";
import { enqueueJob, RECURRING_JOBS } from "~/services/job-queue.server";
import { deliverEmail } from "~/services/mailer.server";
import { enqueueBookingConfirmation } from "~/services/booking-emails.server";
import { cancelOrder } from "~/services/order-cancellation.server";
import { rescheduleOrder } from "~/services/order-reschedule.server";
import { issueDueSeriesInvoices, issueMonthlySeriesInvoices, renderSeriesInvoicePdf } from "~/services/series-invoices.server";
import { buildStatement } from "~/services/household-statement.server";
import { answerOf, contextFor, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { createTestOrder, pdfTextContent } from "./support/booking-fixtures";
import { createInvoiceSeries } from "./support/series-invoices";

// The monthly invoice of a series paid by invoice (issue 27 item 4; docs/decisions/0039): one
// invoice per month for that month's live visits, a line per visit, each visit invoiced once even
// with two workers at once, a visit cancelled before its month never invoiced, the PDF and its
// e-mail, and the download for the order's own customer only.

let db: DB;
beforeAll(async () => {
  db = await getDb();
});

// Tuesdays 10.00 Helsinki (UTC+2 in winter).
const dec = [new Date("2026-12-08T08:00:00Z"), new Date("2026-12-15T08:00:00Z"), new Date("2026-12-22T08:00:00Z")];
const jan = [new Date("2027-01-05T08:00:00Z"), new Date("2027-01-12T08:00:00Z")];
/** The booking's moment, in December before the first visit. */
const BOOKED_AT = new Date("2026-12-02T09:00:00Z");
/** 1.1.2027 00.30 in Helsinki: still 31.12. in UTC. */
const NEW_YEAR = new Date("2026-12-31T22:30:00Z");

async function invoicesOf(seriesId: string) {
  return db.selectFrom("series_invoices").selectAll().where("series_id", "=", seriesId).orderBy("month").execute();
}

async function linesOf(invoiceId: string) {
  return db.selectFrom("series_invoice_lines").selectAll().where("series_invoice_id", "=", invoiceId).execute();
}

describe("the monthly invoice of a series paid by invoice", () => {
  it("invoices December's three visits at booking and January's two on 1.1., each visit once", async () => {
    const series = await createInvoiceSeries([...dec, ...jan]);
    const issued = await db.transaction().execute((trx) => issueDueSeriesInvoices(trx, series.seriesId, BOOKED_AT));
    expect(issued).toHaveLength(1);

    const [december] = await invoicesOf(series.seriesId);
    const decemberVisits = series.visits.slice(0, 3);
    const decemberTotal = decemberVisits.reduce((sum, visit) => sum + visit.totalPriceCents, 0);
    expect(december).toMatchObject({
      month: "2026-12-01",
      invoice_number: issued[0]!.invoiceNumber,
      reference_number: referenceNumberFor(issued[0]!.invoiceNumber),
      issue_date: "2026-12-02",
      due_date: "2026-12-16",
      amount_cents: decemberTotal,
      status: "open",
    });
    const lines = await linesOf(december!.id);
    expect(lines.map((line) => line.order_id).sort()).toEqual(decemberVisits.map((visit) => visit.orderId).sort());
    expect(lines.reduce((sum, line) => sum + line.amount_cents, 0)).toBe(decemberTotal);
    for (const line of lines) expect(line.net_amount_cents + line.vat_amount_cents).toBe(line.amount_cents);

    // The visits' booking confirmation needs no invoice of their own (a single invoice order's does).
    await db.transaction().execute((trx) => enqueueBookingConfirmation(trx, series.visits[3]!.orderId));

    // Later in December nothing more is due; the job on 1.1. issues January's.
    expect(await db.transaction().execute((trx) => issueDueSeriesInvoices(trx, series.seriesId, new Date("2026-12-20T10:00:00Z")))).toEqual([]);
    expect(await issueMonthlySeriesInvoices(db, NEW_YEAR)).toBeGreaterThanOrEqual(1);
    const [, january, ...more] = await invoicesOf(series.seriesId);
    expect(more).toEqual([]);
    expect(january).toMatchObject({ issue_date: "2027-01-01", due_date: "2027-01-15", amount_cents: series.visits[3]!.totalPriceCents + series.visits[4]!.totalPriceCents });
    expect(january!.invoice_number).toBeGreaterThan(december!.invoice_number);
    expect((await linesOf(january!.id)).map((line) => line.order_id).sort()).toEqual([series.visits[3]!.orderId, series.visits[4]!.orderId].sort());

    // Run again: every visit is on one invoice already.
    expect(await issueMonthlySeriesInvoices(db, new Date("2027-01-02T10:00:00Z"))).toBe(0);
    const allLines = await db
      .selectFrom("series_invoice_lines")
      .select("order_id")
      .where("order_id", "in", series.visits.map((visit) => visit.orderId))
      .execute();
    expect(allLines).toHaveLength(5);
  });

  it("draws the PDF with a row per visit and e-mails it to the payer, numbered like single invoices", async () => {
    const single = await createTestOrder({ paymentMethod: "invoice" });
    const singleNumber = (await db.transaction().execute(async (trx) => (await import("~/services/invoices.server")).createInvoiceForOrder(trx, single.orderId, BOOKED_AT))).invoiceNumber;
    const series = await createInvoiceSeries(dec);
    const [issued] = await db.transaction().execute((trx) => issueDueSeriesInvoices(trx, series.seriesId, BOOKED_AT));
    // One numbering for every invoice: the monthly one follows the single invoice.
    expect(issued!.invoiceNumber).toBeGreaterThan(singleNumber);

    const text = pdfTextContent((await renderSeriesInvoicePdf(db, issued!.invoiceNumber, { compress: false }))!);
    expect(text).toContain("LASKU");
    expect(text).toContain("joulukuu 2026");
    for (const visit of series.visits) expect(text).toContain(`Tilaus ${visit.orderNumber}`);
    expect(text).toContain("tiistai 8.12.2026 klo 10.00–12.00");
    expect(text).toContain(formatEuros(issued!.amountCents));

    const email = await db.selectFrom("emails").selectAll().where("to_address", "=", series.email).executeTakeFirstOrThrow();
    expect(email.subject).toBe(`Lasku ${issued!.invoiceNumber}: toistuvat käynnit joulukuu 2026 – Arkikaveri`);
    expect(email.attachments.map((attachment) => attachment.filename)).toEqual([`lasku-${issued!.invoiceNumber}.pdf`]);
    await deliverEmail(db, email.id, { isFinalAttempt: false });
    const delivered = await db.selectFrom("emails").selectAll().where("id", "=", email.id).executeTakeFirstOrThrow();
    expect(pdfTextContent(Buffer.from(delivered.attachments[0]!.content, "base64"))).toContain(`Tilaus ${series.visits[2]!.orderNumber}`);
  });

  it("issues each invoice once when two workers run the job at the same time", async () => {
    const series = await createInvoiceSeries(jan);
    const [first, second] = await Promise.all([issueMonthlySeriesInvoices(db, NEW_YEAR), issueMonthlySeriesInvoices(db, NEW_YEAR)]);
    const invoices = await invoicesOf(series.seriesId);
    expect(invoices).toHaveLength(1);
    expect(await linesOf(invoices[0]!.id)).toHaveLength(2);
    expect(first + second).toBeGreaterThanOrEqual(1);
  });

  it("makes a second worker wait for the first one's invoice and then find nothing left", async () => {
    const series = await createInvoiceSeries(jan);
    let firstIssued!: () => void;
    let letFirstCommit!: () => void;
    const issuedSignal = new Promise<void>((resolve) => (firstIssued = resolve));
    const commitGate = new Promise<void>((resolve) => (letFirstCommit = resolve));
    const first = db.transaction().execute(async (trx) => {
      const issued = await issueDueSeriesInvoices(trx, series.seriesId, NEW_YEAR);
      firstIssued();
      await commitGate;
      return issued;
    });
    await issuedSignal;
    // The second starts while the first holds its uncommitted invoice.
    const second = db.transaction().execute((trx) => issueDueSeriesInvoices(trx, series.seriesId, NEW_YEAR));
    await new Promise((resolve) => setTimeout(resolve, 150));
    letFirstCommit();
    const [firstIssuedInvoices, secondIssuedInvoices] = await Promise.all([first, second]);
    expect(firstIssuedInvoices).toHaveLength(1);
    expect(secondIssuedInvoices).toEqual([]);
    expect(await invoicesOf(series.seriesId)).toHaveLength(1);
  });

  it("runs as a recurring job through the queue", async () => {
    expect(RECURRING_JOBS.map((job) => job.type)).toContain("invoices.issue_series_monthly");
    const series = await createInvoiceSeries([new Date("2026-11-10T08:00:00Z")]);
    await enqueueJob(db, "invoices.issue_series_monthly", {});
    const ran = await runDueJobs(db, { workerId: "sarjalaskut" });
    expect(ran.filter((job) => job.type === "invoices.issue_series_monthly").map((job) => job.outcome)).toEqual(["done"]);
    expect(await invoicesOf(series.seriesId)).toHaveLength(1);
  });

  it("leaves a visit cancelled before its month off the invoice, and credits one cancelled after it", async () => {
    const admin = await createTestUser({ email: "sarja-admin@example.fi", role: "admin" });
    const series = await createInvoiceSeries([...dec, ...jan]);
    await db.transaction().execute((trx) => issueDueSeriesInvoices(trx, series.seriesId, BOOKED_AT));
    // January's first visit is cancelled in December, well before it: free, never invoiced.
    const early = await cancelOrder(db, { actor: { id: admin.id, ip: null } }, series.visits[3]!.orderId, new Date("2026-12-10T10:00:00Z"));
    expect(early).toMatchObject({ ok: true, feeCents: 0 });
    // December's last visit is cancelled after its invoice, free (days ahead): its line is credited in full.
    await cancelOrder(db, { actor: { id: admin.id, ip: null } }, series.visits[2]!.orderId, new Date("2026-12-10T10:00:00Z"));

    await issueMonthlySeriesInvoices(db, NEW_YEAR);
    const [december, january] = await invoicesOf(series.seriesId);
    expect((await linesOf(january!.id)).map((line) => line.order_id)).toEqual([series.visits[4]!.orderId]);
    expect(january!.amount_cents).toBe(series.visits[4]!.totalPriceCents);
    const credited = (await linesOf(december!.id)).find((line) => line.order_id === series.visits[2]!.orderId)!;
    expect(credited).toMatchObject({ credited_cents: series.visits[2]!.totalPriceCents, credited_on: "2026-12-10" });
    expect(december!.status).toBe("open");
  });
});

describe("the monthly invoice on the order page", () => {
  it("shows the link to the order's own customer, downloads for them only, and says when it comes before it is issued", async () => {
    const owner = await createTestUser({ email: "sarjan-omistaja@example.fi", fullName: "Kerttu Sarjanen" });
    const ownerCookie = await sessionCookieFor(owner);
    const strangerCookie = await sessionCookieFor(await createTestUser({ email: "sarjan-vieras@example.fi" }));
    const series = await createInvoiceSeries([...dec, ...jan], { owner });
    const args = (path: string, orderNumber: string, cookie?: string) => ({
      request: getRequest(`/portal/orders/${orderNumber}${path}`, cookie),
      params: { orderNumber },
      context: contextFor(),
    });
    const [issued] = await db.transaction().execute((trx) => issueDueSeriesInvoices(trx, series.seriesId, BOOKED_AT));
    const decemberVisit = series.visits[0]!.orderNumber;
    const januaryVisit = series.visits[3]!.orderNumber;

    const page = await answerOf(() => orderLoader(args("", decemberVisit, ownerCookie)));
    expect(page.data.seriesBilling).toMatchObject({
      invoiceHref: `/portal/orders/${decemberVisit}/kuukausilasku`,
      invoiceLinkText: `Lataa kuukausilasku ${issued!.invoiceNumber} (PDF)`,
    });
    expect(page.data.seriesBilling.paymentState).toContain(`Kuukausilasku ${issued!.invoiceNumber} (joulukuu 2026), avoin`);

    const download = await answerOf(() => monthlyInvoiceLoader(args("/kuukausilasku", decemberVisit, ownerCookie)));
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe(`attachment; filename="lasku-${issued!.invoiceNumber}.pdf"`);
    expect((await answerOf(() => monthlyInvoiceLoader(args("/kuukausilasku", decemberVisit, strangerCookie)))).status).toBe(404);
    const anonymous = await answerOf(() => monthlyInvoiceLoader(args("/kuukausilasku", decemberVisit)));
    expect(anonymous.status).toBe(302);

    // January's visit is on no invoice yet: no link, no download, and the page says when it comes.
    const january = await answerOf(() => orderLoader(args("", januaryVisit, ownerCookie)));
    expect(january.data.seriesBilling).toMatchObject({ invoiceHref: null, paymentState: expect.stringContaining("kuukausilaskulla") });
    expect((await answerOf(() => monthlyInvoiceLoader(args("/kuukausilasku", januaryVisit, ownerCookie)))).status).toBe(404);
  });
});

describe("a monthly invoice paid", () => {
  it("is marked paid by an admin from the payments page once, and counts each visit once on the household statement", async () => {
    const adminCookie = await sessionCookieFor(await createTestUser({ email: "sarja-maksut@example.fi", role: "admin" }));
    const november = [new Date("2026-11-03T08:00:00Z"), new Date("2026-11-10T08:00:00Z")];
    const series = await createInvoiceSeries(november);
    const [issued] = await db.transaction().execute((trx) => issueDueSeriesInvoices(trx, series.seriesId, new Date("2026-11-01T08:00:00Z")));
    const post = (fields: Record<string, string>) =>
      answerOf(() => paymentsAction({ request: postRequest("/backoffice/payments", fields, adminCookie), params: {}, context: contextFor() }));

    const page = await answerOf(() => paymentsLoader({ request: getRequest("/backoffice/payments", adminCookie), params: {}, context: contextFor() }));
    expect(page.data.seriesInvoices).toContainEqual(expect.objectContaining({ id: issued!.invoiceId, invoiceNumber: issued!.invoiceNumber, visits: 2, month: "marraskuu 2026", overdue: true }));

    // A day in the future is refused with the day kept; nothing changes.
    const refused = await post({ intent: "series-invoice", invoiceId: issued!.invoiceId, paidOn: "2099-01-01" });
    expect(refused.data).toMatchObject({ seriesInvoiceError: { invoiceId: issued!.invoiceId, paidOn: "2099-01-01" } });
    expect((await invoicesOf(series.seriesId))[0]).toMatchObject({ status: "open", paid_at: null });

    const paid = await post({ intent: "series-invoice", invoiceId: issued!.invoiceId, paidOn: "2026-11-20" });
    expect(paid.status).toBe(302);
    const again = await post({ intent: "series-invoice", invoiceId: issued!.invoiceId, paidOn: "2026-11-21" });
    expect(again.status).toBe(302);
    const [invoice] = await invoicesOf(series.seriesId);
    expect(invoice).toMatchObject({ status: "paid" });
    expect(await db.selectFrom("audit_log").select("action").where("entity_id", "=", series.seriesId).execute()).toEqual([{ action: "invoice.paid" }]);

    const statement = await buildStatement(db, series.customerId, 2026, new Date("2026-12-01T10:00:00Z"));
    expect(statement!.rows.map((row) => [row.orderNumber, row.documentNumber, row.paidOn, row.totalCents])).toEqual(
      series.visits.map((visit) => [visit.orderNumber, String(issued!.invoiceNumber), "2026-11-20", visit.totalPriceCents]),
    );
    expect(statement!.unpaid).toEqual([]);
  });
});

describe("moving a series visit paid by invoice", () => {
  it("gives it no invoice of its own: its new price goes on its month's invoice, and once on it a new price is refused", async () => {
    const admin = await createTestUser({ email: "sarja-siirto@example.fi", role: "admin" });
    const series = await createInvoiceSeries([...dec, ...jan]);
    await db.transaction().execute((trx) => issueDueSeriesInvoices(trx, series.seriesId, BOOKED_AT));
    const caregiverOf = async (orderId: string) => (await db.selectFrom("orders").select("caregiver_id").where("id", "=", orderId).executeTakeFirstOrThrow()).caregiver_id;
    const move = async (visit: { orderId: string }, date: string, startHour: number) =>
      rescheduleOrder(
        db,
        { kind: "staff", audit: { id: admin.id, ip: null } },
        { orderId: visit.orderId, time: { date, startHour, durationHours: 2 }, caregiverId: await caregiverOf(visit.orderId), expectedSequence: 0 },
        BOOKED_AT,
      );

    // January's first visit, 10.00 → 19.00 (the evening price): moved, no invoice of its own.
    const january = series.visits[3]!;
    expect(await move(january, "2027-01-05", 19)).toMatchObject({ ok: true, plan: { newInvoiceCents: 0 } });
    expect(await db.selectFrom("invoices").select("id").where("order_id", "=", january.orderId).execute()).toEqual([]);
    const moved = await db.selectFrom("orders").select("total_price_cents").where("id", "=", january.orderId).executeTakeFirstOrThrow();
    expect(moved.total_price_cents).toBeGreaterThan(january.totalPriceCents);

    await issueMonthlySeriesInvoices(db, NEW_YEAR);
    const line = await db.selectFrom("series_invoice_lines").selectAll().where("order_id", "=", january.orderId).executeTakeFirstOrThrow();
    expect(line.amount_cents).toBe(moved.total_price_cents);

    // December's second visit is on the December invoice already: another price is refused.
    expect(await move(series.visits[1]!, "2026-12-15", 19)).toMatchObject({ ok: false, reason: "monthly_invoiced" });
  });
});
