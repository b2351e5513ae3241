import crypto from "node:crypto";
import type { DB, Executor } from "../db.server";
import { helsinkiToday } from "../domain/booking-window";
import { formatEuros } from "../domain/format";
import {
  entriesOfYear,
  statementState,
  statementTotals,
  unpaidInvoicesOfYear,
  yearToMail,
  type StatementEntry,
  type StatementTotals,
  type UnpaidInvoice,
} from "../domain/household-deduction";
import { VEROTIEDOT_PATH } from "../domain/portal-paths";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { householdStatementTexts as t } from "../messages/household-statement";
import {
  claimStatementMailing,
  findStatementPayer,
  insertStatementVersion,
  latestStatementVersion,
  listOrderMoney,
  listPayersWithPaymentsIn,
  recordStatementMailing,
  unmailedPayers,
  type StatementPayer,
  type StatementVersion,
} from "../models/household-statements.server";
import { getCompanyInfo, getContactInfo } from "../models/settings.server";
import { now as clockNow } from "./clock.server";
import { renderEmail, sendEmail } from "./email.server";
import { drawStatementPdf, type StatementPdfData } from "./household-statement-pdf.server";

// The household-deduction statement of a payer and a year (issue 29 item 1; docs/decisions/0028):
// what the portal page shows, the PDF it downloads (each handed-out version recorded with the
// SHA-256 of its canonical data, so a correction becomes version n + 1 and the old row stays) and
// the e-mail of 2 January, once per payer and year however many workers run.

export interface StatementData {
  year: number;
  final: boolean;
  payer: StatementPayer;
  payerAddressLines: string[];
  places: Array<{ address: string; recipientName: string | null }>;
  rows: StatementEntry[];
  totals: StatementTotals;
  unpaid: UnpaidInvoice[];
}

/** The statement of `year` for the payer as the data stands now; null when there is no such payer. */
export async function buildStatement(executor: Executor, customerId: string, year: number, now: Date): Promise<StatementData | null> {
  const payer = await findStatementPayer(executor, customerId);
  if (!payer) return null;
  const { facts, places } = await listOrderMoney(executor, customerId);
  const rows = entriesOfYear(facts, year);
  const counted = new Set(rows.map((row) => row.orderNumber));
  const placeKeys = new Map<string, { address: string; recipientName: string | null }>();
  for (const place of places) {
    if (!counted.has(place.orderNumber)) continue;
    const address = `${place.address}, ${place.postalCode} ${place.city}`;
    placeKeys.set(`${address}|${place.recipientName ?? ""}`, { address, recipientName: place.recipientName });
  }
  const ownPlace = [...places].reverse().find((place) => place.recipientName === null);
  const payerAddressLines =
    payer.address && payer.postalCode && payer.city
      ? [payer.address, `${payer.postalCode} ${payer.city}`]
      : ownPlace
        ? [ownPlace.address, `${ownPlace.postalCode} ${ownPlace.city}`]
        : [];
  return {
    year,
    final: statementState(year, helsinkiToday(now)) === "final",
    payer,
    payerAddressLines,
    places: [...placeKeys.values()],
    rows,
    totals: statementTotals(rows),
    unpaid: unpaidInvoicesOfYear(facts, year),
  };
}

/**
 * The SHA-256 of what the statement says (not when it was drawn or its version number): equal
 * data, equal hash, so downloading again hands out the same version.
 */
export function statementDataHash(data: StatementData, seller: StatementPdfData["seller"]): string {
  const canonical = JSON.stringify({
    year: data.year,
    final: data.final,
    seller,
    payer: { name: data.payer.name, address: data.payerAddressLines },
    places: data.places,
    rows: data.rows,
    totals: data.totals,
    unpaid: data.unpaid,
  });
  return crypto.createHash("sha256").update(canonical).digest("hex");
}

