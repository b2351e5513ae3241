import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { formatEuros } from "~/domain/format";
import { formatReferenceNumber, referenceNumberFor } from "~/domain/reference-number";
import { loader as staffCreditNoteLoader } from "~/routes/hyvityslasku.$orderNumber";
import { loader as portalCreditNoteLoader } from "~/routes/portal.orders.$orderNumber_.hyvityslasku";
import { creditSplit } from "~/services/credit-note-pdf.server";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { cancelSeriesFromVisit } from "~/services/series-management.server";
import { action as paymentsAction, loader as paymentsLoader } from "~/routes/backoffice.payments";
import { loader as orderLoader } from "~/routes/portal.orders.$orderNumber";
import { loader as monthlyInvoiceLoader } from "~/routes/portal.orders.$orderNumber_.kuukausilasku";
import { runDueJobs } from "~/services/worker.server";
import { enqueueJob, RECURRING_JOBS } from "~/services/job-queue.server";
import { deliverEmail } from "~/services/mailer.server";
import { enqueueBookingConfirmation } from "~/services/booking-emails.server";
import { cancelOrder } from "~/services/order-cancellation.server";
import { rescheduleOrder } from "~/services/order-reschedule.server";
import { creditCancelledSeriesVisit, issueDueSeriesInvoices, issueMonthlySeriesInvoices, renderSeriesInvoicePdf } from "~/services/series-invoices.server";
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

