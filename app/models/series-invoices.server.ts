import { sql } from "kysely";
import type { Executor } from "../db.server";
import { lineCreditCents } from "../domain/series-invoice";
import type { SeriesStatus } from "../domain/series-lifecycle";

// The monthly invoices of series paid by invoice and their lines (migration 0029,
// docs/decisions/0039). A line's unique order_id keeps a visit on one invoice only.

export interface InvoiceSeries {
  id: string;
  customerId: string;
  paymentMethod: "online" | "invoice";
  status: SeriesStatus;
}

/**
 * Locks the series row for the rest of the caller's transaction: two workers (or the booking and
 * the daily job) issuing the same series' invoices take turns, and the second finds the visits
 * already on the first one's invoice.
 */
export async function lockSeriesForInvoicing(trx: Executor, seriesId: string): Promise<InvoiceSeries | null> {
  const row = await trx
    .selectFrom("order_series")
    .select(["id", "customer_id as customerId", "payment_method as paymentMethod", "status"])
    .where("id", "=", seriesId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

export interface VisitOnInvoice {
  orderId: string;
  startsAt: Date;
  amountCents: number;
  netAmountCents: number;
  vatAmountCents: number;
  vatRateBp: number;
}

/** The series' live (not cancelled) invoice-paid visits that are on no invoice yet. */
export async function listUninvoicedSeriesVisits(executor: Executor, seriesId: string): Promise<VisitOnInvoice[]> {
  return executor
    .selectFrom("orders as o")
    .select([
      "o.id as orderId",
      "o.starts_at as startsAt",
      "o.total_price_cents as amountCents",
      "o.net_amount_cents as netAmountCents",
      "o.vat_amount_cents as vatAmountCents",
      "o.vat_rate_bp as vatRateBp",
    ])
    .where("o.series_id", "=", seriesId)
    .where("o.payment_method", "=", "invoice")
    .where("o.status", "not in", ["cancelled", "pending_payment"])
    .where((eb) => eb.not(eb.exists(eb.selectFrom("series_invoice_lines as l").select("l.id").whereRef("l.order_id", "=", "o.id"))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom("invoices as i").select("i.id").whereRef("i.order_id", "=", "o.id"))))
    .orderBy("o.starts_at")
    .execute();
}

/**
 * The series paid by invoice with live visits on no invoice that start before `before` (the end
 * of the current month): those the job issues invoices for, whatever the series' status now, so a
 * series that ended or was cancelled still has its past visits invoiced.
 */
export async function listSeriesWithVisitsToInvoice(executor: Executor, before: Date): Promise<string[]> {
  const rows = await executor
    .selectFrom("orders as o")
    .innerJoin("order_series as s", "s.id", "o.series_id")
    .select("s.id")
    .distinct()
    .where("s.payment_method", "=", "invoice")
    .where("o.payment_method", "=", "invoice")
    .where("o.status", "not in", ["cancelled", "pending_payment"])
    .where("o.starts_at", "<", before)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("series_invoice_lines as l").select("l.id").whereRef("l.order_id", "=", "o.id"))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom("invoices as i").select("i.id").whereRef("i.order_id", "=", "o.id"))))
    .orderBy("s.id")
    .execute();
  return rows.map((row) => row.id);
}

export interface NewSeriesInvoice {
  seriesId: string;
  customerId: string;
  month: string;
  invoiceNumber: number;
  referenceNumber: string;
  issueDate: string;
  dueDate: string;
  amountCents: number;
}

