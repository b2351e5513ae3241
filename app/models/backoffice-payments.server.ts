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
  amountCents: number;
  dueDate: string;
  overdue: boolean;
}

/** Open invoices, the longest overdue first. */
export async function listOpenInvoices(db: Executor, today: string, limit = 200): Promise<OpenInvoiceRow[]> {
  const rows = await db
    .selectFrom("invoices as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .innerJoin("customers as c", "c.id", "o.customer_id")
    .innerJoin("profiles as cp", "cp.id", "c.profile_id")
    .select(["i.id", "i.invoice_number", "o.order_number", "cp.full_name", "cp.email", "i.amount_cents", "i.due_date"])
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
    amountCents: row.amount_cents,
    dueDate: row.due_date,
    overdue: row.due_date < today,
  }));
}

/** An open invoice marked paid on the given day; null when it is not open (paid or credited). */
export async function markInvoicePaid(trx: Executor, invoiceId: string, paidOn: Date): Promise<{ orderId: string; invoiceNumber: number } | null> {
  const row = await trx
    .updateTable("invoices")
    .set({ status: "paid", paid_at: paidOn })
    .where("id", "=", invoiceId)
    .where("status", "=", "open")
    .returning(["order_id", "invoice_number"])
    .executeTakeFirst();
  return row ? { orderId: row.order_id, invoiceNumber: row.invoice_number } : null;
}
