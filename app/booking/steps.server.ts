import { data, redirect } from "@remix-run/node";
import { getDb, type Executor } from "~/db.server";
import {
  availableStartHours,
  bookingInterval,
  formatCalendarMonth,
  isSelectableDate,
  monthCalendar,
  parseStartHour,
  resolveCalendarMonth,
  type BookingInterval,
} from "~/domain/booking-window";
import { formatHours, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { priceOrder, type OrderAmounts } from "~/domain/order-amounts";
import { bandForHour, type PriceBand } from "~/domain/pricing";
import { logger } from "~/logger.server";
import {
  findOfferedCaregiver,
  listOfferedCaregivers,
  type OfferedCaregiver,
} from "~/models/caregivers.server";
import { listActiveServiceCategories, type ServiceCategorySummary } from "~/models/service-categories.server";
import { getPriceBands } from "~/models/settings.server";
import {
  ANY_CAREGIVER,
  PICK_PARAM,
  UUID,
  applyTimeStepSubmission,
  checkTimeStep,
  readDraft,
  readNotice,
  stepHref,
  type BookingDraft,
  type DraftNotice,
  type TimeSelection,
} from "./draft";
import { DRAFT_NOTICE_MESSAGES } from "~/messages/booking";
import type { BookingFlow } from "./flows";
import type { DraftSummary, TimeStepView, CaregiverStepView } from "./views";

// The server half of steps 1 and 2 and the checks every later step repeats (STYLE.md principle 3:
// every step re-validates everything before it). A draft that is incomplete or no longer valid is
// sent back to the first step that is missing, with a notice saying why.

// ---------------------------------------------------------------- shared checks

/** Spec 000 §8: a failed load of categories or caregivers in step 1 or 2 is silently ignored. */
async function quietly<T>(what: string, load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    logger.error({ err: error }, `booking: loading ${what} failed`);
    return fallback;
  }
}

export interface ValidTimeStep {
  selection: TimeSelection;
  interval: BookingInterval;
  service: ServiceCategorySummary;
  bands: PriceBand[];
  /** The order's price without a discount. */
  amounts: OrderAmounts;
}

/** Step 1 of the draft, valid now; otherwise throws a redirect back to step 1 with the reason. */
export async function requireTimeStep(
  executor: Executor,
  flow: BookingFlow,
  draft: BookingDraft,
  now: Date,
): Promise<ValidTimeStep> {
  const [services, bands] = await Promise.all([listActiveServiceCategories(executor), getPriceBands(executor)]);
  const check = checkTimeStep(draft, { now, serviceIds: new Set(services.map((service) => service.id)) });
  if (!check.ok) throw redirect(stepHref(flow, "time", draft, { notice: check.notice }));
  const selection = check.value;
  return {
    selection,
    interval: bookingInterval(selection.date, selection.startHour, selection.durationHours),
    service: services.find((service) => service.id === selection.serviceId)!,
    bands,
    amounts: priceOrder({ bands, startHour: selection.startHour, durationHours: selection.durationHours }),
  };
}

/**
 * Step 2 of the draft: 'Ei väliä' (null) or a caregiver who may still be booked for the time.
 * Otherwise throws a redirect back to step 2 with the reason.
 */
export async function requireCaregiverChoice(
  executor: Executor,
  flow: BookingFlow,
  draft: BookingDraft,
  time: ValidTimeStep,
  /** This browser's unpaid order for the same draft: its caregiver is still this customer's. */
  ownPendingOrderId: string | null = null,
): Promise<OfferedCaregiver | null> {
  if (draft.caregiver === ANY_CAREGIVER) return null;
  if (!draft.caregiver || !UUID.test(draft.caregiver)) {
    throw redirect(stepHref(flow, "caregiver", { ...draft, caregiver: null }, { notice: "caregiver_missing" }));
  }
  const caregiver = await findOfferedCaregiver(executor, draft.caregiver, time.interval, ownPendingOrderId);
  if (!caregiver) {
    throw redirect(stepHref(flow, "caregiver", { ...draft, caregiver: null }, { notice: "caregiver_unavailable" }));
  }
  return caregiver;
}


export function summarize(time: ValidTimeStep, caregiver: OfferedCaregiver | null): DraftSummary {
  return {
    serviceName: time.service.name,
    dateLabel: formatWeekdayDate(time.selection.date),
    timeLabel: formatTimeRange(time.interval.startsAt, time.interval.endsAt),
    durationLabel: formatHours(time.selection.durationHours),
    caregiverName: caregiver?.fullName ?? null,
  };
}

function noticeMessage(notice: DraftNotice | null): string | null {
  return notice ? DRAFT_NOTICE_MESSAGES[notice] : null;
}

