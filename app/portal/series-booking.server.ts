import { data, redirect } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { helsinkiIsoDate } from "~/domain/helsinki-clock";
import { formatEuros, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { repeatLabel } from "~/domain/recurrence";
import {
  END_VALUES,
  nextSeriesDate,
  parseSeriesChoice,
  REPEAT_VALUES,
  SERIES_PARAM,
  SHOW_PARAM,
  seriesChoiceParams,
  type SeriesChoiceValues,
} from "~/domain/series-request";
import { seriesPageTexts as t } from "~/messages/series";
import { findSeriesTemplate, type SeriesTemplate } from "~/models/order-series.server";
import { now as clockNow } from "~/services/clock.server";
import { redirectWithToast } from "~/services/flash.server";
import { getPaymentProvider, isOnlinePaymentAvailable } from "~/services/payments/active-provider.server";
import { bookSeries, previewSeries, type PreviewEntry, type TakenDecision } from "~/services/series-booking.server";
import { redirectToCheckout } from "~/booking/payment-step.server";
import { customerOrderPath, orderNotFound } from "./customer-order.server";

// The server half of "Toista viikoittain" (issue 27 item 4; docs/decisions/0037): the signed-in
// customer's own order repeated every week or every other week. Step 1 is a GET form (how often,
// from when, at what hour, until when); step 2 shows every date with the helper free or taken,
// lets the customer skip a taken date or take another helper, and books the whole series with
// one POST. Everything works without JavaScript: the choice travels in the address and in
// hidden fields, and every check is made here.

export function seriesPath(orderNumber: string, step: "settings" | "dates" = "settings"): string {
  return `${customerOrderPath(orderNumber)}/toista${step === "dates" ? "/paivat" : ""}`;
}

/** The signed-in customer's own order to repeat; anyone else gets the order page's 404. */
export async function requireSeriesTemplate(request: Request, orderNumber: string | undefined) {
  const user = await requireUser(request);
  const template = await findSeriesTemplate(await getDb(), user.id, orderNumber ?? "");
  if (!template) throw orderNotFound();
  return { user, template };
}

function hourOptions() {
  return Array.from({ length: 24 }, (_, hour) => {
    const value = `${String(hour).padStart(2, "0")}:00`;
    return { value, label: `klo ${hour}.00` };
  });
}

function templateSummary(template: SeriesTemplate) {
  return {
    orderNumber: template.sourceOrderNumber,
    serviceName: template.serviceName,
    caregiverName: template.caregiverName,
    durationHours: template.durationHours,
    place: `${template.place.address}, ${template.place.postalCode} ${template.place.city}`,
    back: customerOrderPath(template.sourceOrderNumber),
  };
}

/** Step 1: the form, with the order's weekday and hour filled in, and the errors of a sent form. */
export async function seriesSettingsLoader(request: Request, orderNumber: string | undefined) {
  const { template } = await requireSeriesTemplate(request, orderNumber);
  const url = new URL(request.url);
  const now = clockNow();
  // 'Näytä päivät' sends SHOW_PARAM; "Muuta toistoa" comes back with the choice but without it.
  const sent = url.searchParams.has(SERIES_PARAM.repeat) || url.searchParams.has(SERIES_PARAM.endKind);
  const parsed = url.searchParams.has(SHOW_PARAM) ? parseSeriesChoice(url.searchParams, now) : null;
  if (parsed?.ok && template.caregiverId) throw redirect(`${seriesPath(template.sourceOrderNumber, "dates")}?${seriesChoiceParams(parsed.choice)}`);
  const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Helsinki", hour: "2-digit", hourCycle: "h23" }).format(template.startsAt));
  const defaults: Record<(typeof SERIES_PARAM)[keyof typeof SERIES_PARAM], string> = {
    [SERIES_PARAM.repeat]: REPEAT_VALUES.weekly,
    [SERIES_PARAM.firstDate]: nextSeriesDate(helsinkiIsoDate(template.startsAt), now),
    [SERIES_PARAM.startHour]: `${String(hour).padStart(2, "0")}:00`,
    [SERIES_PARAM.endKind]: END_VALUES.count,
    [SERIES_PARAM.count]: "6",
    [SERIES_PARAM.endDate]: "",
  };
  const values = { ...defaults };
  if (sent) for (const key of Object.values(SERIES_PARAM)) values[key] = url.searchParams.get(key) ?? "";
  return {
    template: templateSummary(template),
    repeatable: template.caregiverId !== null,
    values,
    errors: parsed && !parsed.ok ? parsed.errors : {},
    hours: hourOptions(),
    action: seriesPath(template.sourceOrderNumber),
  };
}

function entryView(entry: PreviewEntry, caregiverName: string | null) {
  return {
    date: entry.date,
    when: entry.startsAt && entry.endsAt ? `${formatWeekdayDate(entry.startsAt)} klo ${formatTimeRange(entry.startsAt, entry.endsAt)}` : formatWeekdayDate(entry.date),
    state: entry.state,
    price: entry.priceCents === null ? null : formatEuros(entry.priceCents),
    note:
      entry.state === "free"
        ? t.free(caregiverName ?? "")
        : entry.state === "no_hour"
          ? t.noHour
          : t.taken(caregiverName ?? ""),
    alternative: entry.alternative,
  };
}

async function previewView(template: SeriesTemplate, choice: SeriesChoiceValues) {
  const entries = await previewSeries(await getDb(), template, choice, clockNow());
  const visitPrice = entries.find((entry) => entry.priceCents !== null)?.priceCents ?? 0;
  const firstWithTime = entries.find((entry) => entry.startsAt && entry.endsAt);
  return {
    template: templateSummary(template),
    rule: `${repeatLabel(choice.intervalWeeks)}, ${firstWithTime?.startsAt && firstWithTime.endsAt ? `klo ${formatTimeRange(firstWithTime.startsAt, firstWithTime.endsAt)}` : ""}`,
    ending: choice.end.kind === "open" ? t.openEnding : null,
    entries: entries.map((entry) => entryView(entry, template.caregiverName)),
    freeCount: entries.filter((entry) => entry.state === "free").length,
    visitPriceCents: visitPrice,
    visitPrice: formatEuros(visitPrice),
    hidden: [...seriesChoiceParams(choice)].map(([name, value]) => ({ name, value })),
    changeHref: `${seriesPath(template.sourceOrderNumber)}?${seriesChoiceParams(choice)}`,
    onlineAvailable: isOnlinePaymentAvailable(),
    defaultPayment: template.paymentMethod === "online" && isOnlinePaymentAvailable() ? "online" : "invoice",
  };
}

/** Step 2: every date with the helper free or taken. A choice that does not parse goes back to step 1. */
export async function seriesDatesLoader(request: Request, orderNumber: string | undefined) {
  const { template } = await requireSeriesTemplate(request, orderNumber);
  const url = new URL(request.url);
  const parsed = parseSeriesChoice(url.searchParams, clockNow());
  if (!parsed.ok || !template.caregiverId) throw redirect(`${seriesPath(template.sourceOrderNumber)}?${url.searchParams}`);
  return previewView(template, parsed.choice);
}

export interface SeriesDatesActionData {
  formError: string;
  /** The dates the error names, marked on the list. */
  dates: string[];
  /** What the customer chose, kept when the page is shown again. */
  decisions: Record<string, string>;
  payment: string;
}

/** Books the series: all or nothing; online series go on to the first visit's checkout. */
export async function seriesDatesAction(request: Request, orderNumber: string | undefined) {
  const { user, template } = await requireSeriesTemplate(request, orderNumber);
  const formData = await request.formData();
  const params = new URLSearchParams();
  for (const [name, value] of formData) if (typeof value === "string") params.append(name, value);
  const now = clockNow();
  const parsed = parseSeriesChoice(params, now);
  if (!parsed.ok || !template.caregiverId) throw redirect(`${seriesPath(template.sourceOrderNumber)}?${params}`);

  const decisions = new Map<string, TakenDecision>();
  const kept: Record<string, string> = {};
  for (const [name, value] of params) {
    const date = /^paiva-(\d{4}-\d{2}-\d{2})$/.exec(name)?.[1];
    if (!date) continue;
    kept[date] = value;
    if (value === "ohita") decisions.set(date, { skip: true });
    else if (/^[0-9a-f-]{36}$/i.test(value)) decisions.set(date, { skip: false, caregiverId: value });
  }
  const payment = params.get("maksutapa");
  const answer = (formError: string, dates: string[] = [], status = 409) =>
    data<SeriesDatesActionData>({ formError, dates, decisions: kept, payment: payment ?? "" }, { status });
  if (payment !== "invoice" && payment !== "online") return answer(t.paymentMissing, [], 400);
  if (payment === "online" && !isOnlinePaymentAvailable()) return answer(t.onlineUnavailable, [], 400);
  const shown = Number(params.get("kayntihinta"));

  const outcome = await bookSeries(await getDb(), {
    template,
    choice: parsed.choice,
    decisions,
    paymentMethod: payment,
    onlineProvider: payment === "online" ? getPaymentProvider().name : "local",
    signedInUserId: user.id,
    shownVisitPriceCents: Number.isInteger(shown) ? shown : -1,
    now,
  });
  if (!outcome.ok) {
    switch (outcome.reason) {
      case "clashed":
        return answer(t.clashed(outcome.dates.map((date) => formatWeekdayDate(date))), outcome.dates);
      case "too_few":
        return answer(t.tooFew, [], 400);
      case "price_changed":
        return answer(t.priceChanged(formatEuros(outcome.visitPriceCents)));
      case "service_unavailable":
        return answer(t.serviceUnavailable);
      case "customer_suspended":
        return answer(t.suspended, [], 403);
    }
  }
  const first = outcome.orderNumbers[0]!;
  if (outcome.paymentMethod === "online") {
    const failure = await redirectToCheckout(await getDb(), outcome.orderIds[0]!, new Headers());
    return answer(failure, [], 502);
  }
  return redirectWithToast(request, customerOrderPath(first), { type: "success", title: t.booked(outcome.orderNumbers.length) });
}
