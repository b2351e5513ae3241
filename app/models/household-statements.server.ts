import { sql } from "kysely";
import type { Executor } from "../db.server";
import { helsinkiWallTimeToInstant } from "../domain/booking-window";
import type { OrderMoneyFacts } from "../domain/household-deduction";

// The SQL of the household-deduction statement (issue 29 item 1; docs/decisions/0028): a payer's
// orders with what their money did (app/domain/household-deduction.ts does the arithmetic), the
// versions handed out, and the 2 January e-mail's once-per-payer-and-year claim. A payer is a
// customers row: the account that booked and paid. Guest orders on the account's address count
// once the account holder has confirmed them (orders.claimed, DESIGN.md decision 15).

export interface StatementPayer {
  customerId: string;
  profileId: string;
  name: string;
  email: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
}

/** Where a visit was and for whom: the payer's own address, or a recipient's (DESIGN.md decision 14). */
export interface OrderPlace {
  orderNumber: string;
  address: string;
  postalCode: string;
  city: string;
  /** The recipient's name when the order was booked for someone else. */
  recipientName: string | null;
}

export async function findStatementPayer(executor: Executor, customerId: string): Promise<StatementPayer | null> {
  const row = await executor
    .selectFrom("customers as c")
    .innerJoin("profiles as p", "p.id", "c.profile_id")
    .select(["c.id", "p.id as profile_id", "p.full_name", "p.email", "c.address", "c.postal_code", "c.city"])
    .where("c.id", "=", customerId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    customerId: row.id,
    profileId: row.profile_id,
    name: row.full_name || row.email,
    email: row.email,
    address: row.address,
    postalCode: row.postal_code,
    city: row.city,
  };
}

