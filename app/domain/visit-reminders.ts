// When a visit's reminder e-mail goes out (issue 28 item 1; DESIGN.md decision 26; decision
// 0027): 24 hours before the visit, but never in the quiet hours 21.00–08.00 Helsinki time (it
// then goes at 20.00 the evening before that night, so it comes earlier, never later), and none
// for a booking made under 26 hours ahead, whose confirmation has just told everything. Pure, no I/O.

import { addCalendarDays, helsinkiToday, helsinkiWallTimeToInstant } from "./booking-window";
import { helsinkiClock } from "./helsinki-clock";

const HOUR_MS = 60 * 60 * 1000;

/** A reminder is due this long before the visit starts. */
export const REMINDER_LEAD_HOURS = 24;
/** A visit booked (or moved, or given its helper) under this long before it starts gets no reminder. */
export const REMINDER_MIN_NOTICE_HOURS = 26;
/** Helsinki hours in which nobody is woken by a reminder: from 21.00 until 08.00. */
export const QUIET_HOURS = { from: 21, until: 8 } as const;
/** A reminder due in the quiet hours goes at this hour of the evening before them. */
export const QUIET_HOURS_SEND_HOUR = 20;

/** Is the Helsinki clock at `at` inside the quiet hours (21.00–07.59)? */
export function isQuietHour(at: Date): boolean {
  const { hour } = helsinkiClock(at);
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.until;
}

/**
 * When the reminder of a visit starting at `startsAt` is sent, for a booking (or a move, or a
 * helper's assignment) made at `madeAt`; null when it gets none: made under
 * REMINDER_MIN_NOTICE_HOURS ahead, or the time would already have passed (a night visit whose
 * 20.00 the evening before was before the booking).
 */
export function reminderSendAt(startsAt: Date, madeAt: Date): Date | null {
  if (startsAt.getTime() - madeAt.getTime() < REMINDER_MIN_NOTICE_HOURS * HOUR_MS) return null;
  const due = new Date(startsAt.getTime() - REMINDER_LEAD_HOURS * HOUR_MS);
  const sendAt = isQuietHour(due) ? eveningBeforeQuietHours(due) : due;
  return sendAt.getTime() > madeAt.getTime() ? sendAt : null;
}

/** 20.00 Helsinki time on the evening that starts the quiet night `at` falls in. */
function eveningBeforeQuietHours(at: Date): Date {
  const today = helsinkiToday(at);
  // After midnight the night began on the previous calendar day.
  const date = helsinkiClock(at).hour < QUIET_HOURS.until ? addCalendarDays(today, -1) : today;
  const evening = helsinkiWallTimeToInstant(date, QUIET_HOURS_SEND_HOUR);
  // 20.00 exists on every Helsinki day (the clocks change at 03.00 and 04.00).
  if (!evening) throw new Error(`no 20.00 on ${date} in Helsinki`);
  return evening;
}

/** How a reminder goes: an e-mail, or a text message (docs/decisions/0031). */
export type ReminderKind = "email" | "sms";

/**
 * The mobile number (E.164) a visit's text reminders go to, or null when none is wanted. The one
 * place that decides it: a later consent log adds its check here (docs/decisions/0031).
 */
export function smsRemindersWanted(order: { smsReminder: boolean; smsPhone: string | null }): string | null {
  return order.smsReminder && order.smsPhone ? order.smsPhone : null;
}

/** Who a reminder of a visit is for. */
export type ReminderAudience = "payer" | "recipient" | "caregiver";

/**
 * The one key of one reminder: the visit, the kind of reminder, who it is for (role and address)
 * and the visit's version (orders.visit_sequence). Two workers, or a booking path that queues the
 * same reminder twice, meet on it; a moved visit has a new version and so a new reminder.
 */
export function reminderKey(input: { orderId: string; kind: ReminderKind; audience: ReminderAudience; address: string; visitSequence: number }): string {
  return `${reminderKeyPrefix(input.orderId)}${input.kind}:${input.audience}:${input.address.trim().toLowerCase()}:v${input.visitSequence}`;
}

/** The start every reminder key of an order shares: cancelling or moving the visit finds them by it. */
export function reminderKeyPrefix(orderId: string): string {
  return `visit-reminder:${orderId}:`;
}