describe("the credit note of a cancelled visit's line (decision 0044)", () => {
  const CANCELLED_AT = new Date("2026-12-10T10:00:00Z");

  async function creditNotesOfLine(orderId: string) {
    return db
      .selectFrom("credit_notes as cn")
      .innerJoin("series_invoice_lines as l", "l.id", "cn.series_invoice_line_id")
      .select(["cn.credit_note_number", "cn.amount_cents", "cn.issue_date", "cn.invoice_id"])
      .where("l.order_id", "=", orderId)
      .execute();
  }

  it("is numbered after a single invoice's credit note, drawn at the line's VAT and attached to the e-mail; a repeated cancel makes no second", async () => {
    const admin = await createTestUser({ email: "sarja-hyvitys-admin@example.fi", role: "admin" });
    const adminCookie = await sessionCookieFor(admin);
    const single = await createTestOrder({ paymentMethod: "invoice", startsAt: new Date("2027-02-02T08:00:00Z") });
    await createInvoiceForOrder(db, single.orderId);
    const singleCancel = await cancelOrder(db, { actor: { id: admin.id } }, single.orderId, CANCELLED_AT);
    const singleNumber = singleCancel.ok ? singleCancel.creditNote!.creditNoteNumber : -1;

    const series = await createInvoiceSeries(dec);
    const [issued] = await db.transaction().execute((trx) => issueDueSeriesInvoices(trx, series.seriesId, BOOKED_AT));
    const visit = series.visits[1]!;
    // Twelve hours before the visit: late, so the fee (an hour's price) stays on the line.
    const outcome = await cancelOrder(db, { actor: { id: admin.id } }, visit.orderId, new Date(visit.startsAt.getTime() - 12 * 3600_000));
    if (!outcome.ok) throw new Error("the visit was not cancelled");
    expect(outcome.feeCents).toBeGreaterThan(0);
    const line = (await linesOf(issued!.invoiceId)).find((row) => row.order_id === visit.orderId)!;
    const creditedCents = visit.totalPriceCents - outcome.feeCents;
    expect(outcome.creditNote).toMatchObject({
      // One numbering with single invoices' credit notes: the next number of the same sequence.
      creditNoteNumber: singleNumber + 1,
      invoiceNumber: issued!.invoiceNumber,
      amountCents: creditedCents,
      monthlyLine: { amountCents: visit.totalPriceCents, vatRateBp: line.vat_rate_bp },
    });
    const number = outcome.creditNote!.creditNoteNumber;
    expect(await creditNotesOfLine(visit.orderId)).toEqual([{ credit_note_number: number, amount_cents: creditedCents, issue_date: "2026-12-14", invoice_id: null }]);

    // The customer's cancel e-mail says what was credited and carries the note, drawn on delivery.
    const email = await db.selectFrom("emails").selectAll().where("to_address", "=", series.email).where("subject", "like", "Tilaus % on peruutettu%").executeTakeFirstOrThrow();
    expect(email.text).toContain(`Hyvitimme kuukausilaskulta ${issued!.invoiceNumber} tämän käynnin osuudesta ${formatEuros(creditedCents)} (hyvityslasku ${number})`);
    expect(email.attachments.map((attachment) => attachment.filename)).toContain(`hyvityslasku-${number}.pdf`);
    await deliverEmail(db, email.id, { isFinalAttempt: false });
    const delivered = await db.selectFrom("emails").selectAll().where("id", "=", email.id).executeTakeFirstOrThrow();
    const pdf = delivered.attachments.find((attachment) => attachment.filename === `hyvityslasku-${number}.pdf`)!;
    // Long sentences wrap on the page: compared with single spaces.
    const flat = (words: string) => words.replace(/\s+/g, " ");
    const text = flat(pdfTextContent(Buffer.from(pdf.content, "base64")));
    expect(text).toContain("HYVITYSLASKU");
    expect(text).toContain(String(issued!.invoiceNumber));
    expect(text).toContain(formatReferenceNumber(issued!.referenceNumber));
    expect(text).toContain(visit.orderNumber);
    const { netCents, vatCents } = creditSplit(creditedCents, line.vat_rate_bp);
    expect(text).toContain(flat(`-${formatEuros(netCents)}`));
    expect(text).toContain(flat(`-${formatEuros(vatCents)}`));
    expect(text).toContain(flat(`-${formatEuros(creditedCents)}`));
    expect(text).toContain(flat(`Tämä hyvityslasku hyvittää kuukausilaskun ${issued!.invoiceNumber} käynnin ${visit.orderNumber} rivistä ${formatEuros(creditedCents)}.`));
    expect(text).toContain(flat(`Käynnin peruutusmaksu ${formatEuros(outcome.feeCents)} maksetaan`));

    // Cancelled again, and credited again by the service itself: still the one note.
    const again = await cancelOrder(db, { actor: { id: admin.id } }, visit.orderId, new Date(visit.startsAt.getTime() - 6 * 3600_000));
    expect(again).toMatchObject({ ok: true, cancelledNow: false, creditNote: null });
    const credited = await db.transaction().execute((trx) => creditCancelledSeriesVisit(trx, visit.orderId, 0, new Date("2026-12-20T10:00:00Z")));
    expect(credited).toMatchObject({ creditNoteNumber: number, amountCents: creditedCents });
    expect(await creditNotesOfLine(visit.orderId)).toHaveLength(1);

    // Staff see it on the payments page with the open monthly invoice, and download it.
    const page = await answerOf(() => paymentsLoader({ request: getRequest("/backoffice/payments", adminCookie), params: {}, context: contextFor() }));
    expect(page.data.seriesInvoices.find((row: { id: string }) => row.id === issued!.invoiceId).creditNotes).toEqual([
      { creditNoteNumber: number, orderNumber: visit.orderNumber, pdfHref: `/hyvityslasku/${visit.orderNumber}` },
    ]);
    const staffDownload = await answerOf(() =>
      staffCreditNoteLoader({ request: getRequest(`/hyvityslasku/${visit.orderNumber}`, adminCookie), params: { orderNumber: visit.orderNumber }, context: contextFor() }),
    );
    expect(staffDownload.status).toBe(200);
    expect(staffDownload.headers.get("Content-Disposition")).toBe(`attachment; filename="hyvityslasku-${number}.pdf"`);
  });

  it("is linked on the order page and downloaded by the order's own customer only", async () => {
    const owner = await createTestUser({ email: "sarja-hyvitys-omistaja@example.fi", fullName: "Kerttu Hyvitys" });
    const ownerCookie = await sessionCookieFor(owner);
    const strangerCookie = await sessionCookieFor(await createTestUser({ email: "sarja-hyvitys-vieras@example.fi" }));
    const series = await createInvoiceSeries(dec, { owner });
    await db.transaction().execute((trx) => issueDueSeriesInvoices(trx, series.seriesId, BOOKED_AT));
    const visit = series.visits[2]!;
    const outcome = await cancelOrder(db, { actor: { id: owner.id }, customerProfileId: owner.id }, visit.orderId, CANCELLED_AT);
    const number = outcome.ok ? outcome.creditNote!.creditNoteNumber : -1;
    // Free (days ahead): the whole line credited, and the e-mail says so.
    const email = await db.selectFrom("emails").selectAll().where("to_address", "=", owner.email).where("subject", "like", "Tilaus % on peruutettu%").executeTakeFirstOrThrow();
    expect(email.text).toContain(`Tämän käynnin osuus kuukausilaskulla`);
    expect(email.text).toContain(`on hyvitetty kokonaan (hyvityslasku ${number})`);

    const args = (path: string, cookie?: string) => ({ request: getRequest(`/portal/orders/${visit.orderNumber}${path}`, cookie), params: { orderNumber: visit.orderNumber }, context: contextFor() });
    const page = await answerOf(() => orderLoader(args("", ownerCookie)));
    expect(page.data.order).toMatchObject({ creditNoteHref: `/portal/orders/${visit.orderNumber}/hyvityslasku`, creditNoteNumber: number });
    const download = await answerOf(() => portalCreditNoteLoader(args("/hyvityslasku", ownerCookie)));
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe(`attachment; filename="hyvityslasku-${number}.pdf"`);
    expect((await answerOf(() => portalCreditNoteLoader(args("/hyvityslasku", strangerCookie)))).status).toBe(404);
    const staffArgs = (cookie: string) => ({ request: getRequest(`/hyvityslasku/${visit.orderNumber}`, cookie), params: { orderNumber: visit.orderNumber }, context: contextFor() });
    expect((await answerOf(() => staffCreditNoteLoader(staffArgs(strangerCookie)))).status).toBe(404);
    // A visit not cancelled has no note to download.
    const live = series.visits[0]!.orderNumber;
    const liveArgs = { request: getRequest(`/portal/orders/${live}/hyvityslasku`, ownerCookie), params: { orderNumber: live }, context: contextFor() };
    expect((await answerOf(() => portalCreditNoteLoader(liveArgs))).status).toBe(404);
  });

  it("comes for each invoiced visit of 'Peru tämä ja kaikki tulevat', all attached to its one e-mail", async () => {
    const admin = await createTestUser({ email: "sarja-hyvitys-loput@example.fi", role: "admin" });
    const series = await createInvoiceSeries([...dec, ...jan]);
    const [issued] = await db.transaction().execute((trx) => issueDueSeriesInvoices(trx, series.seriesId, BOOKED_AT));
    const outcome = await cancelSeriesFromVisit(db, { actor: { id: admin.id } }, { seriesId: series.seriesId, fromOrderId: series.visits[1]!.orderId }, CANCELLED_AT);
    expect(outcome).toMatchObject({ ok: true, cancelled: 4 });
    // December's two are on its invoice and get a note each; January's are on none and get none.
    const numbers = [];
    for (const visit of series.visits.slice(1)) numbers.push((await creditNotesOfLine(visit.orderId)).map((note) => note.credit_note_number));
    expect(numbers.map((found) => found.length)).toEqual([1, 1, 0, 0]);
    const [first, second] = [numbers[0]![0]!, numbers[1]![0]!];
    expect(second).toBe(first + 1);
    const email = await db.selectFrom("emails").selectAll().where("to_address", "=", series.email).where("subject", "like", "Toistuvat käynnit on peruutettu%").executeTakeFirstOrThrow();
    expect(email.text).toContain(`Hyvityslaskut ${first}, ${second}`);
    expect(email.attachments.map((attachment) => attachment.filename).filter((name) => name.startsWith("hyvityslasku-"))).toEqual([`hyvityslasku-${first}.pdf`, `hyvityslasku-${second}.pdf`]);
    // Both lines credited in full; the first visit is still to be paid, so the invoice stays open.
    expect((await invoicesOf(series.seriesId))[0]).toMatchObject({ id: issued!.invoiceId, status: "open" });
  });
});
