import type { Executor } from "../db.server";
import type { EmailAttachment } from "../db/schema";
import { renderInvoicePdf } from "./invoices.server";

// Attachments queued as a description instead of bytes (EmailAttachment.deferred) are drawn here,
// by the job that delivers the e-mail, from the rows as they are then: the same document a
// download of it would give. Drawing the invoice PDF inside the booking's transaction cost every
// invoice submit tens of milliseconds of CPU with a database connection held (issue 15).

/** Whether any attachment still waits to be drawn. */
export function hasDeferredAttachments(attachments: readonly EmailAttachment[]): boolean {
  return attachments.some((attachment) => attachment.deferred !== undefined && attachment.content === "");
}

/** The attachments with every deferred one drawn; the others as they are. */
export async function drawDeferredAttachments(executor: Executor, attachments: readonly EmailAttachment[]): Promise<EmailAttachment[]> {
  const drawn: EmailAttachment[] = [];
  for (const attachment of attachments) {
    if (attachment.deferred === undefined || attachment.content !== "") {
      drawn.push(attachment);
      continue;
    }
    const pdf = await renderInvoicePdf(executor, attachment.deferred.orderId);
    drawn.push({ filename: attachment.filename, contentType: attachment.contentType, content: pdf.toString("base64") });
  }
  return drawn;
}
