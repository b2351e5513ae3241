// A message from the landing page's contact form becomes an e-mail to the company's contact
// address. It goes through the e-mail queue like every other message, so a failing SMTP server
// delays it instead of losing it, and replying in the mail program answers the sender.
import type { Executor } from "../db.server";
import { getContactInfo } from "../models/settings.server";
import { contactEmailTexts } from "../messages/contact";
import type { ContactMessage } from "../schemas/contact";
import { renderEmail, sendEmail } from "./email.server";

export function contactEmailSubject(name: string): string {
  // Collapse line breaks and runs of spaces: the name ends up in a mail header.
  return contactEmailTexts.subject(name.replace(/\s+/g, " ").trim());
}

/** The message in the house e-mail layout; renderEmail escapes everything the sender typed. */
export function contactEmailBodies(message: Pick<ContactMessage, "name" | "email" | "phone" | "message">) {
  return renderEmail({
    heading: contactEmailSubject(message.name),
    paragraphs: [
      contactEmailTexts.intro,
      contactEmailTexts.details(message),
      contactEmailTexts.messageHeading,
      // Browsers send a textarea's line breaks as CRLF; blank lines separate paragraphs.
      ...message.message.replace(/\r\n?/g, "\n").split(/\n\s*\n/),
    ],
    afterButton: [contactEmailTexts.replyHint],
  });
}

/** Queues the e-mail to the company; returns the e-mail's id. */
export async function sendContactMessage(executor: Executor, message: ContactMessage): Promise<string> {
  const contact = await getContactInfo(executor);
  const { html, text } = contactEmailBodies(message);
  return sendEmail(executor, {
    to: contact.email,
    replyTo: message.email,
    subject: contactEmailSubject(message.name),
    html,
    text,
  });
}
