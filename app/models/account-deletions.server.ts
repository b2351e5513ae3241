import { sql, type RawBuilder } from "kysely";
import { normaliseConsentPhone } from "../domain/consents";
import { deleteConsentsOf } from "./consents.server";
import { applySeriesEvent } from "./order-series.server";
import type { Executor } from "../db.server";
import type { ArchivedDocumentKind } from "../db/schema";
import { erasedEmailAddress } from "../domain/account-deletion";

// "Poista tili" (issue 29 item 3; decision 0034): the requests (account_deletions, migration
// 0026), what stands in the way, the erasure itself and the accounting archive. What happens to
// each table that points at a person is written down in app/domain/account-deletion.ts
// (ERASURE_OF_REFERENCES); tests/integration/account-deletion.test.ts checks it against the schema.

export interface AccountDeletionRow {
  id: string;
  profileId: string;
  status: "pending" | "cancelled" | "done";
  requestedAt: Date;
  deleteAfter: Date;
}

const deletionColumns = ["id", "profile_id as profileId", "status", "requested_at as requestedAt", "delete_after as deleteAfter"] as const;

/** A new pending request; null when the person already has one waiting. */
export async function insertAccountDeletion(
  executor: Executor,
  input: { profileId: string; tokenHash: string; requestedAt: Date; deleteAfter: Date },
): Promise<string | null> {
  const row = await executor
    .insertInto("account_deletions")
    .values({ profile_id: input.profileId, token_hash: input.tokenHash, requested_at: input.requestedAt, delete_after: input.deleteAfter })
    .onConflict((oc) => oc.column("profile_id").where("status", "=", "pending").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function findAccountDeletion(executor: Executor, id: string): Promise<AccountDeletionRow | null> {
  return (await executor.selectFrom("account_deletions").select(deletionColumns).where("id", "=", id).executeTakeFirst()) ?? null;
}

/** The row locked for the erasure: a second worker waits here and then finds it done. */
export async function lockAccountDeletion(executor: Executor, id: string): Promise<AccountDeletionRow | null> {
  return (await executor.selectFrom("account_deletions").select(deletionColumns).where("id", "=", id).forUpdate().executeTakeFirst()) ?? null;
}

export async function findAccountDeletionByTokenHash(executor: Executor, tokenHash: string): Promise<AccountDeletionRow | null> {
  return (await executor.selectFrom("account_deletions").select(deletionColumns).where("token_hash", "=", tokenHash).executeTakeFirst()) ?? null;
}

/** The person's waiting request, if any. */
export async function findPendingAccountDeletion(executor: Executor, profileId: string): Promise<AccountDeletionRow | null> {
  return (
    (await executor
      .selectFrom("account_deletions")
      .select(deletionColumns)
      .where("profile_id", "=", profileId)
      .where("status", "=", "pending")
      .executeTakeFirst()) ?? null
  );
}

/** Cancels a waiting request: false when it was not waiting any more (done, or cancelled already). */
export async function markAccountDeletionCancelled(executor: Executor, id: string, at: Date): Promise<boolean> {
  const result = await executor
    .updateTable("account_deletions")
    .set({ status: "cancelled", cancelled_at: at })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markAccountDeletionDone(executor: Executor, id: string, at: Date): Promise<void> {
  await executor.updateTable("account_deletions").set({ status: "done", done_at: at }).where("id", "=", id).execute();
}

/**
 * Housekeeping (decision 0045): a done-at-once erasure request for every applicant rejected
 * before `rejectedBefore` who is nothing else (no customers row, no staff role) and not erased
 * yet, in one statement; one already waiting (a second worker's, their own) is left as it is by
 * the one-pending index. The token hash is no SHA-256, so no "Peru poisto" link ever finds it.
 */
export async function insertErasuresOfRejectedApplicants(executor: Executor, rejectedBefore: Date, at: Date): Promise<void> {
  await sql`
    insert into account_deletions (profile_id, token_hash, requested_at, delete_after)
    select caregivers.profile_id, 'housekeeping:' || gen_random_uuid()::text, ${at}, ${at}
    from caregivers
    join profiles on profiles.id = caregivers.profile_id
    where caregivers.status = 'rejected'
      and caregivers.reviewed_at < ${rejectedBefore}
      and profiles.deleted_at is null
      and not exists (select 1 from customers where customers.profile_id = profiles.id)
      and not exists (select 1 from user_roles where user_roles.user_id = profiles.id)
    on conflict (profile_id) where status = 'pending' do nothing`.execute(executor);
}

/**
 * The waiting, due erasure requests of applicants rejected before `rejectedBefore`: those just
 * written, and any a crashed run left behind.
 */
export async function listDueErasuresOfRejectedApplicants(executor: Executor, rejectedBefore: Date, at: Date): Promise<string[]> {
  const rows = await executor
    .selectFrom("account_deletions")
    .innerJoin("caregivers", "caregivers.profile_id", "account_deletions.profile_id")
    .select("account_deletions.id")
    .where("account_deletions.status", "=", "pending")
    .where("account_deletions.delete_after", "<=", at)
    .where("caregivers.status", "=", "rejected")
    .where("caregivers.reviewed_at", "<", rejectedBefore)
    .orderBy("account_deletions.requested_at")
    .execute();
  return rows.map((row) => row.id);
}

export interface BlockingVisit {
  orderId: string;
  orderNumber: string;
  startsAt: Date;
  endsAt: Date;
  /** True when the person is the visit's customer (they may cancel it), false when its helper. */
  asCustomer: boolean;
}

export interface BlockingInvoice {
  invoiceNumber: number;
  /** A single order's invoice, or a series' monthly invoice ('YYYY-MM-01' of its month). */
  of: { orderNumber: string } | { month: string };
  /** What is still to pay of it. */
  amountCents: number;
  dueDate: string;
}

/** The person's customers and caregivers rows (either may be missing). */
export async function findPersonIds(executor: Executor, profileId: string): Promise<{ customerId: string | null; caregiverId: string | null }> {
  const row = await executor
    .selectFrom("profiles")
    .leftJoin("customers", "customers.profile_id", "profiles.id")
    .leftJoin("caregivers", "caregivers.profile_id", "profiles.id")
    .select(["customers.id as customerId", "caregivers.id as caregiverId"])
    .where("profiles.id", "=", profileId)
    .executeTakeFirst();
  return { customerId: row?.customerId ?? null, caregiverId: row?.caregiverId ?? null };
}

/** Visits not over nor cancelled, as the customer or as the helper, soonest first. */
export async function listBlockingVisits(executor: Executor, profileId: string, at: Date): Promise<BlockingVisit[]> {
  const { customerId, caregiverId } = await findPersonIds(executor, profileId);
  if (!customerId && !caregiverId) return [];
  const rows = await executor
    .selectFrom("orders")
    .select(["id", "order_number", "starts_at", "ends_at", "customer_id"])
    .where("status", "not in", ["cancelled", "completed"])
    .where("ends_at", ">", at)
    .where((eb) =>
      eb.or([
        ...(customerId ? [eb("customer_id", "=", customerId)] : []),
        ...(caregiverId ? [eb("caregiver_id", "=", caregiverId)] : []),
      ]),
    )
    .orderBy("starts_at")
    .execute();
  return rows.map((row) => ({ orderId: row.id, orderNumber: row.order_number, startsAt: row.starts_at, endsAt: row.ends_at, asCustomer: row.customer_id === customerId }));
}

/** The customer's open invoices (a late cancellation's fee included), oldest first. */
export async function listBlockingInvoices(executor: Executor, profileId: string): Promise<BlockingInvoice[]> {
  const { customerId } = await findPersonIds(executor, profileId);
  if (!customerId) return [];
  const single = await executor
    .selectFrom("invoices")
    .innerJoin("orders", "orders.id", "invoices.order_id")
    .select(["invoices.invoice_number", "orders.order_number", "invoices.amount_cents", "invoices.due_date"])
    .where("orders.customer_id", "=", customerId)
    .where("invoices.status", "=", "open")
    .execute();
  // A weekly series' monthly invoice (decision 0039) blocks the same way, less its credited lines.
  const monthly = await executor
    .selectFrom("series_invoices as si")
    .select([
      "si.invoice_number",
      sql<string>`to_char(si.month, 'YYYY-MM-DD')`.as("month"),
      sql<number>`(si.amount_cents - (select coalesce(sum(l.credited_cents), 0) from series_invoice_lines l where l.series_invoice_id = si.id))::int`.as("open_cents"),
      "si.due_date",
    ])
    .where("si.customer_id", "=", customerId)
    .where("si.status", "=", "open")
    .execute();
  return [
    ...single.map((row) => ({ invoiceNumber: row.invoice_number, of: { orderNumber: row.order_number }, amountCents: row.amount_cents, dueDate: row.due_date })),
    ...monthly.map((row) => ({ invoiceNumber: row.invoice_number, of: { month: row.month }, amountCents: row.open_cents, dueDate: row.due_date })),
  ].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.invoiceNumber - b.invoiceNumber);
}

// ------------------------------------------------------------------ the erasure

export interface PersonToErase {
  profileId: string;
  email: string;
  fullName: string;
  phone: string | null;
  customerId: string | null;
  caregiverId: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  photoUrl: string | null;
}

export async function findPersonToErase(executor: Executor, profileId: string): Promise<PersonToErase | null> {
  const row = await executor
    .selectFrom("profiles")
    .leftJoin("customers", "customers.profile_id", "profiles.id")
    .leftJoin("caregivers", "caregivers.profile_id", "profiles.id")
    .select([
      "profiles.id",
      "profiles.email",
      "profiles.full_name",
      "profiles.phone",
      "profiles.deleted_at",
      "customers.id as customerId",
      "customers.address",
      "customers.postal_code",
      "customers.city",
      "caregivers.id as caregiverId",
      "caregivers.city as caregiverCity",
      "caregivers.postal_code as caregiverPostalCode",
      "caregivers.profile_image_url",
    ])
    .where("profiles.id", "=", profileId)
    .executeTakeFirst();
  if (!row || row.deleted_at) return null;
  return {
    profileId: row.id,
    email: row.email,
    fullName: row.full_name,
    phone: row.phone,
    customerId: row.customerId,
    caregiverId: row.caregiverId,
    address: row.address,
    postalCode: row.postal_code ?? row.caregiverPostalCode,
    city: row.city ?? row.caregiverCity,
    photoUrl: row.profile_image_url,
  };
}

/** The storage keys of the person's files: the helper's photo and export ZIPs. */
export async function storedObjectKeysOf(executor: Executor, person: PersonToErase): Promise<string[]> {
  const exports = await executor.selectFrom("data_exports").select("object_key").where("profile_id", "=", person.profileId).where("object_key", "is not", null).execute();
  const keys = exports.flatMap((row) => (row.object_key ? [row.object_key] : []));
  if (person.photoUrl?.startsWith("/kuvat/")) keys.push(person.photoUrl.slice("/kuvat/".length));
  return keys;
}

export type ArchiveSource = Record<string, unknown> & { id: string };

/** The money documents of the person, as rows, to be archived before the erasure. */
export async function listDocumentsToArchive(executor: Executor, person: PersonToErase) {
  const customerId = person.customerId ?? "00000000-0000-0000-0000-000000000000";
  const caregiverId = person.caregiverId ?? "00000000-0000-0000-0000-000000000000";
  const customerOrders = executor.selectFrom("orders").select("id").where("customer_id", "=", customerId);
  const invoices = await executor
    .selectFrom("invoices")
    // An order's current invoice, and those a rescheduling replaced (order_id null, replaced_order_id set).
    .innerJoin("orders", (join) => join.on((eb) => eb.or([eb("invoices.order_id", "=", eb.ref("orders.id")), eb("invoices.replaced_order_id", "=", eb.ref("orders.id"))])))
    .selectAll("invoices")
    .select(["orders.order_number"])
    .where("orders.customer_id", "=", customerId)
    .orderBy("invoices.invoice_number")
    .execute();
  const invoiceIds = invoices.map((invoice) => invoice.id);
  // A series' monthly invoices (decision 0039), each with its lines as they are (credits noted).
  const seriesInvoiceRows = await executor.selectFrom("series_invoices").selectAll().where("customer_id", "=", customerId).orderBy("invoice_number").execute();
  const seriesLines = seriesInvoiceRows.length
    ? await executor
        .selectFrom("series_invoice_lines")
        .innerJoin("orders", "orders.id", "series_invoice_lines.order_id")
        .selectAll("series_invoice_lines")
        .select(["orders.order_number"])
        .where("series_invoice_lines.series_invoice_id", "in", seriesInvoiceRows.map((invoice) => invoice.id))
        .orderBy("orders.starts_at")
        .execute()
    : [];
  const seriesInvoices = seriesInvoiceRows.map((invoice) => ({ ...invoice, lines: seriesLines.filter((line) => line.series_invoice_id === invoice.id) }));
  // Credit notes of a single invoice and of a monthly invoice's line (decision 0044) alike: the
  // order and the number of the invoice they credit.
  const creditNotes = await executor
    .selectFrom("credit_notes")
    .leftJoin("invoices", "invoices.id", "credit_notes.invoice_id")
    .leftJoin("series_invoice_lines", "series_invoice_lines.id", "credit_notes.series_invoice_line_id")
    .leftJoin("series_invoices", "series_invoices.id", "series_invoice_lines.series_invoice_id")
    .selectAll("credit_notes")
    .select([
      sql<string | null>`coalesce(${sql.ref("invoices.order_id")}, ${sql.ref("series_invoice_lines.order_id")})`.as("order_id"),
      sql<number>`coalesce(${sql.ref("invoices.invoice_number")}, ${sql.ref("series_invoices.invoice_number")})`.as("invoice_number"),
    ])
    .where((eb) => eb.or([...(invoiceIds.length ? [eb("credit_notes.invoice_id", "in", invoiceIds)] : []), eb("series_invoices.customer_id", "=", customerId)]))
    .orderBy("credit_notes.credit_note_number")
    .execute();
  const invoicePayments = invoiceIds.length ? await executor.selectFrom("invoice_payments").selectAll().where("invoice_id", "in", invoiceIds).execute() : [];
  const payments = await executor.selectFrom("payments").selectAll().where("order_id", "in", customerOrders).execute();
  const receipts = await executor.selectFrom("receipts").selectAll().where("order_id", "in", customerOrders).execute();
  const statements = await executor.selectFrom("household_statements").selectAll().where("customer_id", "=", customerId).execute();
  const payouts = await executor.selectFrom("payouts").selectAll().where("caregiver_id", "=", caregiverId).execute();
  return { invoices, seriesInvoices, creditNotes, invoicePayments, payments, receipts, statements, payouts };
}

export interface ArchiveEntry {
  kind: ArchivedDocumentKind;
  sourceId: string;
  documentDate: string;
  purgeAfter: string;
  data: Record<string, unknown>;
  pdf: Buffer | null;
}

/** Archives documents; one already archived (a second worker, a retry) is left as it is. */
export async function insertArchiveEntries(executor: Executor, entries: readonly ArchiveEntry[], at: Date): Promise<void> {
  if (entries.length === 0) return;
  await executor
    .insertInto("accounting_archive")
    .values(
      entries.map((entry) => ({
        kind: entry.kind,
        source_id: entry.sourceId,
        document_date: entry.documentDate,
        purge_after: entry.purgeAfter,
        data: JSON.stringify(entry.data),
        pdf: entry.pdf,
        archived_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(["kind", "source_id"]).doNothing())
    .execute();
}

/** Deletes archived documents whose time is over on Helsinki date `today`. */
export async function purgeAccountingArchive(executor: Executor, today: string): Promise<number> {
  const result = await executor.deleteFrom("accounting_archive").where("purge_after", "<", today).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** `column::text` contains one of `needles` (lower-case), case-insensitively. */
function mentions(column: string, needles: readonly string[]): RawBuilder<boolean> {
  if (needles.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(
    needles.map((needle) => sql`position(${needle} in lower(${sql.ref(column)}::text)) > 0`),
    sql` or `,
  )})`;
}

/**
 * Erases the person in the caller's transaction (decision 0034): deletes what is theirs, empties
 * what must stay (orders, the customers and caregivers rows, the profile as a tombstone), unlinks
 * staff's acts and scrubs the outbox, logs and drafts that mention their address, name or phone.
 */
export async function eraseAccountRows(trx: Executor, person: PersonToErase, at: Date): Promise<void> {
  const profileId = person.profileId;
  const customerId = person.customerId;
  const caregiverId = person.caregiverId;
  const needles = [person.email.toLowerCase(), ...(person.fullName.trim().length >= 4 ? [person.fullName.trim().toLowerCase()] : []), ...(person.phone ? [person.phone.toLowerCase()] : [])];
  const ownOrderIds = customerId ? (await trx.selectFrom("orders").select("id").where("customer_id", "=", customerId).execute()).map((row) => row.id) : [];
  // The numbers the person's orders sent text reminders to, before the orders forget them.
  const textPhones = customerId
    ? (await trx.selectFrom("orders").select("sms_phone").where("customer_id", "=", customerId).where("sms_phone", "is not", null).execute()).map((row) => row.sms_phone!)
    : [];

  // Messages: everything in the customer's own threads, and whatever the person wrote elsewhere.
  await trx
    .deleteFrom("messages")
    .where((eb) => eb.or([eb("sender_id", "=", profileId), ...(ownOrderIds.length ? [eb("order_id", "in", ownOrderIds)] : [])]))
    .execute();
  await trx.deleteFrom("message_reads").where("profile_id", "=", profileId).execute();
  await trx.deleteFrom("notifications").where("user_id", "=", profileId).execute();
  if (ownOrderIds.length) await trx.deleteFrom("manage_links").where("order_id", "in", ownOrderIds).execute();
  await trx.deleteFrom("saved_recipients").where("owner_id", "=", profileId).execute();
  await trx
    .deleteFrom("contact_requests")
    .where((eb) =>
      eb.or([
        eb("profile_id", "=", profileId),
        eb(sql`lower(email)`, "=", person.email.toLowerCase()),
        ...(person.phone ? [eb("phone", "=", person.phone)] : []),
      ]),
    )
    .execute();
  await trx.deleteFrom("data_exports").where("profile_id", "=", profileId).execute();
  await deleteConsentsOf(trx, { profileId, email: person.email, phone: person.phone });
  for (const phone of textPhones) await deleteConsentsOf(trx, { profileId, email: person.email, phone });
  const personPhone = person.phone ? normaliseConsentPhone(person.phone) : null;
  const texted = [...textPhones, ...(personPhone ? [personPhone] : [])];
  if (texted.length) await trx.deleteFrom("text_messages").where("to_phone", "in", texted).execute();
  await trx.updateTable("data_exports").set({ requested_by: null }).where("requested_by", "=", profileId).execute();

  if (customerId) {
    await trx.deleteFrom("household_statement_mailings").where("customer_id", "=", customerId).execute();
    await trx.deleteFrom("household_statements").where("customer_id", "=", customerId).execute();
    await trx
      .updateTable("orders")
      .set({
        recipient_first_name: null,
        recipient_last_name: null,
        recipient_phone: null,
        address: "",
        description: null,
        special_notes: null,
        payer_name: null,
        payer_phone: null,
        payer_address: null,
        payer_postal_code: null,
        payer_city: null,
        contact_phone: null,
        recipient_email: null,
        sms_reminder: false,
        sms_phone: null,
        email_confirmation_token_hash: null,
        updated_at: at,
      })
      .where("customer_id", "=", customerId)
      .execute();
    await trx.updateTable("customers").set({ address: null, updated_at: at }).where("id", "=", customerId).execute();
    // A series makes no more visits for nobody, and the provider's saved card is forgotten (decision 0037).
    await applySeriesEvent(trx, { customerId }, "owner_erased");
    // The card is forgotten on every series of theirs, cancelled before or now.
    await trx.updateTable("order_series").set({ payment_customer_ref: null, payment_method_ref: null, updated_at: at }).where("customer_id", "=", customerId).execute();
  }
  if (caregiverId) {
    await trx.deleteFrom("reviews").where("caregiver_id", "=", caregiverId).execute();
    await trx.deleteFrom("caregiver_services").where("caregiver_id", "=", caregiverId).execute();
    // Their working hours and days away say when they are at home (issue 27, migration 0027).
    await trx.deleteFrom("caregiver_weekly_hours").where("caregiver_id", "=", caregiverId).execute();
    await trx.deleteFrom("caregiver_availability_exceptions").where("caregiver_id", "=", caregiverId).execute();
    await trx
      .updateTable("caregivers")
      .set({
        bio: "",
        location: null,
        allergies_restrictions: null,
        date_of_birth: null,
        profile_image_url: null,
        hourly_rate_cents: null,
        rejection_reason: null,
        suspension_reason: null,
        languages: [],
        service_cities: [],
        // Never matched, listed or signed in again.
        status: "suspended",
        suspended_at: at,
        updated_at: at,
      })
      .where("id", "=", caregiverId)
      .execute();
  }

  // Someone else's rows that merely name the person: the link goes, the row stays.
  await trx.updateTable("orders").set({ created_by: null }).where("created_by", "=", profileId).execute();
  await trx.updateTable("order_series").set({ created_by: null }).where("created_by", "=", profileId).execute();
  await trx.updateTable("order_reschedules").set({ actor_id: null }).where("actor_id", "=", profileId).execute();
  await trx.updateTable("caregivers").set({ reviewed_by: null }).where("reviewed_by", "=", profileId).execute();
  await trx.updateTable("discount_codes").set({ created_by: null }).where("created_by", "=", profileId).execute();
  await trx.updateTable("settings").set({ updated_by: null }).where("updated_by", "=", profileId).execute();
  await trx.updateTable("invoice_payments").set({ recorded_by: null }).where("recorded_by", "=", profileId).execute();
  await trx.updateTable("staff_notices").set({ handled_by: null }).where("handled_by", "=", profileId).execute();
  await trx.updateTable("audit_log").set({ actor_id: null, ip: null }).where("actor_id", "=", profileId).execute();

  // Logs, outbox and drafts that carry the address, the name or the phone in their text.
  const entityIds = [profileId, ...(customerId ? [customerId] : []), ...(caregiverId ? [caregiverId] : [])];
  await trx
    .updateTable("audit_log")
    .set({ before: null, after: null })
    .where((eb) => eb.or([eb("entity_id", "in", entityIds), mentions("before", needles), mentions("after", needles)]))
    .execute();
  await trx
    .updateTable("staff_notices")
    .set({ summary: "Poistetun käyttäjän asia" })
    .where(mentions("summary", needles))
    .execute();
  const deletedEmails = await trx
    .deleteFrom("emails")
    .where((eb) => eb.or([eb(sql`lower(to_address)`, "=", person.email.toLowerCase()), mentions("subject", needles), mentions("text", needles), mentions("html", needles)]))
    .returning("id")
    .execute();
  // Their deliveries would only fail on the missing row and retry.
  if (deletedEmails.length) {
    await trx
      .deleteFrom("jobs")
      .where("type", "=", "email.deliver")
      .where("status", "!=", "running")
      .where(sql<string>`payload->>'emailId'`, "in", deletedEmails.map((row) => row.id))
      .execute();
  }
  await trx.deleteFrom("jobs").where("status", "!=", "running").where(mentions("payload", needles)).execute();
  await trx.deleteFrom("form_drafts").where(mentions("data", needles)).execute();
  await trx.deleteFrom("sessions").where((eb) => eb.or([eb("user_id", "=", profileId), mentions("data", needles)])).execute();
  await trx.deleteFrom("rate_limits").where(mentions("key", [person.email.toLowerCase()])).execute();

  // Login and tokens; the profile becomes a tombstone.
  await trx.deleteFrom("auth_tokens").where("user_id", "=", profileId).execute();
  await trx.deleteFrom("user_roles").where("user_id", "=", profileId).execute();
  await trx
    .updateTable("profiles")
    .set({ email: erasedEmailAddress(profileId), full_name: "", phone: null, password_hash: null, email_confirmed_at: null, deleted_at: at, updated_at: at })
    .where("id", "=", profileId)
    .execute();
}

/** For the back office: a waiting deletion's date, or when the account was erased; null for neither. */
export async function findAccountDeletionState(executor: Executor, profileId: string): Promise<{ state: "pending" | "erased"; at: Date } | null> {
  const profile = await executor.selectFrom("profiles").select("deleted_at").where("id", "=", profileId).executeTakeFirst();
  if (profile?.deleted_at) return { state: "erased", at: profile.deleted_at };
  const pending = await findPendingAccountDeletion(executor, profileId);
  return pending ? { state: "pending", at: pending.deleteAfter } : null;
}
