// What an invoice says about money and dates (DESIGN.md decision 11; the Tax Administration's
// list of what a VAT invoice must carry). The order snapshots every amount VAT-inclusive; the
// invoice shows them without VAT too, and the lines add up exactly to the order's own net, VAT
// and total. Pure functions, no I/O.
import { addCalendarDays, helsinkiToday, type IsoDate } from "./booking-window";
import { splitTotal } from "./pricing";

/** Payment term of invoices (spec 000 §9). */
export const INVOICE_PAYMENT_TERM_DAYS = 14;

/** Issue date is today in Helsinki, due date 14 calendar days later. */
export function invoiceDates(now: Date): { issueDate: IsoDate; dueDate: IsoDate } {
  const issueDate = helsinkiToday(now);
  return { issueDate, dueDate: addCalendarDays(issueDate, INVOICE_PAYMENT_TERM_DAYS) };
}

export interface InvoiceAmountsInput {
  unitPriceCents: number;
  durationHours: number;
  originalPriceCents: number;
  discountCents: number;
  totalPriceCents: number;
  netAmountCents: number;
  vatAmountCents: number;
}

export interface InvoiceAmounts {
  /** The hourly price without VAT (rounded to the cent, as printed). */
  unitNetCents: number;
  /** The hourly price with VAT, as booked. */
  unitGrossCents: number;
  quantityHours: number;
  /** The service line without VAT, before the discount. */
  lineNetCents: number;
  /** The service line with VAT, before the discount. */
  lineGrossCents: number;
  /** The discount without VAT, as a positive number (printed with a minus sign). */
  discountNetCents: number;
  /** The discount with VAT, positive. */
  discountGrossCents: number;
  /** The tax base: line − discount, without VAT; equals the order's net amount. */
  taxBaseCents: number;
  vatCents: number;
  totalCents: number;
  /**
   * The share of the total that is work, for the household deduction: all of it, since the
   * service has no travel or material costs.
   */
  workShareCents: number;
}

/**
 * The invoice's money lines from an order's snapshot. The discount without VAT is what makes the
 * printed lines sum exactly to the order's net amount (the VAT-exclusive line minus its discount
 * is the tax base), so nothing on the invoice is off by a rounding cent.
 */
export function invoiceAmounts(order: InvoiceAmountsInput): InvoiceAmounts {
  const line = splitTotal(order.originalPriceCents);
  const unit = splitTotal(order.unitPriceCents);
  if (order.originalPriceCents - order.discountCents !== order.totalPriceCents) {
    throw new RangeError("order amounts do not add up: original − discount ≠ total");
  }
  if (order.netAmountCents + order.vatAmountCents !== order.totalPriceCents) {
    throw new RangeError("order amounts do not add up: net + VAT ≠ total");
  }
  return {
    unitNetCents: unit.netCents,
    unitGrossCents: order.unitPriceCents,
    quantityHours: order.durationHours,
    lineNetCents: line.netCents,
    lineGrossCents: order.originalPriceCents,
    discountNetCents: line.netCents - order.netAmountCents,
    discountGrossCents: order.discountCents,
    taxBaseCents: order.netAmountCents,
    vatCents: order.vatAmountCents,
    totalCents: order.totalPriceCents,
    workShareCents: order.totalPriceCents,
  };
}

/** '25,5 %' from basis points (2550). */
export function formatVatRate(rateBp: number): string {
  const percent = rateBp / 100;
  return `${new Intl.NumberFormat("fi-FI", { maximumFractionDigits: 2 }).format(percent)} %`;
}

/** 'FI31415938': the VAT number (ALV-tunniste) of a Finnish business ID '3141593-8'. */
export function vatNumberOf(businessId: string): string {
  return `FI${businessId.replace("-", "")}`;
}
