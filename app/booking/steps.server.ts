import { data, redirect } from "@remix-run/node";
import { getOptionalUser, type AuthUser } from "~/auth/guards.server";
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
import { NOTICE_MESSAGES_BY_WORDING } from "~/messages/booking-wording";
import {
  caregiverAvailability,
  listOfferedCaregivers,
  type CaregiverAvailability,
  type OfferedCaregiver,
  type VisitWindow,
} from "~/models/caregivers.server";
import { anyoneCanDoVisit, servableTimes } from "~/models/matching.server";
import { parseDurationHours } from "~/domain/duration";
import { listActiveServiceCategories, type ServiceCategorySummary } from "~/models/service-categories.server";
import { listSavedRecipients } from "~/models/saved-recipients.server";
import { getPriceBands } from "~/models/settings.server";
import {
  ANY_CAREGIVER,
  PICK_PARAM,
  UUID,
  applyTimeStepSubmission,
  checkTimeStep,
  noticeStep,
  readDraft,
  readNotice,
  stepHref,
  type BookingDraft,
  type DraftNotice,
  type TimeSelection,
} from "./draft";
import { detailsStep, nextStep, type BookingFlow } from "./flows";
import { checkPlace } from "./place";
import { CONTACT_SENT_PARAM, nearestServableTimes } from "./nobody-available.server";
import { requireBookingCustomer, visitDetailsOf } from "./visit-draft.server";
import { checkCompleteVisit, checkTimeStepFields, type SignedInVisit } from "./visit-checks.server";
import { EMPTY_VISIT, type VisitErrors, type VisitValues } from "./visit-fields";
import type { CaregiverStepView, DraftSummary, TimeStepView } from "./views";
import { now as clockNow } from "~/services/clock.server";
import { isSmsAvailable } from "~/services/sms/active-provider.server";

// The server half of the steps every flow shares (the time step and the helper step) and the
// checks every later step repeats (STYLE.md principle 3: every step re-validates everything before
// it). A draft that is incomplete or no longer valid is sent back to the first step that is
// missing, with a notice saying why in the flow's own words.

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

export function noticeMessage(flow: BookingFlow, notice: DraftNotice | null): string | null {
  return notice ? NOTICE_MESSAGES_BY_WORDING[flow.wording][notice] : null;
}

/** Back to the step that says what is missing. */
export function sendBack(flow: BookingFlow, draft: BookingDraft, notice: DraftNotice, month: string | null = null): Response {
  return redirect(stepHref(flow, noticeStep(flow, notice), draft, { month, notice }));
}

export interface ValidTimeStep {
  selection: TimeSelection;
  interval: BookingInterval;
  service: ServiceCategorySummary;
  bands: PriceBand[];
  /** The order's price without a discount. */
  amounts: OrderAmounts;
}

/** The service, date, time and duration of the draft, valid now; otherwise throws a redirect back with the reason. */
export async function requireTimeStep(
  executor: Executor,
  flow: BookingFlow,
  draft: BookingDraft,
  now: Date,
): Promise<ValidTimeStep> {
  const [services, bands] = await Promise.all([listActiveServiceCategories(executor), getPriceBands(executor)]);
  const check = checkTimeStep(draft, { now, serviceIds: new Set(services.map((service) => service.id)) });
  if (!check.ok) throw sendBack(flow, draft, check.notice);
  const selection = check.value;
  return {
    selection,
    interval: bookingInterval(selection.date, selection.startHour, selection.durationHours),
    service: services.find((service) => service.id === selection.serviceId)!,
    bands,
    amounts: priceOrder({ bands, startHour: selection.startHour, durationHours: selection.durationHours }),
  };
}

export interface ValidPlace {
  postalCode: string;
  city: string;
}

/** The visit's postal code and city, which the helper step needs (DESIGN.md decision 17). */
export function requirePlace(flow: BookingFlow, draft: BookingDraft): ValidPlace {
  const place = checkPlace(draft);
  if (!place.ok) throw sendBack(flow, draft, "place_missing");
  return place.value;
}

/** The visit's values as a step shows them: the place from the address, the rest as given. */
export function visitValues(draft: BookingDraft, details: Partial<VisitValues> = {}): VisitValues {
  return {
    ...EMPTY_VISIT,
    ...details,
    postalCode: draft.postalCode ?? "",
    city: draft.city ?? "",
  };
}

/**
 * A signed-in booking's visit as far as the step needs it: the street address and phone from the
 * time step, and (`complete`) the description and note too. Otherwise throws a redirect to the
 * step that asks what is missing.
 */
