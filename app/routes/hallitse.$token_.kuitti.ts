import type { LoaderFunctionArgs } from "@remix-run/node";
import { manageOrderPdf } from "~/manage/manage-page.server";
import { receiptFileName, renderReceiptPdf } from "~/services/receipts.server";

// The receipt of the order's online payment for the holder of its "Hallitse varausta" link (the
// same PDF as the portal's /portal/orders/:n/kuitti).

export async function loader({ params, context }: LoaderFunctionArgs) {
  return manageOrderPdf(params.token, context?.clientIp, async (db, orderId) => {
    const receipt = await renderReceiptPdf(db, { orderId });
    return receipt ? { pdf: receipt.pdf, fileName: receiptFileName(receipt.receiptNumber) } : null;
  });
}
