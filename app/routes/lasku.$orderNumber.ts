import type { LoaderFunctionArgs } from "@remix-run/node";
import { pdfDownload, requireInvoiceDocumentAccess } from "~/booking/invoice-download.server";
import { findInvoiceOwnerByOrderNumber } from "~/models/booking-documents.server";
import { invoiceFileName, renderInvoicePdf } from "~/services/invoices.server";

// Downloads an invoice order's PDF invoice, for those app/booking/invoice-download.server.ts lets in.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, owner } = await requireInvoiceDocumentAccess(request, params.orderNumber ?? "", "Laskua ei löytynyt.", findInvoiceOwnerByOrderNumber);
  return pdfDownload(await renderInvoicePdf(db, owner.orderId), invoiceFileName(owner.invoiceNumber));
}
