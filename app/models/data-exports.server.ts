import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { ExportRow } from "../domain/data-export";
import { consentRowsForExport } from "./consents.server";

// "Lataa tietoni" (issue 29 item 2; decision 0032): the requests (data_exports, migration 0023)
// and the rows of every table that refers to a person. What goes where is decided in
// app/domain/data-export.ts; tests/integration/data-export.test.ts checks it against the schema.

export interface DataExportRow {
  id: string;
  profileId: string;
  status: "pending" | "ready";
  objectKey: string | null;
  createdAt: Date;
  expiresAt: Date | null;
}

const exportColumns = ["id", "profile_id as profileId", "status", "object_key as objectKey", "created_at as createdAt", "expires_at as expiresAt"] as const;

/** A new pending request; null when the person already has one waiting. */
export async function insertDataExport(
  executor: Executor,
  input: { profileId: string; requestedBy: string; createdAt: Date },
): Promise<string | null> {
  const row = await executor
    .insertInto("data_exports")
    .values({ profile_id: input.profileId, requested_by: input.requestedBy, created_at: input.createdAt })
    .onConflict((oc) => oc.column("profile_id").where("status", "=", "pending").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Requests of a person made at or after `since` (ready, waiting or expired but not yet deleted). */
export async function countDataExportsSince(executor: Executor, profileId: string, since: Date): Promise<number> {
  const row = await executor
    .selectFrom("data_exports")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("profile_id", "=", profileId)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findDataExport(executor: Executor, id: string): Promise<DataExportRow | null> {
  return (await executor.selectFrom("data_exports").select(exportColumns).where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function findDataExportByTokenHash(executor: Executor, tokenHash: string): Promise<DataExportRow | null> {
  return (await executor.selectFrom("data_exports").select(exportColumns).where("token_hash", "=", tokenHash).executeTakeFirst()) ?? null;
}

/** Marks a waiting request ready with its ZIP and link: false when it was not waiting (another worker won). */
export async function markDataExportReady(
  executor: Executor,
  input: { id: string; tokenHash: string; objectKey: string; byteSize: number; readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const result = await executor
    .updateTable("data_exports")
    .set({
      status: "ready",
      token_hash: input.tokenHash,
      object_key: input.objectKey,
      byte_size: input.byteSize,
      ready_at: input.readyAt,
      expires_at: input.expiresAt,
    })
    .where("id", "=", input.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes requests whose link expired before `now`; returns the storage keys of their ZIPs. */
export async function deleteExpiredDataExports(executor: Executor, now: Date): Promise<string[]> {
  const rows = await executor.deleteFrom("data_exports").where("expires_at", "<", now).returning("object_key").execute();
  return rows.flatMap((row) => (row.object_key ? [row.object_key] : []));
}

/** A table's column names in order (the CSV headers of a table with no rows). */
export async function tableColumns(executor: Executor, table: string): Promise<string[]> {
  const result = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}
    order by ordinal_position`.execute(executor);
  return result.rows.map((row) => row.column_name);
}

export interface PersonalData {
  email: string;
  customerId: string | null;
  caregiverId: string | null;
  /** The orders this person paid for (their invoices, receipts and credit notes are theirs). */
  paidOrderIds: string[];
  tables: Record<string, ExportRow[]>;
}

/**
 * Every row that refers to the person, by table (app/domain/data-export.ts EXPORTED_REFERENCES),
 * secrets left out: the password hash, session ids and session contents. Null for no such person.
 */
export async function collectPersonalData(executor: Executor, profileId: string): Promise<PersonalData | null> {
  const profile = await executor
    .selectFrom("profiles")
    .select(["id", "email", "full_name", "phone", "user_type", "email_confirmed_at", "created_at", "updated_at", "last_active_at", "inactivity_warned_at"])
    .where("id", "=", profileId)
    .executeTakeFirst();
  if (!profile) return null;
  const customers = await executor.selectFrom("customers").selectAll().where("profile_id", "=", profileId).execute();
  const caregivers = await executor.selectFrom("caregivers").selectAll().where("profile_id", "=", profileId).execute();
  const customerId = customers[0]?.id ?? null;
  const caregiverId = caregivers[0]?.id ?? null;
  // A uuid that matches nothing stands in for a role the person does not have.
  const none = "00000000-0000-0000-0000-000000000000";
  const c = customerId ?? none;
  const g = caregiverId ?? none;

  const orders = await executor
    .selectFrom("orders")
    .selectAll()
    .where((eb) => eb.or([eb("customer_id", "=", c), eb("caregiver_id", "=", g), eb("accepted_caregiver_id", "=", g), eb("created_by", "=", profileId)]))
    .orderBy("created_at")
    .execute();
  const orderIds = orders.map((order) => order.id);
  const paidOrderIds = orders.filter((order) => order.customer_id === customerId).map((order) => order.id);
  const anyOrder = orderIds.length > 0 ? orderIds : [none];
  const paidOrders = paidOrderIds.length > 0 ? paidOrderIds : [none];

  const invoices = await executor
    .selectFrom("invoices")
    .selectAll()
    .where((eb) => eb.or([eb("order_id", "in", paidOrders), eb("replaced_order_id", "in", paidOrders)]))
    .orderBy("created_at")
    .execute();
  const invoiceIds = invoices.length > 0 ? invoices.map((invoice) => invoice.id) : [none];

  const tables: Record<string, ExportRow[]> = {
    profiles: [profile],
    user_roles: await executor.selectFrom("user_roles").selectAll().where("user_id", "=", profileId).execute(),
    sessions: await executor.selectFrom("sessions").select(["created_at", "expires_at", "user_agent", "ip"]).where("user_id", "=", profileId).orderBy("created_at").execute(),
    customers,
    caregivers,
    caregiver_services: await executor.selectFrom("caregiver_services").selectAll().where("caregiver_id", "=", g).execute(),
    caregiver_weekly_hours: await executor.selectFrom("caregiver_weekly_hours").selectAll().where("caregiver_id", "=", g).orderBy("weekday").orderBy("start_minute").execute(),
    caregiver_availability_exceptions: await executor
      .selectFrom("caregiver_availability_exceptions")
      .selectAll()
      .where("caregiver_id", "=", g)
      .orderBy("starts_on")
      .execute(),
    orders,
    // Weekly visits: the series' rule; the provider's saved-card references are not the person's to take.
    order_series: await executor
      .selectFrom("order_series")
      .select(["id", "customer_id", "created_by", "caregiver_id", "service_category_id", "interval_weeks", "start_hour", "duration_hours", "first_date", "end_kind", "end_count", "end_date", "payment_method", "status", "generated_until", "created_at", "updated_at"])
      .where((eb) => eb.or([eb("customer_id", "=", c), eb("caregiver_id", "=", g), eb("created_by", "=", profileId)]))
      .orderBy("created_at")
      .execute(),
    discount_redemptions: await executor.selectFrom("discount_redemptions").selectAll().where("profile_id", "=", profileId).execute(),
    payments: await executor.selectFrom("payments").selectAll().where("customer_id", "=", c).orderBy("created_at").execute(),
    payouts: await executor.selectFrom("payouts").selectAll().where("caregiver_id", "=", g).execute(),
    order_reschedules: await executor
      .selectFrom("order_reschedules")
      .selectAll()
      .where((eb) => eb.or([eb("order_id", "in", anyOrder), eb("actor_id", "=", profileId), eb("old_caregiver_id", "=", g), eb("new_caregiver_id", "=", g)]))
      .execute(),
    messages: await executor
      .selectFrom("messages")
      .selectAll()
      .where((eb) => eb.or([eb("order_id", "in", anyOrder), eb("sender_id", "=", profileId)]))
      .orderBy("created_at")
      .execute(),
    message_reads: await executor.selectFrom("message_reads").selectAll().where("profile_id", "=", profileId).execute(),
    notifications: await executor.selectFrom("notifications").selectAll().where("user_id", "=", profileId).orderBy("created_at").execute(),
    reviews: await executor
      .selectFrom("reviews")
      .selectAll()
      .where((eb) => eb.or([eb("customer_id", "=", c), eb("caregiver_id", "=", g)]))
      .execute(),
    saved_recipients: await executor.selectFrom("saved_recipients").selectAll().where("owner_id", "=", profileId).execute(),
    household_statements: await executor.selectFrom("household_statements").selectAll().where("customer_id", "=", c).orderBy("year").orderBy("version").execute(),
    household_statement_mailings: await executor.selectFrom("household_statement_mailings").selectAll().where("customer_id", "=", c).execute(),
    contact_requests: await executor.selectFrom("contact_requests").selectAll().where("profile_id", "=", profileId).orderBy("created_at").execute(),
    // The consent log: the person's own rows and those of guest bookings under their address or number.
    consents: await consentRowsForExport(executor, { profileId, email: profile.email, phone: profile.phone }),
    // A series' monthly invoices (decision 0039).
    series_invoices: await executor.selectFrom("series_invoices").selectAll().where("customer_id", "=", c).orderBy("created_at").execute(),
    invoices,
    invoice_payments: await executor.selectFrom("invoice_payments").selectAll().where("invoice_id", "in", invoiceIds).execute(),
    // Of the person's invoices, and of their visits' lines on monthly invoices (decision 0044).
    credit_notes: await executor
      .selectFrom("credit_notes")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb("invoice_id", "in", invoiceIds),
          eb("series_invoice_line_id", "in", eb.selectFrom("series_invoice_lines").select("id").where("order_id", "in", paidOrders)),
        ]),
      )
      .execute(),
    receipts: await executor.selectFrom("receipts").selectAll().where("order_id", "in", paidOrders).execute(),
    // The lines of a series' monthly invoices (decision 0039), a visit each.
    series_invoice_lines: await executor.selectFrom("series_invoice_lines").selectAll().where("order_id", "in", paidOrders).orderBy("created_at").execute(),
    // Mail sent to the address: what and when, not the bodies (their links may still work).
    emails: await executor
      .selectFrom("emails")
      .select(["subject", "status", "created_at", "sent_at"])
      .where("to_address", "=", profile.email)
      .orderBy("created_at")
      .execute(),
  };
  return { email: profile.email, customerId, caregiverId, paidOrderIds, tables };
}
