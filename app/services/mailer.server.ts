import type { Transporter } from "nodemailer";
import type { DB, Executor } from "../db.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import {
  getEmail,
  markEmailFailed,
  markEmailKept,
  markEmailSending,
  markEmailSent,
  storeEmailAttachments,
  type Email,
} from "../models/emails.server";
import type { JobContext } from "./job-handlers.server";
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
 * The Message-ID an e-mail is sent with, the same on every attempt: made from the e-mail's id, in
 * the domain of its sender, so a copy sent again after a crash is recognisable as the same message.
 */
export function messageIdFor(email: Pick<Email, "id" | "from_address">): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(email.from_address)?.[1] ?? "arkikaveri.fi";
  return `<${email.id}@${domain}>`;
}

/**
 * Delivers one stored e-mail: by SMTP when SMTP_URL is set, otherwise keeps it in the database
 * for the dev mailbox. Before SMTP the e-mail is marked "sending" with its Message-ID; the SMTP
 * server's acceptance is written in one transaction with the job's end (`finishWith`), so a
 * worker never sends an e-mail again that it has recorded as sent. Only a worker that dies (or
 * loses the database for longer than its lease) between the acceptance and that write sends it
 * again, with the same Message-ID. An SMTP failure (or one drawing an attachment) throws so that
 * the job is retried; on the job's last attempt the e-mail is marked failed first, so the mailbox
 * and staff see what happened.
 */
export async function deliverEmail(
  db: DB,
  emailId: string,
  { isFinalAttempt, finishWith }: { isFinalAttempt: boolean; finishWith?: JobContext["finishWith"] },
) {
  const email = await getEmail(db, emailId);
  if (!email) throw new Error(`E-mail ${emailId} does not exist`);
  // A worker that crashed after recording the e-mail but before finishing the job must not send it twice.
  if (email.status === "sent" || email.status === "kept") return;
  const record = async (write: (executor: Executor) => Promise<void>) => (finishWith ? finishWith(write) : write(db));

  const { SMTP_URL, NODE_ENV } = env();
  let messageId: string;
  try {
    const attachments = await drawnAttachments(db, email);
    if (!SMTP_URL) {
      await record((executor) => markEmailKept(executor, email.id));
      if (NODE_ENV === "production") {
        logger.warn({ emailId: email.id }, "SMTP_URL is not set: e-mail kept in the database, not sent");
      }
      return;
    }
    messageId = await markEmailSending(db, email.id, messageIdFor(email));
    await (await smtpTransport(SMTP_URL)).sendMail({
      messageId,
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
  await record((executor) => markEmailSent(executor, email.id));
  logger.info({ emailId: email.id, messageId }, "e-mail sent");
}
