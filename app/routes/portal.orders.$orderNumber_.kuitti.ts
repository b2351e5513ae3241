import type { LoaderFunctionArgs } from "@remix-run/node";
import { pdfDownload } from "~/booking/invoice-download.server";
import { getDb } from "~/db.server";
import { orderNotFound, requireCustomerOrder } from "~/portal/customer-order.server";
import { receiptFileName, renderReceiptPdf } from "~/services/receipts.server";

// The receipt PDF of the order's online payment (issue 28 item 5), for the order's own customer
// only: anyone else, and an order without a receipt, gets the order page's 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order } = await requireCustomerOrder(request, params.orderNumber);
  const receipt = await renderReceiptPdf(await getDb(), { orderId: order.id });
  if (!receipt) throw orderNotFound();
  return pdfDownload(receipt.pdf, receiptFileName(receipt.receiptNumber));
}
