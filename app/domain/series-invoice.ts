// The monthly invoice of a series paid by invoice (issue 27 item 4; docs/decisions/0039): which
// visits go on which month's invoice, and what the invoice adds up to. Pure functions, no I/O.
import { MONTH_NAMES } from "./booking-window";
import { helsinkiIsoDate } from "./helsinki-clock";

/** The first day of the Helsinki calendar month of an instant: '2026-12-01'. */
export function helsinkiMonthOf(value: Date): string {
  return `${helsinkiIsoDate(value).slice(0, 7)}-01`;
}

export interface VisitToInvoice {
  orderId: string;
  startsAt: Date;
}

/**
 * The visits due for invoicing at `now`, grouped by the Helsinki month they start in, oldest
 * month first: a month is due from its first day on (its invoice is issued then, or at booking
 * when the visit is booked during its month); later months wait. Within a month the visits come
 * in time order, as the invoice lists them.
 */
export function dueInvoiceMonths<T extends VisitToInvoice>(visits: readonly T[], now: Date): Array<{ month: string; visits: T[] }> {
  const current = helsinkiMonthOf(now);
  const byMonth = new Map<string, T[]>();
  for (const visit of [...visits].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    const month = helsinkiMonthOf(visit.startsAt);
    if (month > current) continue;
    const list = byMonth.get(month) ?? [];
    list.push(visit);
    byMonth.set(month, list);
  }
  return [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, list]) => ({ month, visits: list }));
}

export interface SeriesInvoiceLineAmounts {
  amountCents: number;
  netAmountCents: number;
  vatAmountCents: number;
  vatRateBp: number;
}

export interface SeriesInvoiceTotals {
  totalCents: number;
  /** The VAT breakdown, one row per rate (a rate change within a month gives two), lowest rate first. */
  byRate: Array<{ vatRateBp: number; taxBaseCents: number; vatCents: number; totalCents: number }>;
}

/** The invoice's total and VAT breakdown: the sums of its lines, each as its visit was booked. */
export function seriesInvoiceTotals(lines: readonly SeriesInvoiceLineAmounts[]): SeriesInvoiceTotals {
  const byRate = new Map<number, { vatRateBp: number; taxBaseCents: number; vatCents: number; totalCents: number }>();
  let totalCents = 0;
  for (const line of lines) {
    if (line.netAmountCents + line.vatAmountCents !== line.amountCents) {
      throw new RangeError("series invoice line does not add up: net + VAT ≠ amount");
    }
    const row = byRate.get(line.vatRateBp) ?? { vatRateBp: line.vatRateBp, taxBaseCents: 0, vatCents: 0, totalCents: 0 };
    row.taxBaseCents += line.netAmountCents;
    row.vatCents += line.vatAmountCents;
    row.totalCents += line.amountCents;
    byRate.set(line.vatRateBp, row);
    totalCents += line.amountCents;
  }
  return { totalCents, byRate: [...byRate.values()].sort((a, b) => a.vatRateBp - b.vatRateBp) };
}

/**
 * What a cancellation takes off a visit's line once its invoice is out: all but the cancellation
 * fee, as the credit note of a single invoice does (never below nothing).
 */
export function lineCreditCents(lineAmountCents: number, feeCents: number): number {
  return Math.max(0, lineAmountCents - Math.max(0, feeCents));
}

/** 'joulukuu 2026' for the month '2026-12-01'. */
export function invoiceMonthName(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number);
  return `${MONTH_NAMES[monthNumber! - 1]} ${year}`;
}

/** The first day of the month after `month` ('2026-12-01' → '2027-01-01'). */
export function nextMonthStart(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number);
  return monthNumber === 12 ? `${year! + 1}-01-01` : `${year}-${String(monthNumber! + 1).padStart(2, "0")}-01`;
}
