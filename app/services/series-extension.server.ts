import { sql } from "kysely";
import type { DB, Executor } from "../db.server";
import { addCalendarDays, helsinkiToday } from "../domain/booking-window";
import { formatTimeRange, formatWeekdayDate } from "../domain/format";
import { priceOrder } from "../domain/order-amounts";
import { occurrences, openSeriesHorizon, seriesDates } from "../domain/recurrence";
import { logger } from "../logger.server";
import { assignedMessage, NOTIFICATIONS } from "../messages/portal";
import { seriesSkippedEmail } from "../messages/series";
import { findCaregiverContact, findOfferedCaregiver } from "../models/caregivers.server";
import { insertNotification } from "../models/notifications.server";
import { findLatestSeriesOrder, findSeriesMailing, recipientOf, listSeriesToExtend, lockSeriesForExtension, setSeriesGeneratedUntil, type SeriesRow } from "../models/order-series.server";
import { insertOrder, insertOrderPayment, isCaregiverOverlapError } from "../models/orders.server";
import { getContactInfo, getPriceBands } from "../models/settings.server";
import { renderEmail, sendEmail } from "./email.server";
import { scheduleVisitReminders } from "./visit-reminders.server";

// "Toistaiseksi" (issue 27 item 4; docs/decisions/0037): an open-ended series has its visits made
// 12 weeks ahead, and this job, run by the workers every hour, adds the dates that come within
// that horizon as days pass. Each series is extended in its own transaction with its row locked
// (SKIP LOCKED), and only while it still stops before the horizon, so two workers add each date
// once. A date the helper cannot do (away, busy) is skipped and the customer is told; a visit is
// priced when it is added, like any booking.

export interface ExtensionResult {
  series: number;
  added: number;
  skipped: number;
}

export async function extendOpenSeries(db: DB, now: Date): Promise<ExtensionResult> {
  const horizon = openSeriesHorizon(helsinkiToday(now));
  const result: ExtensionResult = { series: 0, added: 0, skipped: 0 };
  for (const seriesId of await listSeriesToExtend(db, horizon)) {
    const done = await db.transaction().execute(async (trx) => {
      const series = await lockSeriesForExtension(trx, seriesId, horizon);
      if (!series) return null;
      // An online series charges its saved card; before the first checkout saved one, nothing is added.
      if (series.paymentMethod === "online" && !series.paymentMethodRef) return null;
      return extendSeries(trx, series, horizon, now);
    });
    if (!done) continue;
    result.series += 1;
    result.added += done.added;
    result.skipped += done.skipped;
  }
  return result;
}

