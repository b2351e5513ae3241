// Weekly visits with the same helper (issue 27 item 4; docs/decisions/0037): which dates a series
// has, and the real instants of each occurrence. Occurrences follow the Helsinki wall clock: a
// series at 14.00 is at 14.00 on both sides of a daylight-saving change, so dates are stepped in
// calendar days and each date's start is found on that day's clock, never "+ 7 × 24 h". Pure
// functions, no I/O; "today" is a parameter.
import {
  addCalendarDays,
  BOOKING_WINDOW_DAYS,
  bookingInterval,
  helsinkiWallTimeToInstant,
  isIsoDate,
  type BookingInterval,
  type IsoDate,
} from "./booking-window";

/** "Kerran" / "Joka viikko" / "Joka toinen viikko". */
export type Repeat = "once" | "weekly" | "biweekly";

export const REPEAT_INTERVAL_WEEKS: Record<Exclude<Repeat, "once">, 1 | 2> = { weekly: 1, biweekly: 2 };

/** After N visits, on a date, or "Toistaiseksi". */
export type SeriesEnd = { kind: "count"; count: number } | { kind: "date"; date: IsoDate } | { kind: "open" };

export const SERIES_MIN_COUNT = 2;
export const SERIES_MAX_COUNT = 26;
/** An end date lies at most this many days after today (the booking window). */
export const SERIES_MAX_END_DAYS = BOOKING_WINDOW_DAYS;
/** An open-ended series has its occurrences made this many weeks ahead by the daily job. */
export const OPEN_SERIES_WEEKS_AHEAD = 12;

export type SeriesEndError = "count_range" | "date_invalid" | "date_before_second" | "date_too_far";

/** Why a series' end cannot be accepted, or null. The end must leave room for a second visit. */
export function seriesEndError(end: SeriesEnd, firstDate: IsoDate, intervalWeeks: 1 | 2, today: IsoDate): SeriesEndError | null {
  if (end.kind === "count") {
    return Number.isInteger(end.count) && end.count >= SERIES_MIN_COUNT && end.count <= SERIES_MAX_COUNT ? null : "count_range";
  }
  if (end.kind === "date") {
    if (!isIsoDate(end.date)) return "date_invalid";
    if (end.date < addCalendarDays(firstDate, 7 * intervalWeeks)) return "date_before_second";
    if (end.date > addCalendarDays(today, SERIES_MAX_END_DAYS)) return "date_too_far";
  }
  return null;
}

export interface SeriesRule {
  firstDate: IsoDate;
  intervalWeeks: 1 | 2;
  end: SeriesEnd;
}

/** The last date an open-ended series has occurrences for, seen from `today`. */
export function openSeriesHorizon(today: IsoDate): IsoDate {
  return addCalendarDays(today, OPEN_SERIES_WEEKS_AHEAD * 7);
}

/**
 * The series' dates from `firstDate` on, every `intervalWeeks` weeks, up to its end: N dates, the
 * dates on or before the end date, or for an open-ended series those on or before `horizon`
 * (`openSeriesHorizon(today)`). `from` leaves out the dates before it (the daily job extending a
 * series from the day after what it already has), without moving the series' rhythm.
 */
export function seriesDates(rule: SeriesRule, options: { horizon?: IsoDate; from?: IsoDate } = {}): IsoDate[] {
  const step = 7 * rule.intervalWeeks;
  const dates: IsoDate[] = [];
  const limit =
    rule.end.kind === "date" ? rule.end.date : rule.end.kind === "open" ? (options.horizon ?? rule.firstDate) : null;
  const maxCount = rule.end.kind === "count" ? rule.end.count : Number.POSITIVE_INFINITY;
  for (let index = 0; index < maxCount; index += 1) {
    const date = addCalendarDays(rule.firstDate, index * step);
    if (limit !== null && date > limit) break;
    if (options.from === undefined || date >= options.from) dates.push(date);
    // A hard stop for an open series without a horizon, or a bad limit: never loop for ever.
    if (index > 400) break;
  }
  return dates;
}

export type Occurrence =
  | ({ date: IsoDate; exists: true } & BookingInterval)
  /** The hour does not exist that day (03.00 on the spring-forward Sunday): the date is skipped. */
  | { date: IsoDate; exists: false };

/** Each date's real start and end on that day's Helsinki clock. */
export function occurrences(dates: readonly IsoDate[], startHour: number, durationHours: number): Occurrence[] {
  return dates.map((date) =>
    helsinkiWallTimeToInstant(date, startHour) === null
      ? { date, exists: false as const }
      : { date, exists: true as const, ...bookingInterval(date, startHour, durationHours) },
  );
}

/** The rule as "Joka viikko" / "Joka toinen viikko", for pages and e-mails. */
export function repeatLabel(intervalWeeks: 1 | 2): string {
  return intervalWeeks === 1 ? "Joka viikko" : "Joka toinen viikko";
}
