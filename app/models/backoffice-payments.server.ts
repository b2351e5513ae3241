import { sql } from "kysely";
import type { Executor } from "../db.server";
import { openBalanceCents } from "../domain/invoice-payment";
import type { Cursor, PageDirection } from "../domain/list-query";
import type { PaymentMethodName, PaymentProviderName, PaymentStatus, PayoutStatus } from "../domain/statuses";
import { afterCursor, epochMicros } from "./keyset.server";

// The money pages of the back office (issue 14 "Payments"; DESIGN.md decisions 2 and 18): what
// completed orders earned in a period, each helper's settlement, the payouts still to pay and the
// invoices still open. A period is [from, before) of completion times.

export interface Period {
  from: Date;
  before: Date;
}

export interface MoneyFigures {
  completedOrders: number;
  revenueCents: number;
  platformFeeCents: number;
  caregiverEarningsCents: number;
  paidOutCents: number;
}

const sum = (column: string) => sql<string>`coalesce(sum(${sql.ref(column)}), 0)::bigint`;
/** The terms of an invoice's open balance (decision 0019), for a query over `invoices as i`. */
const paidSoFar = sql<number>`(select coalesce(sum(ip.amount_cents), 0)::int from invoice_payments ip where ip.invoice_id = i.id)`;
const creditedSoFar = sql<number>`(select coalesce(sum(cn.amount_cents), 0)::int from credit_notes cn where cn.invoice_id = i.id)`;

export async function getMoneyFigures(db: Executor, period: Period): Promise<MoneyFigures> {
  const orders = await db
    .selectFrom("orders")
    .select([
      sql<number>`count(*)::int`.as("count"),
      sum("total_price_cents").as("revenue"),
      sum("platform_fee_cents").as("fee"),
      sum("caregiver_earnings_cents").as("earnings"),
    ])
    .where("status", "=", "completed")
    .where("completed_at", ">=", period.from)
    .where("completed_at", "<", period.before)
    .executeTakeFirstOrThrow();
  const paid = await db
    .selectFrom("payouts")
    .select(sum("amount_cents").as("paid"))
    .where("status", "=", "paid")
    .where("paid_at", ">=", period.from)
    .where("paid_at", "<", period.before)
    .executeTakeFirstOrThrow();
  return {
    completedOrders: orders.count,
    revenueCents: Number(orders.revenue),
    platformFeeCents: Number(orders.fee),
    caregiverEarningsCents: Number(orders.earnings),
    paidOutCents: Number(paid.paid),
  };
}

export interface SettlementRow {
  caregiverId: string;
  name: string;
  orders: number;
  hours: number;
  earningsCents: number;
  /** Of the earnings, what is still to be paid (pending payouts). */
  unpaidCents: number;
}

/** Each helper's completed orders in the period: count, hours, earnings; the biggest earner first. */
export async function listSettlement(db: Executor, period: Period, limit = 200): Promise<SettlementRow[]> {
  // Summed per helper id first, from the completed orders' covering index (migration 0011); the
  // names are read only for the helpers shown. WITH TIES keeps everyone level with the last one
  // shown, so the order by name among equal earnings is the same as over all helpers.
  const perHelper = db
    .selectFrom("orders as o")
    .leftJoin("payouts as po", (join) => join.onRef("po.order_id", "=", "o.id").on("po.status", "=", "pending"))
    .select([
      "o.caregiver_id",
      sql<number>`count(*)::int`.as("orders"),
      sql<number>`coalesce(sum(o.duration_hours), 0)::int`.as("hours"),
      sum("o.caregiver_earnings_cents").as("earnings"),
      sum("po.amount_cents").as("unpaid"),
    ])
    .where("o.status", "=", "completed")
    .where("o.completed_at", ">=", period.from)
    .where("o.completed_at", "<", period.before)
    .where("o.caregiver_id", "is not", null)
    .groupBy("o.caregiver_id")
    .orderBy(sql`sum(o.caregiver_earnings_cents)`, "desc")
    .fetch(limit, "with ties");
  const rows = await db
    .selectFrom(perHelper.as("s"))
    .innerJoin("caregivers as cg", "cg.id", "s.caregiver_id")
    .innerJoin("profiles as gp", "gp.id", "cg.profile_id")
    .select(["cg.id", "gp.full_name", "gp.email", "s.orders", "s.hours", "s.earnings", "s.unpaid"])
    .orderBy("s.earnings", "desc")
    .orderBy("gp.full_name")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    caregiverId: row.id,
    name: row.full_name || row.email,
    orders: row.orders,
    hours: row.hours,
    earningsCents: Number(row.earnings),
    unpaidCents: Number(row.unpaid),
  }));
}

