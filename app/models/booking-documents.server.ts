import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { BookingDocument, InvoiceRow } from "../domain/booking-document";
import { ordersWithParties, orderVisitColumns, toOrderVisit } from "./order-views.server";

// Everything the documents about one booking need (the confirmation e-mail, its calendar file,
// the invoice and its PDF), read in one place, and the invoices table itself.

export type { BookingDocument, InvoiceRow } from "../domain/booking-document";

export async function getBookingDocument(executor: Executor, orderId: string): Promise<BookingDocument | null> {
  const row = await ordersWithParties(executor)
    .leftJoin("discount_codes as dc", "dc.id", "o.discount_code_id")
    .select([
      "o.id",
      "o.order_number",
      "o.status",
      "o.booking_for",
      "o.recipient_first_name",
      "o.recipient_last_name",
      "o.recipient_phone",
      "o.recipient_email",
      "o.sms_reminder",
      "o.sms_phone",
      ...orderVisitColumns,
      "o.scheduled_date",
      "o.visit_sequence",
      "o.payment_method",
      "o.unit_price_cents",
      "o.vat_rate_bp",
      "o.original_price_cents",
      "o.discount_cents",
      "o.total_price_cents",
      "o.net_amount_cents",
      "o.vat_amount_cents",
      "o.created_at",
      "sc.name as service_name",
      "gp.full_name as caregiver_name",
      "dc.code as discount_code",
      "cp.id as profile_id",
      "cp.email",
      "cp.full_name",
      // The order's own phone (booked for oneself), so the helper's e-mail and the documents show
      // what the visit was booked with; orders from before contact_phone have the profile's.
      sql<string | null>`coalesce(o.contact_phone, cp.phone)`.as("phone"),
      sql<boolean>`cp.password_hash is not null`.as("has_password"),
      "c.address as customer_address",
      "c.postal_code as customer_postal_code",
      "c.city as customer_city",
      "o.payer_name",
      "o.payer_phone",
      "o.payer_address",
      "o.payer_postal_code",
      "o.payer_city",
    ])
    .where("o.id", "=", orderId)
    .executeTakeFirst();
  if (!row) return null;

  // One after the other: inside a transaction both would queue on its one connection anyway.
  const payment = await executor
    .selectFrom("payments")
    .select(["provider", "method", "status"])
    .where("order_id", "=", orderId)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  const invoice = await findInvoiceByOrderId(executor, orderId);

  return {
    order: {
      id: row.id,
      orderNumber: row.order_number,
      status: row.status,
      bookingFor: row.booking_for,
      recipientFirstName: row.recipient_first_name,
      recipientLastName: row.recipient_last_name,
      recipientPhone: row.recipient_phone,
      recipientEmail: row.recipient_email,
      smsReminder: row.sms_reminder,
      smsPhone: row.sms_phone,
      ...toOrderVisit(row),
      scheduledDate: row.scheduled_date,
      visitSequence: row.visit_sequence,
      paymentMethod: row.payment_method,
      unitPriceCents: row.unit_price_cents,
      vatRateBp: row.vat_rate_bp,
      originalPriceCents: row.original_price_cents,
      discountCents: row.discount_cents,
      totalPriceCents: row.total_price_cents,
      netAmountCents: row.net_amount_cents,
      vatAmountCents: row.vat_amount_cents,
      createdAt: row.created_at,
    },
    serviceName: row.service_name,
    caregiverName: row.caregiver_name || null,
    discountCode: row.discount_code ?? null,
    // A guest order on an existing account's address carries the payer as typed: documents show
    // that, never the account's stored name and address (DESIGN.md decision 15).
    customer:
      row.payer_name !== null
        ? {
            profileId: row.profile_id,
            email: row.email,
            fullName: row.payer_name,
            phone: row.payer_phone,
            hasPassword: row.has_password,
            address: row.payer_address,
            postalCode: row.payer_postal_code,
            city: row.payer_city,
            guestOnAccount: true,
          }
        : {
            profileId: row.profile_id,
            email: row.email,
            fullName: row.full_name,
            phone: row.phone,
            hasPassword: row.has_password,
            address: row.customer_address,
            postalCode: row.customer_postal_code,
            city: row.customer_city,
            guestOnAccount: false,
          },
    payment: payment ?? null,
    invoice,
  };
}

// ------------------------------------------------------------------ invoices

/** An invoices row as InvoiceRow, for both reading and inserting. */
export const INVOICE_COLUMNS = [
  "id",
  "invoice_number as invoiceNumber",
  "reference_number as referenceNumber",
  "issue_date as issueDate",
  "due_date as dueDate",
  "amount_cents as amountCents",
] as const;

export async function findInvoiceByOrderId(executor: Executor, orderId: string): Promise<InvoiceRow | null> {
  const row = await executor
    .selectFrom("invoices")
    .select(INVOICE_COLUMNS)
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return row ?? null;
}

/** The next invoice number from the same sequence the column's default draws from. */
export async function nextInvoiceNumber(executor: Executor): Promise<number> {
  const row = await sql<{ n: number }>`select nextval('invoice_number_seq')::int as n`.execute(executor);
  const n = row.rows[0]?.n;
  if (typeof n !== "number") throw new Error("invoice_number_seq returned no value");
  return n;
}

export async function insertInvoice(
  executor: Executor,
  invoice: { orderId: string; invoiceNumber: number; referenceNumber: string; issueDate: string; dueDate: string; amountCents: number },
): Promise<InvoiceRow> {
  const row = await executor
    .insertInto("invoices")
    .values({
      order_id: invoice.orderId,
      invoice_number: invoice.invoiceNumber,
      reference_number: invoice.referenceNumber,
      issue_date: invoice.issueDate,
      due_date: invoice.dueDate,
      amount_cents: invoice.amountCents,
    })
    .returning(INVOICE_COLUMNS)
    .executeTakeFirstOrThrow();
  return row;
}

export async function orderTotalCents(executor: Executor, orderId: string): Promise<number | null> {
  const row = await executor.selectFrom("orders").select("total_price_cents").where("id", "=", orderId).executeTakeFirst();
  return row?.total_price_cents ?? null;
}

/** Who may download an order's invoice: the customer's profile id and the order number. */
export async function findInvoiceOwnerByOrderNumber(
  executor: Executor,
  orderNumber: string,
): Promise<{ orderId: string; profileId: string; invoiceNumber: number } | null> {
  const row = await orderOwners(executor, orderNumber)
    .innerJoin("invoices", "invoices.order_id", "orders.id")
    .select("invoices.invoice_number as invoiceNumber")
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Who may download a document of an order that need not have an invoice of its own (the credit
 * note of a series visit's line on a monthly invoice, decision 0044): the customer's profile id.
 */
export async function findOrderOwnerByOrderNumber(executor: Executor, orderNumber: string): Promise<{ orderId: string; profileId: string } | null> {
  return (await orderOwners(executor, orderNumber).executeTakeFirst()) ?? null;
}

function orderOwners(executor: Executor, orderNumber: string) {
  return executor
    .selectFrom("orders")
    .innerJoin("customers", "customers.id", "orders.customer_id")
    .select(["orders.id as orderId", "customers.profile_id as profileId"])
    .where("orders.order_number", "=", orderNumber);
}
