import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server";
import { getBookingDocument } from "~/models/booking-documents.server";
import { orderNotFound, requireCustomerOrder } from "~/portal/customer-order.server";
import { bookingIcs } from "~/services/booking-emails.server";

// The order's calendar file (.ics, the same one the confirmation e-mail carries), for the
// order's own customer only: anyone else gets the order page's 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order } = await requireCustomerOrder(request, params.orderNumber);
  const booking = await getBookingDocument(await getDb(), order.id);
  if (!booking) throw orderNotFound();
  const body = bookingIcs(booking);
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="varaus-${order.orderNumber}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
