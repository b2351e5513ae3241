import type { DB, Executor } from "../db.server";
import { formatTimeRange, formatWeekdayDate } from "../domain/format";
import { canSeries } from "../domain/series-lifecycle";
import { visitsFromHereOn } from "../domain/series-manage";
import { env } from "../env.server";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { lockCaregiverForAssignment, lockOrderForChange, setOrderCaregiver } from "../models/backoffice-orders.server";
import { getBookingDocument } from "../models/booking-documents.server";
import { isOrderCommitted } from "../models/caregiver-tasks.server";
import { findCaregiverContact } from "../models/caregivers.server";
import { caregiverMatchRefusal } from "../models/matching.server";
import { insertNotification } from "../models/notifications.server";
import { findOnlinePaymentOfOrderId, findOrderToCancel } from "../models/order-cancellation.server";
import {
  findSeriesOverview,
  listCaregiversForEveryVisit,
  listSeriesVisits,
  lockSeries,
  type SeriesOverview,
  type SeriesVisitRow,
} from "../models/series-manage.server";
import { applySeriesEvent } from "../models/order-series.server";
import { getContactInfo } from "../models/settings.server";
import { NOTIFICATIONS, unassignedMessage } from "../messages/portal";
import {
  seriesCancelledEmail,
  seriesCaregiverChangedCustomerEmail,
  seriesCaregiverRemovedEmail,
  type ChangeRefusal,
} from "../messages/series-manage";
import { bookingIcs } from "./booking-emails.server";
import { now as clockNow } from "./clock.server";
import { icsAttachment, renderEmail, sendEmail } from "./email.server";
import { creditNoteAttachment } from "./invoices.server";
import { notifyAssignedCaregiver } from "./order-assignment.server";
import {
  cancelOrderInTransaction,
  finishCancellation,
  termsFor,
  type CancelledInTransaction,
} from "./order-cancellation.server";
import { ChangeRefused, runOrderChange } from "./order-change.server";
import { scheduleVisitReminders } from "./visit-reminders.server";

// Managing a series from a chosen visit on (issue 27 item 5; docs/decisions/0038), for the
// customer in the portal and for staff in the back office. Which visits an action touches is the
// pure rule app/domain/series-manage.ts. "Peru tämä ja kaikki tulevat" cancels each of them with
// the single cancellation's own transaction half (so the 24-hour rule, the credit notes and the
// refunds are the single cancellation's, visit by visit), all in one transaction with the series
// marked cancelled; the customer gets one e-mail naming every visit, each helper the usual one per
// visit. "Vaihda kaveria tästä eteenpäin" gives every touched visit the new helper in one
// transaction: each is checked by the one matching rule inside it, and the exclusion constraints
// refuse a helper booked meanwhile. Both helpers and the customer are told. Money does not move.

/** Who acts: the customer on their own series (portal) or staff (back office). */
export interface SeriesActor {
  actor: AuditActor;
  /** Set for the customer: only their own series, with the customer's cancelling rules. */
  customerProfileId?: string;
}

/** The series, if the actor may see it: the customer only their own, staff any. */
export async function findSeriesFor(db: DB, who: { customerProfileId?: string }, seriesId: string): Promise<SeriesOverview | null> {
  const series = await findSeriesOverview(db, seriesId);
  if (!series) return null;
  if (who.customerProfileId !== undefined && series.customerProfileId !== who.customerProfileId) return null;
  return series;
}

/** A visit in the "from here on" pages: its time in words and what cancelling it now costs. */
export interface PlannedVisit extends SeriesVisitRow {
  feeCents: number;
}

/** What "Peru tämä ja kaikki tulevat" would cancel from the chosen visit at `now`, with each visit's fee. */
export async function seriesCancellationPlan(db: DB, seriesId: string, fromOrderId: string, now: Date, waiveFee = false): Promise<PlannedVisit[]> {
  const touched = visitsFromHereOn(await listSeriesVisits(db, seriesId), fromOrderId, now);
  const planned: PlannedVisit[] = [];
  for (const visit of touched) {
    const order = await findOrderToCancel(db, visit.id);
    if (order) planned.push({ ...visit, feeCents: termsFor(order, now, waiveFee).feeCents });
  }
  return planned;
}

