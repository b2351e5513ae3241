// When a booking may start, and what a booking's start and end are as real instants. All calendar
// logic runs in Europe/Helsinki (DESIGN.md "Time", decision 6): the window is "today .. today +
// 180 days" in Helsinki dates, slots are whole hours 00:00–23:00, and a start must lie in the
// future. "now" is always a parameter, so every rule is testable at any moment, including the
// daylight-saving change days. Pure functions, no I/O.
import { helsinkiClock, helsinkiHourMinute, helsinkiIsoDate, helsinkiOffset, WEEKDAY_NAMES } from "./helsinki-clock";
import { MAX_DURATION_HOURS, MIN_DURATION_HOURS } from "./pricing";

/** How far ahead a booking may start: the start date is at most today + 180 days. */
export const BOOKING_WINDOW_DAYS = 180;

const HOUR_MS = 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type IsoDate = string; // 'yyyy-MM-dd', a Helsinki calendar date

interface CalendarParts {
  year: number;
  month: number; // 1–12
  day: number;
}

/** The parts of a 'yyyy-MM-dd' string, or null when it is not a real calendar date (2026-02-30). */
function parseIsoDate(value: string): CalendarParts | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === "string" && parseIsoDate(value) !== null;
}

function requireIsoDate(value: string): CalendarParts {
  const parts = parseIsoDate(value);
  if (!parts) throw new RangeError(`expected a calendar date 'yyyy-MM-dd', got '${value}'`);
  return parts;
}

function assertInstant(now: Date): void {
  if (Number.isNaN(now.getTime())) throw new RangeError("now must be a valid Date");
}

/** The Helsinki wall clock at `now`, as a Date whose UTC fields read that clock. */
function helsinkiWallClock(now: Date): Date {
  assertInstant(now);
  return new Date(now.getTime() + helsinkiOffsetMinutes(now.getTime()) * 60_000);
}

/** Today's date in Helsinki, 'yyyy-MM-dd'. */
export function helsinkiToday(now: Date): IsoDate {
  return helsinkiWallClock(now).toISOString().slice(0, 10);
}

/** The Helsinki clock's hour (0–23) at `now`. */
export function helsinkiHour(now: Date): number {
  return helsinkiWallClock(now).getUTCHours();
}

