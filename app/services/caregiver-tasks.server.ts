import type { DB, Executor } from "../db.server";
import { caregiverActionsFor, type CaregiverAction } from "../domain/order-status";
import { AUTO_COMPLETE_AFTER_END_MS, checkVisitTransition } from "../domain/visit-lifecycle";
import { orderPath, reviewPath } from "../domain/portal-paths";
import { acceptedMessage, completedMessage, NOTIFICATIONS, rejectedMessage } from "../messages/portal";
import { caregiverRejectionSummary } from "../messages/staff-notices";
import { tellStaff } from "./staff-notices.server";
import { acceptedEmailContent, completedEmailContent, UNNAMED_CAREGIVER, whenOf } from "../messages/caregiver-task-emails";
import { writeAudit, writeSystemAudit, type AuditActor } from "../models/audit-log.server";
import { setOrderCaregiver, setOrderStatus } from "../models/backoffice-orders.server";
import { getBookingDocument, type BookingDocument } from "../models/booking-documents.server";
import { findCaregiverTask, insertPendingPayout, listVisitsDueForAutoComplete, lockCaregiverTask, markCaregiverAccepted, wasRejectedBy, type CaregiverTask } from "../models/caregiver-tasks.server";
import { insertNotification, insertNotificationForAdmins } from "../models/notifications.server";
import { getContactInfo } from "../models/settings.server";
import { now } from "./clock.server";
import { renderEmail, sendEmail } from "./email.server";
import { customerOrderLink } from "./manage-links.server";
import { scheduleVisitReminders } from "./visit-reminders.server";

// A helper's one-tap actions on an order assigned to them (spec 001 §4 "Caregiver actions";
// issue 10): accept, reject, start, complete. The order is locked first and the action checked
// against its state (domain/order-status.ts), so only the order's own helper acts, only in the
// state that allows it, and a double tap or a resubmitted form does it once: the second request
// finds the order already changed and changes nothing. Each action, its audit line, the
// notification and the e-mail commit together.
//
// Payments (001 §4 says accept "sets the order's payments to captured"): here an online order's
// payment is captured when the customer pays, before the order ever reaches its helper (only a
// paid order is shown to them), and an invoice's payment row follows the invoice when the
// customer pays it; so by the time a helper accepts, there is no authorised-only payment left to
// capture, and accepting moves no money.

export type CaregiverActionOutcome =
  | { ok: true; changed: boolean; orderNumber: string }
  | { ok: false; reason: "not_found" | "not_allowed" }
  /** Start or complete outside its time (decision 0018): allowed from `opensAt`, or no longer after `closedAt`. */
  | { ok: false; reason: "too_early"; opensAt: Date }
  | { ok: false; reason: "too_late"; closedAt: Date };

/** Whether the state the action leads to has been reached already (by an earlier tap). */
function alreadyDone(action: Exclude<CaregiverAction, "reject">, task: CaregiverTask): boolean {
  switch (action) {
    case "accept":
      return task.accepted && task.status !== "cancelled";
    case "start":
      return task.status === "in_progress" || task.status === "completed";
    case "complete":
      return task.status === "completed";
  }
}

/** Why the task's own helper may not take `action` now (its status, then its time), or null. */
function refusalOf(task: CaregiverTask, action: CaregiverAction): Exclude<CaregiverActionOutcome, { ok: true }> | null {
  if (!caregiverActionsFor(task).includes(action)) return { ok: false, reason: "not_allowed" };
  if (action === "start" || action === "complete") {
    const check = checkVisitTransition({ actor: "helper" }, { ...task, hasCaregiver: true }, action === "start" ? "in_progress" : "completed", now());
    if (!check.ok) return check;
  }
  return null;
}

export type CaregiverActionPreview =
  | { ok: true; task: CaregiverTask }
  | Exclude<CaregiverActionOutcome, { ok: true }>;

/**
 * The confirm step before start and complete: the same checks as performCaregiverAction, with
 * nothing changed, so the helper is asked only about what they may really do.
 */
export async function previewCaregiverAction(db: DB, caregiverId: string, input: { orderId: string; action: CaregiverAction }): Promise<CaregiverActionPreview> {
  const task = await findCaregiverTask(db, input.orderId, caregiverId);
  if (!task) return { ok: false, reason: "not_found" };
  return refusalOf(task, input.action) ?? { ok: true, task };
}