export type SeriesCancelOutcome =
  | { ok: true; cancelled: number; feeCents: number; refundFailed: boolean }
  | { ok: false; reason: "not_found" | "nothing_to_cancel" | "fee_changed" | "not_cancellable" };

/**
 * Cancels the chosen visit and every later live one, then the series. `shownFeeCents` is the total
 * the customer was shown: a higher total (a deadline passed while the page was open) is refused,
 * never charged unasked. Staff may waive the fees and give a reason, as on a single order.
 */
export async function cancelSeriesFromVisit(
  db: DB,
  who: SeriesActor & { waiveFee?: boolean; reason?: string; shownFeeCents?: number },
  input: { seriesId: string; fromOrderId: string },
  now: Date = clockNow(),
): Promise<SeriesCancelOutcome> {
  const series = await findSeriesFor(db, who, input.seriesId);
  if (!series) return { ok: false, reason: "not_found" };
  const outcome = await runOrderChange<{ ok: true; results: Array<Extract<CancelledInTransaction, { ok: true }>> }, "not_found" | "nothing_to_cancel" | "fee_changed" | "not_cancellable">(
    db,
    async (trx) => {
      const locked = await lockSeries(trx, series.id);
      if (!locked) throw new ChangeRefused("not_found");
      if (!canSeries("cancel_rest", locked.status)) throw new ChangeRefused("nothing_to_cancel");
      const touched = visitsFromHereOn(await listSeriesVisits(trx, series.id), input.fromOrderId, now);
      if (touched.length === 0) throw new ChangeRefused("nothing_to_cancel");
      const canceller = {
        actor: who.actor,
        ...(who.customerProfileId !== undefined ? { customerProfileId: who.customerProfileId } : { waiveFee: who.waiveFee, reason: who.reason }),
      };
      const results: Array<Extract<CancelledInTransaction, { ok: true }>> = [];
      for (const visit of touched) {
        const result = await cancelOrderInTransaction(trx, canceller, visit.id, now, { customerEmail: false });
        if (!result.ok) throw new ChangeRefused(result.reason);
        results.push(result);
      }
      const totalFee = results.reduce((sum, result) => sum + result.feeCents, 0);
      if (who.shownFeeCents !== undefined && totalFee > who.shownFeeCents) throw new ChangeRefused("fee_changed");
      await applySeriesEvent(trx, { seriesId: series.id }, "cancel_rest");
      await writeAudit(trx, who.actor, {
        action: "series.cancel",
        entityType: "order_series",
        entityId: series.id,
        before: { status: series.status },
        after: {
          status: "cancelled",
          orderNumbers: results.map((result) => result.order.orderNumber),
          feeCents: totalFee,
          ...(who.reason?.trim() && who.customerProfileId === undefined ? { reason: who.reason.trim() } : {}),
        },
      });
      await sendSeriesCancelledEmail(trx, series, results, who.customerProfileId === undefined ? who.reason?.trim() || undefined : undefined);
      return { ok: true, results } as const;
    },
    { log: { seriesId: series.id }, message: "series cancel refused" },
  );
  if (!outcome.ok) return { ok: false, reason: outcome.reason === "caregiver_busy" ? "not_cancellable" : outcome.reason };
  // The refunds, after the commit and each on its own: a failed one is retried from the visit's own cancel page.
  let refundFailed = false;
  for (const result of outcome.results) {
    const finished = await finishCancellation(db, result);
    if (finished.ok && (finished.refund === "failed" || finished.refund === "manual")) refundFailed = true;
  }
  return {
    ok: true,
    cancelled: outcome.results.length,
    feeCents: outcome.results.reduce((sum, result) => sum + result.feeCents, 0),
    refundFailed,
  };
}

