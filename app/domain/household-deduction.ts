// The household-deduction statement, "Kotitalousvähennysyhteenveto" (issue 29 item 1; DESIGN.md
// decisions 3 and 27; docs/decisions/0028). Pure arithmetic on the money an order moved, in cents:
// which payments count in which year (the Helsinki date of the payment, Vero.fi: the deduction
// goes to the year of payment), how a refund or a credit note takes money back, the work share
// and the estimate min(35 % × work − 150 €, 1 600 €), never below 0.
import { payableCents } from "./invoice-payment";
import { helsinkiIsoDate } from "./helsinki-clock";
import type { IsoDate } from "./booking-window";

/** The deduction's rules for 2025 and 2026 (Vero.fi): 35 % of the work incl. VAT, own share 150 €, cap 1 600 €. */
export const DEDUCTION_RATE_PERCENT = 35;
export const OWN_SHARE_CENTS = 150_00;
export const DEDUCTION_CAP_CENTS = 1_600_00;

/** The earliest year the year picker offers. */
export const FIRST_STATEMENT_YEAR = 2020;

/** What an order's money did, as the database records it (app/models/household-statements.server.ts). */
export interface OrderMoneyFacts {
  orderNumber: string;
  /** A cancelled order's money is a cancellation fee: no work was done, so nothing of it is deductible. */
  cancelled: boolean;
  /** The visit's Helsinki date. */
  workDate: IsoDate;
  vatRateBp: number;
  online: {
    status: "pending" | "authorized" | "captured" | "refunded" | "failed";
    amountCents: number;
    capturedAt: Date | null;
    /** Everything given back of it so far (moves to a cheaper time and the cancellation's refund); null: nothing, or all of it when 'refunded' (older rows). */
    refundedCents: number | null;
    /** When the cancellation's refund was made (status 'refunded'). */
    refundedAt: Date | null;
    /** Refunds of moves to a cheaper time that were made, each with its time. */
    rescheduleRefunds: Array<{ cents: number; at: Date }>;
  } | null;
  invoices: InvoiceMoneyFacts[];
}

export interface InvoiceMoneyFacts {
  invoiceNumber: number;
  issueDate: IsoDate;
  amountCents: number;
  status: "open" | "paid" | "cancelled";
  /** Invoices marked paid before payments were recorded one by one (migration 0010) have only this. */
  paidAt: Date | null;
  payments: Array<{ amountCents: number; paidOn: IsoDate }>;
  credit: { creditNoteNumber: number; amountCents: number; issueDate: IsoDate } | null;
}

/** One row of the statement: money in (positive) or back (negative) on a Helsinki date. */
export interface StatementEntry {
  /** 'invoice' rows name the invoice (or its credit note), 'order' rows the order of an online payment. */
  documentKind: "invoice" | "credit_note" | "order";
  documentNumber: string;
  /** The invoice a credit note credits. */
  creditedInvoiceNumber: number | null;
  orderNumber: string;
  workDate: IsoDate;
  paidOn: IsoDate;
  totalCents: number;
  workCents: number;
  nonDeductibleCents: number;
  vatCents: number;
}

export interface UnpaidInvoice {
  invoiceNumber: number;
  orderNumber: string;
  workDate: IsoDate;
  issueDate: IsoDate;
  openCents: number;
}

export interface StatementTotals {
  totalCents: number;
  workCents: number;
  nonDeductibleCents: number;
  vatCents: number;
  estimateCents: number;
}

/** Half away from zero, so a refund's cents mirror its payment's. */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** The VAT inside a VAT-inclusive amount at `vatRateBp` (2550 = 25,5 %); signed like the amount. */
export function vatPartCents(grossCents: number, vatRateBp: number): number {
  return grossCents - roundHalfAway((grossCents * 10_000) / (10_000 + vatRateBp));
}

/** min(35 % × work − 150 €, 1 600 €), never below 0; cents. */
export function deductionEstimateCents(workCents: number): number {
  const share = roundHalfAway((workCents * DEDUCTION_RATE_PERCENT) / 100) - OWN_SHARE_CENTS;
  return Math.max(0, Math.min(share, DEDUCTION_CAP_CENTS));
}

/** The calendar year of a Helsinki date. */
export function yearOf(date: IsoDate): number {
  return Number(date.slice(0, 4));
}

/** The Helsinki date of a payment made at `instant` (31.12. 23.30 in Helsinki is still that year). */
export function paymentDateOf(instant: Date): IsoDate {
  return helsinkiIsoDate(instant);
}

function entry(
  facts: OrderMoneyFacts,
  kind: StatementEntry["documentKind"],
  documentNumber: string,
  paidOn: IsoDate,
  totalCents: number,
  creditedInvoiceNumber: number | null = null,
): StatementEntry {
  const workCents = facts.cancelled ? 0 : totalCents;
  return {
    documentKind: kind,
    documentNumber,
    creditedInvoiceNumber,
    orderNumber: facts.orderNumber,
    workDate: facts.workDate,
    paidOn,
    totalCents,
    workCents,
    nonDeductibleCents: totalCents - workCents,
    vatCents: vatPartCents(totalCents, facts.vatRateBp),
  };
}

/**
 * Every movement of an order's money with its Helsinki date: an online payment at its capture and
 * its refunds when they were made; each payment of an invoice on its day (an invoice marked paid
 * before single payments were recorded: all of it on the day it was marked); and what a credit
 * note gives back of money already paid (payments beyond what is still payable) on its date.
 */
