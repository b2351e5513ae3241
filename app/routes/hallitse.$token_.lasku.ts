import type { LoaderFunctionArgs } from "@remix-run/node";
import { pdfDownload } from "~/booking/invoice-download.server";
import { requireInvoiceOfManagedOrder } from "~/manage/manage-page.server";
import { invoiceFileName, renderInvoicePdf } from "~/services/invoices.server";

// The order's invoice PDF for the holder of its "Hallitse varausta" link (the same PDF as /lasku/:orderNumber).

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { db, owner } = await requireInvoiceOfManagedOrder(params.token, context?.clientIp);
  return pdfDownload(await renderInvoicePdf(db, owner.orderId), invoiceFileName(owner.invoiceNumber));
}