// ---------------------------------------------------------------- step 1: time and service



/** Where the page scrolls after a pick without JavaScript: the section the pick revealed. */
function anchorAfterPick(params: URLSearchParams): string {
  if (params.has(PICK_PARAM.month)) return "#kalenteri";
  if (params.has(PICK_PARAM.date)) return "#aika";
  if (params.has(PICK_PARAM.time)) return "#kesto";
  if (params.has(PICK_PARAM.duration) || params.has(PICK_PARAM.manualDuration)) return "#palvelu";
  return "";
}

/**
 * Step 1's loader. Its form is a GET form whose buttons pick a day, an hour, a duration or a
 * month: each submission is applied to the draft and answered with a redirect to the draft's
 * clean address (bookmarkable, and the back button steps through the picks). 'Jatka kaverin
 * valintaan' goes on to step 2 when the draft is complete, else back here with the reason.
 */
export async function timeStepLoader(request: Request, flow: BookingFlow) {
  const now = new Date();
  const url = new URL(request.url);
  const submission = applyTimeStepSubmission(url.searchParams, now);
  const db = await getDb();
  const [services, bands] = await Promise.all([
    quietly("service categories", () => listActiveServiceCategories(db), [] as ServiceCategorySummary[]),
    getPriceBands(db),
  ]);

  if (submission.submitted && !submission.durationError) {
    if (submission.proceed) {
      const check = checkTimeStep(submission.draft, { now, serviceIds: new Set(services.map((s) => s.id)) });
      if (check.ok) throw redirect(stepHref(flow, "caregiver", submission.draft));
      throw redirect(stepHref(flow, "time", submission.draft, { month: submission.month, notice: check.notice }));
    }
    throw redirect(stepHref(flow, "time", submission.draft, { month: submission.month }) + anchorAfterPick(url.searchParams));
  }

  const { draft } = submission;
  const selectedDate = draft.date && isSelectableDate(draft.date, now) ? draft.date : null;
  const hours = selectedDate ? availableStartHours(selectedDate, now) : [];
  const pickedHour = parseStartHour(draft.time);
  const selectedHour = pickedHour !== null && hours.includes(pickedHour) ? pickedHour : null;
  const monthRef = resolveCalendarMonth(submission.month, selectedDate, now);
  const durationHours = Number(draft.duration);

  const view: TimeStepView = {
    flowId: flow.id,
    draft,
    notice: noticeMessage(readNotice(url.searchParams)),
    month: formatCalendarMonth(monthRef),
    calendar: monthCalendar(monthRef.year, monthRef.month, now),
    selectedDate,
    slots: hours.map((hour) => {
      const band = bandForHour(bands, hour);
      return { hour, value: `${String(hour).padStart(2, "0")}:00`, bandId: band.id, hourlyCents: band.hourlyCents };
    }),
    selectedHour,
    hourlyCents: selectedHour === null ? null : bandForHour(bands, selectedHour).hourlyCents,
    durationHours,
    manualDuration: submission.manualDuration,
    durationError: submission.durationError,
    services,
    selectedService: draft.service && services.some((s) => s.id === draft.service) ? draft.service : null,
    bands,
  };
  return data(view, { status: submission.durationError ? 400 : 200 });
}

// ---------------------------------------------------------------- step 2: caregiver


/**
 * Step 2's loader. Its GET form chooses 'Ei väliä' or one of up to six caregivers who are free
 * for the whole booking; 'Jatka yhteystietoihin' goes on to the contact step with the choice.
 */
export async function caregiverStepLoader(request: Request, flow: BookingFlow) {
  const now = new Date();
  const url = new URL(request.url);
  const draft = readDraft(url.searchParams);
  const db = await getDb();
  const time = await requireTimeStep(db, flow, draft, now);
  const caregivers = await quietly("caregivers", () => listOfferedCaregivers(db, time.interval), [] as OfferedCaregiver[]);

  if (url.searchParams.has(PICK_PARAM.proceed)) {
    // Re-checked against the database, not just the list: a choice beyond the list's six is
    // fine as long as the caregiver may be booked.
    await requireCaregiverChoice(db, flow, draft, time);
    throw redirect(stepHref(flow, "contact", draft));
  }

  const chosen = draft.caregiver;
  const selected =
    chosen === ANY_CAREGIVER || (chosen !== null && caregivers.some((caregiver) => caregiver.id === chosen)) ? chosen : null;
  const view: CaregiverStepView = {
    flowId: flow.id,
    draft,
    notice: noticeMessage(readNotice(url.searchParams)),
    summary: summarize(time, null),
    estimateCents: time.amounts.originalPriceCents,
    caregivers,
    selected,
  };
  return view;
}
