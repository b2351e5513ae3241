import type { LoaderFunctionArgs } from "@remix-run/node";
import { pdfDownload } from "~/booking/invoice-download.server";
import { getDb } from "~/db.server";
import { orderNotFound, requireCustomerOrder } from "~/portal/customer-order.server";
import { creditNoteFileName, renderCreditNotePdf } from "~/services/invoices.server";

// The credit note PDF of the customer's cancelled invoice order (issue 28 item 5), for the order's
// own customer only: anyone else, and an order without a credit note, gets the order page's 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order } = await requireCustomerOrder(request, params.orderNumber);
  const note = await renderCreditNotePdf(await getDb(), order.id);
  if (!note) throw orderNotFound();
  return pdfDownload(note.pdf, creditNoteFileName(note.creditNoteNumber));
}