/** `date` plus `days` calendar days, 'yyyy-MM-dd'. Calendar arithmetic: no time zone involved. */
export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  const { year, month, day } = requireIsoDate(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The last date on which a booking may start: today + 180 days. */
export function lastBookableDate(now: Date): IsoDate {
  return addCalendarDays(helsinkiToday(now), BOOKING_WINDOW_DAYS);
}

/** True for a real date from today to today + 180 days (Helsinki dates), both inclusive. */
export function isBookableDate(date: string, now: Date): boolean {
  if (!isIsoDate(date)) return false;
  // 'yyyy-MM-dd' strings of four-digit years compare like the dates they name.
  return date >= helsinkiToday(now) && date <= lastBookableDate(now);
}

/**
 * Helsinki's UTC offset in minutes at `instant`. helsinkiOffset asks Intl, which is slow and called for
 * every hour of every day a calendar shows; Helsinki's offset changes only on whole hours (01:00
 * UTC), so the answer is kept per UTC quarter hour, a safe grain for any zone.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const offsetByQuarterHour = new Map<number, number>();
function helsinkiOffsetMinutes(instant: number): number {
  const quarter = Math.floor(instant / QUARTER_HOUR_MS);
  let offset = offsetByQuarterHour.get(quarter);
  if (offset === undefined) {
    offset = helsinkiOffset(instant);
    // Two years of quarter hours at most; a long-running server never grows past that.
    if (offsetByQuarterHour.size >= 70_000) offsetByQuarterHour.clear();
    offsetByQuarterHour.set(quarter, offset);
  }
  return offset;
}

/**
 * The instant at which the Helsinki wall clock shows `hour`:00 on `date`, or null when that wall
 * time does not exist.
 *
 * Daylight-saving days, the rules chosen:
 * - Spring forward (last Sunday of March, e.g. 2026-03-29): clocks jump from 03:00 EET to
 *   04:00 EEST, so 03:00–03:59 does not exist. That hour is not a bookable slot (null here, left
 *   out of `availableStartHours`, 'invalid' from `validateBookingStart`); silently moving the
 *   customer to 04:00 would show them a time they did not choose.
 * - Fall back (last Sunday of October, e.g. 2026-10-25): 03:00–03:59 happens twice, first in
 *   EEST (+03:00) and then in EET (+02:00). We take the second one, after the clocks have gone
 *   back: a visit booked "03:00, 1 hour" then really runs 03:00–04:00 on the wall clock (the
 *   first 03:00 would end at the second 03:00, "03:00–03:00"). RFC 5545 would take the first;
 *   we never write local times into calendar files, only UTC, so nothing depends on its rule.
 * Build booking instants with this function, not `new TZDate(y, m, d, h, "Europe/Helsinki")`:
 * TZDate agrees on every other hour, but for the repeated hour its answer depends on the host
 * machine's own time zone (the second 03:00 on a UTC host, the first on e.g. Pacific/Auckland).
 * Ours depends only on Helsinki's rules.
 */
export function helsinkiWallTimeToInstant(date: IsoDate, hour: number): Date | null {
  const { year, month, day } = requireIsoDate(date);
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) {
    throw new RangeError(`hour must be an integer 0–23, got ${hour}`);
  }
  const wallAsUtc = Date.UTC(year, month - 1, day, hour);
  // Helsinki's offset on either side of the day's change (if any) gives every candidate instant.
  const offsets = new Set([helsinkiOffsetMinutes(wallAsUtc - 12 * HOUR_MS), helsinkiOffsetMinutes(wallAsUtc + 12 * HOUR_MS)]);
  const candidates = [...offsets]
    .map((offsetMinutes) => wallAsUtc - offsetMinutes * 60_000)
    // A candidate is real only if Helsinki's offset at that instant is the one assumed.
    .filter((instant) => helsinkiOffsetMinutes(instant) * 60_000 === wallAsUtc - instant)
    .sort((a, b) => a - b);
  return candidates.length > 0 ? new Date(candidates[candidates.length - 1]) : null;
}

/**
 * Start hours (0–23) offered on `date`: none outside the booking window; for today only hours
 * that start after `now`; the non-existent hour of the spring-forward day is never offered.
 */
export function availableStartHours(date: string, now: Date): number[] {
  if (!isBookableDate(date, now)) return [];
  const hours: number[] = [];
  for (let hour = 0; hour <= 23; hour++) {
    const start = helsinkiWallTimeToInstant(date, hour);
    if (start && start.getTime() > now.getTime()) hours.push(hour);
  }
  return hours;
}

/** 'HH:00' for a start hour, the form the booking draft carries (spec 000 §3). */
export function formatStartHour(hour: number): string {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) {
    throw new RangeError(`hour must be an integer 0–23, got ${hour}`);
  }
  return `${String(hour).padStart(2, "0")}:00`;
}

/** The hour of a whole-hour start time 'HH:00' (or the database's 'HH:00:00'), else null. */
export function parseStartHour(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{2}):00(?::00)?$/.exec(value.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  return hour <= 23 ? hour : null;
}

export interface BookingInterval {
  startsAt: Date;
  endsAt: Date;
  /** Helsinki date of the start, 'yyyy-MM-dd'. */
  scheduledDate: IsoDate;
  /** Helsinki date of the end; the day after `scheduledDate` when the booking crosses midnight. */
  endDate: IsoDate;
  /** 'HH:00' */
  scheduledStart: string;
  /** 'HH:mm', Helsinki wall-clock time of the end. */
  scheduledEnd: string;
}

/**
 * The booking's real start and end. The end is the start plus `durationHours` of elapsed time,
 * which is what the helper works and the customer pays for; so on the change days the end's wall
 * clock differs from "start + N" when the booking spans the change (02:00 + 2 h on 2026-03-29 ends
 * at 05:00 EEST; 02:00 + 2 h on 2026-10-25 ends at 03:00 EET). A booking may cross midnight.
 * Throws RangeError for inputs no validated draft can carry (see `validateBookingStart`).
 */
