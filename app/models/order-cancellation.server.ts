import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { OrderStatus, PaymentProviderName, PaymentStatus } from "../db/schema";
import { isUuid } from "../domain/uuid";
import { ordersWithParties } from "./order-views.server";

// What cancelling an order reads and writes (DESIGN.md decision 16): the order with its people,
// its online payment and invoice, the cancellation itself and the credit note of an invoice.

export interface OrderToCancel {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  serviceName: string;
  startsAt: Date;
  endsAt: Date;
  city: string;
  paymentMethod: "online" | "invoice";
  unitPriceCents: number;
  totalPriceCents: number;
  /** Set once the order is cancelled. */
  cancellationFeeCents: number | null;
  customer: { profileId: string; email: string; fullName: string };
  caregiver: { email: string; fullName: string } | null;
}

const columns = [
  "o.id",
  "o.order_number",
  "o.status",
  "sc.name as service_name",
  "o.starts_at",
  "o.ends_at",
  "o.city",
  "o.payment_method",
  "o.unit_price_cents",
  "o.total_price_cents",
  "o.cancellation_fee_cents",
  "cp.id as customer_profile_id",
  "cp.email as customer_email",
  "cp.full_name as customer_name",
  "gp.email as caregiver_email",
  "gp.full_name as caregiver_name",
] as const;

type Row = {
  id: string;
  order_number: string;
  status: OrderStatus;
  service_name: string;
  starts_at: Date;
  ends_at: Date;
  city: string;
  payment_method: "online" | "invoice";
  unit_price_cents: number;
  total_price_cents: number;
  cancellation_fee_cents: number | null;
  customer_profile_id: string;
  customer_email: string;
  customer_name: string | null;
  caregiver_email: string | null;
  caregiver_name: string | null;
};

function toOrderToCancel(row: Row): OrderToCancel {
  return {
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    serviceName: row.service_name,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    city: row.city,
    paymentMethod: row.payment_method,
    unitPriceCents: row.unit_price_cents,
    totalPriceCents: row.total_price_cents,
    cancellationFeeCents: row.cancellation_fee_cents,
    customer: { profileId: row.customer_profile_id, email: row.customer_email, fullName: row.customer_name ?? "" },
    caregiver: row.caregiver_email ? { email: row.caregiver_email, fullName: row.caregiver_name ?? "" } : null,
  };
}

/** The order for the confirmation page (no lock). */
export async function findOrderToCancel(executor: Executor, orderId: string): Promise<OrderToCancel | null> {
  if (!isUuid(orderId)) return null;
  const row = await ordersWithParties(executor).select(columns).where("o.id", "=", orderId).executeTakeFirst();
  return row ? toOrderToCancel(row) : null;
}

/** The same inside the cancelling transaction, with the order row locked against a parallel change. */
export async function lockOrderToCancel(trx: Executor, orderId: string): Promise<OrderToCancel | null> {
  if (!isUuid(orderId)) return null;
  const row = await ordersWithParties(trx).select(columns).where("o.id", "=", orderId).forUpdate("o").executeTakeFirst();
  return row ? toOrderToCancel(row) : null;
}

/** Cancels the order: its helper's time is free again at once (the exclusion constraint skips cancelled orders). */
export async function markOrderCancelled(trx: Executor, orderId: string, feeCents: number) {
  await trx
    .updateTable("orders")
    .set({ status: "cancelled", cancelled_at: sql`now()`, cancellation_fee_cents: feeCents, updated_at: sql`now()` })
    .where("id", "=", orderId)
    .execute();
}

export interface OrderPaymentToRefund {
  id: string;
  status: PaymentStatus;
  provider: PaymentProviderName;
  amountCents: number;
  /** Given back before the cancellation (a rescheduled visit's lower price, migration 0014). */
  refundedCents: number;
}

/** The order's online payment (the newest one), if it has one. */
export async function findOnlinePaymentOfOrderId(executor: Executor, orderId: string): Promise<OrderPaymentToRefund | null> {
  const row = await executor
    .selectFrom("payments")
    .select(["id", "status", "provider", "amount_cents as amountCents", "refunded_cents"])
    .where("order_id", "=", orderId)
    .where("provider", "<>", "invoice")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, status: row.status, provider: row.provider, amountCents: row.amountCents, refundedCents: row.refunded_cents ?? 0 } : null;
}

/** A payment that will never be paid now (a checkout left open on a cancelled order). */
export async function markPendingPaymentFailed(trx: Executor, paymentId: string) {
  await trx
    .updateTable("payments")
    .set({ status: "failed", updated_at: sql`now()` })
    .where("id", "=", paymentId)
    .where("status", "in", ["pending", "authorized"])
    .execute();
}

