import type { LoaderFunctionArgs } from "@remix-run/node";
import { pdfDownload } from "~/booking/invoice-download.server";
import { getDb } from "~/db.server";
import { orderNotFound, requireCustomerOrder } from "~/portal/customer-order.server";
import { invoiceFileName } from "~/services/invoices.server";
import { renderSeriesInvoiceOfOrder } from "~/services/series-invoices.server";

// The monthly invoice PDF a series visit is on (docs/decisions/0039), for the order's own
// customer only: anyone else, and a visit on no monthly invoice, gets the order page's 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order } = await requireCustomerOrder(request, params.orderNumber);
  const rendered = await renderSeriesInvoiceOfOrder(await getDb(), order.id);
  if (!rendered) throw orderNotFound();
  return pdfDownload(rendered.pdf, invoiceFileName(rendered.invoiceNumber));
}