export async function performCaregiverAction(
  db: DB,
  caregiver: { caregiverId: string; actor: AuditActor },
  input: { orderId: string; action: CaregiverAction },
): Promise<CaregiverActionOutcome> {
  return db.transaction().execute(async (trx) => {
    const task = await lockCaregiverTask(trx, input.orderId, caregiver.caregiverId);
    if (!task) {
      // A rejected order is no longer the helper's: a second tap of 'Hylkää' finds no task.
      const rejected = input.action === "reject" ? await wasRejectedBy(trx, input.orderId, caregiver.actor.id) : null;
      return rejected ? ({ ok: true, changed: false, orderNumber: rejected.orderNumber } as const) : ({ ok: false, reason: "not_found" } as const);
    }
    if (input.action !== "reject" && alreadyDone(input.action, task)) return { ok: true, changed: false, orderNumber: task.orderNumber } as const;
    const refusal = refusalOf(task, input.action);
    if (refusal) return refusal;

    const booking = await getBookingDocument(trx, task.id);
    if (!booking) throw new Error(`performCaregiverAction: order ${task.id} vanished inside its transaction`);
    const details = {
      orderNumber: task.orderNumber,
      caregiverName: booking.caregiverName ?? UNNAMED_CAREGIVER,
      serviceName: booking.serviceName,
      when: whenOf(booking),
    };

    switch (input.action) {
      case "accept":
        await markCaregiverAccepted(trx, task.id, task.caregiverId);
        await insertNotification(trx, task.customerProfileId, {
          type: "ORDER_ACCEPTED",
          title: NOTIFICATIONS.ORDER_ACCEPTED,
          message: acceptedMessage(details),
          relatedId: task.id,
        });
        await sendAcceptedEmail(trx, booking, details.caregiverName);
        break;
      case "reject":
        // The order stays pending without a helper: the back office's unassigned orders.
        await setOrderCaregiver(trx, task.id, null);
        // Their reminder of the visit is withdrawn; the customer's stays (decision 0027).
        await scheduleVisitReminders(trx, task.id);
        await insertNotificationForAdmins(trx, {
          type: "ORDER_REJECTED",
          title: NOTIFICATIONS.ORDER_REJECTED,
          message: rejectedMessage(details),
          relatedId: task.id,
        });
        // Staff must find a new helper: "Vaatii huomiota" and the support address (issue 26 item 6).
        await tellStaff(trx, {
          kind: "caregiver_rejection",
          orderId: task.id,
          contactRequestId: null,
          orderNumber: task.orderNumber,
          summary: caregiverRejectionSummary(details),
        });
        break;
      case "start":
        await setOrderStatus(trx, task.id, "in_progress");
        break;
      case "complete":
        await completeVisit(trx, task, booking, details);
        break;
    }
    await writeAudit(trx, caregiver.actor, {
      action: `order.caregiver_${input.action}`,
      entityType: "order",
      entityId: task.id,
      before: { status: task.status, caregiverId: task.caregiverId, accepted: task.accepted },
      after: afterOf(input.action, task),
    });
    return { ok: true, changed: true, orderNumber: task.orderNumber } as const;
  });
}

/**
 * What completing a visit does, whoever completes it (its helper, or the auto-complete job): the
 * status, the helper's payout (one per order: a unique key), the customer's notification and the
 * e-mail inviting a review.
 */
async function completeVisit(trx: Executor, task: CaregiverTask, booking: BookingDocument, details: Parameters<typeof completedMessage>[0]) {
  await setOrderStatus(trx, task.id, "completed");
  await insertPendingPayout(trx, { orderId: task.id, caregiverId: task.caregiverId, amountCents: task.earningsCents });
  await insertNotification(trx, task.customerProfileId, {
    type: "ORDER_COMPLETED",
    title: NOTIFICATIONS.ORDER_COMPLETED,
    message: completedMessage(details),
    relatedId: task.id,
  });
  await sendCompletedEmail(trx, booking);
}

/**
 * The system's auto-complete (decision 0018): a started visit nobody marked done by 12 hours after
 * its end is completed, as its helper would have. Each order in its own transaction, locked and
 * checked against the transition table again, so two workers (or a helper tapping at the same
 * moment) complete it once and pay once. Returns the order numbers completed.
 */
export async function autoCompleteVisits(db: DB, at: Date = now()): Promise<string[]> {
  const due = await listVisitsDueForAutoComplete(db, new Date(at.getTime() - AUTO_COMPLETE_AFTER_END_MS));
  const completed: string[] = [];
  for (const candidate of due) {
    const done = await db.transaction().execute(async (trx) => {
      const task = await lockCaregiverTask(trx, candidate.id, candidate.caregiverId);
      if (!task || !checkVisitTransition({ actor: "system" }, { ...task, hasCaregiver: true }, "completed", at).ok) return false;
      const booking = await getBookingDocument(trx, task.id);
      if (!booking) return false;
      const details = { orderNumber: task.orderNumber, caregiverName: booking.caregiverName ?? UNNAMED_CAREGIVER, serviceName: booking.serviceName, when: whenOf(booking) };
      await completeVisit(trx, task, booking, details);
      await writeSystemAudit(trx, {
        action: "order.auto_complete",
        entityType: "order",
        entityId: task.id,
        before: { status: task.status },
        after: { status: "completed", payoutCents: task.earningsCents },
      });
      return true;
    });
    if (done) completed.push(candidate.orderNumber);
  }
  return completed;
}

function afterOf(action: CaregiverAction, task: CaregiverTask): Record<string, unknown> {
  switch (action) {
    case "accept":
      return { status: task.status, caregiverId: task.caregiverId, accepted: true };
    case "reject":
      return { status: task.status, caregiverId: null, accepted: false };
    case "start":
      return { status: "in_progress" };
    case "complete":
      return { status: "completed", payoutCents: task.earningsCents };
  }
}

async function sendAcceptedEmail(trx: Executor, booking: BookingDocument, caregiverName: string) {
  const contact = await getContactInfo(trx);
  // The order page for an account holder, the manage link for a guest, who has no page to sign in to.
  const orderLink = await customerOrderLink(trx, booking.order.id, orderPath(booking.order.orderNumber));
  const { subject, content } = acceptedEmailContent(booking, { caregiverName, contact, orderLink });
  await sendEmail(trx, { to: booking.customer.email, subject, ...renderEmail(content) });
}

async function sendCompletedEmail(trx: Executor, booking: BookingDocument) {
  const contact = await getContactInfo(trx);
  // The portal's review page for an account holder, the same page under the manage link for a guest.
  const { url: reviewUrl } = await customerOrderLink(trx, booking.order.id, reviewPath(booking.order.orderNumber), { manageSubpath: "/arvio" });
  const { subject, content } = completedEmailContent(booking, { contact, reviewUrl });
  await sendEmail(trx, { to: booking.customer.email, subject, ...renderEmail(content) });
}