export interface PendingPayoutRow {
  id: string;
  caregiverName: string;
  orderNumber: string;
  amountCents: number;
  completedAt: Date | null;
  createdAt: Date;
}

/** Payouts not yet paid, oldest first (the ones waiting longest are paid first). */
export async function listPendingPayouts(db: Executor, limit = 200): Promise<PendingPayoutRow[]> {
  const rows = await db
    .selectFrom("payouts as po")
    .innerJoin("orders as o", "o.id", "po.order_id")
    .innerJoin("caregivers as cg", "cg.id", "po.caregiver_id")
    .innerJoin("profiles as gp", "gp.id", "cg.profile_id")
    .select(["po.id", "gp.full_name", "gp.email", "o.order_number", "po.amount_cents", "o.completed_at", "po.created_at"])
    .where("po.status", "=", "pending")
    .orderBy("po.created_at")
    .orderBy("po.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    caregiverName: row.full_name || row.email,
    orderNumber: row.order_number,
    amountCents: row.amount_cents,
    completedAt: row.completed_at,
    createdAt: row.created_at,
  }));
}

/** How many pending payouts `which` names and what they add up to: what the confirm step states. */
export async function summarizePendingPayouts(
  db: Executor,
  which: { ids: string[] } | { createdBefore: Date },
): Promise<{ count: number; amountCents: number; caregiverName: string | null; orderNumber: string | null }> {
  let query = db
    .selectFrom("payouts as po")
    .innerJoin("orders as o", "o.id", "po.order_id")
    .innerJoin("caregivers as cg", "cg.id", "po.caregiver_id")
    .innerJoin("profiles as gp", "gp.id", "cg.profile_id")
    .select([
      sql<number>`count(*)::int`.as("count"),
      sum("po.amount_cents").as("amount"),
      sql<string | null>`min(coalesce(nullif(gp.full_name, ''), gp.email))`.as("caregiver_name"),
      sql<string | null>`min(o.order_number)`.as("order_number"),
    ])
    .where("po.status", "=", "pending");
  query = "ids" in which ? query.where("po.id", "in", which.ids.length ? which.ids : ["00000000-0000-0000-0000-000000000000"]) : query.where("po.created_at", "<", which.createdBefore);
  const row = await query.executeTakeFirstOrThrow();
  return { count: row.count, amountCents: Number(row.amount), caregiverName: row.caregiver_name, orderNumber: row.order_number };
}

