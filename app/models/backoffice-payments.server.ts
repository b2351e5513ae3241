import { sql } from "kysely";
import type { Executor } from "../db.server";

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
  dueDate: string;
  overdue: boolean;
  reminderSentAt: Date | null;
}

const paidSoFar = sql<number>`(select coalesce(sum(ip.amount_cents), 0)::int from invoice_payments ip where ip.invoice_id = i.id)`;

/** Open invoices, the longest overdue first. */
export async function listOpenInvoices(db: Executor, today: string, limit = 200): Promise<OpenInvoiceRow[]> {
  const rows = await db
    .selectFrom("invoices as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .innerJoin("customers as c", "c.id", "o.customer_id")
    .innerJoin("profiles as cp", "cp.id", "c.profile_id")
    .select(["i.id", "i.invoice_number", "o.order_number", "cp.full_name", "cp.email", "i.amount_cents", "i.due_date", "i.reminder_sent_at", paidSoFar.as("paid")])
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
    dueDate: row.due_date,
    overdue: row.due_date < today,
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
  const paidCents = await sumInvoicePayments(trx, invoiceId);
  return {
    id: invoice.id,
    orderId: invoice.order_id,
    invoiceNumber: invoice.invoice_number,
    amountCents: invoice.amount_cents,
    status: invoice.status,
    paidCents,
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
  const paidCents = await sumInvoicePayments(trx, invoiceId);
  return {
    id: invoice.id,
    orderId: invoice.order_id,
    orderNumber: order.order_number,
    invoiceNumber: invoice.invoice_number,
    referenceNumber: invoice.reference_number,
    dueDate: invoice.due_date,
    amountCents: invoice.amount_cents,
    paidCents,
    status: invoice.status,
    reminderSentAt: invoice.reminder_sent_at,
    customerName: order.full_name,
    customerEmail: order.email,
  };
}

export async function markReminderSent(trx: Executor, invoiceId: string, at: Date): Promise<void> {
  await trx.updateTable("invoices").set({ reminder_sent_at: at }).where("id", "=", invoiceId).execute();
}

/** What has been paid of an invoice so far, in cents. */
async function sumInvoicePayments(trx: Executor, invoiceId: string): Promise<number> {
  const row = await trx
    .selectFrom("invoice_payments")
    .select(sql<number>`coalesce(sum(amount_cents), 0)::int`.as("paid"))
    .where("invoice_id", "=", invoiceId)
    .executeTakeFirstOrThrow();
  return row.paid;
}
