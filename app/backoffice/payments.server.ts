import { addCalendarDays, helsinkiToday, helsinkiWallTimeToInstant, isIsoDate } from "~/domain/booking-window";
import { keysetPage, pageDirectionOf, type Cursor, type PageDirection } from "~/domain/list-query";
import type { PaymentMethodName, PaymentStatus, PayoutStatus } from "~/domain/statuses";
import { listTexts } from "~/messages/backoffice";
import type { Period } from "~/models/backoffice-payments.server";

// The period of the payments and reports pages and their CSV downloads: ?alkaen=…&asti=…
// (Helsinki dates), this month so far by default.

export const CSV_LISTS = ["tilitys", "maksamattomat", "laskut", "kuukausilaskut", "maksutapahtumat", "tilitykset"] as const;
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

// ---------------------------------------------------------------- the lists of payments and payouts

export const PAYMENT_STATUSES = ["pending", "authorized", "captured", "refunded", "failed"] as const satisfies readonly PaymentStatus[];
export const PAYMENT_METHODS = ["card", "mobilepay", "klarna", "invoice"] as const satisfies readonly PaymentMethodName[];
export const PAYOUT_STATUSES = ["pending", "paid"] as const satisfies readonly PayoutStatus[];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : undefined;

/** The filters of the two lists: ?maksun_tila=…&maksutapa=… and ?tilityksen_tila=… (unknown values ignored). */
export function paymentListFilters(params: URLSearchParams) {
  return {
    payments: { status: oneOf(PAYMENT_STATUSES, params.get("maksun_tila")), method: oneOf(PAYMENT_METHODS, params.get("maksutapa")) },
    payouts: { status: oneOf(PAYOUT_STATUSES, params.get("tilityksen_tila")) },
  };
}

/**
 * Two keyset-paged lists on one page: each keeps its own cursor under its own prefix
 * ('maksut_jalkeen', 'tilitykset_ennen'), so paging one leaves the other and every filter as it was.
 */
export function listPageOf(params: URLSearchParams, prefix: string): PageDirection {
  return pageDirectionOf(new URLSearchParams({ jalkeen: params.get(`${prefix}_jalkeen`) ?? "", ennen: params.get(`${prefix}_ennen`) ?? "" }));
}

export function listPageLinks<T>(
  params: URLSearchParams,
  prefix: string,
  anchor: string,
  rows: T[],
  pageSize: number,
  page: PageDirection,
  cursorOf: (row: T) => Cursor,
): { rows: T[]; next: string | null; previous: string | null; first: string | null } {
  const paged = keysetPage(rows, pageSize, page, cursorOf);
  const base = new URLSearchParams(params);
  base.delete(`${prefix}_jalkeen`);
  base.delete(`${prefix}_ennen`);
  const href = (param: "jalkeen" | "ennen", cursor: string | null) => {
    if (!cursor) return null;
    const next = new URLSearchParams(base);
    next.set(`${prefix}_${param}`, cursor);
    return `?${next}#${anchor}`;
  };
  return {
    rows: paged.rows,
    next: href("jalkeen", paged.next),
    previous: href("ennen", paged.previous),
    first: page !== null && paged.previous !== null ? `?${base}#${anchor}` : null,
  };
}
