import type { DB, Executor } from "../db.server";
import { caregiverActionsFor, type CaregiverAction } from "../domain/order-status";
import { orderPath, reviewPath } from "../domain/portal-paths";
import { env } from "../env.server";
import { acceptedMessage, completedMessage, NOTIFICATIONS, rejectedMessage } from "../messages/portal";
import { acceptedEmailContent, completedEmailContent, UNNAMED_CAREGIVER, whenOf } from "../messages/caregiver-task-emails";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { setOrderCaregiver, setOrderStatus } from "../models/backoffice-orders.server";
import { getBookingDocument, type BookingDocument } from "../models/booking-documents.server";
import { insertPendingPayout, lockCaregiverTask, markCaregiverAccepted, wasRejectedBy, type CaregiverTask } from "../models/caregiver-tasks.server";
import { insertNotification, insertNotificationForAdmins } from "../models/notifications.server";
import { getContactInfo } from "../models/settings.server";
import { renderEmail, sendEmail } from "./email.server";

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
  | { ok: false; reason: "not_found" | "not_allowed" };

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
    if (!caregiverActionsFor(task).includes(input.action)) return { ok: false, reason: "not_allowed" } as const;

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
        await insertNotificationForAdmins(trx, {
          type: "ORDER_REJECTED",
          title: NOTIFICATIONS.ORDER_REJECTED,
          message: rejectedMessage(details),
          relatedId: task.id,
        });
        break;
      case "start":
        await setOrderStatus(trx, task.id, "in_progress");
        break;
      case "complete":
        await setOrderStatus(trx, task.id, "completed");
        await insertPendingPayout(trx, { orderId: task.id, caregiverId: task.caregiverId, amountCents: task.earningsCents });
        await insertNotification(trx, task.customerProfileId, {
          type: "ORDER_COMPLETED",
          title: NOTIFICATIONS.ORDER_COMPLETED,
          message: completedMessage(details),
          relatedId: task.id,
        });
        await sendCompletedEmail(trx, booking);
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
  const orderUrl = new URL(orderPath(booking.order.orderNumber), env().APP_URL).toString();
  const { subject, content } = acceptedEmailContent(booking, { caregiverName, contact, orderUrl });
  await sendEmail(trx, { to: booking.customer.email, subject, ...renderEmail(content) });
}

async function sendCompletedEmail(trx: Executor, booking: BookingDocument) {
  const contact = await getContactInfo(trx);
  const reviewUrl = new URL(reviewPath(booking.order.orderNumber), env().APP_URL).toString();
  const { subject, content } = completedEmailContent(booking, { contact, reviewUrl });
  await sendEmail(trx, { to: booking.customer.email, subject, ...renderEmail(content) });
}
