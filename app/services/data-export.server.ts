import crypto from "node:crypto";
import { zipSync, type Zippable } from "fflate";
import { addDays, subDays } from "date-fns";
import { getDb, type DB, type Executor } from "../db.server";
import { DATA_EXPORT_VALID_DAYS, DATA_EXPORTS_PER_DAY, EXPORT_CSVS, dataJson, tableCsv } from "../domain/data-export";
import { formatDateTime, helsinkiDateString } from "../domain/format";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { dataExportMessages, dataExportReadyEmailContent } from "../messages/data-export";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import {
  collectPersonalData,
  countDataExportsSince,
  deleteExpiredDataExports,
  findDataExport,
  findDataExportByTokenHash,
  insertDataExport,
  markDataExportReady,
  tableColumns,
  type PersonalData,
} from "../models/data-exports.server";
import { hashToken } from "../models/users.server";
import { now as clockNow } from "./clock.server";
import { renderEmail, sendEmail } from "./email.server";
import { issueStatement } from "./household-statement.server";
import { creditNoteFileName, invoiceFileName, renderCreditNotePdf, renderInvoicePdf } from "./invoices.server";
import { enqueueJob } from "./job-queue.server";
import { renderReceiptPdf, receiptFileName } from "./receipts.server";
import { getStorage, newObjectKey } from "./storage.server";

// "Lataa tietoni" (issue 29 item 2; GDPR art. 15 and 20; decision 0032). A request (the person,
// password asked again, or staff for them) writes a data_exports row and its job in one
// transaction; the job ('exports.build') collects every row that refers to the person, draws
// their money documents with the same functions the portal uses, zips it all with the helper's
// photo, stores the ZIP where every process reaches it (app/services/storage.server.ts) and
// e-mails a link with a random token (only its hash kept) valid 7 days. The download also needs
// the same person signed in. Housekeeping deletes expired exports with their ZIP.

export type DataExportRequestOutcome = { ok: true; exportId: string } | { ok: false; reason: "pending" | "too_many" };

/** Queues an export of `profileId`'s data in the caller's transaction (the request's rules first). */
export async function queueDataExport(
  trx: Executor,
  input: { profileId: string; requestedBy: string; now?: Date },
): Promise<DataExportRequestOutcome> {
  const at = input.now ?? clockNow();
  if ((await countDataExportsSince(trx, input.profileId, subDays(at, 1))) >= DATA_EXPORTS_PER_DAY) return { ok: false, reason: "too_many" };
  const exportId = await insertDataExport(trx, { profileId: input.profileId, requestedBy: input.requestedBy, createdAt: at });
  if (!exportId) return { ok: false, reason: "pending" };
  await enqueueJob(trx, "exports.build", { exportId });
  return { ok: true, exportId };
}

/** The person's own request (their password already checked). */
export async function requestOwnDataExport(profileId: string): Promise<DataExportRequestOutcome> {
  const db = await getDb();
  return db.transaction().execute((trx) => queueDataExport(trx, { profileId, requestedBy: profileId }));
}

/** Staff's request for a person, audit-logged on that person's customer or helper record. */
export async function requestDataExportForPerson(
  db: DB,
  actor: AuditActor,
  subject: { profileId: string; entityType: "customer" | "caregiver"; entityId: string },
): Promise<DataExportRequestOutcome> {
  return db.transaction().execute(async (trx) => {
    const outcome = await queueDataExport(trx, { profileId: subject.profileId, requestedBy: actor.id });
    if (outcome.ok) {
      await writeAudit(trx, actor, { action: `${subject.entityType}.data_export`, entityType: subject.entityType, entityId: subject.entityId, after: { exportId: outcome.exportId } });
    }
    return outcome;
  });
}

/**
 * The 'exports.build' job. Safe to run twice at once: the ZIP is stored under a new key, and
 * only the run that turns the row from pending to ready sends the e-mail; the other deletes its ZIP.
 */
export async function buildDataExport(db: DB, exportId: string): Promise<void> {
  const request = await findDataExport(db, exportId);
  if (!request || request.status !== "pending") return;
  const at = clockNow();
  const personal = await collectPersonalData(db, request.profileId);
  if (!personal) return; // The person is gone (the row went with them).
  const zip = await zipPersonalData(db, request.profileId, personal, at);
  const objectKey = newObjectKey("export", "zip");
  const storage = getStorage();
  await storage.put(objectKey, zip, "application/zip");
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = addDays(at, DATA_EXPORT_VALID_DAYS);
  const won = await db.transaction().execute(async (trx) => {
    const marked = await markDataExportReady(trx, { id: exportId, tokenHash: hashToken(token), objectKey, byteSize: zip.byteLength, readyAt: at, expiresAt });
    if (!marked) return false;
    const fullName = String(personal.tables.profiles?.[0]?.full_name ?? "");
    const { subject, content } = dataExportReadyEmailContent(fullName, dataExportUrl(token), formatDateTime(expiresAt));
    await sendEmail(trx, { to: personal.email, subject, ...renderEmail(content) });
    return true;
  });
  if (!won) await storage.delete(objectKey);
}

