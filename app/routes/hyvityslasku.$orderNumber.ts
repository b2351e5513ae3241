import type { LoaderFunctionArgs } from "@remix-run/node";
import { access } from "~/auth/access";
import { getOptionalUser, requireUser } from "~/auth/guards.server";
import { canViewOrder } from "~/booking/owned-orders.server";
import { getDb } from "~/db.server";
import { findInvoiceOwnerByOrderNumber } from "~/models/booking-documents.server";
import { creditNoteFileName, renderCreditNotePdf } from "~/services/invoices.server";

// Downloads the credit note PDF of a cancelled invoice order (issue 14), on the same terms as the
// invoice itself (app/routes/lasku.$orderNumber.ts): the browser that booked the order, its
// signed-in customer and staff who handle orders. Anyone else not signed in is asked to sign in;
// a signed-in stranger, or an order without a credit note, gets a 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const orderNumber = params.orderNumber ?? "";
  const db = await getDb();
  const owner = await findInvoiceOwnerByOrderNumber(db, orderNumber);
  const user = await getOptionalUser(request);
  const isOrderStaff = user?.role != null && (access.orders as readonly string[]).includes(user.role);
  const allowed =
    owner !== null && (isOrderStaff || (await canViewOrder(request, { orderNumber, customerProfileId: owner.profileId })));
  if (!owner || !allowed) {
    await requireUser(request);
    throw new Response("Hyvityslaskua ei löytynyt.", { status: 404 });
  }
  const note = await renderCreditNotePdf(db, owner.orderId);
  if (!note) throw new Response("Hyvityslaskua ei löytynyt.", { status: 404 });
  return new Response(Uint8Array.from(note.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(note.pdf.length),
      "Content-Disposition": `attachment; filename="${creditNoteFileName(note.creditNoteNumber)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