export async function requireVisit(
  executor: Executor,
  request: Request,
  flow: BookingFlow,
  draft: BookingDraft,
  user: AuthUser,
  needs: "address" | "complete",
): Promise<SignedInVisit | null> {
  const { details } = await visitDetailsOf(executor, request, user.id);
  const values = visitValues(draft, details);
  if (!checkTimeStepFields(flow, values).ok) throw redirect(stepHref(flow, "time", draft, { notice: "details_missing" }));
  if (needs === "address") return null;
  const complete = checkCompleteVisit(flow, values);
  if (!complete.ok) throw redirect(stepHref(flow, detailsStep(flow) ?? "time", draft, { notice: "details_missing" }));
  return complete.value;
}

/**
 * The helper of the draft: 'Ei väliä' (null) or a caregiver who may still be booked for the visit
 * (approved, serving its city, free). Otherwise throws a redirect back to the helper step saying why.
 */
export async function requireCaregiverChoice(
  executor: Executor,
  flow: BookingFlow,
  draft: BookingDraft,
  visit: VisitWindow,
  /** This browser's unpaid order for the same draft: its caregiver is still this customer's. */
  ownPendingOrderId: string | null = null,
): Promise<OfferedCaregiver | null> {
  const back = (notice: DraftNotice) => sendBack(flow, { ...draft, caregiver: null }, notice);
  if (draft.caregiver === ANY_CAREGIVER) {
    // 'Ei väliä' only while somebody can come: else the helper step says so and offers other times.
    if (await anyoneCanDoVisit(executor, { ...visit, exceptOrderId: ownPendingOrderId })) return null;
    throw redirect(stepHref(flow, "caregiver", { ...draft, caregiver: null }));
  }
  if (!draft.caregiver || !UUID.test(draft.caregiver)) throw back("caregiver_missing");
  const availability = await caregiverAvailability(executor, draft.caregiver, visit, ownPendingOrderId);
  if (availability.status === "available") return availability.caregiver;
  throw back(unavailableNotice(availability.status));
}

/** The notice for a named helper who cannot come, by the rule's reason. */
function unavailableNotice(status: Exclude<CaregiverAvailability["status"], "available">): DraftNotice {
  if (status === "outside_area") return "caregiver_outside_area";
  if (status === "no_service") return "caregiver_no_service";
  return "caregiver_unavailable";
}

/** What, where and when the helper is wanted, from the draft's valid steps. */
export function visitWindow(time: ValidTimeStep, place: ValidPlace): VisitWindow {
  return { serviceCategoryId: time.service.id, startsAt: time.interval.startsAt, endsAt: time.interval.endsAt, city: place.city };
}

export function summarize(time: ValidTimeStep, caregiver: OfferedCaregiver | null, place: ValidPlace): DraftSummary {
  return {
    serviceName: time.service.name,
    dateLabel: formatWeekdayDate(time.selection.date),
    timeLabel: formatTimeRange(time.interval.startsAt, time.interval.endsAt),
    durationLabel: formatHours(time.selection.durationHours),
    placeLabel: `${place.postalCode} ${place.city}`,
    caregiverName: caregiver?.fullName ?? null,
  };
}

// ---------------------------------------------------------------- the time step

/** Where the page scrolls after a pick without JavaScript: the section the pick revealed. */
export function anchorAfterPick(flow: BookingFlow, params: URLSearchParams): string {
  if (params.has(PICK_PARAM.month)) return "#kalenteri";
  if (params.has(PICK_PARAM.date)) return "#aika";
  if (params.has(PICK_PARAM.time)) return "#kesto";
  if (params.has(PICK_PARAM.duration) || params.has(PICK_PARAM.manualDuration)) return flow.timeStepAsks.service ? "#palvelu" : "#paikka";
  return "";
}

/** The step after the time step, when everything on it is valid; else why not. */
export function proceedFromTimeStep(
  flow: BookingFlow,
  draft: BookingDraft,
  values: VisitValues,
  options: { now: Date; serviceIds: ReadonlySet<string>; month: string | null },
): { redirect: Response } | { errors: VisitErrors } {
  const check = checkTimeStep(draft, options);
  if (!check.ok) return { redirect: sendBack(flow, draft, check.notice, options.month) };
  const fields = checkTimeStepFields(flow, values);
  if (!fields.ok) return { errors: fields.errors };
  return { redirect: redirect(stepHref(flow, nextStep(flow, "time")!, draft)) };
}