async function extendSeries(trx: Executor, series: SeriesRow, horizon: string, now: Date): Promise<{ added: number; skipped: number }> {
  const latest = await findLatestSeriesOrder(trx, series.id);
  const dates = seriesDates({ firstDate: series.firstDate, intervalWeeks: series.intervalWeeks, end: { kind: "open" } }, { horizon, from: addCalendarDays(series.generatedUntil, 1) });
  await setSeriesGeneratedUntil(trx, series.id, horizon);
  if (!latest || !series.caregiverId || dates.length === 0) return { added: 0, skipped: 0 };
  const bands = await getPriceBands(trx);
  const amounts = priceOrder({ bands, startHour: series.startHour, durationHours: series.durationHours });
  const added: Array<{ id: string; orderNumber: string; startsAt: Date; endsAt: Date }> = [];
  const skipped: Array<{ startsAt: Date | null; date: string }> = [];
  for (const occurrence of occurrences(dates, series.startHour, series.durationHours)) {
    if (!occurrence.exists) {
      skipped.push({ startsAt: null, date: occurrence.date });
      continue;
    }
    const need = { serviceCategoryId: series.serviceCategoryId, city: latest.city, startsAt: occurrence.startsAt, endsAt: occurrence.endsAt };
    if (!(await findOfferedCaregiver(trx, series.caregiverId, need))) {
      skipped.push({ startsAt: occurrence.startsAt, date: occurrence.date });
      continue;
    }
    // A booking made between the check and the insert takes the time: that date is skipped, the rest stay.
    await sql`savepoint series_visit`.execute(trx);
    try {
      const order = await insertOrder(trx, {
        customerId: latest.customer_id,
        caregiverId: series.caregiverId,
        serviceCategoryId: series.serviceCategoryId,
        bookingFor: latest.booking_for,
        recipient: recipientOf(latest),
        contactPhone: latest.contact_phone,
        recipientEmail: latest.recipient_email,
        smsPhone: latest.sms_phone,
        startsAt: occurrence.startsAt,
        endsAt: occurrence.endsAt,
        scheduledDate: occurrence.scheduledDate,
        scheduledStart: occurrence.scheduledStart,
        scheduledEnd: occurrence.scheduledEnd,
        durationHours: series.durationHours,
        place: { address: latest.address, postalCode: latest.postal_code, city: latest.city },
        description: latest.description,
        specialNotes: latest.special_notes,
        paymentMethod: series.paymentMethod,
        amounts,
        discountCodeId: null,
        status: "pending",
        createdBy: latest.created_by,
        seriesId: series.id,
      });
      await insertOrderPayment(trx, {
        orderId: order.id,
        customerId: latest.customer_id,
        caregiverId: series.caregiverId,
        amountCents: amounts.totalPriceCents,
        // The provider that saved the series' card charges it again.
        provider: series.paymentMethod === "online" ? (latest.payment_provider === "stripe" ? "stripe" : "local") : "invoice",
        method: series.paymentMethod === "online" ? "card" : "invoice",
      });
      await sql`release savepoint series_visit`.execute(trx);
      added.push({ id: order.id, orderNumber: order.orderNumber, startsAt: occurrence.startsAt, endsAt: occurrence.endsAt });
    } catch (error) {
      if (!isCaregiverOverlapError(error)) throw error;
      await sql`rollback to savepoint series_visit`.execute(trx);
      skipped.push({ startsAt: occurrence.startsAt, date: occurrence.date });
    }
  }
  await tellOfExtension(trx, series, added, skipped, now);
  logger.info({ seriesId: series.id, added: added.length, skipped: skipped.length }, "open series extended");
  return { added: added.length, skipped: skipped.length };
}

async function tellOfExtension(
  trx: Executor,
  series: SeriesRow,
  added: Array<{ id: string; orderNumber: string; startsAt: Date; endsAt: Date }>,
  skipped: Array<{ startsAt: Date | null; date: string }>,
  now: Date,
): Promise<void> {
  const mailing = await findSeriesMailing(trx, series.id);
  if (!mailing) return;
  const helper = series.caregiverId ? await findCaregiverContact(trx, series.caregiverId) : null;
  for (const visit of added) {
    if (helper) {
      await insertNotification(trx, helper.profileId, {
        type: "ORDER_ASSIGNED",
        title: NOTIFICATIONS.ORDER_ASSIGNED,
        message: assignedMessage({ orderNumber: visit.orderNumber, serviceName: mailing.serviceName, when: `${formatWeekdayDate(visit.startsAt)} ${formatTimeRange(visit.startsAt, visit.endsAt)}`, city: mailing.city }),
        relatedId: visit.id,
      });
    }
    await scheduleVisitReminders(trx, visit.id, { madeAt: now });
  }
  if (skipped.length > 0) {
    const mail = seriesSkippedEmail({
      customerName: mailing.customerName,
      serviceName: mailing.serviceName,
      caregiverName: helper?.fullName ?? null,
      dates: skipped.map((visit) => (visit.startsAt ? formatWeekdayDate(visit.startsAt) : formatWeekdayDate(visit.date))),
      contact: await getContactInfo(trx),
    });
    await sendEmail(trx, { to: mailing.customerEmail, subject: mail.subject, ...renderEmail(mail.content) });
  }
}
