import type { Transaction } from "kysely";
import type { Database, Executor } from "../db.server";
import type { BookingDocument } from "../domain/booking-document";
import { cancellationTerms } from "../domain/cancellation";
import { CAREGIVER_TASKS_PATH, orderPath } from "../domain/portal-paths";
import { reminderKey, reminderKeyPrefix, reminderSendAt, smsRemindersWanted, type ReminderKind } from "../domain/visit-reminders";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { getBookingDocument } from "../models/booking-documents.server";
import { isOrderCommitted } from "../models/caregiver-tasks.server";
import { findCaregiverContactOfOrder } from "../models/caregivers.server";
import { textRemindersAllowed } from "../models/consents.server";
import { holdOrderRow } from "../models/orders.server";
import { getContactInfo } from "../models/settings.server";
import { caregiverReminderEmail, customerReminderEmail, reminderText } from "../messages/visit-reminders";
import { now as clockNow } from "./clock.server";
import { renderEmail, sendEmail } from "./email.server";
import { enqueueJobOnce, withdrawPendingJobs, type JobPayloads } from "./job-queue.server";
import { issueManageLink, shortManageUrl } from "./manage-links.server";
import { isSmsAvailable } from "./sms/active-provider.server";
import { sendText } from "./sms/text-messages.server";

// A visit's reminders (issue 28 items 1 and 2; DESIGN.md decision 26; decisions 0027 and 0031):
// e-mails to the payer, the recipient (when an address was given) and the helper, and a text when
// "Muistutus tekstiviestinä" was ticked; one job per person and kind in the jobs table, due at reminderSendAt (app/domain/visit-reminders.ts), under an
// idempotency key of visit, kind, person and visit version. scheduleVisitReminders brings an
// order's queued reminders in line with the order as it is now, in the caller's transaction:
// every path that confirms, moves, cancels or changes the helper of a visit calls it. The job
// checks again when it runs, holding the order's row, and sends only for the visit as queued.

type ReminderPayload = JobPayloads["visits.reminder"];
type Audience = ReminderPayload["audience"];
interface Person {
  kind: ReminderKind;
  audience: Audience;
  /** An e-mail address, or a mobile number in E.164 for a text. */
  address: string;
}

interface ReminderState {
  booking: BookingDocument;
  caregiver: { email: string; fullName: string } | null;
  /** Who should get a reminder of the visit as it is now, and how; empty when the visit is not coming. */
  people: Person[];
}

async function reminderState(executor: Executor, orderId: string, known?: BookingDocument): Promise<ReminderState | null> {
  const booking = known ?? (await getBookingDocument(executor, orderId));
  if (!booking) return null;
  const caregiver = await findCaregiverContactOfOrder(executor, orderId);
  // Only a placed, paid or e-mail-confirmed visit still waiting for its day is reminded of.
  const coming = booking.order.status === "pending" && (await isOrderCommitted(executor, orderId));
  if (!coming) return { booking, caregiver, people: [] };
  const { order } = booking;
  const people: Person[] = [{ kind: "email", audience: "payer", address: booking.customer.email }];
  // The recipient's own e-mail when the booking gave one (issue 28 item 1), unless it is the payer's.
  const recipientEmail = order.bookingFor === "other" ? order.recipientEmail?.trim() : null;
  if (recipientEmail && recipientEmail.toLowerCase() !== booking.customer.email.trim().toLowerCase()) {
    people.push({ kind: "email", audience: "recipient", address: recipientEmail });
  }
  if (caregiver) people.push({ kind: "email", audience: "caregiver", address: caregiver.email });
  // "Muistutus tekstiviestinä" (decision 0031): to the recipient's mobile, or the customer's own.
  const smsPhone = smsRemindersWanted(order);
  if (smsPhone && isSmsAvailable()) people.push({ kind: "sms", audience: order.bookingFor === "other" ? "recipient" : "payer", address: smsPhone });
  return { booking, caregiver, people };
}

function keyOf(orderId: string, visitSequence: number, person: Person): string {
  return reminderKey({ orderId, kind: person.kind, audience: person.audience, address: person.address, visitSequence });
}

const kindOf = (payload: ReminderPayload): ReminderKind => payload.kind ?? "email";

/**
 * In the caller's transaction: withdraws the order's queued reminders that no longer fit it (a
 * cancelled or moved visit, a helper taken off) and queues the missing ones, due by the rule for a
 * change made at `madeAt` (none if under 26 hours ahead). A reminder already queued for the same
 * person and visit version keeps its time; one already sent is never queued again (its key).
 */
