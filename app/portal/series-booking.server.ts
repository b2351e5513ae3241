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
  SUBMISSION_PARAM,
  seriesChoiceParams,
  type SeriesChoiceValues,
} from "~/domain/series-request";
import type { SeriesDatesActionData, SeriesPreviewEntryView, SeriesPreviewView } from "~/domain/series-preview-view";
import { seriesPageTexts as t } from "~/messages/series";

export type { SeriesDatesActionData };
import { findSeriesBySubmissionKey, findSeriesTemplate, type OrderSeriesTemplate, type SeriesTemplate } from "~/models/order-series.server";
import { isUuid } from "~/domain/uuid";
import { randomUUID } from "node:crypto";
import { now as clockNow } from "~/services/clock.server";
import { redirectWithToast } from "~/services/flash.server";
import { getPaymentProvider, isOnlinePaymentAvailable } from "~/services/payments/active-provider.server";
import { bookSeries, previewSeries, type BookSeriesInput, type PreviewEntry, type TakenDecision } from "~/services/series-booking.server";
import { redirectToCheckout } from "~/booking/payment-step.server";
import { customerOrderPath, orderNotFound } from "./customer-order.server";

// The server half of "Toista viikoittain" (issue 27 item 4; docs/decisions/0037): the signed-in
// customer's own order repeated every week or every other week. Step 1 is a GET form (how often,
// from when, at what hour, until when); step 2 shows every date with the helper free or taken,
// lets the customer skip a taken date or take another helper, and books the whole series with
// one POST. Everything works without JavaScript: the choice travels in the address and in
// hidden fields, and every check is made here.
// Step 2 (the preview and its booking) serves the signed-in wizard too: its summary step's
// "Joka viikko" / "Joka toinen viikko" comes here with a template made of the draft
// (app/booking/series-step.server.ts, docs/decisions/0042). A SeriesOrigin says where the
// template came from and where its links lead.

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

/** Where a series' template came from, and where the preview's links lead. */
export interface SeriesOrigin {
  userId: string;
  template: SeriesTemplate;
  /** The order repeated ("Toista viikoittain"), or null for the wizard's new visit. */
  orderNumber: string | null;
  /** Where "Muuta toistoa" leads with the choice. */
  changeHref: (choice: SeriesChoiceValues) => string;
  /** Where a choice that does not parse (or a template without a helper) is sent back, with what was sent. */
  settingsHref: (sent: URLSearchParams) => string;
  /** The payment method chosen before the preview (the wizard's summary step), if any. */
  paymentMethod?: "online" | "invoice" | null;
  /** A further check of a parsed choice (the wizard's series starts on the draft's own date and hour). */
  matches?: (choice: SeriesChoiceValues) => boolean;
  /** What else the booking records in the series' own transaction (the wizard's consent and saved address). */
  alsoInTransaction?: BookSeriesInput["alsoInTransaction"];
  /** Called once the series is booked, with the answer's headers (the wizard forgets the visit's details). */
  afterBooked?: (headers: Headers, booked: { paymentMethod: "online" | "invoice"; orderIds: string[] }) => Promise<void>;
}

function orderOrigin(userId: string, template: OrderSeriesTemplate): SeriesOrigin {
  return {
    userId,
    template,
    orderNumber: template.sourceOrderNumber,
    changeHref: (choice) => `${seriesPath(template.sourceOrderNumber)}?${seriesChoiceParams(choice)}`,
    settingsHref: (sent) => `${seriesPath(template.sourceOrderNumber)}?${sent}`,
  };
}

function templateSummary(template: SeriesTemplate, orderNumber: string | null) {
  return {
    orderNumber,
    serviceName: template.serviceName,
    caregiverName: template.caregiverName,
    durationHours: template.durationHours,
    place: `${template.place.address}, ${template.place.postalCode} ${template.place.city}`,
    back: orderNumber ? customerOrderPath(orderNumber) : null,
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
    template: { ...templateSummary(template, template.sourceOrderNumber), back: customerOrderPath(template.sourceOrderNumber) },
    repeatable: template.caregiverId !== null,
    values,
    errors: parsed && !parsed.ok ? parsed.errors : {},
    hours: hourOptions(),
    action: seriesPath(template.sourceOrderNumber),
  };
}