/** An invoice's balance terms and whom it concerns, read without a lock for the confirm step. */
export async function findInvoiceForPayment(
  db: Executor,
  invoiceId: string,
): Promise<{ invoiceNumber: number; orderNumber: string; customerName: string; status: "open" | "paid" | "cancelled"; amountCents: number; paidCents: number; creditedCents: number } | null> {
  const row = await db
    .selectFrom("invoices as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .innerJoin("customers as c", "c.id", "o.customer_id")
    .innerJoin("profiles as cp", "cp.id", "c.profile_id")
    .select(["i.invoice_number", "o.order_number", "cp.full_name", "cp.email", "i.status", "i.amount_cents", paidSoFar.as("paid"), creditedSoFar.as("credited")])
    .where("i.id", "=", invoiceId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    invoiceNumber: row.invoice_number,
    orderNumber: row.order_number,
    customerName: row.full_name || row.email,
    status: row.status,
    amountCents: row.amount_cents,
    paidCents: row.paid,
    creditedCents: row.credited,
  };
}

/**
 * Marks pending payouts paid: the given ones, or every one created before `createdBefore`.
 * Returns what changed (for the audit log); a payout paid already is left as it was.
 */
export async function markPayoutsPaid(
  trx: Executor,
  which: { ids: string[] } | { createdBefore: Date },
): Promise<Array<{ id: string; orderId: string; amountCents: number }>> {
  let query = trx.updateTable("payouts").set({ status: "paid", paid_at: sql`now()` }).where("status", "=", "pending");
  query = "ids" in which ? query.where("id", "in", which.ids.length ? which.ids : ["00000000-0000-0000-0000-000000000000"]) : query.where("created_at", "<", which.createdBefore);
  const rows = await query.returning(["id", "order_id", "amount_cents"]).execute();
  return rows.map((row) => ({ id: row.id, orderId: row.order_id, amountCents: row.amount_cents }));
}

export interface OpenInvoiceRow {
  invoiceId: string;
  invoiceNumber: number;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  amountCents: number;
  /** What the recorded (partial) payments add up to; below the amount while the invoice is open. */
  paidCents: number;
  /** What the credit notes took off (a late cancellation credits all but the fee). */
  creditedCents: number;
  dueDate: string;
  overdue: boolean;
  reminderSentAt: Date | null;
}


/** Open invoices, the longest overdue first. */
export async function listOpenInvoices(db: Executor, today: string, limit = 200): Promise<OpenInvoiceRow[]> {
  const rows = await db
    .selectFrom("invoices as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .innerJoin("customers as c", "c.id", "o.customer_id")
    .innerJoin("profiles as cp", "cp.id", "c.profile_id")
    .select(["i.id", "i.invoice_number", "o.order_number", "cp.full_name", "cp.email", "i.amount_cents", "i.due_date", "i.reminder_sent_at", paidSoFar.as("paid"), creditedSoFar.as("credited")])
    .where("i.status", "=", "open")
    .orderBy("i.due_date")
    .orderBy("i.invoice_number")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    invoiceId: row.id,
    invoiceNumber: row.invoice_number,
    orderNumber: row.order_number,
    customerName: row.full_name || row.email,
    customerEmail: row.email,
    amountCents: row.amount_cents,
    paidCents: row.paid,
    creditedCents: row.credited,
    dueDate: row.due_date,
    // Only what is still owed can be late: a fully credited or paid-off invoice never is.
    overdue: row.due_date < today && openBalanceCents({ amountCents: row.amount_cents, creditedCents: row.credited, paidCents: row.paid }) > 0,
    reminderSentAt: row.reminder_sent_at,
  }));
}

export interface InvoiceToPay {
  id: string;
  orderId: string;
  invoiceNumber: number;
  amountCents: number;
  status: "open" | "paid" | "cancelled";
  paidCents: number;
  creditedCents: number;
}

/** The invoice locked for recording a payment against it (so two payments never both fit the rest). */
export async function lockInvoiceToPay(trx: Executor, invoiceId: string): Promise<InvoiceToPay | null> {
  const invoice = await trx
    .selectFrom("invoices")
    .select(["id", "order_id", "invoice_number", "amount_cents", "status"])
    .where("id", "=", invoiceId)
    .forUpdate()
    .executeTakeFirst();
  if (!invoice) return null;
  const { paidCents, creditedCents } = await sumInvoiceDeductions(trx, invoiceId);
  return {
    id: invoice.id,
    orderId: invoice.order_id,
    invoiceNumber: invoice.invoice_number,
    amountCents: invoice.amount_cents,
    status: invoice.status,
    paidCents,
    creditedCents,
  };
}

export async function insertInvoicePayment(
  trx: Executor,
  payment: { invoiceId: string; amountCents: number; paidOn: string; recordedBy: string },
): Promise<void> {
  await trx
    .insertInto("invoice_payments")
    .values({ invoice_id: payment.invoiceId, amount_cents: payment.amountCents, paid_on: payment.paidOn, recorded_by: payment.recordedBy })
    .execute();
}