export interface CreditNoteRow {
  id: string;
  creditNoteNumber: number;
  /** The invoice credited: the order's own, or the monthly invoice the visit's line is on. */
  invoiceNumber: number;
  issueDate: string;
  amountCents: number;
  /**
   * Set when the note credits one visit's line of a series' monthly invoice (decision 0044): the
   * line's amount and VAT rate, since the rest of that invoice stays to be paid.
   */
  monthlyLine: { amountCents: number; vatRateBp: number } | null;
}

/** Which credit note: an order's (of its invoice or of its monthly invoice line), an invoice's or a line's. */
type CreditNoteKey = { orderId: string } | { invoiceId: string } | { seriesInvoiceLineId: string };

/**
 * Credits an invoice by `amountCents` with a credit note numbered in its own series; the invoice
 * is closed ('cancelled') when nothing is left to pay. One credit note per invoice: a second call
 * returns the first.
 */
export async function creditInvoice(
  trx: Executor,
  input: { invoiceId: string; amountCents: number; issueDate: string; closesInvoice: boolean },
): Promise<CreditNoteRow> {
  const note = await insertCreditNote(trx, { invoiceId: input.invoiceId }, input);
  if (input.closesInvoice) {
    await trx.updateTable("invoices").set({ status: "cancelled" }).where("id", "=", input.invoiceId).where("status", "=", "open").execute();
  }
  return note;
}

/**
 * The credit note of a single invoice or of a monthly invoice's line, numbered from
 * credit_note_number_seq (the column's default) like every credit note, so the two kinds never
 * share a number. One per invoice or line: a second call returns the first.
 */
export async function insertCreditNote(
  trx: Executor,
  credited: { invoiceId: string } | { seriesInvoiceLineId: string },
  input: { amountCents: number; issueDate: string },
): Promise<CreditNoteRow> {
  const byInvoice = "invoiceId" in credited;
  await trx
    .insertInto("credit_notes")
    .values({
      invoice_id: byInvoice ? credited.invoiceId : null,
      series_invoice_line_id: byInvoice ? null : credited.seriesInvoiceLineId,
      issue_date: input.issueDate,
      amount_cents: input.amountCents,
    })
    .onConflict((oc) => oc.column(byInvoice ? "invoice_id" : "series_invoice_line_id").doNothing())
    .execute();
  const note = await findCreditNoteOfOrder(trx, credited);
  if (!note) throw new Error(`insertCreditNote: no credit note for ${JSON.stringify(credited)}`);
  return note;
}

export async function findCreditNoteOfOrder(executor: Executor, by: CreditNoteKey): Promise<CreditNoteRow | null> {
  let query = executor
    .selectFrom("credit_notes as cn")
    .leftJoin("invoices as i", "i.id", "cn.invoice_id")
    .leftJoin("series_invoice_lines as l", "l.id", "cn.series_invoice_line_id")
    .leftJoin("series_invoices as si", "si.id", "l.series_invoice_id")
    .select([
      "cn.id",
      "cn.credit_note_number as creditNoteNumber",
      sql<number>`coalesce(i.invoice_number, si.invoice_number)`.as("invoiceNumber"),
      "cn.issue_date as issueDate",
      "cn.amount_cents as amountCents",
      "l.amount_cents as lineAmountCents",
      "l.vat_rate_bp as lineVatRateBp",
    ]);
  if ("orderId" in by) {
    // An order has one invoice of its own or one monthly invoice line, so each side is one row at
    // most: compared as scalars, both unique indexes of credit_notes can answer.
    query = query.where((eb) =>
      eb.or([
        eb("cn.invoice_id", "=", eb.selectFrom("invoices").select("id").where("order_id", "=", by.orderId).limit(1)),
        eb("cn.series_invoice_line_id", "=", eb.selectFrom("series_invoice_lines").select("id").where("order_id", "=", by.orderId)),
      ]),
    );
  } else if ("invoiceId" in by) {
    query = query.where("cn.invoice_id", "=", by.invoiceId);
  } else {
    query = query.where("cn.series_invoice_line_id", "=", by.seriesInvoiceLineId);
  }
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const { lineAmountCents, lineVatRateBp, ...note } = row;
  return { ...note, monthlyLine: lineAmountCents !== null && lineVatRateBp !== null ? { amountCents: lineAmountCents, vatRateBp: lineVatRateBp } : null };
}
