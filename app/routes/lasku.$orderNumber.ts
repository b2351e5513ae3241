import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { invoiceForDownload } from "~/services/invoices.server";

// Downloads an invoice order's PDF invoice (DESIGN.md decision 11: "e-mailed and downloadable"):
// for the browser that booked the order, its signed-in customer, and staff who handle orders.
// Anyone else who is not signed in is asked to sign in (they may be the customer on another
// device); a signed-in stranger gets the same 404 as for an order that does not exist.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const invoice = await invoiceForDownload(request, params.orderNumber ?? "");
  if (!invoice) {
    await requireUser(request);
    throw new Response("Laskua ei löytynyt.", { status: 404 });
  }
  return new Response(Uint8Array.from(invoice.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(invoice.pdf.length),
      "Content-Disposition": `attachment; filename="${invoice.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
