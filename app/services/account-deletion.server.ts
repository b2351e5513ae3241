import crypto from "node:crypto";
import { addDays } from "date-fns";
import { getDb, type DB, type Executor } from "../db.server";
import { ACCOUNT_DELETION_GRACE_DAYS, archivePurgeAfter } from "../domain/account-deletion";
import { formatDate, formatEuros, formatTimeRange, formatWeekdayDate, helsinkiDateString } from "../domain/format";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { accountDeletionEmailContent, accountDeletionNotices } from "../messages/account-deletion-notices";
import {
  eraseAccountRows,
  findAccountDeletion,
  findAccountDeletionState,
  findAccountDeletionByTokenHash,
  findPendingAccountDeletion,
  findPersonToErase,
  insertAccountDeletion,
  insertArchiveEntries,
  insertErasuresOfRejectedApplicants,
  listBlockingInvoices,
  listBlockingVisits,
  listDocumentsToArchive,
  listDueErasuresOfRejectedApplicants,
  lockAccountDeletion,
  markAccountDeletionCancelled,
  markAccountDeletionDone,
  purgeAccountingArchive,
  storedObjectKeysOf,
  type AccountDeletionRow,
  type ArchiveEntry,
  type BlockingInvoice,
  type BlockingVisit,
  type PersonToErase,
} from "../models/account-deletions.server";
import { writeAudit, writeSystemAudit, type AuditActor } from "../models/audit-log.server";
import { deleteSessionsOfUser } from "../models/sessions.server";
import { hashToken } from "../models/users.server";
import { now as clockNow } from "./clock.server";
import { renderEmail, sendEmail } from "./email.server";
import { issueStatement } from "./household-statement.server";
import { renderCreditNotePdf, renderInvoicePdf } from "./invoices.server";
import { enqueueJob, enqueueJobOnce } from "./job-queue.server";
import { cancelOrder } from "./order-cancellation.server";
import { renderReceiptPdf } from "./receipts.server";
import { renderSeriesInvoicePdf } from "./series-invoices.server";
import { getStorage } from "./storage.server";

// "Poista tili" (issue 29 item 3; GDPR art. 17; decision 0034). The request (the person's password,
// or an admin's reason in the back office, and the word POISTA checked by the caller) writes an
// account_deletions row, the 'accounts.erase' job due in 7 days, and the e-mail with the "Peru
// poisto" link, in one transaction, and ends every session.
// Until then the person cannot sign in; the link cancels. The job then archives the person's money
// documents with their PDFs (accounting_archive, kept to the end of the sixth year) and erases the
// rest in one transaction; the hourly housekeeping purges archived documents whose time is over.

export interface DeletionBlockers {
  visits: BlockingVisit[];
  invoices: BlockingInvoice[];
}

export async function findDeletionBlockers(executor: Executor, profileId: string, at: Date = clockNow()): Promise<DeletionBlockers> {
  return { visits: await listBlockingVisits(executor, profileId, at), invoices: await listBlockingInvoices(executor, profileId) };
}

export function hasBlockers(blockers: DeletionBlockers): boolean {
  return blockers.visits.length > 0 || blockers.invoices.length > 0;
}

/** 'YYYY-MM-01' as "1/2027". */
const monthOf = (month: string) => `${Number(month.slice(5, 7))}/${month.slice(0, 4)}`;

/** What stands in the way, as lines: the portal's profile page and the back office show the same. */
export function deletionBlockerLines(blockers: DeletionBlockers) {
  return {
    visits: blockers.visits.map((visit) => ({
      orderId: visit.orderId,
      asCustomer: visit.asCustomer,
      line: accountDeletionNotices.visitLine(visit.orderNumber, `${formatWeekdayDate(visit.startsAt)} klo ${formatTimeRange(visit.startsAt, visit.endsAt)}`),
    })),
    invoices: blockers.invoices.map((invoice) => ({
      invoiceNumber: invoice.invoiceNumber,
      line:
        "orderNumber" in invoice.of
          ? accountDeletionNotices.invoiceLine(invoice.invoiceNumber, invoice.of.orderNumber, formatEuros(invoice.amountCents), formatDate(invoice.dueDate))
          : accountDeletionNotices.monthlyInvoiceLine(invoice.invoiceNumber, monthOf(invoice.of.month), formatEuros(invoice.amountCents), formatDate(invoice.dueDate)),
    })),
  };
}

