import type { DB } from "~/db.server";
import { csvAmount } from "~/domain/csv";
import { formatEuros } from "~/domain/format";
import { bandForHour } from "~/domain/pricing";
import { BAND_NAMES } from "~/messages/booking";
import { cancellationRowTexts, reportTexts } from "~/messages/backoffice-reports";
import type { Period } from "~/models/backoffice-payments.server";
import { cancellationFigures, helperHours, ordersBy, ordersByStartHour, salesBy, type Bucket } from "~/models/backoffice-reports.server";
import { getPriceBands } from "~/models/settings.server";

// The sections of the reports page (issue 14 "Reports"), one shape for the page (a chart and its
// table) and for the CSV download of each section.

/** The period when none is chosen: the last 90 days. */
export const REPORT_DEFAULT_DAYS = 90;

export const REPORT_IDS = ["viikot", "kuukaudet", "palvelut", "kaupungit", "tunnit", "kaverit", "peruutukset"] as const;
export type ReportId = (typeof REPORT_IDS)[number];

// Typed by the ids, so that a report without its texts fails the typecheck.
const texts: Record<ReportId, { title: string; columns: readonly string[]; measure: string; empty: string }> = reportTexts;

/** A section's words, with its rows. */
function section(id: ReportId, rows: ReportSection["rows"]): ReportSection {
  const { title, columns, measure, empty } = texts[id];
  return { id, title, columns: [...columns], rows, measure, empty };
}

export interface ReportSection {
  id: ReportId;
  title: string;
  /** Column headings of the table (and the CSV). */
  columns: string[];
  /** `value` sets the bar's length and `display` is written at its end. */
  rows: Array<{ label: string; cells: string[]; csv: Array<string | number>; value: number; display: string }>;
  /** What the bars measure, e.g. 'Myynti (€)'. */
  measure: string;
  empty: string;
}

function moneyRows(buckets: Bucket[]) {
  return buckets.map((bucket) => ({
    label: bucket.label,
    cells: [bucket.label, String(bucket.orders), formatEuros(bucket.cents)],
    csv: [bucket.label, bucket.orders, csvAmount(bucket.cents)],
    value: bucket.cents,
    display: formatEuros(bucket.cents),
  }));
}

export async function loadReports(db: DB, period: Period): Promise<ReportSection[]> {
  const [weeks, months, services, cities, hours, helpers, cancellations, bands] = await Promise.all([
    salesBy(db, period, "week"),
    salesBy(db, period, "month"),
    ordersBy(db, period, "service"),
    ordersBy(db, period, "city"),
    ordersByStartHour(db, period),
    helperHours(db, period),
    cancellationFigures(db, period),
    getPriceBands(db),
  ]);
  const byBand = new Map<string, Bucket>();
  for (const band of [...bands].sort((a, b) => a.fromHour - b.fromHour)) {
    byBand.set(band.id, { label: `${BAND_NAMES[band.id]} (${String(band.fromHour).padStart(2, "0")}–${String(band.toHour).padStart(2, "0")})`, orders: 0, cents: 0 });
  }
  for (const hour of hours) {
    const bucket = byBand.get(bandForHour(bands, hour.hour).id)!;
    bucket.orders += hour.orders;
    bucket.cents += hour.cents;
  }
  const countRows = (buckets: Bucket[]) =>
    buckets.map((bucket) => ({ label: bucket.label, cells: [bucket.label, String(bucket.orders), formatEuros(bucket.cents)], csv: [bucket.label, bucket.orders, csvAmount(bucket.cents)], value: bucket.orders, display: String(bucket.orders) }));
  const { kept, cancelled } = cancellationRowTexts;
  const keptOrders = cancellations.orders - cancellations.cancelled;
  const share = cancellations.orders ? Math.round((cancellations.cancelled / cancellations.orders) * 1000) / 10 : 0;
  return [
    section("viikot", moneyRows(weeks)),
    section("kuukaudet", moneyRows(months)),
    section("palvelut", countRows(services)),
    section("kaupungit", countRows(cities)),
    section("tunnit", countRows([...byBand.values()])),
    section(
      "kaverit",
      helpers.map((helper) => ({ label: helper.name, cells: [helper.name, String(helper.orders), `${helper.hours} h`], csv: [helper.name, helper.orders, helper.hours], value: helper.hours, display: `${helper.hours} h` })),
    ),
    section(
      "peruutukset",
      cancellations.orders
        ? [
            { label: kept, cells: [kept, String(keptOrders), cancellationRowTexts.share(100 - share)], csv: [kept, keptOrders, ""], value: keptOrders, display: String(keptOrders) },
            { label: cancelled, cells: [cancelled, String(cancellations.cancelled), cancellationRowTexts.cancelledShare(share, formatEuros(cancellations.feesCents))], csv: [cancelled, cancellations.cancelled, csvAmount(cancellations.feesCents)], value: cancellations.cancelled, display: String(cancellations.cancelled) },
          ]
        : [],
    ),
  ];
}
