import { addCalendarDays, helsinkiToday, helsinkiWallTimeToInstant, isIsoDate } from "~/domain/booking-window";
import { listTexts } from "~/messages/backoffice";
import type { Period } from "~/models/backoffice-payments.server";

// The period of the payments and reports pages and their CSV downloads: ?alkaen=…&asti=…
// (Helsinki dates), this month so far by default.

export const CSV_LISTS = ["tilitys", "maksamattomat", "laskut"] as const;
export type CsvList = (typeof CSV_LISTS)[number];

export function periodOf(
  params: URLSearchParams,
  now: Date,
  options: { defaultDays?: number } = {},
): { from: string; to: string; notices: string[]; filtered: boolean; period: Period } {
  const today = helsinkiToday(now);
  // This month so far, or the given number of days up to today.
  const monthStart = options.defaultDays ? addCalendarDays(today, 1 - options.defaultDays) : `${today.slice(0, 8)}01`;
  const fromText = (params.get("alkaen") ?? "").trim();
  const toText = (params.get("asti") ?? "").trim();
  const notices: string[] = [];
  if ((fromText && !isIsoDate(fromText)) || (toText && !isIsoDate(toText))) notices.push(listTexts.invalidDate);
  const from = isIsoDate(fromText) ? fromText : monthStart;
  const to = isIsoDate(toText) ? toText : today;
  return {
    from,
    to,
    notices,
    filtered: Boolean(fromText || toText),
    period: { from: helsinkiWallTimeToInstant(from, 0)!, before: helsinkiWallTimeToInstant(addCalendarDays(to, 1), 0)! },
  };
}