export type AccountDeletionRequestOutcome =
  | { ok: true; deletionId: string; deleteAfter: Date }
  | { ok: false; reason: "blocked"; blockers: DeletionBlockers }
  | { ok: false; reason: "pending" };

/**
 * Who asked: the person themselves (password and word checked by the portal), or a back-office
 * admin for a person who phoned (GDPR art. 17; many customers use no computer). Staff's request
 * is logged on the customer's or helper's record with the reason they wrote; the rest is the same.
 */
export type DeletionRequester = { kind: "self" } | { kind: "staff"; actor: AuditActor; record: StaffDeletionRecord; reason: string };

/** The back-office record a staff deletion is logged on: the customer's or the helper's. */
export interface StaffDeletionRecord {
  entityType: "customer" | "caregiver";
  entityId: string;
}

/** A deletion request (the caller has checked who may ask and the confirmation word). */
export async function requestAccountDeletion(
  person: { id: string; email: string; fullName: string },
  at: Date = clockNow(),
  requester: DeletionRequester = { kind: "self" },
): Promise<AccountDeletionRequestOutcome> {
  const db = await getDb();
  const token = crypto.randomBytes(32).toString("base64url");
  const outcome = await db.transaction().execute(async (trx): Promise<AccountDeletionRequestOutcome> => {
    const blockers = await findDeletionBlockers(trx, person.id, at);
    if (hasBlockers(blockers)) return { ok: false, reason: "blocked", blockers };
    const deleteAfter = addDays(at, ACCOUNT_DELETION_GRACE_DAYS);
    const deletionId = await insertAccountDeletion(trx, { profileId: person.id, tokenHash: hashToken(token), requestedAt: at, deleteAfter });
    if (!deletionId) return { ok: false, reason: "pending" };
    await enqueueJobOnce(trx, "accounts.erase", { deletionId }, { runAt: deleteAfter, idempotencyKey: `account-erase:${deletionId}` });
    await deleteSessionsOfUser(trx, person.id);
    const { subject, content } = accountDeletionEmailContent(person.fullName, accountDeletionCancelUrl(token), formatDate(deleteAfter), requester.kind === "staff");
    await sendEmail(trx, { to: person.email, subject, ...renderEmail(content) });
    const after = { deleteAfter: deleteAfter.toISOString() };
    if (requester.kind === "staff") {
      await writeAudit(trx, requester.actor, {
        action: `${requester.record.entityType}.deletion_requested`,
        entityType: requester.record.entityType,
        entityId: requester.record.entityId,
        after: { ...after, reason: requester.reason },
      });
    } else {
      await writeSystemAudit(trx, { action: "account.deletion_requested", entityType: "profile", entityId: person.id, after });
    }
    return { ok: true, deletionId, deleteAfter };
  });
  return outcome;
}

export function accountDeletionCancelUrl(token: string): string {
  return new URL(`/peru-poisto/${encodeURIComponent(token)}`, env().APP_URL).toString();
}

export type DeletionLinkState = { state: "pending"; deleteAfter: Date } | { state: "cancelled" | "done" | "not_found" };

/** What the "Peru poisto" link's page shows. GET: changes nothing. */
export async function deletionLinkState(token: string): Promise<DeletionLinkState> {
  const row = await findAccountDeletionByTokenHash(await getDb(), hashToken(token));
  if (!row) return { state: "not_found" };
  if (row.status === "pending") return { state: "pending", deleteAfter: row.deleteAfter };
  return { state: row.status };
}

/** The link's POST: cancels a waiting deletion. A second press finds it cancelled and says so. */
export async function cancelAccountDeletion(token: string, at: Date = clockNow()): Promise<DeletionLinkState["state"] | "cancelled_now"> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const row = await findAccountDeletionByTokenHash(trx, hashToken(token));
    if (!row) return "not_found";
    if (!(await markAccountDeletionCancelled(trx, row.id, at))) {
      const fresh = await findAccountDeletion(trx, row.id);
      return fresh?.status === "done" ? "done" : "cancelled";
    }
    await writeSystemAudit(trx, { action: "account.deletion_cancelled", entityType: "profile", entityId: row.profileId });
    return "cancelled_now";
  });
}

