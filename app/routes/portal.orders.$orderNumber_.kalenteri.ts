import type { LoaderFunctionArgs } from "@remix-run/node";
import { icsDownload } from "~/booking/invoice-download.server";
import { getDb } from "~/db.server";
import { getBookingDocument } from "~/models/booking-documents.server";
import { calendarGone, orderNotFound, requireCustomerOrder } from "~/portal/customer-order.server";
import { bookingIcs } from "~/services/booking-emails.server";

// The order's calendar file (.ics, the same one the confirmation e-mail carries), for the
// order's own customer only: anyone else gets the order page's 404. A cancelled visit has none to
// add (410 Gone): the cancellation e-mail carried the file that removes it.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order } = await requireCustomerOrder(request, params.orderNumber);
  const booking = await getBookingDocument(await getDb(), order.id);
  if (!booking) throw orderNotFound();
  if (booking.order.status === "cancelled") throw calendarGone();
  return icsDownload(bookingIcs(booking), order.orderNumber);
}