export function bookingInterval(date: string, startHour: number, durationHours: number): BookingInterval {
  if (
    !Number.isInteger(durationHours) ||
    durationHours < MIN_DURATION_HOURS ||
    durationHours > MAX_DURATION_HOURS
  ) {
    throw new RangeError(`duration must be ${MIN_DURATION_HOURS}–${MAX_DURATION_HOURS} hours, got ${durationHours}`);
  }
  const startsAt = helsinkiWallTimeToInstant(date, startHour);
  if (!startsAt) throw new RangeError(`${formatStartHour(startHour)} does not exist in Helsinki on ${date}`);
  const endsAt = new Date(startsAt.getTime() + durationHours * HOUR_MS);
  return {
    startsAt,
    endsAt,
    scheduledDate: date,
    endDate: helsinkiIsoDate(endsAt),
    scheduledStart: formatStartHour(startHour),
    scheduledEnd: helsinkiHourMinute(endsAt),
  };
}

export type BookingStartError = "past" | "too_far" | "invalid";

export type BookingStartResult = { ok: true; startsAt: Date } | { ok: false; error: BookingStartError };

/**
 * The server's check of a requested start (DESIGN.md decision 6). 'invalid' covers a malformed
 * date or hour and the hour that does not exist on the spring-forward day.
 */
export function validateBookingStart(date: unknown, startHour: unknown, now: Date): BookingStartResult {
  if (!isIsoDate(date)) return { ok: false, error: "invalid" };
  if (typeof startHour !== "number" || !Number.isInteger(startHour) || startHour < 0 || startHour > 23) {
    return { ok: false, error: "invalid" };
  }
  if (date < helsinkiToday(now)) return { ok: false, error: "past" };
  if (date > lastBookableDate(now)) return { ok: false, error: "too_far" };
  const startsAt = helsinkiWallTimeToInstant(date, startHour);
  if (!startsAt) return { ok: false, error: "invalid" };
  if (startsAt.getTime() <= now.getTime()) return { ok: false, error: "past" };
  return { ok: true, startsAt };
}

// ---------------------------------------------------------------- calendar

export { WEEKDAY_NAMES };

/** Column headings of the calendar, Monday first. */
export const WEEKDAY_ABBREVIATIONS = ["ma", "ti", "ke", "to", "pe", "la", "su"] as const;

/** Finnish month names in the nominative ('maaliskuu'), as a calendar heading shows them. */
export const MONTH_NAMES = [
  "tammikuu",
  "helmikuu",
  "maaliskuu",
  "huhtikuu",
  "toukokuu",
  "kesäkuu",
  "heinäkuu",
  "elokuu",
  "syyskuu",
  "lokakuu",
  "marraskuu",
  "joulukuu",
] as const;

