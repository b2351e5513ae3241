import type { Executor } from "../db.server";
import type { EmailAttachment } from "../db/schema";
import { env } from "../env.server";
import { emailLayoutTexts } from "../messages/email-layout";
import { insertEmail } from "../models/emails.server";
import { enqueueJob } from "./job-queue.server";
import { contactSegments } from "../domain/contact-links";
import type { EmailContent } from "../domain/email-content";

export type { EmailAttachment, EmailContent };

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  attachments?: EmailAttachment[];
}

/**
 * Queues an e-mail: writes it and its delivery job with `executor`. Pass the transaction of the
 * work the e-mail is about (an order, a sign-up), so that the e-mail exists if and only if that
 * work commits; nothing is sent before the commit. Given plain `db`, it opens its own transaction
 * so that an e-mail never exists without its job. Returns the e-mail's id.
 */
export async function sendEmail(executor: Executor, message: EmailMessage): Promise<string> {
  if (!executor.isTransaction) {
    return executor.transaction().execute((trx) => sendEmail(trx, message));
  }
  if (!message.to.trim()) throw new Error("sendEmail: the recipient address is empty");
  const emailId = await insertEmail(executor, { ...message, to: message.to.trim(), from: env().MAIL_FROM });
  await enqueueJob(executor, "email.deliver", { emailId });
  return emailId;
}

/** A calendar file (app/domain/ics.ts) as an e-mail attachment, its METHOD in the content type as RFC 6047 asks. */
export function icsAttachment(filename: string, ics: string): EmailAttachment {
  const method = ics.includes("\r\nMETHOD:CANCEL\r\n") ? "CANCEL" : "PUBLISH";
  return { filename, contentType: `text/calendar; charset=utf-8; method=${method}`, content: Buffer.from(ics, "utf8").toString("base64") };
}

const { footer: FOOTER, buttonFallback: BUTTON_FALLBACK } = emailLayoutTexts;

/**
 * Renders a simple e-mail in our house layout from plain Finnish text: an accessible HTML
 * version (lang="fi", large text, a 44 px button, good contrast) and the matching text version.
 * All text is escaped, so user-provided names are safe to pass.
 */
export function renderEmail(content: EmailContent): { html: string; text: string } {
  const { heading, paragraphs, button, afterButton = [], links = [], contact } = content;
  const siteUrl = env().APP_URL;
  for (const link of [...(button ? [button] : []), ...links]) {
    if (!/^https?:\/\//i.test(link.url)) throw new Error(`renderEmail: a link needs an absolute http(s) URL, got "${link.url}"`);
  }

  // Customer service's phone and e-mail are links (tel:, mailto:), so one tap calls or writes.
  const textHtml = (text: string) =>
    (contact ? contactSegments(text, contact) : [{ text }])
      .map((segment) =>
        segment.href
          ? `<a href="${escapeHtml(segment.href)}" style="color:#185a4a;">${escapeHtml(segment.text)}</a>`
          : escapeHtml(segment.text).replace(/\n/g, "<br>"),
      )
      .join("");
  const paragraphHtml = (text: string) => `<p style="margin:0 0 16px;font-size:18px;line-height:1.6;color:#1f2937;">${textHtml(text)}</p>`;

  const buttonHtml = button
    ? `<p style="margin:24px 0;">` +
      `<a href="${escapeHtml(button.url)}" style="display:inline-block;min-height:44px;padding:12px 24px;box-sizing:border-box;border-radius:6px;background:#185a4a;color:#ffffff;font-size:18px;font-weight:bold;line-height:20px;text-decoration:none;">${escapeHtml(button.label)}</a>` +
      `</p>` +
      `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#374151;">${escapeHtml(BUTTON_FALLBACK)}<br>` +
      `<a href="${escapeHtml(button.url)}" style="color:#185a4a;word-break:break-all;">${escapeHtml(button.url)}</a></p>`
    : "";

  const html = [
    "<!DOCTYPE html>",
    '<html lang="fi">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(heading)}</title>`,
    "</head>",
    '<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;">',
    '<div style="max-width:600px;margin:0 auto;padding:24px 16px;">',
    '<div style="background:#ffffff;border-radius:8px;padding:32px 24px;">',
    `<h1 style="margin:0 0 24px;font-size:26px;line-height:1.3;color:#124537;">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map(paragraphHtml),
    buttonHtml,
    ...afterButton.map(paragraphHtml),
    ...links.map(
      (link) =>
        `<p style="margin:0 0 16px;font-size:18px;line-height:1.6;color:#1f2937;">${textHtml(link.text)}<br>` +
        `<a href="${escapeHtml(link.url)}" style="color:#185a4a;font-weight:bold;word-break:break-all;">${escapeHtml(link.label)}</a></p>`,
    ),
    "</div>",
    `<p style="margin:24px 0 0;font-size:16px;line-height:1.5;color:#374151;text-align:center;"><strong>${escapeHtml(FOOTER)}</strong><br><a href="${escapeHtml(siteUrl)}" style="color:#185a4a;">${escapeHtml(siteUrl)}</a></p>`,
    "</div>",
    "</body>",
    "</html>",
  ]
    .filter(Boolean)
    .join("\n");

  const text = [
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(button ? [`${button.label}:`, button.url, ""] : []),
    ...afterButton.flatMap((p) => [p, ""]),
    ...links.flatMap((link) => [link.text, `${link.label}: ${link.url}`, ""]),
    "-- ",
    FOOTER,
    siteUrl,
  ].join("\n");

  return { html, text };
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