/** Every order of the payer with its money: the online payment, its refunds, its invoices with their payments and credit notes. */
export async function listOrderMoney(executor: Executor, customerId: string): Promise<{ facts: OrderMoneyFacts[]; places: OrderPlace[] }> {
  const orders = await executor
    .selectFrom("orders as o")
    .leftJoin("payments as pay", (join) => join.onRef("pay.order_id", "=", "o.id").on("pay.provider", "in", ["local", "stripe"]))
    .select([
      "o.id",
      "o.order_number",
      "o.status",
      "o.scheduled_date",
      "o.vat_rate_bp",
      "o.address",
      "o.postal_code",
      "o.city",
      "o.booking_for",
      "o.recipient_first_name",
      "o.recipient_last_name",
      "pay.status as pay_status",
      "pay.amount_cents as pay_amount",
      "pay.captured_at as pay_captured_at",
      "pay.refunded_cents as pay_refunded_cents",
      "pay.refunded_at as pay_refunded_at",
    ])
    .where("o.customer_id", "=", customerId)
    .where("o.claimed", "=", true)
    .orderBy("o.starts_at")
    .orderBy("o.id")
    .execute();
  if (orders.length === 0) return { facts: [], places: [] };
  const orderIds = orders.map((order) => order.id);

  const [invoices, refunds, seriesLines] = await Promise.all([
    executor
      .selectFrom("invoices as i")
      .leftJoin("credit_notes as cn", "cn.invoice_id", "i.id")
      .select([
        "i.id",
        sql<string>`coalesce(i.order_id, i.replaced_order_id)`.as("order_id"),
        "i.invoice_number",
        "i.issue_date",
        "i.amount_cents",
        "i.status",
        "i.paid_at",
        "cn.credit_note_number",
        "cn.amount_cents as credit_cents",
        "cn.issue_date as credit_issue_date",
      ])
      .where((eb) => eb.or([eb("i.order_id", "in", orderIds), eb("i.replaced_order_id", "in", orderIds)]))
      .orderBy("i.invoice_number")
      .execute(),
    executor
      .selectFrom("order_reschedules")
      .select(["order_id", "refund_cents", "refunded_at"])
      .where("order_id", "in", orderIds)
      .where("refund_status", "=", "refunded")
      .where("refunded_at", "is not", null)
      .orderBy("refunded_at")
      .execute(),
    // A series visit's money is its line on the month's invoice (migration 0029): it has no invoice of its own.
    executor
      .selectFrom("series_invoice_lines as l")
      .innerJoin("series_invoices as si", "si.id", "l.series_invoice_id")
      .select(["l.order_id", "si.invoice_number", "si.issue_date", "l.amount_cents", "l.credited_cents", "si.status", "si.paid_at"])
      .where("l.order_id", "in", orderIds)
      .execute(),
  ]);
  const invoicePayments =
    invoices.length === 0
      ? []
      : await executor
          .selectFrom("invoice_payments")
          .select(["invoice_id", "amount_cents", sql<string>`to_char(paid_on, 'YYYY-MM-DD')`.as("paid_on")])
          .where(
            "invoice_id",
            "in",
            invoices.map((invoice) => invoice.id),
          )
          .orderBy("paid_on")
          .orderBy("created_at")
          .execute();

  const facts = orders.map((order): OrderMoneyFacts => ({
    orderNumber: order.order_number,
    cancelled: order.status === "cancelled",
    workDate: order.scheduled_date,
    vatRateBp: order.vat_rate_bp,
    online:
      order.pay_status && order.pay_amount !== null
        ? {
            status: order.pay_status,
            amountCents: order.pay_amount,
            capturedAt: order.pay_captured_at,
            refundedCents: order.pay_refunded_cents,
            refundedAt: order.pay_refunded_at,
            rescheduleRefunds: refunds
              .filter((refund) => refund.order_id === order.id && refund.refunded_at)
              .map((refund) => ({ cents: refund.refund_cents, at: refund.refunded_at as Date })),
          }
        : null,
    invoices: invoices
      .filter((invoice) => invoice.order_id === order.id)
      .map((invoice) => ({
        invoiceNumber: invoice.invoice_number,
        issueDate: invoice.issue_date,
        amountCents: invoice.amount_cents,
        status: invoice.status,
        paidAt: invoice.paid_at,
        payments: invoicePayments
          .filter((payment) => payment.invoice_id === invoice.id)
          .map((payment) => ({ amountCents: payment.amount_cents, paidOn: payment.paid_on })),
        credit:
          invoice.credit_note_number !== null && invoice.credit_cents !== null && invoice.credit_issue_date !== null
            ? { creditNoteNumber: invoice.credit_note_number, amountCents: invoice.credit_cents, issueDate: invoice.credit_issue_date }
            : null,
      }))
      .concat(
        seriesLines
          .filter((line) => line.order_id === order.id)
          .map((line) => ({
            invoiceNumber: line.invoice_number,
            issueDate: line.issue_date,
            // The line's share of the monthly invoice, paid when the invoice is; a line credited
            // after a cancellation is payable only for what is left of it (the fee).
            amountCents: line.amount_cents - line.credited_cents,
            status: line.status,
            paidAt: line.paid_at,
            payments: [],
            credit: null,
          })),
      ),
  }));
  const places = orders.map((order) => ({
    orderNumber: order.order_number,
    address: order.address,
    postalCode: order.postal_code,
    city: order.city,
    recipientName:
      order.booking_for === "other" ? [order.recipient_first_name, order.recipient_last_name].filter(Boolean).join(" ") || null : null,
  }));
  return { facts, places };
}

/**
 * Payers with money that may count in `year`: an online payment captured or refunded in it, or an
 * invoice paid in it (a payment, an invoice marked paid, a credit note). The arithmetic decides
 * what really counts; this only narrows who is looked at.
 */