async function sendSeriesCancelledEmail(
  trx: Executor,
  series: SeriesOverview,
  results: Array<Extract<CancelledInTransaction, { ok: true }>>,
  reason: string | undefined,
): Promise<void> {
  const first = results[0];
  if (!first) return;
  const attachments = [];
  let refundDueCents = 0;
  const creditNoteNumbers: number[] = [];
  for (const result of results) {
    const booking = await getBookingDocument(trx, result.order.id);
    if (booking) attachments.push(icsAttachment(`varaus-${result.order.orderNumber}.ics`, bookingIcs(booking)));
    if (result.creditNote) {
      creditNoteNumbers.push(result.creditNote.creditNoteNumber);
      attachments.push(creditNoteAttachment(result.order.id, result.creditNote.creditNoteNumber));
    }
    const payment = result.order.paymentMethod === "online" ? await findOnlinePaymentOfOrderId(trx, result.order.id) : null;
    if (payment?.status === "captured") refundDueCents += Math.max(0, payment.amountCents - payment.refundedCents - result.feeCents);
  }
  const email = seriesCancelledEmail({
    customerName: first.order.customer.fullName,
    serviceName: series.serviceName,
    visits: results.map((result) => ({ orderNumber: result.order.orderNumber, startsAt: result.order.startsAt, endsAt: result.order.endsAt, feeCents: result.feeCents })),
    refundDueCents,
    creditNoteNumbers,
    reason,
    contact: await getContactInfo(trx),
  });
  await sendEmail(trx, { to: first.order.customer.email, subject: email.subject, attachments, ...renderEmail(email.content) });
}

// ---------------------------------------------------------------- changing the helper

/** The visits "Vaihda kaveria tästä eteenpäin" would move, and the helpers who can take every one. */
export async function seriesCaregiverChoices(db: DB, series: SeriesOverview, fromOrderId: string, now: Date) {
  const touched = visitsFromHereOn(await listSeriesVisits(db, series.id), fromOrderId, now);
  const candidates = await listCaregiversForEveryVisit(
    db,
    touched.map((visit) => visit.id),
    series.caregiverId,
  );
  return { touched, candidates };
}

export type SeriesChangeOutcome = { ok: true; caregiverName: string; changed: number } | { ok: false; reason: ChangeRefusal };

