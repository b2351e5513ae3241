import { data, type HeadersFunction } from "@remix-run/node";
import { getOptionalUser } from "~/auth/guards.server";
import { icsDownload, pdfDownload, type InvoiceOwner } from "~/booking/invoice-download.server";
import { getDb, type Executor } from "~/db.server";
import { manageLinkTexts as texts } from "~/messages/manage-links";
import { findInvoiceOwnerByOrderNumber, getBookingDocument } from "~/models/booking-documents.server";
import type { ManagedOrder } from "~/models/manage-links.server";
import { findOrderDetailById } from "~/models/portal-orders.server";
import { getContactInfo } from "~/models/settings.server";
import { recordConsent, textRemindersAllowed } from "~/models/consents.server";
import { formatFinnishMobile } from "~/domain/sms";
import { currentConsentVersion } from "~/messages/consent-wordings";
import { canWriteToThread } from "~/domain/order-messages";
import { threadAudience } from "~/messages/order-messages";
import { findThreadOrder, listThreadMessages } from "~/models/order-messages.server";
import { cancelAsCustomer, customerCancellation, customerOrderPath, customerOrderView } from "~/portal/customer-order.server";
import { handleMessagePost, MESSAGE_FORM_CONSTRAINT, messageViews } from "~/portal/messages.server";
import { bookingIcs } from "~/services/booking-emails.server";
import { now as clockNow } from "~/services/clock.server";
import { redirectWithToast } from "~/services/flash.server";
import { managePath, openManageLink, sendNewManageLink } from "~/services/manage-links.server";
import { consumeMailRequest, consumeManageMessage, countManageLinkMiss, manageLinkLimitReached, retryAfterMinutes } from "~/services/rate-limit.server";

// The server half of /hallitse/:token, the "Hallitse varausta" page (issue 28 item 3;
// docs/decisions/0030), and of its downloads. The link is the permission: a wrong, revoked,
// expired or malformed token is the same bare 404, and each such miss counts against the client's
// limit (a valid link's GET writes nothing: mail scanners open links). Forms post to the same
// address and act: cancel (the portal's cancellation, the rule and the fee shown first), a
// message to the helper (the portal's thread, docs/decisions/0036), stopping the text reminders
// (the consent log, docs/decisions/0033) and "Lähetä uusi linkki";
// "Muuta aikaa" is the portal's three steps under /hallitse/<token>/muuta-aika.

/** What every answer of a manage address carries: no referrer leaves it, no search engine keeps it. */
export const MANAGE_HEADERS = { "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" } as const;

/** A manage route's `headers` export: the page and its error answers alike carry MANAGE_HEADERS. */
export const manageRouteHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const headers = new Headers(errorHeaders ?? loaderHeaders);
  for (const [name, value] of Object.entries(MANAGE_HEADERS)) headers.set(name, value);
  return headers;
};

const SMS_PURPOSE = "tekstiviestimuistutukset";

function notFound(): Response {
  return new Response(texts.notFound, { status: 404, statusText: "Not Found", headers: MANAGE_HEADERS });
}

