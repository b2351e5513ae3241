// Every price, date and time shown to a user is formatted here, so the whole service reads the
// same way: '12,50 €', '21.11.2026', 'klo 14.00'. Dates are always shown in Helsinki time,
// whatever time zone the server or the test machine runs in.
import { helsinkiClock, helsinkiIsoDate, TIME_ZONE, WEEKDAY_NAMES } from "./helsinki-clock";

export { TIME_ZONE };

// The formatters are made on first use: the first Intl object of a page makes the browser load the
// locale's data (tens of milliseconds on a slow phone), which a page that shows no price yet need
// not pay while it starts.
// fi-FI separates thousands and the € sign with a no-break space, so '1 600,00 €' never wraps.
let euros: Intl.NumberFormat | undefined;

/** '12,50 €' from integer cents. */
export function formatEuros(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  euros ??= new Intl.NumberFormat("fi-FI", { style: "currency", currency: "EUR" });
  return euros.format(cents / 100);
}

let amount: Intl.NumberFormat | undefined;

/** '12,50' without the currency sign, for labels such as '40,00 € / tunti'. */
export function formatAmount(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  amount ??= new Intl.NumberFormat("fi-FI", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return amount.format(cents / 100);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_ONLY = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A calendar date string ('2026-11-21') is a Helsinki date already: it is formatted as is, never
 * shifted through UTC (which would show the previous day for early-morning times).
 */
function calendarDate(value: string): { year: number; month: number; day: number } {
  const match = DATE_ONLY.exec(value);
  if (!match) throw new RangeError(`expected a date 'yyyy-MM-dd', got '${value}'`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Round-trip through UTC to reject dates such as 2026-02-30.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`not a calendar date: '${value}'`);
  }
  return { year, month, day };
}

function assertValidDate(date: Date): void {
  if (Number.isNaN(date.getTime())) throw new RangeError("invalid Date");
}

/** 'd.M.yyyy', e.g. '21.11.2026'. A Date is shown as its Helsinki calendar day. */
export function formatDate(value: Date | string): string {
  if (typeof value === "string") {
    const { year, month, day } = calendarDate(value);
    return `${day}.${month}.${year}`;
  }
  assertValidDate(value);
  const { year, month, day } = helsinkiClock(value);
  return `${day}.${month}.${year}`;
}

/** 'klo 14.00' from '14:00', '14:00:00' (a Helsinki wall-clock time) or a Date (shown in Helsinki). */
export function formatTime(value: Date | string): string {
  return `klo ${formatClock(value)}`;
}

/** '14.00' without the 'klo' prefix, for ranges such as 'klo 14.00–16.00'. */
export function formatClock(value: Date | string): string {
  if (typeof value === "string") {
    const match = TIME_ONLY.exec(value);
    if (!match) throw new RangeError(`expected a time 'HH:mm', got '${value}'`);
    const hours = Number(match[1]);
    const minutes = Number(match[2]);
    if (hours > 23 || minutes > 59) throw new RangeError(`not a time of day: '${value}'`);
    return `${String(hours).padStart(2, "0")}.${match[2]}`;
  }
  assertValidDate(value);
  const { hour, minute } = helsinkiClock(value);
  return `${String(hour).padStart(2, "0")}.${String(minute).padStart(2, "0")}`;
}

/** 'klo 14.00–16.00' for a range; the end may fall on the next day. */
export function formatTimeRange(start: Date | string, end: Date | string): string {
  return `klo ${formatClock(start)}–${formatClock(end)}`;
}

/** 'd.M.yyyy klo 14.00' in Helsinki time. */
export function formatDateTime(value: Date): string {
  assertValidDate(value);
  return `${formatDate(value)} ${formatTime(value)}`;
}

/** 'lauantai 21.11.2026' from a 'yyyy-MM-dd' calendar date or a Date (its Helsinki day). */
export function formatWeekdayDate(value: Date | string): string {
  if (typeof value === "string") {
    const { year, month, day } = calendarDate(value);
    const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
    return `${WEEKDAY_NAMES[weekday]} ${day}.${month}.${year}`;
  }
  assertValidDate(value);
  const { year, month, day, weekday } = helsinkiClock(value);
  return `${WEEKDAY_NAMES[weekday]} ${day}.${month}.${year}`;
}

/** '1 tunti', '2 tuntia'. */
export function formatHours(hours: number): string {
  return hours === 1 ? "1 tunti" : `${hours} tuntia`;
}

/** The Helsinki calendar date of an instant as 'yyyy-MM-dd' (for date inputs and URLs). */
export function helsinkiDateString(value: Date): string {
  assertValidDate(value);
  return helsinkiIsoDate(value);
}