function entryView(entry: PreviewEntry, caregiverName: string | null): SeriesPreviewEntryView {
  return {
    date: entry.date,
    when: entry.startsAt && entry.endsAt ? `${formatWeekdayDate(entry.startsAt)} ${formatTimeRange(entry.startsAt, entry.endsAt)}` : formatWeekdayDate(entry.date),
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

async function previewView(origin: SeriesOrigin, choice: SeriesChoiceValues): Promise<SeriesPreviewView> {
  const { template } = origin;
  const entries = await previewSeries(await getDb(), template, choice, clockNow());
  const visitPrice = entries.find((entry) => entry.priceCents !== null)?.priceCents ?? 0;
  const firstWithTime = entries.find((entry) => entry.startsAt && entry.endsAt);
  const chosenPayment = origin.paymentMethod ?? template.paymentMethod;
  return {
    template: templateSummary(template, origin.orderNumber),
    rule: `${repeatLabel(choice.intervalWeeks)}, ${firstWithTime?.startsAt && firstWithTime.endsAt ? formatTimeRange(firstWithTime.startsAt, firstWithTime.endsAt) : ""}`,
    ending: choice.end.kind === "open" ? t.openEnding : null,
    entries: entries.map((entry) => entryView(entry, template.caregiverName)),
    freeCount: entries.filter((entry) => entry.state === "free").length,
    visitPriceCents: visitPrice,
    visitPrice: formatEuros(visitPrice),
    // The form's own key: sent twice, it books one series (bookSeriesFromPreview).
    hidden: [...[...seriesChoiceParams(choice)].map(([name, value]) => ({ name, value })), { name: SUBMISSION_PARAM, value: randomUUID() }],
    changeHref: origin.changeHref(choice),
    onlineAvailable: isOnlinePaymentAvailable(),
    defaultPayment: chosenPayment === "online" && isOnlinePaymentAvailable() ? "online" : "invoice",
  };
}

/** Step 2: every date with the helper free or taken. A choice that does not parse goes back to step 1. */
export async function seriesDatesLoader(request: Request, orderNumber: string | undefined) {
  const { user, template } = await requireSeriesTemplate(request, orderNumber);
  return seriesPreviewLoader(request, orderOrigin(user.id, template));
}

/** The preview of a series from any origin. */
export async function seriesPreviewLoader(request: Request, origin: SeriesOrigin) {
  const url = new URL(request.url);
  const parsed = parseSeriesChoice(url.searchParams, clockNow());
  if (!parsed.ok || !origin.template.caregiverId || origin.matches?.(parsed.choice) === false) throw redirect(origin.settingsHref(url.searchParams));
  return previewView(origin, parsed.choice);
}

/** Books the series: all or nothing; online series go on to the first visit's checkout. */
export async function seriesDatesAction(request: Request, orderNumber: string | undefined) {
  const { user, template } = await requireSeriesTemplate(request, orderNumber);
  return bookSeriesFromPreview(request, orderOrigin(user.id, template), await request.formData());
}

/** The preview's POST, from any origin: the choice and the decisions are in the form. */
export async function bookSeriesFromPreview(request: Request, origin: SeriesOrigin, formData: FormData) {
  const { template } = origin;
  const params = new URLSearchParams();
  for (const [name, value] of formData) if (typeof value === "string") params.append(name, value);
  const now = clockNow();
  const parsed = parseSeriesChoice(params, now);
  if (!parsed.ok || !template.caregiverId || origin.matches?.(parsed.choice) === false) throw redirect(origin.settingsHref(params));
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
  // The same form sent twice (a double click without JavaScript, a resend) books one series: the
  // second answer leads where the first did.
  const key = params.get(SUBMISSION_PARAM);
  const submissionKey = key && isUuid(key) ? key : null;
  const alreadyBooked = async () => {
    const booked = submissionKey ? await findSeriesBySubmissionKey(await getDb(), origin.userId, submissionKey) : null;
    if (!booked) return null;
    if (booked.paymentMethod === "online" && booked.firstStatus === "pending_payment") {
      const headers = new Headers();
      return answer(await redirectToCheckout(await getDb(), booked.firstOrderId, headers), [], 502);
    }
    return redirectWithToast(request, customerOrderPath(booked.firstOrderNumber), { type: "success", title: t.booked(booked.visits) });
  };
  const before = await alreadyBooked();
  if (before) return before;

  const outcome = await bookSeries(await getDb(), {
    template,
    choice: parsed.choice,
    decisions,
    paymentMethod: payment,
    onlineProvider: payment === "online" ? getPaymentProvider().name : "local",
    signedInUserId: origin.userId,
    shownVisitPriceCents: Number.isInteger(shown) ? shown : -1,
    now,
    alsoInTransaction: origin.alsoInTransaction,
    submissionKey,
  });
  if (!outcome.ok) {
    // Sent twice at once: the other request booked it (its key), or took its dates first.
    if (outcome.reason === "already_booked" || outcome.reason === "clashed") {
      const after = await alreadyBooked();
      if (after) return after;
    }
    switch (outcome.reason) {
      case "already_booked":
        return answer(t.alreadySent);
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
  const headers = new Headers();
  await origin.afterBooked?.(headers, outcome);
  if (outcome.paymentMethod === "online") {
    const failure = await redirectToCheckout(await getDb(), outcome.orderIds[0]!, headers);
    return answer(failure, [], 502);
  }
  return redirectWithToast(request, customerOrderPath(first), { type: "success", title: t.booked(outcome.orderNumbers.length) }, { headers });
}
