import type { Executor } from "~/db.server";
import { formatDateTime } from "~/domain/format";
import { seriesPaymentDeadline, seriesVisitPayment, type SeriesVisitPayment } from "~/domain/series-payment";
import { seriesVisitPaymentTexts as t } from "~/messages/series-payments";
import { listSeriesVisitPayments } from "~/models/series-payments.server";
import { payLinkPath } from "./pay-link.server";

// Where a visit of a series paid online stands with its money, in words for the customer's order
// page and the series pages (docs/decisions/0040): charged from the saved card a day ahead, or
// declined with the payment link and its deadline, or paid. The link is the very one the decline
// e-mail carries, so the customer pays on the same /maksa page whichever way they come.

export interface SeriesVisitPaymentView {
  kind: SeriesVisitPayment;
  text: string;
  /** 'Maksa käynti viimeistään …, muuten se perutaan.' for a declined visit. */
  deadline: string | null;
  /** The signed payment link, for a declined visit when the page's reader may pay it. */
  payHref: string | null;
  payLabel: string;
}

/** The views of those of the orders that are visits of an online series, by order id. */
export async function seriesVisitPaymentViews(
  executor: Executor,
  orderIds: readonly string[],
  options: { payLink: boolean },
): Promise<Map<string, SeriesVisitPaymentView>> {
  const views = new Map<string, SeriesVisitPaymentView>();
  for (const row of await listSeriesVisitPayments(executor, orderIds)) {
    const kind = seriesVisitPayment({ inOnlineSeries: true, ...row });
    if (!kind) continue;
    const declined = kind === "declined";
    views.set(row.orderId, {
      kind,
      text: kind === "declined" ? t.declined : kind === "paid" ? t.paid : t.notCharged,
      deadline: declined ? t.deadline(formatDateTime(seriesPaymentDeadline(row.startsAt))) : null,
      payHref: declined && options.payLink ? payLinkPath(row.orderNumber, row.orderId) : null,
      payLabel: t.pay,
    });
  }
  return views;
}

/** One order's view, or null when it is no visit of an online series (or nothing need be said). */
export async function seriesVisitPaymentView(executor: Executor, orderId: string, options: { payLink: boolean }): Promise<SeriesVisitPaymentView | null> {
  return (await seriesVisitPaymentViews(executor, [orderId], options)).get(orderId) ?? null;
}
