import type { Executor } from "~/db.server";
import { addCalendarDays, availableStartHours, bookingInterval, isSelectableDate } from "~/domain/booking-window";
import { formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { servableTimes } from "~/models/matching.server";
import { stepHref, type BookingDraft, type TimeSelection } from "./draft";
import type { BookingFlow } from "./flows";
import type { NearestTime } from "./views";

// When nobody can do the visit (issue 26 item 5; DESIGN.md decision 24), the helper step offers
// no 'Ei väliä' but says so plainly, lists the nearest times somebody can come that day and the
// next days (each a link back to the time step with that time), and a "Pyydä yhteydenottoa" form
// that reaches staff: stored, on "Vaatii huomiota", e-mailed to the support address.

/** The days looked at: the day asked and the next three. */
const DAYS_AHEAD = 3;
/** Times shown from each day, nearest to the hour asked first. */
const TIMES_PER_DAY = 3;

/** The query flag of the step after a contact request was sent. */
export const CONTACT_SENT_PARAM = "yhteydenotto";

/** The times nearest the one asked, that day and the next days, at which somebody can do the visit. */
export async function nearestServableTimes(
  executor: Executor,
  flow: BookingFlow,
  draft: BookingDraft,
  selection: TimeSelection,
  city: string,
  now: Date,
  /** The order being moved: its own time does not count (rescheduling). */
  exceptOrderId: string | null = null,
): Promise<NearestTime[]> {
  const { date, startHour, durationHours, serviceId } = selection;
  const candidates: Array<{ date: string; hour: number; startsAt: Date; endsAt: Date }> = [];
  for (let offset = 0; offset <= DAYS_AHEAD; offset += 1) {
    const day = addCalendarDays(date, offset);
    if (!isSelectableDate(day, now)) continue;
    for (const hour of availableStartHours(day, now)) {
      if (offset === 0 && hour === startHour) continue;
      const interval = bookingInterval(day, hour, durationHours);
      candidates.push({ date: day, hour, startsAt: interval.startsAt, endsAt: interval.endsAt });
    }
  }
  const free = new Set((await servableTimes(executor, { serviceCategoryId: serviceId, city, exceptOrderId }, candidates)).map((slot) => slot.startsAt.getTime()));
  const byDay = new Map<string, typeof candidates>();
  for (const candidate of candidates) {
    if (!free.has(candidate.startsAt.getTime())) continue;
    byDay.set(candidate.date, [...(byDay.get(candidate.date) ?? []), candidate]);
  }
  const nearest: NearestTime[] = [];
  for (const [day, slots] of byDay) {
    const closest = [...slots].sort((a, b) => Math.abs(a.hour - startHour) - Math.abs(b.hour - startHour) || a.hour - b.hour).slice(0, TIMES_PER_DAY);
    for (const slot of closest.sort((a, b) => a.hour - b.hour)) {
      nearest.push({
        label: `${formatWeekdayDate(slot.startsAt)} ${formatTimeRange(slot.startsAt, slot.endsAt)}`,
        href: stepHref(flow, "time", { ...draft, date: day, time: `${String(slot.hour).padStart(2, "0")}:00`, caregiver: null }),
      });
    }
  }
  return nearest;
}