export interface InvoicePaymentRow {
  id: string;
  amountCents: number;
  paidOn: string;
  recordedByName: string | null;
}

/** The payments recorded against an invoice, in the order they were paid. */
export async function listInvoicePayments(db: Executor, invoiceId: string): Promise<InvoicePaymentRow[]> {
  const rows = await db
    .selectFrom("invoice_payments as ip")
    .leftJoin("profiles as p", "p.id", "ip.recorded_by")
    .select(["ip.id", "ip.amount_cents", "ip.paid_on", "p.full_name", "p.email"])
    .where("ip.invoice_id", "=", invoiceId)
    .orderBy("ip.paid_on")
    .orderBy("ip.created_at")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    amountCents: row.amount_cents,
    paidOn: row.paid_on,
    recordedByName: row.full_name || row.email || null,
  }));
}

/** An open invoice marked paid on the given day (its payments reached its amount). */
export async function markInvoicePaid(trx: Executor, invoiceId: string, paidOn: Date): Promise<void> {
  await trx.updateTable("invoices").set({ status: "paid", paid_at: paidOn }).where("id", "=", invoiceId).where("status", "=", "open").execute();
}

export interface InvoiceToRemind {
  id: string;
  orderId: string;
  orderNumber: string;
  invoiceNumber: number;
  referenceNumber: string;
  dueDate: string;
  amountCents: number;
  paidCents: number;
  creditedCents: number;
  /** The credit note's number when the invoice was credited (in part), for the reminder's words. */
  creditNoteNumber: number | null;
  status: "open" | "paid" | "cancelled";
  reminderSentAt: Date | null;
  customerName: string;
  customerEmail: string;
}

/** The invoice locked for sending its reminder, with its customer and what was paid of it. */
export async function lockInvoiceToRemind(trx: Executor, invoiceId: string): Promise<InvoiceToRemind | null> {
  const invoice = await trx
    .selectFrom("invoices")
    .select(["id", "order_id", "invoice_number", "reference_number", "due_date", "amount_cents", "status", "reminder_sent_at"])
    .where("id", "=", invoiceId)
    .forUpdate()
    .executeTakeFirst();
  if (!invoice) return null;
  const order = await trx
    .selectFrom("orders as o")
    .innerJoin("customers as c", "c.id", "o.customer_id")
    .innerJoin("profiles as cp", "cp.id", "c.profile_id")
    .select(["o.order_number", "cp.full_name", "cp.email"])
    .where("o.id", "=", invoice.order_id)
    .executeTakeFirstOrThrow();
  const { paidCents, creditedCents, creditNoteNumber } = await sumInvoiceDeductions(trx, invoiceId);
  return {
    id: invoice.id,
    orderId: invoice.order_id,
    orderNumber: order.order_number,
    invoiceNumber: invoice.invoice_number,
    referenceNumber: invoice.reference_number,
    dueDate: invoice.due_date,
    amountCents: invoice.amount_cents,
    paidCents,
    creditedCents,
    creditNoteNumber,
    status: invoice.status,
    reminderSentAt: invoice.reminder_sent_at,
    customerName: order.full_name,
    customerEmail: order.email,
  };
}

export async function markReminderSent(trx: Executor, invoiceId: string, at: Date): Promise<void> {
  await trx.updateTable("invoices").set({ reminder_sent_at: at }).where("id", "=", invoiceId).execute();
}

/** What has been paid of an invoice so far and what its credit notes took off, in cents. */
export async function sumInvoiceDeductions(
  db: Executor,
  invoiceId: string,
): Promise<{ paidCents: number; creditedCents: number; creditNoteNumber: number | null }> {
  const row = await db
    .selectFrom("invoices as i")
    .select([
      paidSoFar.as("paid"),
      creditedSoFar.as("credited"),
      sql<number | null>`(select max(cn.credit_note_number) from credit_notes cn where cn.invoice_id = i.id)`.as("credit_note_number"),
    ])
    .where("i.id", "=", invoiceId)
    .executeTakeFirstOrThrow();
  return { paidCents: row.paid, creditedCents: row.credited, creditNoteNumber: row.credit_note_number };
}

