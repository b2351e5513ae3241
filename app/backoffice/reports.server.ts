import type { DB } from "~/db.server";
import { csvAmount } from "~/domain/csv";
import { formatEuros } from "~/domain/format";
import { bandForHour } from "~/domain/pricing";
import { BAND_NAMES } from "~/messages/booking";
import type { Period } from "~/models/backoffice-payments.server";
import { cancellationFigures, helperHours, ordersBy, ordersByStartHour, salesBy, type Bucket } from "~/models/backoffice-reports.server";
import { getPriceBands } from "~/models/settings.server";

// The sections of the reports page (issue 14 "Reports"), one shape for the page (a chart and its
// table) and for the CSV download of each section.

/** The period when none is chosen: the last 90 days. */
export const REPORT_DEFAULT_DAYS = 90;

export const REPORT_IDS = ["viikot", "kuukaudet", "palvelut", "kaupungit", "tunnit", "kaverit", "peruutukset"] as const;
export type ReportId = (typeof REPORT_IDS)[number];

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
  const orderColumns = ["", "Tilauksia", "Myynti"];
  const countRows = (buckets: Bucket[]) =>
    buckets.map((bucket) => ({ label: bucket.label, cells: [bucket.label, String(bucket.orders), formatEuros(bucket.cents)], csv: [bucket.label, bucket.orders, csvAmount(bucket.cents)], value: bucket.orders, display: String(bucket.orders) }));
  const share = cancellations.orders ? Math.round((cancellations.cancelled / cancellations.orders) * 1000) / 10 : 0;
  return [
    { id: "viikot", title: "Myynti viikoittain", columns: ["Viikko", "Valmiita tilauksia", "Myynti"], rows: moneyRows(weeks), measure: "Myynti", empty: "Ei valmiita tilauksia valitulla aikavälillä." },
    { id: "kuukaudet", title: "Myynti kuukausittain", columns: ["Kuukausi", "Valmiita tilauksia", "Myynti"], rows: moneyRows(months), measure: "Myynti", empty: "Ei valmiita tilauksia valitulla aikavälillä." },
    { id: "palvelut", title: "Tilaukset palveluittain", columns: ["Palvelu", ...orderColumns.slice(1)], rows: countRows(services), measure: "Tilauksia", empty: "Ei tilauksia valitulla aikavälillä." },
    { id: "kaupungit", title: "Tilaukset kaupungeittain", columns: ["Kaupunki", ...orderColumns.slice(1)], rows: countRows(cities), measure: "Tilauksia", empty: "Ei tilauksia valitulla aikavälillä." },
    { id: "tunnit", title: "Tilaukset alkamisajan mukaan", columns: ["Hintaluokka", ...orderColumns.slice(1)], rows: countRows([...byBand.values()]), measure: "Tilauksia", empty: "Ei tilauksia valitulla aikavälillä." },
    {
      id: "kaverit",
      title: "Kavereiden varatut tunnit",
      columns: ["Kaveri", "Käyntejä", "Tunteja"],
      rows: helpers.map((helper) => ({ label: helper.name, cells: [helper.name, String(helper.orders), `${helper.hours} h`], csv: [helper.name, helper.orders, helper.hours], value: helper.hours, display: `${helper.hours} h` })),
      measure: "Tunteja",
      empty: "Ei kavereille varattuja käyntejä valitulla aikavälillä.",
    },
    {
      id: "peruutukset",
      title: "Peruutukset",
      columns: ["", "Tilauksia", "Osuus"],
      rows: cancellations.orders
        ? [
            { label: "Toteutuneet tai tulevat", cells: ["Toteutuneet tai tulevat", String(cancellations.orders - cancellations.cancelled), `${(100 - share).toLocaleString("fi-FI")} %`], csv: ["Toteutuneet tai tulevat", cancellations.orders - cancellations.cancelled, ""], value: cancellations.orders - cancellations.cancelled, display: String(cancellations.orders - cancellations.cancelled) },
            { label: "Peruutetut", cells: ["Peruutetut", String(cancellations.cancelled), `${share.toLocaleString("fi-FI")} % (peruutusmaksut ${formatEuros(cancellations.feesCents)})`], csv: ["Peruutetut", cancellations.cancelled, csvAmount(cancellations.feesCents)], value: cancellations.cancelled, display: String(cancellations.cancelled) },
          ]
        : [],
      measure: "Tilauksia",
      empty: "Ei tilauksia valitulla aikavälillä.",
    },
  ];
}
