import type { LoaderFunctionArgs } from "@remix-run/node";
import { access } from "~/auth/access";
import { getOptionalUser, requireUser } from "~/auth/guards.server";
import { canViewOrder } from "~/booking/owned-orders.server";
import { getDb } from "~/db.server";
import { findInvoiceOwnerByOrderNumber } from "~/models/booking-documents.server";
import { invoiceFileName, renderInvoicePdf } from "~/services/invoices.server";

// Downloads an invoice order's PDF invoice (DESIGN.md decision 11: "e-mailed and downloadable"):
// for the browser that booked the order, its signed-in customer, and staff who handle orders (the
// same rule as the booking result pages). Anyone else who is not signed in is asked to sign in
// (they may be the customer on another device); a signed-in stranger gets the same 404 as for an
// order that does not exist, so order numbers (which are sequential) reveal nothing.

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
    throw new Response("Laskua ei löytynyt.", { status: 404 });
  }
  const pdf = await renderInvoicePdf(db, owner.orderId);
  return new Response(Uint8Array.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `attachment; filename="${invoiceFileName(owner.invoiceNumber)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