// ---------------------------------------------------------------- the lists of 001 §2

export interface PaymentTransactionRow {
  id: string;
  amountCents: number;
  status: PaymentStatus;
  provider: PaymentProviderName;
  method: PaymentMethodName | null;
  refundedCents: number | null;
  orderNumber: string;
  customerName: string;
  createdAt: Date;
  cursor: Cursor;
}

export interface PaymentListFilter {
  status?: PaymentStatus;
  /** 'invoice' also matches the invoice provider's rows, whose method may be unset. */
  method?: PaymentMethodName;
}

/** Payment transactions newest first, a keyset page at a time (one row more than `limit`, for keysetPage). */
export async function listPaymentTransactions(db: Executor, filter: PaymentListFilter, page: PageDirection, limit: number): Promise<PaymentTransactionRow[]> {
  const backwards = page !== null && "before" in page;
  let query = db
    .selectFrom("payments as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .innerJoin("customers as c", "c.id", "p.customer_id")
    .innerJoin("profiles as cp", "cp.id", "c.profile_id")
    .select(["p.id", "p.amount_cents", "p.status", "p.provider", "p.method", "p.refunded_cents", "o.order_number", "cp.full_name", "cp.email", "p.created_at", epochMicros("p.created_at").as("micros")]);
  if (filter.status) query = query.where("p.status", "=", filter.status);
  if (filter.method === "invoice") query = query.where((eb) => eb.or([eb("p.method", "=", "invoice"), eb("p.provider", "=", "invoice")]));
  else if (filter.method) query = query.where("p.method", "=", filter.method);
  if (page) query = query.where(afterCursor("p.created_at", "p.id", "after" in page ? page.after : page.before, backwards));
  const rows = await query
    .orderBy("p.created_at", backwards ? "asc" : "desc")
    .orderBy("p.id", backwards ? "asc" : "desc")
    .limit(limit + 1)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    amountCents: row.amount_cents,
    status: row.status,
    provider: row.provider,
    method: row.method,
    refundedCents: row.refunded_cents,
    orderNumber: row.order_number,
    customerName: row.full_name || row.email,
    createdAt: row.created_at,
    cursor: { micros: Number(row.micros), id: row.id },
  }));
}

export interface PayoutRow {
  id: string;
  caregiverName: string;
  orderNumber: string;
  amountCents: number;
  status: PayoutStatus;
  paidAt: Date | null;
  createdAt: Date;
  cursor: Cursor;
}

/** Payouts, paid ones included, newest first, a keyset page at a time (one row more than `limit`). */
export async function listPayouts(db: Executor, filter: { status?: PayoutStatus }, page: PageDirection, limit: number): Promise<PayoutRow[]> {
  const backwards = page !== null && "before" in page;
  let query = db
    .selectFrom("payouts as po")
    .innerJoin("orders as o", "o.id", "po.order_id")
    .innerJoin("caregivers as cg", "cg.id", "po.caregiver_id")
    .innerJoin("profiles as gp", "gp.id", "cg.profile_id")
    .select(["po.id", "gp.full_name", "gp.email", "o.order_number", "po.amount_cents", "po.status", "po.paid_at", "po.created_at", epochMicros("po.created_at").as("micros")]);
  if (filter.status) query = query.where("po.status", "=", filter.status);
  if (page) query = query.where(afterCursor("po.created_at", "po.id", "after" in page ? page.after : page.before, backwards));
  const rows = await query
    .orderBy("po.created_at", backwards ? "asc" : "desc")
    .orderBy("po.id", backwards ? "asc" : "desc")
    .limit(limit + 1)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    caregiverName: row.full_name || row.email,
    orderNumber: row.order_number,
    amountCents: row.amount_cents,
    status: row.status,
    paidAt: row.paid_at,
    createdAt: row.created_at,
    cursor: { micros: Number(row.micros), id: row.id },
  }));
}
