import type { DB, Executor } from "../db.server";
import { buildBookingIcs } from "../domain/ics";
import { formatTimeRange, formatWeekdayDate } from "../domain/format";
import { CAREGIVER_TASKS_PATH } from "../domain/portal-paths";
import { env } from "../env.server";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { lockCaregiverForAssignment, lockOrderForChange, setOrderCaregiver } from "../models/backoffice-orders.server";
import { getBookingDocument, type BookingDocument } from "../models/booking-documents.server";
import { isOrderCommitted } from "../models/caregiver-tasks.server";
import { findCaregiverContact, findCaregiverContactOfOrder } from "../models/caregivers.server";
import { caregiverMatchRefusal } from "../models/matching.server";
import { insertNotification } from "../models/notifications.server";
import { getContactInfo } from "../models/settings.server";
import { visitCalendarAlarms } from "../messages/booking-emails";
import { assignedCaregiverEmail, customerCaregiverEmail, removedCaregiverEmail } from "../messages/order-assignment-emails";
import { assignedMessage, NOTIFICATIONS, unassignedMessage } from "../messages/portal";
import { icsAttachment, renderEmail, sendEmail } from "./email.server";
import { issueManageLink } from "./manage-links.server";
import { ChangeRefused, runOrderChange } from "./order-change.server";
import { scheduleVisitReminders } from "./visit-reminders.server";

// Staff assign or clear the helper of an order (spec 001 §4 "Staff can also assign or clear the
// helper"; issue 14; DESIGN.md decisions 5, 17, 19, 24). Only a helper who can do the visit by the
// one matching rule (approved, offering its service, serving its city) can be assigned; whether
// they are free is decided by the exclusion constraint `orders_no_caregiver_overlap`, not by a
// check before the write. The change, its
// audit line and the e-mails (the new helper gets the visit's details and a link to their
// tasks, a helper taken off the order is told so, the customer learns who is coming) commit
// together or not at all. An order still waiting for its payment or for a guest's e-mail
// confirmation is not yet the helper's news: they hear of it when it is committed
// (booking-emails.server.ts), so each assignment reaches its helper exactly once.

export type AssignmentRefusal =
  | "order_not_found"
  /** Cancelled or completed: nothing left to staff. */
  | "order_closed"
  /** Not approved (pending, rejected or suspended) or no such helper. */
  | "caregiver_not_assignable"
  /** The helper does not offer the order's service. */
  | "caregiver_no_service"
  /** The order's city is neither the helper's own nor one they serve. */
  | "caregiver_outside_area"
  /** The order's time is outside the helper's availability plan (docs/decisions/0035). */
  | "caregiver_off_hours"
  /** Another live order of the helper overlaps this one (the database refused). */
  | "caregiver_busy";

export type AssignmentOutcome =
  | { ok: true; changed: boolean; orderNumber: string; caregiverName: string | null }
  | { ok: false; reason: AssignmentRefusal; orderNumber?: string; caregiverName?: string };

/** Assigns `caregiverId` to the order, or clears its helper when null. */
export async function assignCaregiver(
  db: DB,
  actor: AuditActor,
  input: { orderId: string; caregiverId: string | null },
): Promise<AssignmentOutcome> {
  let orderNumber: string | undefined;
  let refusedName: string | undefined;
  const outcome = await runOrderChange<AssignmentOutcome, AssignmentRefusal>(
    db,
    async (trx) => {
      const order = await lockOrderForChange(trx, input.orderId);
      if (!order) throw new ChangeRefused("order_not_found");
      orderNumber = order.orderNumber;
      if (order.caregiverId === input.caregiverId) {
        return { ok: true, changed: false, orderNumber: order.orderNumber, caregiverName: order.caregiverName } as const;
      }
      if (order.status === "cancelled" || order.status === "completed") throw new ChangeRefused("order_closed");

      let caregiverName: string | null = null;
      if (input.caregiverId) {
        const caregiver = await lockCaregiverForAssignment(trx, input.caregiverId);
        if (!caregiver) throw new ChangeRefused("caregiver_not_assignable");
        refusedName = caregiver.fullName;
        // The one matching rule (DESIGN.md decision 24); busy is left to the exclusion constraint.
        const refusal = await caregiverMatchRefusal(trx, caregiver.id, {
          serviceCategoryId: order.serviceCategoryId,
          city: order.city,
          startsAt: order.startsAt,
          endsAt: order.endsAt,
          exceptOrderId: order.id,
        });
        if (refusal === "not_working" || refusal === "unknown") throw new ChangeRefused("caregiver_not_assignable");
        if (refusal === "no_service") throw new ChangeRefused("caregiver_no_service");
        if (refusal === "outside_area") throw new ChangeRefused("caregiver_outside_area");
        if (refusal === "off_hours") throw new ChangeRefused("caregiver_off_hours");
        caregiverName = caregiver.fullName;
      }
      await setOrderCaregiver(trx, order.id, input.caregiverId);
      await writeAudit(trx, actor, {
        action: "order.assign",
        entityType: "order",
        entityId: order.id,
        before: { caregiverId: order.caregiverId, caregiver: order.caregiverName },
        after: { caregiverId: input.caregiverId, caregiver: caregiverName },
      });

      const booking = await getBookingDocument(trx, order.id);
      if (!booking) throw new Error(`assignCaregiver: order ${order.id} vanished inside its transaction`);
      const committed = await isOrderCommitted(trx, order.id);
      if (input.caregiverId) {
        if (committed) await notifyAssignedCaregiver(trx, order.id, booking);
        await enqueueCustomerCaregiverEmail(trx, booking, caregiverName ?? "");
      }
      if (order.caregiverId && committed) await notifyRemovedCaregiver(trx, { booking, caregiverId: order.caregiverId });
      // The new helper's reminder is queued, a removed one's withdrawn (decision 0027).
      if (committed) await scheduleVisitReminders(trx, order.id, { known: booking });
      return { ok: true, changed: true, orderNumber: order.orderNumber, caregiverName } as const;
    },
    { log: { orderId: input.orderId, caregiverId: input.caregiverId }, message: "assignment refused: helper already booked at that time" },
  );
  return outcome.ok ? outcome : { ...outcome, orderNumber, caregiverName: refusedName };
}

