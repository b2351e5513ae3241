// The helper's week on their tasks page (issue 27 item 6; docs/decisions/0041): Monday to Sunday
// on the Helsinki calendar, named in the address as an ISO week ('?viikko=2026-W49'), with the
// weeks a helper may step to: from this week on, up to the week of the last bookable date (no
// visit can lie beyond it). Pure, no I/O; "now" is a parameter.
import { isoWeekday } from "./availability";
import { addCalendarDays, helsinkiToday, helsinkiWallTimeToInstant, lastBookableDate, weekdayName, type IsoDate } from "./booking-window";

export interface HelperWeek {
  /** The week's Monday, 'yyyy-MM-dd'. */
  monday: IsoDate;
  /** The ISO week number (1–53). */
  number: number;
  /** The address form, '2026-W49'. */
  param: string;
}

const WEEK_PARAM = /^(\d{4})-W(\d{2})$/;

function dateParts(date: IsoDate): [number, number, number] {
  const [year, month, day] = date.split("-").map(Number);
  return [year, month, day];
}

/** The Monday of the week `date` falls in. */
export function mondayOf(date: IsoDate): IsoDate {
  return addCalendarDays(date, 1 - isoWeekday(date));
}

/** The ISO week of the week starting on `monday`: the year and number its Thursday gives. */
export function weekStartingOn(monday: IsoDate): HelperWeek {
  const thursday = addCalendarDays(monday, 3);
  const [year, month, day] = dateParts(thursday);
  const dayOfYear = (Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000;
  const number = Math.floor(dayOfYear / 7) + 1;
  return { monday, number, param: `${year}-W${String(number).padStart(2, "0")}` };
}

/** The week named by '2026-W49', or null for anything else (a week 53 the year does not have too). */
export function parseWeekParam(value: string | null): HelperWeek | null {
  const match = value ? WEEK_PARAM.exec(value) : null;
  if (!match) return null;
  const [year, number] = [Number(match[1]), Number(match[2])];
  if (number < 1 || number > 53) return null;
  // Week 1 is the week of 4 January.
  const week = weekStartingOn(addCalendarDays(mondayOf(`${match[1]}-01-04`), (number - 1) * 7));
  return week.param === `${year}-W${match[2]}` ? week : null;
}

/** The week's instants: from Monday 00.00 to the next Monday 00.00 on the Helsinki clock. */
export function weekBounds(week: HelperWeek): { startsFrom: Date; startsBefore: Date } {
  // Midnight always exists in Helsinki (the clock changes at 03.00 and 04.00).
  return {
    startsFrom: helsinkiWallTimeToInstant(week.monday, 0)!,
    startsBefore: helsinkiWallTimeToInstant(addCalendarDays(week.monday, 7), 0)!,
  };
}

export interface HelperWeekView {
  week: HelperWeek;
  isThisWeek: boolean;
  /** The week before, when it is not before this week. */
  previous: HelperWeek | null;
  /** The week after, while a visit can still lie in it. */
  next: HelperWeek | null;
  thisWeek: HelperWeek;
}

/**
 * The week asked for, if a helper may look at it; null when the address names none, or one before
 * this week or beyond the booking window (the page then shows what it shows without a week).
 */
export function resolveHelperWeek(param: string | null, now: Date): HelperWeekView | null {
  const asked = parseWeekParam(param);
  if (!asked) return null;
  const thisWeek = weekStartingOn(mondayOf(helsinkiToday(now)));
  const lastMonday = mondayOf(lastBookableDate(now));
  if (asked.monday < thisWeek.monday || asked.monday > lastMonday) return null;
  const nextMonday = addCalendarDays(asked.monday, 7);
  return {
    week: asked,
    isThisWeek: asked.monday === thisWeek.monday,
    previous: asked.monday > thisWeek.monday ? weekStartingOn(addCalendarDays(asked.monday, -7)) : null,
    next: nextMonday <= lastMonday ? weekStartingOn(nextMonday) : null,
    thisWeek,
  };
}

/** This week and the next, for the links of the page without a week. */
export function weeksFrom(now: Date): { thisWeek: HelperWeek; nextWeek: HelperWeek } {
  const monday = mondayOf(helsinkiToday(now));
  return { thisWeek: weekStartingOn(monday), nextWeek: weekStartingOn(addCalendarDays(monday, 7)) };
}

/** A day's heading: 'maanantai 7.12.'. */
export function formatDayHeading(date: IsoDate): string {
  const [, month, day] = dateParts(date);
  return `${weekdayName(date)} ${day}.${month}.`;
}

/** The week's days: '7.12.–13.12.2026'. */
export function formatWeekSpan(week: HelperWeek): string {
  const [, month, day] = dateParts(week.monday);
  const [year, endMonth, endDay] = dateParts(addCalendarDays(week.monday, 6));
  return `${day}.${month}.–${endDay}.${endMonth}.${year}`;
}

/**
 * Items grouped by their Helsinki day, in the order given (the list is sorted by start already):
 * one group a day that has any, never an empty day.
 */
export function groupByDay<T>(items: readonly T[], dayOf: (item: T) => IsoDate): { date: IsoDate; items: T[] }[] {
  const groups: { date: IsoDate; items: T[] }[] = [];
  for (const item of items) {
    const date = dayOf(item);
    const last = groups[groups.length - 1];
    if (last && last.date === date) last.items.push(item);
    else groups.push({ date, items: [item] });
  }
  return groups;
}