export function orderEntries(facts: OrderMoneyFacts): StatementEntry[] {
  const entries: StatementEntry[] = [];
  const online = facts.online;
  if (online && online.capturedAt && (online.status === "captured" || online.status === "refunded")) {
    entries.push(entry(facts, "order", facts.orderNumber, paymentDateOf(online.capturedAt), online.amountCents));
    let movedBackCents = 0;
    for (const refund of online.rescheduleRefunds) {
      if (refund.cents <= 0) continue;
      movedBackCents += refund.cents;
      entries.push(entry(facts, "order", facts.orderNumber, paymentDateOf(refund.at), -refund.cents));
    }
    if (online.status === "refunded" && online.refundedAt) {
      const refundedCents = online.refundedCents ?? online.amountCents;
      const cancellationRefund = Math.min(refundedCents, online.amountCents) - movedBackCents;
      if (cancellationRefund > 0) entries.push(entry(facts, "order", facts.orderNumber, paymentDateOf(online.refundedAt), -cancellationRefund));
    }
  }
  for (const invoice of facts.invoices) {
    const number = String(invoice.invoiceNumber);
    const creditedCents = invoice.credit?.amountCents ?? 0;
    const payable = payableCents({ amountCents: invoice.amountCents, creditedCents });
    let paidCents = 0;
    if (invoice.payments.length > 0) {
      for (const payment of invoice.payments) {
        paidCents += payment.amountCents;
        entries.push(entry(facts, "invoice", number, payment.paidOn, payment.amountCents));
      }
    } else if (invoice.status === "paid" && invoice.paidAt && payable > 0) {
      paidCents = payable;
      entries.push(entry(facts, "invoice", number, paymentDateOf(invoice.paidAt), payable));
    }
    if (invoice.credit) {
      const givenBack = Math.min(invoice.credit.amountCents, Math.max(0, paidCents - payable));
      if (givenBack > 0) {
        entries.push(entry(facts, "credit_note", String(invoice.credit.creditNoteNumber), invoice.credit.issueDate, -givenBack, invoice.invoiceNumber));
      }
    }
  }
  return entries;
}

/** The year's rows, in the order they were paid. */
export function entriesOfYear(orders: OrderMoneyFacts[], year: number): StatementEntry[] {
  return orders
    .flatMap(orderEntries)
    .filter((row) => yearOf(row.paidOn) === year)
    .sort((a, b) => a.paidOn.localeCompare(b.paidOn) || a.orderNumber.localeCompare(b.orderNumber) || b.totalCents - a.totalCents);
}

/**
 * Invoices issued by the end of `year` with something left unpaid at its end (payments after it
 * belong to a later year): listed apart, not counted.
 */
export function unpaidInvoicesOfYear(orders: OrderMoneyFacts[], year: number): UnpaidInvoice[] {
  const yearEnd = `${year}-12-31`;
  const unpaid: UnpaidInvoice[] = [];
  for (const order of orders) {
    for (const invoice of order.invoices) {
      if (invoice.issueDate > yearEnd) continue;
      const payable = payableCents({ amountCents: invoice.amountCents, creditedCents: invoice.credit?.amountCents ?? 0 });
      const paidByYearEnd =
        invoice.payments.length > 0
          ? invoice.payments.filter((payment) => payment.paidOn <= yearEnd).reduce((sum, payment) => sum + payment.amountCents, 0)
          : invoice.status === "paid" && invoice.paidAt && paymentDateOf(invoice.paidAt) <= yearEnd
            ? payable
            : 0;
      const openCents = payable - paidByYearEnd;
      if (openCents > 0) {
        unpaid.push({ invoiceNumber: invoice.invoiceNumber, orderNumber: order.orderNumber, workDate: order.workDate, issueDate: invoice.issueDate, openCents });
      }
    }
  }
  return unpaid.sort((a, b) => a.invoiceNumber - b.invoiceNumber);
}

/** The sums of the rows and the estimate of the deduction from their work share. */
export function statementTotals(rows: StatementEntry[]): StatementTotals {
  const sum = (pick: (row: StatementEntry) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const workCents = sum((row) => row.workCents);
  return {
    totalCents: sum((row) => row.totalCents),
    workCents,
    nonDeductibleCents: sum((row) => row.nonDeductibleCents),
    vatCents: sum((row) => row.vatCents),
    estimateCents: deductionEstimateCents(workCents),
  };
}

/**
 * Whether the statement of `year` can be had on `today` (Helsinki): the past year's from 2 January
 * (final), the current year's so far (not final), earlier years always; none for the future.
 */
export function statementState(year: number, today: IsoDate): "final" | "so_far" | "not_yet" {
  const currentYear = yearOf(today);
  if (year > currentYear) return "not_yet";
  if (year === currentYear) return "so_far";
  if (year === currentYear - 1 && today < `${currentYear}-01-02`) return "not_yet";
  return "final";
}

/** The years the picker offers on `today`, newest first. */
export function statementYears(today: IsoDate): number[] {
  const years: number[] = [];
  for (let year = yearOf(today); year >= FIRST_STATEMENT_YEAR; year -= 1) years.push(year);
  return years;
}

/** A year from the address ('?vuosi=2025'), or null when it is not one the picker offers. */
export function parseStatementYear(value: string | null | undefined, today: IsoDate): number | null {
  if (!value || !/^\d{4}$/.test(value.trim())) return null;
  const year = Number(value.trim());
  return statementYears(today).includes(year) ? year : null;
}

/** The year whose statements are e-mailed on `today`: the past one, from 2 January through January. */
export function yearToMail(today: IsoDate): number | null {
  const year = yearOf(today);
  return today >= `${year}-01-02` && today <= `${year}-01-31` ? year - 1 : null;
}