/** The version for `hash`: the latest one when it says the same, otherwise a new one (n + 1). */
async function versionFor(executor: Executor, customerId: string, year: number, hash: string, now: Date): Promise<StatementVersion> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const latest = await latestStatementVersion(executor, customerId, year);
    if (latest && latest.dataSha256 === hash) return latest;
    const inserted = await insertStatementVersion(executor, { customerId, year, version: (latest?.version ?? 0) + 1, dataSha256: hash, createdAt: now });
    if (inserted) return inserted;
    // Another request recorded that version meanwhile: look again.
  }
  throw new Error(`statement version of ${customerId}/${year} kept changing under us`);
}

export interface IssuedStatement {
  pdf: Buffer;
  fileName: string;
  version: StatementVersion;
  data: StatementData;
}

/** Draws the payer's statement of `year` and records the version it is. */
export async function issueStatement(executor: Executor, customerId: string, year: number, now: Date = clockNow()): Promise<IssuedStatement | null> {
  const data = await buildStatement(executor, customerId, year, now);
  if (!data) return null;
  const [company, contact] = await Promise.all([getCompanyInfo(executor), getContactInfo(executor)]);
  const seller = { ...company, ...contact };
  const version = await versionFor(executor, customerId, year, statementDataHash(data, seller), now);
  const pdf = await drawStatementPdf({
    year,
    version: version.version,
    createdOn: helsinkiToday(version.createdAt),
    final: data.final,
    seller,
    payer: { name: data.payer.name, addressLines: data.payerAddressLines },
    places: data.places,
    rows: data.rows,
    totals: data.totals,
    unpaid: data.unpaid,
  });
  return { pdf, fileName: statementFileName(year, version.version), version, data };
}

export function statementFileName(year: number, version: number): string {
  return `kotitalousvahennys-${year}-v${version}.pdf`;
}

// ---------------------------------------------------------------- the e-mail of 2 January

/** Payers looked at per round of the recurring job. */
const MAILING_BATCH = 50;

/**
 * From 2 January through January (Helsinki), e-mails each payer with payments in the past year
 * their statement, once: the mailing row's primary key, inserted in the same transaction as the
 * e-mail, decides between workers, and a rolled-back attempt leaves no row. Returns how many were sent.
 */
export async function mailYearlyStatements(db: DB, now: Date = clockNow()): Promise<number> {
  const year = yearToMail(helsinkiToday(now));
  if (year === null) return 0;
  let sent = 0;
  let after: string | null = null;
  for (;;) {
    const payers = await listPayersWithPaymentsIn(db, year, after, MAILING_BATCH);
    if (payers.length === 0) break;
    after = payers[payers.length - 1];
    for (const customerId of await unmailedPayers(db, payers, year)) {
      if (await mailStatement(db, customerId, year, now)) sent += 1;
    }
    if (payers.length < MAILING_BATCH) break;
  }
  if (sent > 0) logger.info({ year, sent }, "household-deduction statements e-mailed");
  return sent;
}

async function mailStatement(db: DB, customerId: string, year: number, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimStatementMailing(trx, customerId, year))) return false;
    const issued = await issueStatement(trx, customerId, year, now);
    // Payments that the arithmetic nets to nothing (paid and refunded) need no statement.
    if (!issued || issued.data.rows.length === 0) return true;
    const content = renderEmail({
      heading: t.email.heading(year),
      paragraphs: [...t.email.paragraphs(year, formatEuros(issued.data.totals.workCents), formatEuros(issued.data.totals.estimateCents))],
      button: { label: t.email.button, url: `${env().APP_URL}${VEROTIEDOT_PATH}?vuosi=${year}` },
    });
    const emailId = await sendEmail(trx, {
      to: issued.data.payer.email,
      subject: t.email.subject(year),
      ...content,
      attachments: [{ filename: issued.fileName, contentType: "application/pdf", content: issued.pdf.toString("base64") }],
    });
    await recordStatementMailing(trx, { customerId, year, statementId: issued.version.id, emailId });
    return true;
  });
}
