// The Helsinki wall clock at an instant, straight from the platform's time-zone data
// (Intl.DateTimeFormat with timeZone "Europe/Helsinki"). It replaces date-fns and @date-fns/tz in
// the modules the browser loads too (format.ts, booking-window.ts): those cost 9 KB gzipped on
// every booking page for what Intl already knows. Pure functions, no I/O.

export const TIME_ZONE = "Europe/Helsinki";

/** Finnish weekday names, Monday first (Finnish weeks start on Monday). */
export const WEEKDAY_NAMES = [
  "maanantai",
  "tiistai",
  "keskiviikko",
  "torstai",
  "perjantai",
  "lauantai",
  "sunnuntai",
] as const;

export interface HelsinkiClock {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number; // 0–23
  minute: number;
  second: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
}

// Made on first use, not when the module loads: a formatter with a time zone makes the engine load
// its zone data, tens of milliseconds on a slow phone, which a page that reads no clock while it
// starts need not pay.
let clockFormat: Intl.DateTimeFormat | undefined;
const clock = () =>
  (clockFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: TIME_ZONE,
    // h23: midnight is 0, never 24 (hour12: false gives '24' on some engines).
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }));

function toInstant(value: Date | number): number {
  const instant = typeof value === "number" ? value : value.getTime();
  if (!Number.isFinite(instant)) throw new RangeError("invalid Date");
  return instant;
}

/** What a clock on the wall in Helsinki shows at `value`. */
export function helsinkiClock(value: Date | number): HelsinkiClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of clock().formatToParts(toInstant(value))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const year = parts.year ?? NaN;
  const month = parts.month ?? NaN;
  const day = parts.day ?? NaN;
  return {
    year,
    month,
    day,
    hour: (parts.hour ?? NaN) % 24,
    minute: parts.minute ?? NaN,
    second: parts.second ?? NaN,
    weekday: (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7,
  };
}

/** Helsinki's UTC offset in minutes at `value`: 120 in winter (EET), 180 in summer (EEST). */
export function helsinkiOffset(value: Date | number): number {
  const instant = toInstant(value);
  const clock = helsinkiClock(instant);
  const wallAsUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  // The clock has whole seconds; drop the instant's milliseconds before comparing.
  return Math.round((wallAsUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

const pad = (value: number) => String(value).padStart(2, "0");

/** 'yyyy-MM-dd' of the Helsinki calendar day at `value`. */
export function helsinkiIsoDate(value: Date | number): string {
  const { year, month, day } = helsinkiClock(value);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** 'HH:mm' of the Helsinki clock at `value`. */
export function helsinkiHourMinute(value: Date | number): string {
  const { hour, minute } = helsinkiClock(value);
  return `${pad(hour)}:${pad(minute)}`;
}