/** Gives the chosen visit and every later live one of the series the helper `caregiverId`. */
export async function changeSeriesCaregiver(
  db: DB,
  who: SeriesActor,
  input: { seriesId: string; fromOrderId: string; caregiverId: string },
  now: Date = clockNow(),
): Promise<SeriesChangeOutcome> {
  const series = await findSeriesFor(db, who, input.seriesId);
  if (!series) return { ok: false, reason: "series_not_found" };
  return runOrderChange<SeriesChangeOutcome, ChangeRefusal>(
    db,
    async (trx) => {
      const locked = await lockSeries(trx, series.id);
      if (!locked) throw new ChangeRefused("series_not_found");
      if (!canSeries("change_caregiver", locked.status)) throw new ChangeRefused("nothing_to_change");
      const touched = visitsFromHereOn(await listSeriesVisits(trx, series.id), input.fromOrderId, now);
      if (touched.length === 0) throw new ChangeRefused("nothing_to_change");
      const moving = touched.filter((visit) => visit.caregiverId !== input.caregiverId);
      if (moving.length === 0) throw new ChangeRefused("same_caregiver");
      const caregiver = await lockCaregiverForAssignment(trx, input.caregiverId);
      if (!caregiver || caregiver.status !== "approved") throw new ChangeRefused("caregiver_not_assignable");

      for (const visit of moving) {
        const order = await lockOrderForChange(trx, visit.id);
        // Locked now: a visit started or cancelled since the list was read is not moved.
        if (!order || (order.status !== "pending" && order.status !== "pending_payment")) throw new ChangeRefused("nothing_to_change");
        // The one matching rule, here with busy too, for a clear refusal; the exclusion
        // constraints still refuse a booking made by a parallel transaction (caregiver_busy).
        const refusal = await caregiverMatchRefusal(trx, caregiver.id, {
          serviceCategoryId: order.serviceCategoryId,
          city: order.city,
          startsAt: order.startsAt,
          endsAt: order.endsAt,
          exceptOrderId: order.id,
        });
        if (refusal === "busy") throw new ChangeRefused("caregiver_busy");
        if (refusal === "not_working" || refusal === "unknown") throw new ChangeRefused("caregiver_not_assignable");
        if (refusal) throw new ChangeRefused("caregiver_cannot_do_all");
        await setOrderCaregiver(trx, order.id, caregiver.id);
        await writeAudit(trx, who.actor, {
          action: "order.assign",
          entityType: "order",
          entityId: order.id,
          before: { caregiverId: order.caregiverId, caregiver: order.caregiverName },
          after: { caregiverId: caregiver.id, caregiver: caregiver.fullName, seriesId: series.id },
        });
      }
      await applySeriesEvent(trx, { seriesId: series.id }, "change_caregiver", { caregiver_id: caregiver.id });
      await writeAudit(trx, who.actor, {
        action: "series.change_caregiver",
        entityType: "order_series",
        entityId: series.id,
        before: { caregiverId: series.caregiverId, caregiver: series.caregiverName },
        after: { caregiverId: caregiver.id, caregiver: caregiver.fullName, orderNumbers: moving.map((visit) => visit.orderNumber) },
      });
      await tellOfNewCaregiver(trx, series, moving, caregiver.fullName);
      return { ok: true, caregiverName: caregiver.fullName, changed: moving.length } as const;
    },
    { log: { seriesId: series.id, caregiverId: input.caregiverId }, message: "series helper change refused: helper already booked" },
  );
}

/**
 * The new helper gets each visit as a new task (its details and calendar file, as a single
 * assignment); each helper taken off gets one e-mail naming their visits and a notification per
 * visit; the customer one e-mail. A visit not yet committed (its payment still open) is no
 * helper's news yet: the booking flow tells them when it is.
 */
async function tellOfNewCaregiver(trx: Executor, series: SeriesOverview, moved: SeriesVisitRow[], caregiverName: string): Promise<void> {
  const contact = await getContactInfo(trx);
  const removed = new Map<string, SeriesVisitRow[]>();
  for (const visit of moved) {
    const committed = await isOrderCommitted(trx, visit.id);
    if (committed) {
      await notifyAssignedCaregiver(trx, visit.id);
      await scheduleVisitReminders(trx, visit.id);
    }
    if (visit.caregiverId && committed) removed.set(visit.caregiverId, [...(removed.get(visit.caregiverId) ?? []), visit]);
  }
  for (const [caregiverId, visits] of removed) {
    const previous = await findCaregiverContact(trx, caregiverId);
    if (!previous) continue;
    const email = seriesCaregiverRemovedEmail({ caregiverName: previous.fullName, serviceName: series.serviceName, visits, contact });
    await sendEmail(trx, { to: previous.email, subject: email.subject, ...renderEmail(email.content) });
    for (const visit of visits) {
      await insertNotification(trx, previous.profileId, {
        type: "ORDER_UNASSIGNED",
        title: NOTIFICATIONS.ORDER_UNASSIGNED,
        message: unassignedMessage({ orderNumber: visit.orderNumber, when: `${formatWeekdayDate(visit.startsAt)} ${formatTimeRange(visit.startsAt, visit.endsAt)}` }),
        relatedId: visit.id,
      });
    }
  }
  const email = seriesCaregiverChangedCustomerEmail({
    customerName: series.customerName,
    serviceName: series.serviceName,
    caregiverName,
    visits: moved,
    contact,
    seriesUrl: new URL(`/portal/sarjat/${series.id}`, env().APP_URL).toString(),
  });
  await sendEmail(trx, { to: series.customerEmail, subject: email.subject, ...renderEmail(email.content) });
}