// ---------------------------------------------------------------- e-mails

/**
 * Tells the order's helper they have a new task: an e-mail with the service, time, address, whom
 * to meet and the phone number of the visit, the customer's notes, a calendar file and a link to
 * their tasks, where they accept it; and the same news in their portal notifications. Queued in
 * the caller's transaction, after the order has its helper and is committed. The booking flow
 * calls it when a customer's chosen helper's order is placed or paid. `known` is the order's
 * booking document as read in this transaction, after the helper was set.
 */
export async function notifyAssignedCaregiver(trx: Executor, orderId: string, known?: BookingDocument): Promise<void> {
  // A caller that has just read the booking in this transaction (the customer's confirmation, an
  // assignment) passes it: three fewer queries inside the booking's transaction (issue 15).
  const booking = known ?? (await getBookingDocument(trx, orderId));
  if (!booking) throw new Error(`notifyAssignedCaregiver: order ${orderId} does not exist`);
  const caregiver = await findCaregiverContactOfOrder(trx, orderId);
  if (!caregiver) throw new Error(`notifyAssignedCaregiver: order ${orderId} has no helper`);
  const contact = await getContactInfo(trx);
  const { order } = booking;
  const tasksUrl = new URL(CAREGIVER_TASKS_PATH, env().APP_URL).toString();
  const email = assignedCaregiverEmail(booking, { caregiverName: caregiver.fullName, contact, tasksUrl });
  const attachments = [icsAttachment(email.calendarFileName, caregiverVisitIcs(booking, email.calendar))];
  await sendEmail(trx, { to: caregiver.email, subject: email.subject, attachments, ...renderEmail(email.content) });
  await insertNotification(trx, caregiver.profileId, {
    type: "ORDER_ASSIGNED",
    title: NOTIFICATIONS.ORDER_ASSIGNED,
    message: assignedMessage({
      orderNumber: order.orderNumber,
      serviceName: booking.serviceName,
      when: `${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}`,
      city: order.city,
    }),
    relatedId: order.id,
  });
}

/**
 * The helper's calendar file of a visit: a UID of its own (the customer's calendar is another
 * event), the visit's SEQUENCE and the same alarms as the customer's; for a cancelled order the
 * METHOD:CANCEL file that removes it, one revision later.
 */
export function caregiverVisitIcs(booking: BookingDocument, texts: { summary: string; location: string; description?: string }): string {
  const { order } = booking;
  const cancelled = order.status === "cancelled";
  return buildBookingIcs({
    uid: `${order.id}-kaveri@${new URL(env().APP_URL).hostname}`,
    createdAt: new Date(),
    startsAt: order.startsAt,
    endsAt: order.endsAt,
    ...texts,
    method: cancelled ? "CANCEL" : "PUBLISH",
    sequence: order.visitSequence + (cancelled ? 1 : 0),
    alarms: visitCalendarAlarms(booking.serviceName),
  });
}

/** A helper taken off an order must know not to go: an e-mail and a notification. */
async function notifyRemovedCaregiver(trx: Executor, input: { booking: BookingDocument; caregiverId: string }): Promise<void> {
  const caregiver = await findCaregiverContact(trx, input.caregiverId);
  if (!caregiver) return;
  const { order } = input.booking;
  const contact = await getContactInfo(trx);
  const email = removedCaregiverEmail(input.booking, { caregiverName: caregiver.fullName, contact });
  await sendEmail(trx, { to: caregiver.email, subject: email.subject, ...renderEmail(email.content) });
  await insertNotification(trx, caregiver.profileId, {
    type: "ORDER_UNASSIGNED",
    title: NOTIFICATIONS.ORDER_UNASSIGNED,
    message: unassignedMessage({ orderNumber: order.orderNumber, when: `${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}` }),
    relatedId: order.id,
  });
}

/** The customer learns who is coming (an 'Ei väliä' order gets its helper, or the helper changes). */
async function enqueueCustomerCaregiverEmail(trx: Executor, booking: BookingDocument, caregiverName: string): Promise<void> {
  const contact = await getContactInfo(trx);
  const email = customerCaregiverEmail(booking, { caregiverName, contact, manageUrl: await issueManageLink(trx, booking.order.id) });
  await sendEmail(trx, { to: booking.customer.email, subject: email.subject, ...renderEmail(email.content) });
}
