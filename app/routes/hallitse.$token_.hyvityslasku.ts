import type { LoaderFunctionArgs } from "@remix-run/node";
import { manageOrderPdf } from "~/manage/manage-page.server";
import { creditNoteFileName, renderCreditNotePdf } from "~/services/invoices.server";

// The credit note of the cancelled invoice order for the holder of its "Hallitse varausta" link
// (the same PDF as the portal's /portal/orders/:n/hyvityslasku).

export async function loader({ params, context }: LoaderFunctionArgs) {
  return manageOrderPdf(params.token, context?.clientIp, async (db, orderId) => {
    const note = await renderCreditNotePdf(db, orderId);
    return note ? { pdf: note.pdf, fileName: creditNoteFileName(note.creditNoteNumber) } : null;
  });
}