/**
 * Staff cancelling a customer's or helper's waiting deletion (the person phoned again). The
 * e-mailed link then answers "already cancelled". False when nothing was waiting.
 */
export async function cancelAccountDeletionByStaff(actor: AuditActor, profileId: string, record: StaffDeletionRecord, at: Date = clockNow()): Promise<boolean> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const row = await findPendingAccountDeletion(trx, profileId);
    if (!row || !(await markAccountDeletionCancelled(trx, row.id, at))) return false;
    await writeAudit(trx, actor, {
      action: `${record.entityType}.deletion_cancelled`,
      entityType: record.entityType,
      entityId: record.entityId,
      before: { deleteAfter: row.deleteAfter.toISOString() },
    });
    return true;
  });
}

/** The person's waiting deletion, for the sign-in refusal and the back office. */
export async function pendingAccountDeletionOf(profileId: string): Promise<AccountDeletionRow | null> {
  return findPendingAccountDeletion(await getDb(), profileId);
}

export type CancelAllOutcome = { cancelled: number; left: number };

/**
 * "Peru kaikki tulevat käynnit": each of the customer's own future visits cancelled by the
 * portal's own rule (cancelOrder as the customer: the late fee applies, refunds follow).
 */
export async function cancelAllFutureVisits(person: { id: string }, ip: string | null, at: Date = clockNow()): Promise<CancelAllOutcome> {
  const db = await getDb();
  const visits = (await listBlockingVisits(db, person.id, at)).filter((visit) => visit.asCustomer);
  let cancelled = 0;
  for (const visit of visits) {
    const outcome = await cancelOrder(db, { actor: { id: person.id, ip }, customerProfileId: person.id }, visit.orderId, at);
    if (outcome.ok) cancelled += 1;
  }
  const left = (await listBlockingVisits(db, person.id, at)).length;
  return { cancelled, left };
}

// ------------------------------------------------------------------ the job

/** How long a blocked erasure waits before it looks again (a visit booked during the grace period). */
const BLOCKED_RETRY_DAYS = 1;

/**
 * The 'accounts.erase' job. Safe with two workers: the request row is locked in the erasing
 * transaction and the second finds it done; archived documents are unique by kind and source.
 * A visit or an open invoice that appeared during the grace period postpones it by a day.
 */
export async function eraseDueAccount(db: DB, deletionId: string, at: Date = clockNow()): Promise<"erased" | "not_due" | "blocked"> {
  const request = await findAccountDeletion(db, deletionId);
  if (!request || request.status !== "pending" || request.deleteAfter.getTime() > at.getTime()) return "not_due";
  if (hasBlockers(await findDeletionBlockers(db, request.profileId, at))) {
    logger.warn({ deletionId }, "account erasure postponed: a visit or an open invoice");
    await enqueueJob(db, "accounts.erase", { deletionId }, { runAt: addDays(at, BLOCKED_RETRY_DAYS) });
    return "blocked";
  }
  const person = await findPersonToErase(db, request.profileId);
  // Files first: deleting one twice is harmless, and a crash after the rows would leave it orphaned.
  if (person) {
    for (const key of await storedObjectKeysOf(db, person)) await getStorage().delete(key);
  }
  const erased = await db.transaction().execute(async (trx) => {
    const locked = await lockAccountDeletion(trx, deletionId);
    if (!locked || locked.status !== "pending") return false;
    const current = await findPersonToErase(trx, locked.profileId);
    if (current) {
      await insertArchiveEntries(trx, await archiveEntriesOf(trx, current, at), at);
      await eraseAccountRows(trx, current, at);
    }
    await markAccountDeletionDone(trx, deletionId, at);
    await writeSystemAudit(trx, { action: "account.erased", entityType: "profile", entityId: locked.profileId });
    return true;
  });
  return erased ? "erased" : "not_due";
}

const ALL_ZERO_UUID = "00000000-0000-0000-0000-000000000000";

