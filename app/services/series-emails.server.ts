import type { Executor } from "../db.server";
import { formatTimeRange, formatWeekdayDate } from "../domain/format";
import { CAREGIVER_TASKS_PATH, orderPath } from "../domain/portal-paths";
import { env } from "../env.server";
import { assignedMessage, NOTIFICATIONS } from "../messages/portal";
import { seriesCaregiverEmail, seriesConfirmationEmail } from "../messages/series";
import { findCaregiverContact } from "../models/caregivers.server";
import { insertNotification } from "../models/notifications.server";
import { findSeriesMailing } from "../models/order-series.server";
import { getContactInfo } from "../models/settings.server";
import { renderEmail, sendEmail } from "./email.server";
import { scheduleVisitReminders } from "./visit-reminders.server";

// Once a series is committed (an invoice series when booked, an online one when its first visit
// is paid): one e-mail to the customer listing every visit, one to each helper listing theirs,
// a portal notification per visit for its helper, and each visit's reminders. One e-mail per
// series instead of one per visit: 26 confirmations at once would bury the one that matters.

/**
 * `notifiedOrderId`: a visit whose helper has heard of it already (an online series' first visit,
 * confirmed with its receipt like any paid booking): left out of the helpers' news, still listed
 * to the customer.
 */
export async function enqueueSeriesConfirmation(trx: Executor, seriesId: string, now: Date, options: { notifiedOrderId?: string } = {}): Promise<void> {
  const series = await findSeriesMailing(trx, seriesId);
  if (!series) throw new Error(`enqueueSeriesConfirmation: series ${seriesId} does not exist`);
  const live = series.visits.filter((visit) => visit.status !== "cancelled" && visit.startsAt.getTime() > now.getTime());
  if (live.length === 0) return;
  const contact = await getContactInfo(trx);
  const first = live[0]!;
  const customerMail = seriesConfirmationEmail({
    customerName: series.customerName,
    serviceName: series.serviceName,
    intervalWeeks: series.intervalWeeks,
    open: series.open,
    paymentMethod: series.paymentMethod,
    visits: live,
    orderUrl: new URL(`/auth?${new URLSearchParams({ redirectTo: orderPath(first.orderNumber) })}`, env().APP_URL).toString(),
    contact,
  });
  await sendEmail(trx, { to: series.customerEmail, subject: customerMail.subject, ...renderEmail(customerMail.content) });

  const tasksUrl = new URL(CAREGIVER_TASKS_PATH, env().APP_URL).toString();
  const byHelper = new Map<string, typeof live>();
  for (const visit of live) {
    if (!visit.caregiverId || visit.id === options.notifiedOrderId) continue;
    byHelper.set(visit.caregiverId, [...(byHelper.get(visit.caregiverId) ?? []), visit]);
  }
  for (const [caregiverId, visits] of byHelper) {
    const helper = await findCaregiverContact(trx, caregiverId);
    if (!helper) continue;
    const mail = seriesCaregiverEmail({ caregiverName: helper.fullName, serviceName: series.serviceName, intervalWeeks: series.intervalWeeks, city: series.city, visits, tasksUrl, contact });
    await sendEmail(trx, { to: helper.email, subject: mail.subject, ...renderEmail(mail.content) });
    for (const visit of visits) {
      await insertNotification(trx, helper.profileId, {
        type: "ORDER_ASSIGNED",
        title: NOTIFICATIONS.ORDER_ASSIGNED,
        message: assignedMessage({
          orderNumber: visit.orderNumber,
          serviceName: series.serviceName,
          when: `${formatWeekdayDate(visit.startsAt)} ${formatTimeRange(visit.startsAt, visit.endsAt)}`,
          city: series.city,
        }),
        relatedId: visit.id,
      });
    }
  }
  for (const visit of live) if (visit.id !== options.notifiedOrderId) await scheduleVisitReminders(trx, visit.id);
}
