import { getDb } from "~/db.server";
import { issueInvoice } from "~/services/invoices.server";
import { issueReceipt } from "~/services/receipts.server";
import { createTestOrder } from "./booking-fixtures";

/**
 * A customer's money history as an erasure archives it (decision 0034): a completed invoice order
 * of 10 March 2026 with its invoice paid, and a completed online order whose payment was captured
 * on 1 April 2026 with its receipt. Shared by the erasure's and the archive page's tests.
 */
export async function paidInvoiceAndReceipt(email: string, contactPhone?: string) {
  const db = await getDb();
  const invoiced = await createTestOrder({ email, paymentMethod: "invoice", status: "completed", caregiverId: true, startsAt: new Date("2026-03-10T10:00:00Z"), contactPhone });
  const invoice = await db.transaction().execute((trx) => issueInvoice(trx, invoiced.orderId, invoiced.totalPriceCents, new Date("2026-03-10T10:00:00Z")));
  await db.updateTable("invoices").set({ status: "paid", paid_at: new Date("2026-03-20T10:00:00Z") }).where("order_id", "=", invoiced.orderId).execute();
  const online = await createTestOrder({ email, paymentMethod: "online", status: "completed", caregiverId: invoiced.caregiverId!, startsAt: new Date("2026-04-10T10:00:00Z") });
  const capturedAt = new Date("2026-04-01T09:00:00Z");
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("payments").set({ status: "captured", captured_at: capturedAt }).where("id", "=", online.paymentId).execute();
    await issueReceipt(trx, online.paymentId, capturedAt);
  });
  return { invoiced, online, invoiceNumber: invoice.invoiceNumber };
}
