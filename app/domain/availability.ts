import { addCalendarDays, type IsoDate } from "./booking-window";
import { helsinkiIsoDate, helsinkiOffset } from "./helsinki-clock";

// When a helper can take a visit (issue 27 items 1–2; docs/decisions/0035): within their weekly
// plan, outside the dates they are away, plus the extra hours they added for a date, with no live
// visit closer than the travel time. Plans are written on the Helsinki wall clock in minutes from
// midnight (whole or half hours; 1440 is the midnight that ends the day). The database answers the
// same question in one query (app/models/matching.server.ts); this module is the rule over plain
// data: the portal and the back office show with it what a plan means, and the matching reference
// (app/domain/matching.ts) uses it. Pure, no I/O.

export const MINUTES_PER_DAY = 1440;
/** Plans are set on whole and half hours. */
export const PLAN_STEP_MINUTES = 30;
export const DEFAULT_TRAVEL_MINUTES = 30;

/** One range of a weekday's plan. `weekday`: ISO, 1 = Monday … 7 = Sunday. */
export interface WeeklyRange {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export type AvailabilityException =
  /** Away from `startsOn` to `endsOn`, both included. */
  | { kind: "away"; startsOn: IsoDate; endsOn: IsoDate }
  /** Extra hours on one date, even on a day otherwise away. */
  | { kind: "extra"; date: IsoDate; startMinute: number; endMinute: number };

export interface AvailabilityPlan {
  weekly: readonly WeeklyRange[];
  exceptions: readonly AvailabilityException[];
}

export interface Span {
  startsAt: Date;
  endsAt: Date;
}

/** ISO weekday (1 = Monday) of a calendar date; the date's own weekday, wherever the code runs. */
export function isoWeekday(date: IsoDate): number {
  const [year, month, day] = date.split("-").map(Number);
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
}

/**
 * The instant of a Helsinki wall-clock minute of `date` (minute 1440 is the next midnight). On the
 * spring-forward day a minute that does not exist is read with the offset before the change, as
 * PostgreSQL's `timestamp at time zone` reads it; the repeated hour of autumn takes the later one.
 */
export function wallMinuteToInstant(date: IsoDate, minute: number): Date {
  const [year, month, day] = date.split("-").map(Number);
  const wallAsUtc = Date.UTC(year, month - 1, day, 0, minute);
  const before = helsinkiOffset(wallAsUtc - 12 * 3_600_000);
  const after = helsinkiOffset(wallAsUtc + 12 * 3_600_000);
  const late = wallAsUtc - after * 60_000;
  if (helsinkiOffset(late) === after) return new Date(late);
  return new Date(wallAsUtc - before * 60_000);
}

/** Sorted, with touching and overlapping spans joined (as PostgreSQL's range_agg joins them). */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.endsAt > s.startsAt).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.startsAt.getTime() <= last.endsAt.getTime()) {
      if (span.endsAt > last.endsAt) last.endsAt = span.endsAt;
    } else merged.push({ startsAt: span.startsAt, endsAt: span.endsAt });
  }
  return merged;
}

function isAway(plan: AvailabilityPlan, date: IsoDate): boolean {
  return plan.exceptions.some((e) => e.kind === "away" && e.startsOn <= date && date <= e.endsOn);
}

/** The spans the plan makes available on one Helsinki date: weekly ranges unless away, plus extra hours. */
export function availableSpansOn(plan: AvailabilityPlan, date: IsoDate): Span[] {
  const spans: Span[] = [];
  const span = (startMinute: number, endMinute: number) => ({ startsAt: wallMinuteToInstant(date, startMinute), endsAt: wallMinuteToInstant(date, endMinute) });
  if (!isAway(plan, date)) {
    const weekday = isoWeekday(date);
    for (const range of plan.weekly) if (range.weekday === weekday) spans.push(span(range.startMinute, range.endMinute));
  }
  for (const e of plan.exceptions) if (e.kind === "extra" && e.date === date) spans.push(span(e.startMinute, e.endMinute));
  return spans;
}

/** The Helsinki dates a span touches (its end is not in it). */
function datesOf(span: Span): IsoDate[] {
  const first = helsinkiIsoDate(span.startsAt);
  const last = helsinkiIsoDate(span.endsAt.getTime() - 1);
  const dates = [first];
  while (dates[dates.length - 1] < last) dates.push(addCalendarDays(dates[dates.length - 1], 1));
  return dates;
}

