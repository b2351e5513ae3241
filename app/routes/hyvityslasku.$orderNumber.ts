import type { LoaderFunctionArgs } from "@remix-run/node";
import { pdfDownload, requireInvoiceDocumentAccess } from "~/booking/invoice-download.server";
import { findOrderOwnerByOrderNumber } from "~/models/booking-documents.server";
import { creditNoteFileName, renderCreditNotePdf } from "~/services/invoices.server";

// Downloads the credit note PDF of a cancelled invoice order (issue 14), on the same terms as the
// invoice itself (app/booking/invoice-download.server.ts); an order without a credit note is a 404.
// A series visit has no invoice of its own, only its line's note (decision 0044): owner by order.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const notFound = "Hyvityslaskua ei löytynyt.";
  const { db, owner } = await requireInvoiceDocumentAccess(request, params.orderNumber ?? "", notFound, findOrderOwnerByOrderNumber);
  const note = await renderCreditNotePdf(db, owner.orderId);
  if (!note) throw new Response(notFound, { status: 404 });
  return pdfDownload(note.pdf, creditNoteFileName(note.creditNoteNumber));
}
