import type { Executor } from "../db.server";
import type { DeferredAttachment, EmailAttachment } from "../db/schema";
import { renderCreditNotePdf, renderInvoicePdf } from "./invoices.server";
import { renderReceiptPdf } from "./receipts.server";
import { renderSeriesInvoicePdf } from "./series-invoices.server";

// Attachments queued as a description instead of bytes (EmailAttachment.deferred: an invoice, a
// receipt or a credit note PDF) are drawn here, by the job that delivers the e-mail, from the rows
// as they are then: the same document a download of it would give. Drawing the invoice PDF inside the booking's transaction cost every
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
    const pdf = await drawDeferred(executor, attachment.deferred);
    drawn.push({ filename: attachment.filename, contentType: attachment.contentType, content: pdf.toString("base64") });
  }
  return drawn;
}

async function drawDeferred(executor: Executor, deferred: DeferredAttachment): Promise<Buffer> {
  switch (deferred.kind) {
    case "invoice_pdf":
      return renderInvoicePdf(executor, deferred.orderId);
    case "receipt_pdf": {
      const receipt = await renderReceiptPdf(executor, { receiptNumber: deferred.receiptNumber });
      if (!receipt) throw new Error(`drawDeferredAttachments: receipt ${deferred.receiptNumber} does not exist`);
      return receipt.pdf;
    }
    case "credit_note_pdf": {
      const note = await renderCreditNotePdf(executor, deferred.orderId);
      if (!note) throw new Error(`drawDeferredAttachments: order ${deferred.orderId} has no credit note`);
      return note.pdf;
    }
    case "series_invoice_pdf": {
      const pdf = await renderSeriesInvoicePdf(executor, deferred.invoiceNumber);
      if (!pdf) throw new Error(`drawDeferredAttachments: series invoice ${deferred.invoiceNumber} does not exist`);
      return pdf;
    }
  }
}
