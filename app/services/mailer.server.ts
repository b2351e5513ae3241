import type { Transporter } from "nodemailer";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { getEmail, markEmailFailed, markEmailKept, markEmailSent, storeEmailAttachments, type Email } from "../models/emails.server";
import { drawDeferredAttachments, hasDeferredAttachments } from "./email-attachments.server";

let cached: { url: string; transport: Transporter } | undefined;

/** One SMTP transport per process (and per SMTP_URL), created (and nodemailer loaded) on first use. */
async function smtpTransport(url: string): Promise<Transporter> {
  if (cached?.url === url) return cached.transport;
  const { default: nodemailer } = await import("nodemailer");
  if (cached?.url === url) return cached.transport;
  cached?.transport.close();
  const transport = nodemailer.createTransport({
    url,
    // nodemailer's defaults wait minutes for a silent server; a stuck delivery would hold the
    // worker's whole batch. Fail fast instead: the job is retried with backoff.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  cached = { url, transport };
  return transport;
}

/** Tests change SMTP_URL between cases; this drops the cached transport (call resetEnvCache too). */
export function resetMailTransport() {
  cached?.transport.close();
  cached = undefined;
}

/**
 * The e-mail's attachments, with the deferred ones (EmailAttachment.deferred) drawn and stored
 * first: the e-mail kept in the database or sent carries them, and a retry does not draw again.
 */
async function drawnAttachments(db: DB, email: Email) {
  if (!hasDeferredAttachments(email.attachments)) return email.attachments;
  const attachments = await drawDeferredAttachments(db, email.attachments);
  await storeEmailAttachments(db, email.id, attachments);
  return attachments;
}

/**
 * Delivers one stored e-mail: by SMTP when SMTP_URL is set, otherwise keeps it in the database
 * for the dev mailbox. An SMTP failure (or one drawing an attachment) throws so that the job is
 * retried; on the job's last attempt the e-mail is marked failed first, so the mailbox and staff
 * see what happened.
 */
export async function deliverEmail(db: DB, emailId: string, { isFinalAttempt }: { isFinalAttempt: boolean }) {
  const email = await getEmail(db, emailId);
  if (!email) throw new Error(`E-mail ${emailId} does not exist`);
  // A worker that crashed after sending but before finishing the job must not send it twice.
  if (email.status === "sent" || email.status === "kept") return;

  const { SMTP_URL, NODE_ENV } = env();
  try {
    const attachments = await drawnAttachments(db, email);
    if (!SMTP_URL) {
      await markEmailKept(db, email.id);
      if (NODE_ENV === "production") {
        logger.warn({ emailId: email.id }, "SMTP_URL is not set: e-mail kept in the database, not sent");
      }
      return;
    }
    await (await smtpTransport(SMTP_URL)).sendMail({
      from: email.from_address,
      to: email.to_address,
      replyTo: email.reply_to ?? undefined,
      subject: email.subject,
      html: email.html,
      text: email.text,
      attachments: attachments.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: attachment.content,
        encoding: "base64",
      })),
    });
  } catch (error) {
    if (isFinalAttempt) await markEmailFailed(db, email.id);
    throw error;
  }
  await markEmailSent(db, email.id);
  logger.info({ emailId: email.id }, "e-mail sent");
}
