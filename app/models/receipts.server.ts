import type { Executor } from "../db.server";

// Receipts of captured online payments (migration 0020; issue 28 item 5): one per payment, written
// in the transaction that marks the payment captured, with what was paid for as it was then.

export interface ReceiptRow {
  id: string;
  receiptNumber: number;
  paymentId: string;
  orderId: string;
  paidAt: Date;
  method: "card" | "mobilepay" | "klarna" | null;
  startsAt: Date;
  endsAt: Date;
  durationHours: number;
  unitPriceCents: number;
  originalPriceCents: number;
  discountCents: number;
  totalPriceCents: number;
  netAmountCents: number;
  vatAmountCents: number;
  vatRateBp: number;
}

const RECEIPT_COLUMNS = [
  "r.id",
  "r.receipt_number as receiptNumber",
  "r.payment_id as paymentId",
  "r.order_id as orderId",
  "r.paid_at as paidAt",
  "r.method",
  "r.starts_at as startsAt",
  "r.ends_at as endsAt",
  "r.duration_hours as durationHours",
  "r.unit_price_cents as unitPriceCents",
  "r.original_price_cents as originalPriceCents",
  "r.discount_cents as discountCents",
  "r.total_price_cents as totalPriceCents",
  "r.net_amount_cents as netAmountCents",
  "r.vat_amount_cents as vatAmountCents",
  "r.vat_rate_bp as vatRateBp",
] as const;

/**
 * Inside the caller's transaction, with the payment row locked: the payment's receipt, created
 * from the payment and its order unless it exists. The payment's amount is what the receipt says
 * was paid; the order's snapshot of the moment gives the rows. Looked up first so that a repeat
 * draws no number from the series (the unique payment_id is the backstop).
 */
export async function ensureReceiptOfPayment(trx: Executor, input: { paymentId: string; paidAt: Date }): Promise<ReceiptRow> {
  const existing = await findReceipt(trx, { paymentId: input.paymentId });
  if (existing) return existing;
  const source = await trx
    .selectFrom("payments as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .select([
      "p.order_id",
      "p.method",
      "p.amount_cents",
      "o.starts_at",
      "o.ends_at",
      "o.duration_hours",
      "o.unit_price_cents",
      "o.original_price_cents",
      "o.discount_cents",
      "o.total_price_cents",
      "o.net_amount_cents",
      "o.vat_amount_cents",
      "o.vat_rate_bp",
    ])
    .where("p.id", "=", input.paymentId)
    .executeTakeFirst();
  if (!source) throw new Error(`ensureReceiptOfPayment: payment ${input.paymentId} does not exist`);
  if (source.amount_cents !== source.total_price_cents) {
    throw new Error(`ensureReceiptOfPayment: payment ${input.paymentId} does not match its order's total`);
  }
  await trx
    .insertInto("receipts")
    .values({
      payment_id: input.paymentId,
      order_id: source.order_id,
      paid_at: input.paidAt,
      method: source.method === "card" || source.method === "mobilepay" || source.method === "klarna" ? source.method : null,
      starts_at: source.starts_at,
      ends_at: source.ends_at,
      duration_hours: source.duration_hours,
      unit_price_cents: source.unit_price_cents,
      original_price_cents: source.original_price_cents,
      discount_cents: source.discount_cents,
      total_price_cents: source.total_price_cents,
      net_amount_cents: source.net_amount_cents,
      vat_amount_cents: source.vat_amount_cents,
      vat_rate_bp: source.vat_rate_bp,
    })
    .execute();
  const created = await findReceipt(trx, { paymentId: input.paymentId });
  if (!created) throw new Error(`ensureReceiptOfPayment: receipt of ${input.paymentId} vanished`);
  return created;
}

/** A receipt by its payment, its number, or the newest of an order. */
export async function findReceipt(
  executor: Executor,
  by: { paymentId: string } | { receiptNumber: number } | { orderId: string },
): Promise<ReceiptRow | null> {
  let query = executor.selectFrom("receipts as r").select(RECEIPT_COLUMNS);
  if ("paymentId" in by) query = query.where("r.payment_id", "=", by.paymentId);
  else if ("receiptNumber" in by) query = query.where("r.receipt_number", "=", by.receiptNumber);
  else query = query.where("r.order_id", "=", by.orderId).orderBy("r.receipt_number", "desc");
  return (await query.executeTakeFirst()) ?? null;
}