/**
 * The time step's loader. In the public flows its form is a GET form whose buttons pick a day,
 * an hour, a duration or a month: each submission is applied to the draft and answered with a
 * redirect to the draft's clean address (bookmarkable, and the back button steps through the
 * picks). 'Jatka' goes on when the draft and the visit's place are complete, else back here with
 * the reason. The signed-in flows post the same form (timeStepAction, signed-in-steps.server.ts),
 * since it carries personal data; their loader only shows the step.
 */
export async function timeStepLoader(request: Request, flow: BookingFlow, options: { exceptOrderId?: string | null } = {}) {
  const user = flow.signedIn ? await requireBookingCustomer(request) : null;
  const now = clockNow();
  const url = new URL(request.url);
  const submission = applyTimeStepSubmission(url.searchParams, now);
  const db = await getDb();
  const [services, bands] = await Promise.all([
    quietly("service categories", () => listActiveServiceCategories(db), [] as ServiceCategorySummary[]),
    getPriceBands(db),
  ]);
  const serviceIds = new Set(services.map((s) => s.id));
  const { draft } = submission;
  if (!flow.timeStepAsks.service && !(draft.service && serviceIds.has(draft.service))) throw sendBack(flow, draft, "service_missing");

  // Known details fill in what the draft does not say yet: the signed-in customer's visit
  // draft, or their saved address (spec: pre-filled from the customer's saved details).
  const viewer = user ?? (draft.postalCode && draft.city ? null : await getOptionalUser(request));
  const known = viewer ? await visitDetailsOf(db, request, viewer.id) : null;
  const values = visitValues(
    { ...draft, postalCode: draft.postalCode ?? known?.saved.postalCode ?? null, city: draft.city ?? known?.saved.city ?? null },
    user && known ? known.details : {},
  );

  let fieldErrors: VisitErrors = {};
  if (submission.submitted && !submission.durationError) {
    if (!(submission.proceed && !flow.signedIn)) {
      throw redirect(stepHref(flow, "time", draft, { month: submission.month }) + anchorAfterPick(flow, url.searchParams));
    }
    const outcome = proceedFromTimeStep(flow, draft, values, { now, serviceIds, month: submission.month });
    if ("redirect" in outcome) throw outcome.redirect;
    fieldErrors = outcome.errors;
  }

  const notice = readNotice(url.searchParams);
  // Sent back for the place or the visit's details: the fields say what is wrong.
  if (notice === "place_missing" || notice === "details_missing") {
    const fields = checkTimeStepFields(flow, values);
    if (!fields.ok) fieldErrors = fields.errors;
  }
  const savedRecipients = user
    ? (await listSavedRecipients(db, user.id)).map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`, place: `${r.address}, ${r.postalCode} ${r.city}` }))
    : [];
  const basics = timeStepBasics(flow, draft, services, bands, submission, now);
  const view: TimeStepView = {
    ...basics,
    slots: await markFreeHours(db, basics, values.city, options.exceptOrderId ?? null),
    notice: noticeMessage(flow, notice),
    values,
    fieldErrors,
    savedRecipients,
    smsAvailable: isSmsAvailable(),
  };
  const invalid = submission.durationError !== null || Object.keys(fieldErrors).length > 0;
  return data(view, { status: invalid && submission.submitted ? 400 : 200 });
}

/**
 * Once the service and the visit's town are known (issue 27 item 3), each hour of the chosen day
 * at which nobody can do the visit (for the draft's duration) is marked "Ei vapaita kavereita"
 * and not offered; when the draft names a helper (the same helper again), only that helper's
 * free hours are shown. One query for the day (servableTimes, the one matching rule).
 */
async function markFreeHours(
  executor: Executor,
  basics: Pick<TimeStepView, "slots" | "selectedDate" | "selectedHour" | "selectedService" | "durationHours" | "draft">,
  city: string,
  exceptOrderId: string | null,
): Promise<TimeStepView["slots"]> {
  const { slots, selectedDate, selectedService, draft } = basics;
  if (!selectedDate || !selectedService || city.trim() === "" || slots.length === 0) return slots;
  const parsed = parseDurationHours(String(basics.durationHours));
  const hours = parsed.ok ? parsed.hours : 1;
  const candidates = slots.map((slot) => bookingInterval(selectedDate, slot.hour, hours));
  const caregiverId = draft.caregiver && UUID.test(draft.caregiver) ? draft.caregiver : null;
  const free = await quietly(
    "free hours",
    async () => new Set((await servableTimes(executor, { serviceCategoryId: selectedService, city, exceptOrderId, caregiverId }, candidates)).map((t) => t.startsAt.getTime())),
    null,
  );
  if (!free) return slots;
  const marked = slots.map((slot, index) => (free.has(candidates[index].startsAt.getTime()) ? slot : { ...slot, unavailable: true }));
  // The same helper again: only their free hours (the chosen one stays, so the form keeps it).
  return caregiverId ? marked.filter((slot) => !slot.unavailable || slot.hour === basics.selectedHour) : marked;
}

/** The calendar, the hours, the duration and the services of the time step for a draft. */
function timeStepBasics(
  flow: BookingFlow,
  draft: BookingDraft,
  services: ServiceCategorySummary[],
  bands: PriceBand[],
  submission: { month: string | null; manualDuration: string; durationError: string | null },
  now: Date,
): Omit<TimeStepView, "notice" | "values" | "fieldErrors" | "savedRecipients" | "smsAvailable"> {
  const selectedDate = draft.date && isSelectableDate(draft.date, now) ? draft.date : null;
  const hours = selectedDate ? availableStartHours(selectedDate, now) : [];
  const pickedHour = parseStartHour(draft.time);
  const selectedHour = pickedHour !== null && hours.includes(pickedHour) ? pickedHour : null;
  const monthRef = resolveCalendarMonth(submission.month, selectedDate, now);
  return {
    flow,
    draft,
    month: formatCalendarMonth(monthRef),
    calendar: monthCalendar(monthRef.year, monthRef.month, now),
    selectedDate,
    slots: hours.map((hour) => {
      const band = bandForHour(bands, hour);
      return { hour, value: `${String(hour).padStart(2, "0")}:00`, bandId: band.id, hourlyCents: band.hourlyCents };
    }),
    selectedHour,
    hourlyCents: selectedHour === null ? null : bandForHour(bands, selectedHour).hourlyCents,
    durationHours: Number(draft.duration),
    manualDuration: submission.manualDuration,
    durationError: submission.durationError,
    services,
    selectedService: draft.service && services.some((s) => s.id === draft.service) ? draft.service : null,
    bands,
  };
}

// ---------------------------------------------------------------- the helper step

/**
 * The helper step's loader. Its GET form chooses 'Ei väliä' or one of up to six caregivers who
 * serve the visit's city and are free for the whole visit (and the one the customer named, such
 * as the same helper again); 'Jatka' goes on with the choice.
 */
export async function caregiverStepLoader(request: Request, flow: BookingFlow) {
  const user = flow.signedIn ? await requireBookingCustomer(request) : null;
  const now = clockNow();
  const url = new URL(request.url);
  const draft = readDraft(url.searchParams);
  const db = await getDb();
  const time = await requireTimeStep(db, flow, draft, now);
  const place = requirePlace(flow, draft);
  if (user) await requireVisit(db, request, flow, draft, user, "complete");
  const visit = visitWindow(time, place);
  const named = draft.caregiver && UUID.test(draft.caregiver) ? draft.caregiver : null;
  const caregivers = await quietly("caregivers", () => listOfferedCaregivers(db, visit, named), [] as OfferedCaregiver[]);

  if (url.searchParams.has(PICK_PARAM.proceed)) {
    // Re-checked against the database, not just the list.
    await requireCaregiverChoice(db, flow, draft, visit);
    throw redirect(stepHref(flow, nextStep(flow, "caregiver")!, draft));
  }

  let notice = noticeMessage(flow, readNotice(url.searchParams));
  if (!notice && named && !caregivers.some((caregiver) => caregiver.id === named)) {
    // A helper named in the address (the same helper again) who cannot come: say why.
    const availability = await caregiverAvailability(db, named, visit);
    if (availability.status !== "available") notice = noticeMessage(flow, unavailableNotice(availability.status));
  }
  const chosen = draft.caregiver;
  const anyone = caregivers.length > 0 || (await quietly("matching", () => anyoneCanDoVisit(db, visit), true));
  const viewer = user ?? (await getOptionalUser(request));
  const view: CaregiverStepView = {
    flow,
    draft,
    notice,
    summary: summarize(time, null, place),
    estimateCents: time.amounts.originalPriceCents,
    caregivers,
    selected: (chosen === ANY_CAREGIVER && anyone) || (chosen !== null && caregivers.some((caregiver) => caregiver.id === chosen)) ? chosen : null,
    city: place.city,
    nobody: anyone
      ? null
      : {
          nearest: await quietly("nearest times", () => nearestServableTimes(db, flow, draft, time.selection, place.city, now), []),
          sent: url.searchParams.has(CONTACT_SENT_PARAM),
          defaults: { fullName: viewer?.fullName ?? "", phone: "", email: viewer?.email ?? "" },
          contactForm: true,
        },
  };
  return view;
}