/** Inserts the invoice and its lines; returns the invoice's id. */
export async function insertSeriesInvoice(trx: Executor, invoice: NewSeriesInvoice, lines: readonly VisitOnInvoice[]): Promise<string> {
  const row = await trx
    .insertInto("series_invoices")
    .values({
      series_id: invoice.seriesId,
      customer_id: invoice.customerId,
      month: invoice.month,
      invoice_number: invoice.invoiceNumber,
      reference_number: invoice.referenceNumber,
      issue_date: invoice.issueDate,
      due_date: invoice.dueDate,
      amount_cents: invoice.amountCents,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("series_invoice_lines")
    .values(
      lines.map((line) => ({
        series_invoice_id: row.id,
        order_id: line.orderId,
        amount_cents: line.amountCents,
        net_amount_cents: line.netAmountCents,
        vat_amount_cents: line.vatAmountCents,
        vat_rate_bp: line.vatRateBp,
      })),
    )
    .execute();
  return row.id;
}

export interface SeriesInvoiceRow {
  id: string;
  seriesId: string;
  customerId: string;
  month: string;
  invoiceNumber: number;
  referenceNumber: string;
  issueDate: string;
  dueDate: string;
  amountCents: number;
  status: "open" | "paid" | "cancelled";
  /** What cancellations after the invoice took off its lines. */
  creditedCents: number;
  paidAt: Date | null;
}

export interface SeriesInvoiceLineRow {
  orderId: string;
  orderNumber: string;
  startsAt: Date;
  amountCents: number;
  netAmountCents: number;
  vatAmountCents: number;
  vatRateBp: number;
  creditedCents: number;
  creditedOn: string | null;
}

function seriesInvoices(executor: Executor) {
  return executor
    .selectFrom("series_invoices as si")
    .select([
      "si.id",
      "si.series_id as seriesId",
      "si.customer_id as customerId",
      sql<string>`to_char(si.month, 'YYYY-MM-DD')`.as("month"),
      "si.invoice_number as invoiceNumber",
      "si.reference_number as referenceNumber",
      "si.issue_date as issueDate",
      "si.due_date as dueDate",
      "si.amount_cents as amountCents",
      "si.status",
      "si.paid_at as paidAt",
      sql<number>`(select coalesce(sum(l.credited_cents), 0)::int from series_invoice_lines l where l.series_invoice_id = si.id)`.as("creditedCents"),
    ]);
}

/** A series invoice by its number, with its lines in time order. */
export async function findSeriesInvoiceByNumber(
  executor: Executor,
  invoiceNumber: number,
): Promise<{ invoice: SeriesInvoiceRow; lines: SeriesInvoiceLineRow[] } | null> {
  const invoice = await seriesInvoices(executor).where("si.invoice_number", "=", invoiceNumber).executeTakeFirst();
  if (!invoice) return null;
  const lines = await executor
    .selectFrom("series_invoice_lines as l")
    .innerJoin("orders as o", "o.id", "l.order_id")
    .select([
      "l.order_id as orderId",
      "o.order_number as orderNumber",
      "o.starts_at as startsAt",
      "l.amount_cents as amountCents",
      "l.net_amount_cents as netAmountCents",
      "l.vat_amount_cents as vatAmountCents",
      "l.vat_rate_bp as vatRateBp",
      "l.credited_cents as creditedCents",
      "l.credited_on as creditedOn",
    ])
    .where("l.series_invoice_id", "=", invoice.id)
    .orderBy("o.starts_at")
    .execute();
  return { invoice, lines };
}

/** The monthly invoice a visit is a line on, if any. */
export async function findSeriesInvoiceOfOrder(executor: Executor, orderId: string): Promise<SeriesInvoiceRow | null> {
  const row = await seriesInvoices(executor)
    .where((eb) => eb.exists(eb.selectFrom("series_invoice_lines as l").select("l.id").whereRef("l.series_invoice_id", "=", "si.id").where("l.order_id", "=", orderId)))
    .executeTakeFirst();
  return row ?? null;
}

/** The series' invoices, newest month first. */
export async function listSeriesInvoices(executor: Executor, seriesId: string): Promise<SeriesInvoiceRow[]> {
  return seriesInvoices(executor).where("si.series_id", "=", seriesId).orderBy("si.month", "desc").orderBy("si.invoice_number", "desc").execute();
}

/**
 * Inside the cancellation's transaction: takes all but the fee off the visit's line (once; a second
 * call changes nothing) and closes the invoice when credits took all of it. Returns the credit,
 * or null when the visit is on no monthly invoice.
 */
export async function creditSeriesInvoiceLine(
  trx: Executor,
  input: { orderId: string; feeCents: number; creditedOn: string },
): Promise<{ lineId: string; invoiceId: string; invoiceNumber: number; creditedCents: number; creditedOn: string } | null> {
  const line = await trx
    .selectFrom("series_invoice_lines as l")
    .innerJoin("series_invoices as si", "si.id", "l.series_invoice_id")
    .select(["l.id", "l.amount_cents", "l.credited_on", "l.credited_cents", "si.id as invoiceId", "si.invoice_number as invoiceNumber"])
    .where("l.order_id", "=", input.orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!line) return null;
  if (line.credited_on !== null) {
    return { lineId: line.id, invoiceId: line.invoiceId, invoiceNumber: line.invoiceNumber, creditedCents: line.credited_cents, creditedOn: line.credited_on };
  }
  const creditCents = lineCreditCents(line.amount_cents, input.feeCents);
  await trx.updateTable("series_invoice_lines").set({ credited_cents: creditCents, credited_on: input.creditedOn }).where("id", "=", line.id).execute();
  await trx
    .updateTable("series_invoices")
    .set({ status: "cancelled" })
    .where("id", "=", line.invoiceId)
    .where("status", "=", "open")
    .where(sql<boolean>`amount_cents <= (select coalesce(sum(credited_cents), 0) from series_invoice_lines where series_invoice_id = ${line.invoiceId})`)
    .execute();
  return { lineId: line.id, invoiceId: line.invoiceId, invoiceNumber: line.invoiceNumber, creditedCents: creditCents, creditedOn: input.creditedOn };
}


/**
 * A series visit paid by invoice and the monthly invoice it is on (null until its month's invoice
 * is issued); null when the order is no such visit.
 */
export async function findSeriesBillingOfOrder(executor: Executor, orderId: string): Promise<{ invoice: SeriesInvoiceRow | null } | null> {
  const order = await executor
    .selectFrom("orders")
    .select("id")
    .where("id", "=", orderId)
    .where("series_id", "is not", null)
    .where("payment_method", "=", "invoice")
    .executeTakeFirst();
  if (!order) return null;
  return { invoice: await findSeriesInvoiceOfOrder(executor, orderId) };
}

export interface OpenSeriesInvoiceRow {
  id: string;
  invoiceNumber: number;
  month: string;
  customerName: string;
  customerEmail: string;
  amountCents: number;
  creditedCents: number;
  dueDate: string;
  visits: number;
  reminderSentAt: Date | null;
}

/** The open monthly invoices for the back office's payments page, the earliest due first. */
export async function listOpenSeriesInvoices(executor: Executor, limit = 200): Promise<OpenSeriesInvoiceRow[]> {
  const rows = await executor
    .selectFrom("series_invoices as si")
    .innerJoin("customers as c", "c.id", "si.customer_id")
    .innerJoin("profiles as p", "p.id", "c.profile_id")
    .select([
      "si.id",
      "si.invoice_number as invoiceNumber",
      sql<string>`to_char(si.month, 'YYYY-MM-DD')`.as("month"),
      "p.full_name",
      "p.email",
      "si.amount_cents as amountCents",
      "si.due_date as dueDate",
      "si.reminder_sent_at as reminderSentAt",
      sql<number>`(select coalesce(sum(l.credited_cents), 0)::int from series_invoice_lines l where l.series_invoice_id = si.id)`.as("creditedCents"),
      sql<number>`(select count(*)::int from series_invoice_lines l where l.series_invoice_id = si.id)`.as("visits"),
    ])
    .where("si.status", "=", "open")
    .orderBy("si.due_date")
    .orderBy("si.invoice_number")
    .limit(limit)
    .execute();
  return rows.map(({ full_name, email, ...row }) => ({ ...row, customerName: full_name || email, customerEmail: email }));
}

/** The credit notes of the invoices' lines (decision 0044), each with its visit's order number, in number order. */
export async function listSeriesInvoiceCreditNotes(
  executor: Executor,
  invoiceIds: readonly string[],
): Promise<Array<{ seriesInvoiceId: string; creditNoteNumber: number; orderNumber: string }>> {
  if (invoiceIds.length === 0) return [];
  return executor
    .selectFrom("credit_notes as cn")
    .innerJoin("series_invoice_lines as l", "l.id", "cn.series_invoice_line_id")
    .innerJoin("orders as o", "o.id", "l.order_id")
    .select(["l.series_invoice_id as seriesInvoiceId", "cn.credit_note_number as creditNoteNumber", "o.order_number as orderNumber"])
    .where("l.series_invoice_id", "in", invoiceIds)
    .orderBy("cn.credit_note_number")
    .execute();
}

/** An open monthly invoice marked paid on `paidAt`; null when it was not open (paid already, or credited). */
export async function markSeriesInvoicePaid(trx: Executor, invoiceId: string, paidAt: Date): Promise<{ invoiceNumber: number; seriesId: string; amountCents: number } | null> {
  const row = await trx
    .updateTable("series_invoices")
    .set({ status: "paid", paid_at: paidAt })
    .where("id", "=", invoiceId)
    .where("status", "=", "open")
    .returning(["invoice_number as invoiceNumber", "series_id as seriesId", "amount_cents as amountCents"])
    .executeTakeFirst();
  return row ?? null;
}

export interface SeriesInvoiceToRemind {
  id: string;
  seriesId: string;
  month: string;
  invoiceNumber: number;
  referenceNumber: string;
  dueDate: string;
  amountCents: number;
  creditedCents: number;
  /** The credit notes of its cancelled visits' lines (decision 0044), for the reminder's words. */
  creditNoteNumbers: number[];
  status: "open" | "paid" | "cancelled";
  reminderSentAt: Date | null;
  customerName: string;
  customerEmail: string;
}

/** The monthly invoice locked for sending its reminder, with its payer and what was credited of it. */
export async function lockSeriesInvoiceToRemind(trx: Executor, invoiceId: string): Promise<SeriesInvoiceToRemind | null> {
  const locked = await trx.selectFrom("series_invoices").select(["id", "reminder_sent_at"]).where("id", "=", invoiceId).forUpdate().executeTakeFirst();
  if (!locked) return null;
  const invoice = await seriesInvoices(trx).where("si.id", "=", invoiceId).executeTakeFirstOrThrow();
  const payer = await trx
    .selectFrom("customers as c")
    .innerJoin("profiles as p", "p.id", "c.profile_id")
    .select(["p.full_name", "p.email"])
    .where("c.id", "=", invoice.customerId)
    .executeTakeFirstOrThrow();
  const notes = await listSeriesInvoiceCreditNotes(trx, [invoiceId]);
  return {
    id: invoice.id,
    seriesId: invoice.seriesId,
    month: invoice.month,
    invoiceNumber: invoice.invoiceNumber,
    referenceNumber: invoice.referenceNumber,
    dueDate: invoice.dueDate,
    amountCents: invoice.amountCents,
    creditedCents: invoice.creditedCents,
    creditNoteNumbers: notes.map((note) => note.creditNoteNumber),
    status: invoice.status,
    reminderSentAt: locked.reminder_sent_at,
    customerName: payer.full_name,
    customerEmail: payer.email,
  };
}

export async function markSeriesInvoiceReminderSent(trx: Executor, invoiceId: string, at: Date): Promise<void> {
  await trx.updateTable("series_invoices").set({ reminder_sent_at: at }).where("id", "=", invoiceId).execute();
}
