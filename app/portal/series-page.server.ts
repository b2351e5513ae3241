import { requireUser, type AuthUser } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { formatEuros, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { canCustomerCancel, canStaffCancel, customerOrderStage } from "~/domain/order-status";
import { seriesStatusAt } from "~/domain/series-lifecycle";
import { isChangeableVisit } from "~/domain/series-manage";
import { SERIES_STATUS_LABELS, seriesEndText, seriesRuleText, seriesTexts as t } from "~/messages/series-manage";
import { CUSTOMER_ORDER_STAGE_LABELS, ORDER_STATUS_LABELS } from "~/messages/statuses";
import type { SeriesOverview, SeriesVisitRow } from "~/models/series-manage.server";
import { findSeriesIdOfOrder, findSeriesOverview, listSeriesVisits } from "~/models/series-manage.server";
import { seriesVisitPaymentViews } from "~/services/payments/series-visit-payment.server";
import { findSeriesFor, seriesCancellationPlan, seriesCaregiverChoices } from "~/services/series-management.server";

// The server half of the series pages (issue 27 item 5), the portal's and the back office's: the
// customer's own series or the same 404 as for one that does not exist, and what the pages show
// of a series, its visits and the "from here on" actions, as strings.

export type SeriesAudience = { kind: "customer" } | { kind: "staff"; canCancel: boolean };

export function customerSeriesPath(seriesId: string): string {
  return `/portal/sarjat/${encodeURIComponent(seriesId)}`;
}

export function staffSeriesPath(seriesId: string): string {
  return `/backoffice/sarjat/${encodeURIComponent(seriesId)}`;
}

export function seriesNotFound(): Response {
  return new Response(t.notFound, { status: 404, statusText: "Not Found" });
}

/** The signed-in customer's own series; anonymous → sign in, anyone else → 404. */
export async function requireCustomerSeries(request: Request, seriesId: string | undefined): Promise<{ user: AuthUser; series: SeriesOverview }> {
  const user = await requireUser(request);
  const series = await findSeriesFor(await getDb(), { customerProfileId: user.id }, seriesId ?? "");
  if (!series) throw seriesNotFound();
  return { user, series };
}

/** Any series, for staff (the route checked the role). */
export async function requireStaffSeries(seriesId: string | undefined): Promise<SeriesOverview> {
  const series = await findSeriesFor(await getDb(), {}, seriesId ?? "");
  if (!series) throw seriesNotFound();
  return series;
}

/** The visit a "from here on" page starts from: `?alkaen=<order id>`. */
export function fromVisitOf(request: Request): string {
  return new URL(request.url).searchParams.get("alkaen") ?? "";
}

const when = (visit: { startsAt: Date; endsAt: Date }) => `${formatWeekdayDate(visit.startsAt)} ${formatTimeRange(visit.startsAt, visit.endsAt)}`;

/** The series' rule and facts in words; its status as of `now` (a series whose last visit is over has ended). */
export function seriesFacts(series: SeriesOverview, visits: readonly SeriesVisitRow[], now: Date) {
  const lastVisitEndsAt = visits.filter((visit) => visit.status !== "cancelled").reduce<Date | null>((last, visit) => (last && last > visit.endsAt ? last : visit.endsAt), null);
  const labels = t.ruleLabels;
  return {
    rule: seriesRuleText(series),
    facts: [
      { label: labels.rule, value: seriesRuleText(series) },
      { label: labels.service, value: series.serviceName },
      { label: labels.caregiver, value: series.caregiverName ?? t.noCaregiver },
      { label: labels.end, value: seriesEndText(series.end) },
      { label: labels.status, value: SERIES_STATUS_LABELS[seriesStatusAt({ status: series.status, endKind: series.end.kind }, lastVisitEndsAt, now)] },
    ],
  };
}

/** The series page: the rule, and each visit with its status, its order page and its actions. */
export async function seriesPage(series: SeriesOverview, audience: SeriesAudience, now: Date) {
  const db = await getDb();
  const visits = await listSeriesVisits(db, series.id);
  // A series paid by card: each visit's charge, decline (with the payment link, for the customer) or payment.
  const payments = await seriesVisitPaymentViews(db, visits.map((visit) => visit.id), { payLink: audience.kind === "customer" });
  const base = audience.kind === "customer" ? customerSeriesPath(series.id) : staffSeriesPath(series.id);
  const orderPath = (visit: SeriesVisitRow) =>
    `${audience.kind === "customer" ? "/portal/orders" : "/backoffice/orders"}/${encodeURIComponent(visit.orderNumber)}`;
  const cancelOne = (visit: SeriesVisitRow) =>
    audience.kind === "customer" ? canCustomerCancel(visit, now) : audience.canCancel && canStaffCancel(visit.status) && visit.startsAt > now;
  return {
    seriesId: series.id,
    serviceName: series.serviceName,
    customerName: series.customerName,
    ...seriesFacts(series, visits, now),
    visits: visits.map((visit) => {
      const changeable = isChangeableVisit(visit, now);
      const from = `?${new URLSearchParams({ alkaen: visit.id })}`;
      return {
        id: visit.id,
        orderNumber: visit.orderNumber,
        when: when(visit),
        status: audience.kind === "customer" ? CUSTOMER_ORDER_STAGE_LABELS[customerOrderStage(visit)] : ORDER_STATUS_LABELS[visit.status],
        caregiverName: visit.caregiverName ?? t.noCaregiver,
        orderHref: orderPath(visit),
        cancelOneHref: cancelOne(visit) ? `${orderPath(visit)}/peruuta` : null,
        cancelFromHref: changeable && (audience.kind === "customer" || audience.canCancel) ? `${base}/peru${from}` : null,
        changeFromHref: changeable ? `${base}/vaihda-kaveri${from}` : null,
        payment: payments.get(visit.id) ?? null,
      };
    }),
  };
}

/** The cancel page: what "Peru tämä ja kaikki tulevat" would cancel and what each costs. */
export async function seriesCancelPage(series: SeriesOverview, fromOrderId: string, now: Date, waiveFee = false) {
  const plan = await seriesCancellationPlan(await getDb(), series.id, fromOrderId, now, waiveFee);
  const feeCents = plan.reduce((sum, visit) => sum + visit.feeCents, 0);
  return {
    seriesId: series.id,
    rule: seriesRuleText(series),
    serviceName: series.serviceName,
    fromOrderId,
    visits: plan.map((visit) => ({
      id: visit.id,
      orderNumber: visit.orderNumber,
      when: when(visit),
      price: formatEuros(visit.totalPriceCents),
      fee: visit.feeCents > 0 ? t.fee(visit.feeCents) : t.free,
    })),
    feeCents,
    total: t.totalFees(feeCents),
  };
}

/** The change page: the visits that would move and the helpers who can take every one. */
export async function seriesChangePage(series: SeriesOverview, fromOrderId: string, now: Date) {
  const { touched, candidates } = await seriesCaregiverChoices(await getDb(), series, fromOrderId, now);
  return {
    seriesId: series.id,
    rule: seriesRuleText(series),
    serviceName: series.serviceName,
    currentCaregiver: series.caregiverName ?? t.noCaregiver,
    fromOrderId,
    visits: touched.map((visit) => ({ id: visit.id, orderNumber: visit.orderNumber, when: when(visit), caregiverName: visit.caregiverName ?? t.noCaregiver })),
    candidates: candidates.map((candidate) => ({ value: candidate.id, label: candidate.fullName })),
  };
}

/** "Kuuluu sarjaan: …" on an occurrence's order page, linking to the series page; null for a single visit. */
export async function seriesLinkOfOrder(orderId: string, audience: "customer" | "staff"): Promise<{ lead: string; href: string; label: string } | null> {
  const db = await getDb();
  const seriesId = await findSeriesIdOfOrder(db, orderId);
  const series = seriesId ? await findSeriesOverview(db, seriesId) : null;
  if (!series) return null;
  return {
    // Words from the server: the order pages then carry none of the series pages' texts.
    lead: t.belongsTo,
    href: audience === "customer" ? customerSeriesPath(series.id) : staffSeriesPath(series.id),
    label: `${series.serviceName}, ${seriesRuleText(series).replace(/^J/, "j")}`,
  };
}