/** 0 = Monday … 6 = Sunday. */
function mondayIndex(date: IsoDate): number {
  const { year, month, day } = requireIsoDate(date);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/** 'maanantai' … 'sunnuntai' for a 'yyyy-MM-dd' date (the 'Valitsit' box). */
export function weekdayName(date: IsoDate): (typeof WEEKDAY_NAMES)[number] {
  return WEEKDAY_NAMES[mondayIndex(date)];
}

export interface CalendarDay {
  date: IsoDate;
  dayOfMonth: number;
  /** False for the leading and trailing days of the neighbouring months. */
  inMonth: boolean;
  /** Past, beyond the 180-day window, or today with no start hour left. */
  disabled: boolean;
  /** Why a disabled day cannot be picked (told to screen readers); null when it can. */
  unavailable: UnavailableDay | null;
  isToday: boolean;
}

export interface CalendarMonthRef {
  year: number;
  month: number; // 1–12
}

export interface MonthCalendar extends CalendarMonthRef {
  /** 'maaliskuu 2026' */
  title: string;
  /** Whole weeks, Monday to Sunday, covering the month. */
  weeks: CalendarDay[][];
  /** The neighbouring month when it has at least one bookable date, else null. */
  previous: CalendarMonthRef | null;
  next: CalendarMonthRef | null;
}

/** The month `months` after (or before, when negative) `ref`. Calendar arithmetic only. */
function addMonthsTo({ year, month }: CalendarMonthRef, months: number): CalendarMonthRef {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** 'yyyy-MM-01', the first day of the month. */
function firstOfMonth({ year, month }: CalendarMonthRef): IsoDate {
  if (!Number.isInteger(year) || year < 1000 || year > 9999 || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`not a calendar month: ${year}-${month}`);
  }
  return `${year}-${String(month).padStart(2, "0")}-01`;
}

/** True when the month contains at least one date of the booking window. */
function monthHasBookableDate(ref: CalendarMonthRef, now: Date): boolean {
  const first = firstOfMonth(ref);
  const last = addCalendarDays(firstOfMonth(addMonthsTo(ref, 1)), -1);
  return last >= helsinkiToday(now) && first <= lastBookableDate(now);
}

export type UnavailableDay = "past" | "too_far" | "day_over";

/** Why a date cannot be picked in the calendar, or null when it can. */
export function unavailableDay(date: string, now: Date): UnavailableDay | null {
  const today = helsinkiToday(now);
  if (!isIsoDate(date) || date < today) return "past";
  if (date > lastBookableDate(now)) return "too_far";
  // Late in the evening today may have no slot left; offering it would lead to an empty grid.
  if (date === today && availableStartHours(date, now).length === 0) return "day_over";
  return null;
}

/** Whether a date can be picked in the calendar. */
export function isSelectableDate(date: string, now: Date): boolean {
  return unavailableDay(date, now) === null;
}

/** The month grid for the server-rendered Finnish calendar of booking step 1. */
export function monthCalendar(year: number, month: number, now: Date): MonthCalendar {
  const firstIso = firstOfMonth({ year, month });
  const today = helsinkiToday(now);
  // Day 0 of the next month is this month's last day.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const leading = mondayIndex(firstIso);
  const cells = Math.ceil((leading + daysInMonth) / 7) * 7;
  const gridStart = addCalendarDays(firstIso, -leading);

  // Plain 'yyyy-MM-dd' arithmetic: a zoned date per cell would ask Intl for offsets hundreds of
  // times a page.
  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < cells; i++) {
    const date = addCalendarDays(gridStart, i);
    const { month: cellMonth, day } = requireIsoDate(date);
    const unavailable = unavailableDay(date, now);
    const cell: CalendarDay = {
      date,
      dayOfMonth: day,
      inMonth: cellMonth === month,
      disabled: unavailable !== null,
      unavailable,
      isToday: date === today,
    };
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1].push(cell);
  }

  const previous = addMonthsTo({ year, month }, -1);
  const next = addMonthsTo({ year, month }, 1);
  return {
    year,
    month,
    title: `${MONTH_NAMES[month - 1]} ${year}`,
    weeks,
    previous: monthHasBookableDate(previous, now) ? previous : null,
    next: monthHasBookableDate(next, now) ? next : null,
  };
}

/** 'yyyy-MM' of a month, the form the calendar's previous/next links carry. */
export function formatCalendarMonth({ year, month }: CalendarMonthRef): string {
  return `${year}-${String(month).padStart(2, "0")}`;
}

/**
 * The month to show for a `?kuukausi=yyyy-MM`-style parameter: the requested month when it has a
 * bookable date, otherwise the month of the selected date (if any), otherwise the current month.
 * A bookmarked or hand-edited URL therefore never shows a month where nothing can be picked.
 */
export function resolveCalendarMonth(
  requested: string | null | undefined,
  selectedDate: string | null | undefined,
  now: Date,
): CalendarMonthRef {
  const match = typeof requested === "string" ? /^(\d{4})-(\d{2})$/.exec(requested) : null;
  if (match) {
    const ref = { year: Number(match[1]), month: Number(match[2]) };
    if (ref.month >= 1 && ref.month <= 12 && monthHasBookableDate(ref, now)) return ref;
  }
  if (typeof selectedDate === "string" && isBookableDate(selectedDate, now)) {
    const { year, month } = requireIsoDate(selectedDate);
    return { year, month };
  }
  const { year, month } = helsinkiClock(now);
  return { year, month };
}