export function dataExportUrl(token: string): string {
  return new URL(`/portal/tietoni/${encodeURIComponent(token)}`, env().APP_URL).toString();
}

/** The ZIP: data.json, the CSVs, the money documents as PDFs, and the helper's photo. */
export async function zipPersonalData(executor: Executor, profileId: string, personal: PersonalData, at: Date): Promise<Uint8Array> {
  const files: Zippable = {};
  const text = (value: string) => new TextEncoder().encode(value);
  files["data.json"] = text(dataJson({ exportedAt: at, profileId, tables: personal.tables }));
  for (const csv of EXPORT_CSVS) {
    const rows = personal.tables[csv.table] ?? [];
    files[csv.fileName] = text(tableCsv(rows, rows.length > 0 ? [] : await tableColumns(executor, csv.table)));
  }
  // PDFs are compressed already: stored as they are.
  const pdf = (bytes: Buffer): [Uint8Array, { level: 0 }] => [new Uint8Array(bytes), { level: 0 }];
  const invoicedOrders = new Set((personal.tables.invoices ?? []).flatMap((row) => (typeof row.order_id === "string" ? [row.order_id] : [])));
  for (const invoice of personal.tables.invoices ?? []) {
    if (typeof invoice.order_id === "string" && invoicedOrders.delete(invoice.order_id)) {
      files[`laskut/${invoiceFileName(Number(invoice.invoice_number))}`] = pdf(await renderInvoicePdf(executor, invoice.order_id));
    }
  }
  for (const orderId of personal.paidOrderIds) {
    const note = await renderCreditNotePdf(executor, orderId);
    if (note) files[`hyvityslaskut/${creditNoteFileName(note.creditNoteNumber)}`] = pdf(note.pdf);
  }
  for (const receipt of personal.tables.receipts ?? []) {
    const drawn = await renderReceiptPdf(executor, { receiptNumber: Number(receipt.receipt_number) });
    if (drawn) files[`kuitit/${receiptFileName(drawn.receiptNumber)}`] = pdf(drawn.pdf);
  }
  if (personal.customerId) {
    const years = [...new Set((personal.tables.household_statements ?? []).map((row) => Number(row.year)))];
    for (const year of years) {
      const statement = await issueStatement(executor, personal.customerId, year, at);
      if (statement) files[`verotiedot/${statement.fileName}`] = pdf(statement.pdf);
    }
  }
  const photo = await helperPhoto(personal);
  if (photo) files[`kuva.${photo.contentType === "image/png" ? "png" : "jpg"}`] = [new Uint8Array(photo.bytes), { level: 0 }];
  return zipSync(files, { level: 6 });
}

async function helperPhoto(personal: PersonalData) {
  const url = personal.tables.caregivers?.[0]?.profile_image_url;
  if (typeof url !== "string" || !url.startsWith("/kuvat/")) return null;
  try {
    return await getStorage().get(url.slice("/kuvat/".length));
  } catch (error) {
    logger.warn({ err: error }, "data export: the helper's photo could not be read");
    return null;
  }
}

export type DataExportDownload =
  | { ok: true; bytes: Buffer; fileName: string }
  | { ok: false; reason: "not_found" | "expired" };

/** The ZIP behind a link, for the person it belongs to while the link is valid. GET: changes nothing. */
export async function downloadDataExport(token: string, profileId: string): Promise<DataExportDownload> {
  const db = await getDb();
  const request = await findDataExportByTokenHash(db, hashToken(token));
  if (!request || request.profileId !== profileId || request.status !== "ready" || !request.objectKey) return { ok: false, reason: "not_found" };
  if (!request.expiresAt || request.expiresAt.getTime() <= clockNow().getTime()) return { ok: false, reason: "expired" };
  const stored = await getStorage().get(request.objectKey);
  if (!stored) return { ok: false, reason: "expired" };
  return { ok: true, bytes: stored.bytes, fileName: dataExportMessages.fileName(helsinkiDateString(request.createdAt)) };
}

/** Housekeeping: deletes exports whose link expired, with their ZIPs. */
export async function deleteExpiredDataExportFiles(db: DB, at: Date = clockNow()): Promise<number> {
  const keys = await deleteExpiredDataExports(db, at);
  for (const key of keys) await getStorage().delete(key);
  return keys.length;
}
