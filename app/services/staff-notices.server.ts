import type { DB, Executor } from "../db.server";
import { MESSAGE_EMAIL_INTERVAL_MS } from "../domain/order-messages";
import { formatTimeRange, formatWeekdayDate } from "../domain/format";
import { env } from "../env.server";
import { contactRequestSummary, staffNoticeEmail } from "../messages/staff-notices";
import { getStaffAlerts } from "../models/settings.server";
import { claimStaffEmailTurn, insertContactRequest, upsertStaffNotice, type NewContactRequest, type NewStaffNotice } from "../models/staff-notices.server";
import { renderEmail, sendEmail } from "./email.server";

// Staff hear what needs them (issue 26 items 5 and 6): a customer's message on an order without
// a helper, a helper's rejection and a contact request open a notice on the back office home's
// "Vaatii huomiota" and are e-mailed to the support address of the settings, through the outbox
// in the caller's transaction, at most once an hour per thread (an order, or one contact
// request), as helpers hear of their messages (DESIGN.md decision 21).

/** The support address hears of one thread at most this often. */
export const STAFF_EMAIL_INTERVAL_MS = MESSAGE_EMAIL_INTERVAL_MS;

/** Opens (or refreshes) the notice and e-mails the support address when it is the thread's turn. */
export async function tellStaff(trx: Executor, notice: NewStaffNotice & { orderNumber?: string | null }): Promise<void> {
  await upsertStaffNotice(trx, notice);
  const thread = notice.orderId ? `order:${notice.orderId}` : `contact:${notice.contactRequestId}`;
  if (!(await claimStaffEmailTurn(trx, thread, STAFF_EMAIL_INTERVAL_MS))) return;
  const path = notice.orderNumber ? `/backoffice/orders/${encodeURIComponent(notice.orderNumber)}` : "/backoffice";
  const { subject, content } = staffNoticeEmail(notice.kind, notice.summary, new URL(path, env().APP_URL).toString());
  const { email } = await getStaffAlerts(trx);
  await sendEmail(trx, { to: email, subject, ...renderEmail(content) });
}

/** "Pyydä yhteydenottoa": stored, on "Vaatii huomiota" and e-mailed, together or not at all. */
export async function requestContact(db: DB, input: NewContactRequest & { serviceName: string }): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const id = await insertContactRequest(trx, input);
    const when =
      input.wantedStartsAt && input.wantedEndsAt
        ? `${formatWeekdayDate(input.wantedStartsAt)} ${formatTimeRange(input.wantedStartsAt, input.wantedEndsAt)}`
        : null;
    const summary = contactRequestSummary({ fullName: input.fullName, phone: input.phone, serviceName: input.serviceName, city: input.city, when });
    await tellStaff(trx, { kind: "contact_request", orderId: null, contactRequestId: id, summary });
    return id;
  });
}