/** The person's money documents as they are now, with their PDFs, for the accounting archive. */
async function archiveEntriesOf(trx: Executor, person: PersonToErase, at: Date): Promise<ArchiveEntry[]> {
  // The statements first: drawing one may add its newest version, which must then be archived.
  const statementPdfs = new Map<number, Buffer>();
  if (person.customerId) {
    const years = await trx.selectFrom("household_statements").select("year").distinct().where("customer_id", "=", person.customerId ?? ALL_ZERO_UUID).execute();
    for (const { year } of years) {
      const statement = await issueStatement(trx, person.customerId, year, at);
      if (statement) statementPdfs.set(year, statement.pdf);
    }
  }
  const documents = await listDocumentsToArchive(trx, person);
  const party = { fullName: person.fullName, email: person.email, phone: person.phone, address: person.address, postalCode: person.postalCode, city: person.city };
  const entry = (kind: ArchiveEntry["kind"], row: { id: string }, documentDate: string, pdf: Buffer | null = null): ArchiveEntry => ({
    kind,
    sourceId: row.id,
    documentDate,
    purgeAfter: archivePurgeAfter(documentDate),
    data: { document: row, party },
    pdf,
  });
  const entries: ArchiveEntry[] = [];
  for (const invoice of documents.invoices) {
    entries.push(entry("invoice", invoice, invoice.issue_date, invoice.order_id ? await renderInvoicePdf(trx, invoice.order_id) : null));
  }
  for (const invoice of documents.seriesInvoices) {
    entries.push(entry("series_invoice", invoice, invoice.issue_date, await renderSeriesInvoicePdf(trx, invoice.invoice_number)));
  }
  for (const note of documents.creditNotes) {
    const drawn = note.order_id ? await renderCreditNotePdf(trx, note.order_id) : null;
    entries.push(entry("credit_note", note, note.issue_date, drawn && drawn.creditNoteNumber === note.credit_note_number ? drawn.pdf : null));
  }
  for (const payment of documents.invoicePayments) entries.push(entry("invoice_payment", payment, payment.paid_on));
  for (const payment of documents.payments) entries.push(entry("payment", payment, helsinkiDateString(payment.captured_at ?? payment.created_at)));
  for (const receipt of documents.receipts) {
    const drawn = await renderReceiptPdf(trx, { receiptNumber: receipt.receipt_number });
    entries.push(entry("receipt", receipt, helsinkiDateString(receipt.paid_at), drawn?.pdf ?? null));
  }
  const newestVersion = new Map<number, number>();
  for (const statement of documents.statements) newestVersion.set(statement.year, Math.max(newestVersion.get(statement.year) ?? 0, statement.version));
  for (const statement of documents.statements) {
    const pdf = newestVersion.get(statement.year) === statement.version ? (statementPdfs.get(statement.year) ?? null) : null;
    entries.push(entry("household_statement", statement, helsinkiDateString(statement.created_at), pdf));
  }
  for (const payout of documents.payouts) entries.push(entry("payout", payout, helsinkiDateString(payout.paid_at ?? payout.created_at)));
  return entries;
}

/**
 * Housekeeping (decision 0045): "Hylättyjen kaverihakemusten tiedot poistetaan kuuden kuukauden
 * kuluttua päätöksestä." Each such applicant gets an erasure request due at once and is erased by
 * the same routine as "Poista tili" (photo included). Two workers at once: the one-pending index
 * lets one request in, and eraseDueAccount locks it, so the second finds it done. Returns how many
 * this call erased.
 */
export async function eraseRejectedApplications(db: DB, rejectedBefore: Date, at: Date = clockNow()): Promise<number> {
  await insertErasuresOfRejectedApplicants(db, rejectedBefore, at);
  let erased = 0;
  for (const deletionId of await listDueErasuresOfRejectedApplicants(db, rejectedBefore, at)) {
    if ((await eraseDueAccount(db, deletionId, at)) === "erased") erased += 1;
  }
  return erased;
}

/** Housekeeping: archived documents past their purge date (Helsinki) are deleted. */
export async function purgeExpiredArchive(db: DB, at: Date = clockNow()): Promise<number> {
  return purgeAccountingArchive(db, helsinkiDateString(at));
}

/** The back office's line about a person's account deletion (pending or done), or null. */
export async function accountDeletionNoticeFor(executor: Executor, profileId: string, audience: "customer" | "caregiver"): Promise<string | null> {
  const state = await findAccountDeletionState(executor, profileId);
  if (!state) return null;
  const date = formatDate(state.at);
  if (state.state === "erased") return accountDeletionNotices.staffErased(date);
  return audience === "customer" ? accountDeletionNotices.staffPending(date) : accountDeletionNotices.staffPendingHelper(date);
}