export async function listPayersWithPaymentsIn(executor: Executor, year: number, afterCustomerId: string | null, limit: number): Promise<string[]> {
  const from = helsinkiWallTimeToInstant(`${year}-01-01`, 0);
  const to = helsinkiWallTimeToInstant(`${year + 1}-01-01`, 0);
  if (!from || !to) return [];
  const fromDate = `${year}-01-01`;
  const toDate = `${year}-12-31`;
  const rows = await sql<{ customer_id: string }>`
    select distinct o.customer_id
    from orders o
    where o.claimed
      and (${afterCustomerId}::uuid is null or o.customer_id > ${afterCustomerId}::uuid)
      -- An erased account has nobody to mail (decision 0034); its statements are in the archive.
      and not exists (select 1 from customers c join profiles erased on erased.id = c.profile_id
                      where c.id = o.customer_id and erased.deleted_at is not null)
      and (
        exists (select 1 from payments p where p.order_id = o.id and p.provider in ('local', 'stripe')
                and p.captured_at >= ${from} and p.captured_at < ${to})
        or exists (select 1 from invoices i join invoice_payments ip on ip.invoice_id = i.id
                   where (i.order_id = o.id or i.replaced_order_id = o.id) and ip.paid_on between ${fromDate}::date and ${toDate}::date)
        or exists (select 1 from invoices i where (i.order_id = o.id or i.replaced_order_id = o.id)
                   and i.paid_at >= ${from} and i.paid_at < ${to})
        or exists (select 1 from series_invoice_lines l join series_invoices si on si.id = l.series_invoice_id
                   where l.order_id = o.id and si.paid_at >= ${from} and si.paid_at < ${to})
      )
    order by o.customer_id
    limit ${limit}`.execute(executor);
  return rows.rows.map((row) => row.customer_id);
}

// ---------------------------------------------------------------- versions

export interface StatementVersion {
  id: string;
  version: number;
  dataSha256: string;
  createdAt: Date;
}

export async function latestStatementVersion(executor: Executor, customerId: string, year: number): Promise<StatementVersion | null> {
  const row = await executor
    .selectFrom("household_statements")
    .select(["id", "version", "data_sha256", "created_at"])
    .where("customer_id", "=", customerId)
    .where("year", "=", year)
    .orderBy("version", "desc")
    .executeTakeFirst();
  return row ? { id: row.id, version: row.version, dataSha256: row.data_sha256, createdAt: row.created_at } : null;
}

/**
 * Records `version` of the payer's statement of the year. Null when another request recorded that
 * version first (the unique key decides); the caller reads the latest again.
 */
export async function insertStatementVersion(
  executor: Executor,
  input: { customerId: string; year: number; version: number; dataSha256: string; createdAt: Date },
): Promise<StatementVersion | null> {
  const row = await executor
    .insertInto("household_statements")
    .values({ customer_id: input.customerId, year: input.year, version: input.version, data_sha256: input.dataSha256, created_at: input.createdAt })
    .onConflict((oc) => oc.columns(["customer_id", "year", "version"]).doNothing())
    .returning(["id", "version", "data_sha256", "created_at"])
    .executeTakeFirst();
  return row ? { id: row.id, version: row.version, dataSha256: row.data_sha256, createdAt: row.created_at } : null;
}

// ---------------------------------------------------------------- the 2 January e-mail

/** Takes the payer's e-mail of the year for this caller: true for exactly one caller, ever. */
export async function claimStatementMailing(executor: Executor, customerId: string, year: number): Promise<boolean> {
  const row = await executor
    .insertInto("household_statement_mailings")
    .values({ customer_id: customerId, year })
    .onConflict((oc) => oc.columns(["customer_id", "year"]).doNothing())
    .returning("customer_id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordStatementMailing(executor: Executor, input: { customerId: string; year: number; statementId: string; emailId: string }) {
  await executor
    .updateTable("household_statement_mailings")
    .set({ statement_id: input.statementId, email_id: input.emailId })
    .where("customer_id", "=", input.customerId)
    .where("year", "=", input.year)
    .execute();
}

/** The payers not yet mailed the statement of `year`, among `customerIds`. */
export async function unmailedPayers(executor: Executor, customerIds: string[], year: number): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const mailed = await executor
    .selectFrom("household_statement_mailings")
    .select("customer_id")
    .where("year", "=", year)
    .where("customer_id", "in", customerIds)
    .execute();
  const done = new Set(mailed.map((row) => row.customer_id));
  return customerIds.filter((id) => !done.has(id));
}