/** The order the address's link opens, or a thrown 404 (counted) or 429. */
export async function requireManagedOrder(token: string | undefined, clientIp: string | null | undefined): Promise<ManagedOrder> {
  const limit = await manageLinkLimitReached(clientIp);
  if (!limit.allowed) {
    throw new Response(texts.tooMany(retryAfterMinutes(limit.retryAfterSeconds)), {
      status: 429,
      headers: { ...MANAGE_HEADERS, "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const managed = await openManageLink(await getDb(), token, clockNow());
  if (!managed) {
    await countManageLinkMiss(clientIp);
    throw notFound();
  }
  return managed;
}

export async function manageLoader(request: Request, token: string | undefined, clientIp: string | null | undefined) {
  const managed = await requireManagedOrder(token, clientIp);
  const db = await getDb();
  const now = clockNow();
  const detail = await findOrderDetailById(db, managed.orderId);
  if (!detail) throw notFound();
  const view = customerOrderView(detail, now);
  const cancellation = await customerCancellation(managed.orderId, now);
  const user = await getOptionalUser(request);
  const contact = await getContactInfo(db);
  const here = managePath(token!);
  // The thread once a helper is assigned: read here without marking it read (a GET writes nothing).
  const messages = detail.caregiver ? messageViews(await listThreadMessages(db, managed.orderId), managed.customerProfileId, "portal") : null;
  return data(
    {
      here,
      orderId: managed.orderId,
      orderNumber: view.orderNumber,
      serviceName: view.serviceName,
      status: view.status,
      accepted: view.accepted,
      visit: view.visit,
      // The helper's first name and photo once assigned: the page is for whoever holds the link.
      caregiver: view.caregiver ? { firstName: view.caregiver.name.split(" ")[0] ?? view.caregiver.name, photoUrl: view.caregiver.photoUrl } : null,
      amounts: view.amounts,
      total: view.total,
      deduction: view.deduction,
      paymentMethod: view.paymentMethod,
      paymentState: view.paymentState,
      cancellationFee: view.cancellationFee,
      creditNote: view.creditNote,
      invoice: view.invoiceHref && view.invoiceNumber !== null ? { href: `${here}/lasku`, number: view.invoiceNumber } : null,
      // The money documents the portal offers (issue 28 item 5), here for whoever holds the link.
      receiptHref: view.receiptHref ? `${here}/kuitti` : null,
      creditNoteDownload: view.creditNoteHref && view.creditNoteNumber !== null ? { href: `${here}/hyvityslasku`, number: view.creditNoteNumber } : null,
      // A cancelled visit has no calendar entry to add.
      calendarHref: detail.status === "cancelled" ? null : `${here}/kalenteri`,
      cancel: cancellation.cancellable
        ? { feeCents: cancellation.feeCents, rule: cancellation.rule, money: cancellation.money, notice: texts.cancelNotice(view.caregiver?.name ?? null) }
        : null,
      cancelled: cancellation.cancelled,
      // The portal's rule and words: the customer until their deadline, then staff by phone.
      rescheduleHref: view.rescheduleHref ? `${here}/muuta-aika` : null,
      // A completed visit not yet rated: its review page under the same link (issue 28 item 6).
      reviewHref: view.reviewHref ? `${here}/arvio` : null,
      rescheduleHint: view.rescheduleHint,
      thread: messages
        ? { messages, writable: canWriteToThread(detail.status), note: threadAudience(view.caregiver?.name.split(" ")[0] ?? null), constraint: MESSAGE_FORM_CONSTRAINT }
        : null,
      // Text reminders, withdrawn here: for a visit still to come that asked for them.
      textReminders:
        managed.textReminderPhone && (detail.status === "pending" || detail.status === "pending_payment")
          ? { phone: formatFinnishMobile(managed.textReminderPhone), on: await textRemindersAllowed(db, { userId: managed.customerProfileId, phone: managed.textReminderPhone }) }
          : null,
      // For a signed-in owner the same page links into the portal.
      portalHref: user?.id === managed.customerProfileId && managed.inPortal ? customerOrderPath(managed.orderNumber) : null,
      contact: { phone: contact.phone, email: contact.email },
    },
    { headers: MANAGE_HEADERS },
  );
}

export async function manageAction(request: Request, token: string | undefined, clientIp: string | null | undefined) {
  const managed = await requireManagedOrder(token, clientIp);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const here = managePath(token!);
  if (intent === "cancel" && formData.get("orderId") === managed.orderId) {
    return cancelAsCustomer(request, {
      orderId: managed.orderId,
      profileId: managed.customerProfileId,
      ip: clientIp ?? null,
      shownFee: formData.get("feeCents"),
      here,
      back: here,
      alreadyCancelled: texts.alreadyCancelled,
    });
  }
  if (intent === "message") {
    const db = await getDb();
    const thread = await findThreadOrder(db, managed.orderId);
    // The form is offered once a helper is assigned; a post without one is a stale or forged form.
    if (!thread?.caregiver) throw new Response("Lomakkeen tiedot olivat puutteelliset.", { status: 400, headers: MANAGE_HEADERS });
    return handleMessagePost(request, formData, thread, { profileId: managed.customerProfileId, role: "customer" }, `${here}#viestit`, async () => {
      const limit = await consumeManageMessage(managed.orderId, clientIp);
      return limit.allowed ? null : { refused: texts.messagesTooMany(retryAfterMinutes(limit.retryAfterSeconds)), retryAfterSeconds: limit.retryAfterSeconds };
    });
  }
  if (intent === "stop-text-reminders" && managed.textReminderPhone) {
    const phone = managed.textReminderPhone;
    const db = await getDb();
    const stopped = await db.transaction().execute(async (trx) => {
      // The number is the subject: whoever holds the link stops the texts to it, as the profile's
      // button does for an account. Pressed twice, the second press logs nothing.
      if (!(await textRemindersAllowed(trx, { userId: managed.customerProfileId, phone }))) return false;
      await recordConsent(trx, { subject: { phone }, purpose: SMS_PURPOSE, given: false, textVersion: currentConsentVersion(SMS_PURPOSE), method: "hallintalinkki", at: clockNow() });
      return true;
    });
    return redirectWithToast(request, `${here}#tekstiviestit`, stopped ? { type: "success", title: texts.textRemindersStopped } : { type: "info", title: texts.textRemindersAlreadyStopped });
  }
  if (intent === "new-link") {
    const limit = await consumeMailRequest(managed.payerEmail, clientIp);
    if (!limit.allowed) return redirectWithToast(request, here, { type: "error", title: texts.tooMany(retryAfterMinutes(limit.retryAfterSeconds)) });
    await sendNewManageLink(await getDb(), managed);
    // This address no longer opens the order: the answer is the front page with the notice.
    return redirectWithToast(request, "/", { type: "success", title: texts.newLinkSent });
  }
  throw new Response("Lomakkeen tiedot olivat puutteelliset.", { status: 400, headers: MANAGE_HEADERS });
}

/** The visit's calendar file; a cancelled visit has none (the same 404 as a wrong link). */
export async function manageCalendarFile(token: string | undefined, clientIp: string | null | undefined): Promise<Response> {
  const managed = await requireManagedOrder(token, clientIp);
  const booking = await getBookingDocument(await getDb(), managed.orderId);
  if (!booking || booking.order.status === "cancelled") throw notFound();
  const response = icsDownload(bookingIcs(booking), managed.orderNumber);
  for (const [name, value] of Object.entries(MANAGE_HEADERS)) response.headers.set(name, value);
  return response;
}

/** The invoice of the order a "Hallitse varausta" link opens (the link is the permission), or a thrown 404. */
export async function requireInvoiceOfManagedOrder(token: string | undefined, clientIp: string | null | undefined): Promise<{ db: Executor; owner: InvoiceOwner }> {
  const managed = await requireManagedOrder(token, clientIp);
  const db = await getDb();
  const owner = await findInvoiceOwnerByOrderNumber(db, managed.orderNumber);
  if (!owner) throw new Response("Laskua ei löytynyt.", { status: 404, headers: MANAGE_HEADERS });
  return { db, owner };
}

/** A PDF of the order a link opens (receipt, credit note), or the manage page's 404 when it has none. */
export async function manageOrderPdf(
  token: string | undefined,
  clientIp: string | null | undefined,
  render: (db: Executor, orderId: string) => Promise<{ pdf: Buffer; fileName: string } | null>,
): Promise<Response> {
  const managed = await requireManagedOrder(token, clientIp);
  const document = await render(await getDb(), managed.orderId);
  if (!document) throw notFound();
  const response = pdfDownload(document.pdf, document.fileName);
  for (const [name, value] of Object.entries(MANAGE_HEADERS)) response.headers.set(name, value);
  return response;
}