export async function scheduleVisitReminders(trx: Executor, orderId: string, options: { madeAt?: Date; known?: BookingDocument } = {}): Promise<void> {
  const state = await reminderState(trx, orderId, options.known);
  const visitSequence = state?.booking.order.visitSequence ?? 0;
  const keys = (state?.people ?? []).map((person) => keyOf(orderId, visitSequence, person));
  await withdrawPendingJobs(trx, reminderKeyPrefix(orderId), keys);
  if (!state || state.people.length === 0) return;
  const sendAt = reminderSendAt(state.booking.order.startsAt, options.madeAt ?? clockNow());
  if (!sendAt) return;
  for (const person of state.people) {
    await enqueueJobOnce(
      trx,
      "visits.reminder",
      { orderId, kind: person.kind, audience: person.audience, address: person.address, visitSequence, startsAt: state.booking.order.startsAt.toISOString() },
      { runAt: sendAt, idempotencyKey: keyOf(orderId, visitSequence, person) },
    );
  }
}

/** Why a queued reminder is not sent when it runs, or null when it is. */
function staleReason(state: ReminderState | null, payload: ReminderPayload, now: Date): string | null {
  if (!state) return "order_gone";
  const { order } = state.booking;
  if (state.people.length === 0) return "visit_not_coming";
  if (order.visitSequence !== payload.visitSequence || order.startsAt.toISOString() !== payload.startsAt) return "visit_moved";
  if (!state.people.some((person) => person.kind === kindOf(payload) && person.audience === payload.audience && person.address === payload.address)) {
    return "person_changed";
  }
  if (now.getTime() >= order.startsAt.getTime()) return "visit_started";
  return null;
}

/**
 * The job "visits.reminder": in one transaction with the job's "done", holding the order's row so
 * that a cancellation or a move in progress is waited for, checks the visit is still the one
 * queued and sends the e-mail. A stale reminder ends done without an e-mail.
 */
export async function sendVisitReminder(payload: ReminderPayload, finishWith: (write: (trx: Transaction<Database>) => Promise<void>) => Promise<void>): Promise<void> {
  await finishWith(async (trx) => {
    const state = (await holdOrderRow(trx, payload.orderId)) ? await reminderState(trx, payload.orderId) : null;
    const now = clockNow();
    const stale = staleReason(state, payload, now);
    if (stale || !state) {
      logger.info({ orderId: payload.orderId, audience: payload.audience, reason: stale }, "visit reminder not sent: the visit changed");
      return;
    }
    const { booking } = state;
    const contact = await getContactInfo(trx);
    const appUrl = env().APP_URL;
    if (kindOf(payload) === "sms") {
      // Withdrawn in the profile since the booking (decision 0033): no text; e-mails still go.
      if (!(await textRemindersAllowed(trx, { userId: booking.customer.profileId, phone: payload.address }))) {
        logger.info({ orderId: payload.orderId, audience: payload.audience }, "text reminder not sent: consent withdrawn");
        return;
      }
      // A link of the text's own, in its short form (/h/…), so the text stays one message.
      const manageUrl = shortManageUrl(await issueManageLink(trx, payload.orderId));
      await sendText(trx, { to: payload.address, body: reminderText(booking, { manageUrl }) });
      return;
    }
    const email =
      payload.audience === "caregiver"
        ? caregiverReminderEmail(booking, { caregiverName: state.caregiver?.fullName ?? "", contact, tasksUrl: new URL(CAREGIVER_TASKS_PATH, appUrl).toString() })
        : customerReminderEmail(booking, {
            reader: payload.audience === "recipient" ? "recipient" : "payer",
            contact,
            // A link of this e-mail's own: the confirmation's keeps working too (docs/decisions/0030).
            manageUrl: await issueManageLink(trx, payload.orderId),
            // An account holder cancels in the portal; a guest (or a guest on someone's account) calls.
            orderUrl:
              payload.audience === "payer" && booking.customer.hasPassword && !booking.customer.guestOnAccount
                ? new URL(orderPath(booking.order.orderNumber), appUrl).toString()
                : null,
            terms: cancellationTerms(booking.order, now),
          });
    await sendEmail(trx, { to: payload.address, subject: email.subject, ...renderEmail(email.content) });
  });
}

/** A cancelled visit: its queued reminders are withdrawn in the cancelling transaction. */
export async function withdrawVisitReminders(trx: Executor, orderId: string): Promise<void> {
  await withdrawPendingJobs(trx, reminderKeyPrefix(orderId));
}