/** The visit lies wholly within the plan (ranges of consecutive days and adjacent ranges join). */
export function withinPlan(plan: AvailabilityPlan, visit: Span): boolean {
  // Every date the visit touches: a range ending at 24.00 joins the next day's from 00.00.
  const dates = datesOf(visit);
  const spans = mergeSpans(dates.flatMap((date) => availableSpansOn(plan, date)));
  return spans.some((s) => s.startsAt <= visit.startsAt && visit.endsAt <= s.endsAt);
}

/** No live visit closer to this one than the travel time (end to start, either way). */
export function clearOfVisits(busy: readonly Span[], travelMinutes: number, visit: Span): boolean {
  const gap = travelMinutes * 60_000;
  return !busy.some((b) => b.startsAt.getTime() < visit.endsAt.getTime() + gap && visit.startsAt.getTime() < b.endsAt.getTime() + gap);
}

/** The whole rule: within the plan, outside the exceptions, plus extra hours, clear of every live visit. */
export function canTakeVisit(plan: AvailabilityPlan, busy: readonly Span[], travelMinutes: number, visit: Span): boolean {
  return visit.endsAt > visit.startsAt && withinPlan(plan, visit) && clearOfVisits(busy, travelMinutes, visit);
}

/**
 * The free spans of a Helsinki date: the plan's spans with every live visit and the travel time
 * around it taken out. A visit fits when one of them holds it (what the helper's calendar shows).
 */
export function freeSpansOn(plan: AvailabilityPlan, busy: readonly Span[], travelMinutes: number, date: IsoDate): Span[] {
  const gap = travelMinutes * 60_000;
  let free = mergeSpans(availableSpansOn(plan, date));
  for (const b of busy) {
    const from = b.startsAt.getTime() - gap;
    const to = b.endsAt.getTime() + gap;
    free = free.flatMap((s) => {
      if (to <= s.startsAt.getTime() || s.endsAt.getTime() <= from) return [s];
      const parts: Span[] = [];
      if (s.startsAt.getTime() < from) parts.push({ startsAt: s.startsAt, endsAt: new Date(from) });
      if (to < s.endsAt.getTime()) parts.push({ startsAt: new Date(to), endsAt: s.endsAt });
      return parts;
    });
  }
  return free;
}

// ---------------------------------------------------------------- plans as people write them

/** What an availability page shows: each weekday's rows (minutes as text, '' for an empty row), the coming exceptions. */
export interface AvailabilityPageView {
  days: Array<{ weekday: number; ranges: Array<{ start: string; end: string }> }>;
  exceptions: Array<{ id: string; line: string }>;
  /** 'yyyy-MM-dd' in Helsinki: the earliest date a form accepts. */
  today: string;
}

/** The weekly plan in short, a line per weekday with hours: 'ma 9.00–15.00, 17.00–19.00'. */
export function weeklyPlanLines(weekly: readonly WeeklyRange[]): string[] {
  const names = ["ma", "ti", "ke", "to", "pe", "la", "su"];
  return names.flatMap((name, index) => {
    const ranges = normalizeRanges(weekly.filter((r) => r.weekday === index + 1));
    return ranges.length === 0 ? [] : [`${name} ${ranges.map((r) => `${formatPlanMinute(r.startMinute)}–${formatPlanMinute(r.endMinute)}`).join(", ")}`];
  });
}

/** 'HH.MM' of a plan minute (1440 is '24.00'). */
export function formatPlanMinute(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}.${String(minute % 60).padStart(2, "0")}`;
}

/** The choices of a plan's start (00.00–23.30) or end (00.30–24.00) field. */
export function planMinuteChoices(kind: "start" | "end"): number[] {
  const choices: number[] = [];
  for (let m = kind === "start" ? 0 : PLAN_STEP_MINUTES; m <= (kind === "start" ? MINUTES_PER_DAY - PLAN_STEP_MINUTES : MINUTES_PER_DAY); m += PLAN_STEP_MINUTES) choices.push(m);
  return choices;
}

/** A weekday's ranges joined where they touch or overlap, sorted: how a plan is stored and shown. */
export function normalizeRanges(ranges: ReadonlyArray<{ startMinute: number; endMinute: number }>): Array<{ startMinute: number; endMinute: number }> {
  const sorted = ranges.filter((r) => r.endMinute > r.startMinute).sort((a, b) => a.startMinute - b.startMinute);
  const out: Array<{ startMinute: number; endMinute: number }> = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.startMinute <= last.endMinute) last.endMinute = Math.max(last.endMinute, r.endMinute);
    else out.push({ startMinute: r.startMinute, endMinute: r.endMinute });
  }
  return out;
}
