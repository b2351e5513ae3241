import { access } from "~/auth/access";
import { getOptionalUser, requireUser } from "~/auth/guards.server";
import { getDb, type Executor } from "~/db.server";
import type { findInvoiceOwnerByOrderNumber } from "~/models/booking-documents.server";
import { canViewOrder } from "./owned-orders.server";

// Who may download an order's invoice documents (the invoice, its credit note; DESIGN.md decision
// 11: "e-mailed and downloadable"): the browser that booked the order, its signed-in customer, and
// staff who handle orders (the same rule as the booking result pages). Anyone else who is not
// signed in is asked to sign in (they may be the customer on another device); a signed-in stranger
// gets the same 404 as for an order that does not exist, so order numbers (which are sequential)
// reveal nothing.

export type InvoiceOwner = NonNullable<Awaited<ReturnType<typeof findInvoiceOwnerByOrderNumber>>>;

/**
 * The order's invoice owner, or a thrown 404 (`notFound` as its text) or sign-in redirect.
 * `findOwner` says whose documents these are: findInvoiceOwnerByOrderNumber for the invoice;
 * findOrderOwnerByOrderNumber for the credit note, since a series visit's note has no invoice of
 * the order's own (decision 0044).
 */
export async function requireInvoiceDocumentAccess<Owner extends { orderId: string; profileId: string }>(
  request: Request,
  orderNumber: string,
  notFound: string,
  findOwner: (db: Executor, orderNumber: string) => Promise<Owner | null>,
): Promise<{ db: Executor; owner: Owner }> {
  const db = await getDb();
  const owner = await findOwner(db, orderNumber);
  const user = await getOptionalUser(request);
  const isOrderStaff = user?.role != null && (access.orders as readonly string[]).includes(user.role);
  const allowed = owner !== null && (isOrderStaff || (await canViewOrder(request, { orderNumber, customerProfileId: owner.profileId })));
  if (!owner || !allowed) {
    await requireUser(request);
    throw new Response(notFound, { status: 404 });
  }
  return { db, owner };
}

/** A PDF sent as a download that no cache keeps. */
export function pdfDownload(pdf: Uint8Array, fileName: string): Response {
  return fileDownload(pdf, fileName, "application/pdf");
}

/** A file sent as a download that no cache keeps (a PDF, the "Lataa tietoni" ZIP). */
export function fileDownload(bytes: Uint8Array, fileName: string, contentType: string): Response {
  return new Response(Uint8Array.from(bytes), {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(bytes.length),
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** A booking's calendar file sent as a download that no cache keeps. */
export function icsDownload(ics: string, orderNumber: string): Response {
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="varaus-${orderNumber}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
