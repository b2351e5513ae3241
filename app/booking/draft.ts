// The booking draft (spec 000 §3: serviceCategoryId, scheduledDate, scheduledStart, durationHours,
// caregiverId) and the visit's postal code and city (which decide the helpers offered, DESIGN.md
// decision 17) as they travel between the steps: in the address of each step, so the selection
// steps are plain GET forms that work without JavaScript, can be bookmarked, and the back button
// works (STYLE.md principle 3). Every step re-validates everything before it with `checkTimeStep`
// and `checkPlace` (place.ts) and sends an incomplete draft back to the first step that is missing.
// Pure, no I/O.
import {
  availableStartHours,
  formatStartHour,
  helsinkiToday,
  isIsoDate,
  lastBookableDate,
  parseStartHour,
  validateBookingStart,
  type IsoDate,
} from "~/domain/booking-window";
import { DEFAULT_DURATION, parseDurationHours, resolveDuration } from "~/domain/duration";
import { DRAFT_NOTICE_MESSAGES, DURATION_MESSAGES } from "~/messages/booking-steps";
import { stepPath, type BookingFlow, type BookingStep } from "./flows";

/** Names of the draft's parameters in the address (Finnish, as the site's URLs are). */
export const DRAFT_PARAM = {
  date: "paiva",
  time: "aika",
  duration: "kesto",
  service: "palvelu",
  postalCode: "postinumero",
  city: "kaupunki",
  caregiver: "kaveri",
} as const;

/** The draft's fields in the order of its address (equal drafts have equal addresses). */
const DRAFT_KEYS = ["date", "time", "duration", "service", "postalCode", "city", "caregiver"] as const;

/** The calendar's month ('yyyy-MM') and a notice code; not part of the draft itself. */
export const VIEW_PARAM = { month: "kuukausi", notice: "viesti" } as const;

/**
 * What the buttons of step 1 and 2 submit. They are named apart from the draft's own (hidden)
 * fields, so that a pressed button and the current value can arrive in one GET submission and the
 * server knows which one is new.
 */
export const PICK_PARAM = {
  date: "valitse_paiva",
  time: "valitse_aika",
  duration: "valitse_kesto",
  manualDuration: "kesto_muu",
  month: "valitse_kuukausi",
  proceed: "jatka",
} as const;

/** The 'Ei väliä – valitkaa minulle sopiva' choice: no caregiverId is passed onward. */
export const ANY_CAREGIVER = "ei-valia";

/** The draft as the address carries it: raw strings, validated by the steps. */
export interface BookingDraft {
  date: string | null;
  time: string | null;
  duration: string | null;
  service: string | null;
  /** Where the visit is: what the helper step needs to know (as typed; checked by checkPlace). */
  postalCode: string | null;
  city: string | null;
  caregiver: string | null;
}

/** Nothing a draft carries is longer (a city's name is at most 100 characters, app/schemas/field-rules.ts). */
const PARAM_MAX = 100;

function param(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  if (value === null) return null;
  const trimmed = value.trim();
  // A longer value is tampering and is dropped.
  return trimmed === "" || trimmed.length > PARAM_MAX ? null : trimmed;
}

export function readDraft(params: URLSearchParams): BookingDraft {
  const draft = {} as BookingDraft;
  for (const key of DRAFT_KEYS) draft[key] = param(params, DRAFT_PARAM[key]);
  return draft;
}

export interface ViewParams {
  month?: string | null;
  notice?: DraftNotice | null;
}

/** The canonical query of a draft, in a fixed order (so equal drafts have equal addresses). */
export function draftSearchParams(draft: BookingDraft, view: ViewParams = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of DRAFT_KEYS) {
    const value = draft[key];
    if (value) params.set(DRAFT_PARAM[key], value);
  }
  if (view.month) params.set(VIEW_PARAM.month, view.month);
  if (view.notice) params.set(VIEW_PARAM.notice, view.notice);
  return params;
}

/** The address of a step carrying the draft. */
export function stepHref(flow: BookingFlow, step: BookingStep, draft: BookingDraft, view: ViewParams = {}): string {
  const query = draftSearchParams(draft, view).toString();
  return query ? `${stepPath(flow, step)}?${query}` : stepPath(flow, step);
}

// ---------------------------------------------------------------- notices

/**
 * Why a step sent the customer back: shown on the step they land on. A code in the address,
 * not a message, so nobody can make the page say something we did not write.
 */
export type DraftNotice =
  | "date_missing"
  | "date_past"
  | "date_too_far"
  | "time_missing"
  | "time_past"
  | "duration_invalid"
  | "service_missing"
  | "place_missing"
  | "details_missing"
  | "caregiver_missing"
  | "caregiver_unavailable"
  | "caregiver_outside_area"
  | "caregiver_no_service";

/** The step a notice sends the customer back to, in a flow. */
export function noticeStep(flow: BookingFlow, notice: DraftNotice): BookingStep {
  switch (notice) {
    case "service_missing":
      return flow.steps.includes("service") ? "service" : "time";
    case "details_missing":
      return flow.steps.includes("details") ? "details" : "time";
    case "caregiver_missing":
    case "caregiver_unavailable":
    case "caregiver_outside_area":
    case "caregiver_no_service":
      return "caregiver";
    default:
      return "time";
  }
}


export function isDraftNotice(value: unknown): value is DraftNotice {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(DRAFT_NOTICE_MESSAGES, value);
}

export function readNotice(params: URLSearchParams): DraftNotice | null {
  const value = params.get(VIEW_PARAM.notice);
  return isDraftNotice(value) ? value : null;
}

// ---------------------------------------------------------------- step 1: validation

export interface TimeSelection {
  date: IsoDate;
  startHour: number;
  durationHours: number;
  serviceId: string;
}

export type TimeStepCheck = { ok: true; value: TimeSelection } | { ok: false; notice: DraftNotice };

/**
 * Step 1 of a draft, checked as the server will charge it (spec 000 §5 "Booking, step 1"): a
 * real date from today to today + 180 days, a whole start hour that exists and is still ahead, a
 * duration of 1–24 hours, and one of the offered services. The first problem, in page order.
 */
export function checkTimeStep(
  draft: BookingDraft,
  options: { now: Date; serviceIds: ReadonlySet<string> },
): TimeStepCheck {
  const { now } = options;
  if (!isIsoDate(draft.date)) return { ok: false, notice: "date_missing" };
  if (draft.date < helsinkiToday(now)) return { ok: false, notice: "date_past" };
  if (draft.date > lastBookableDate(now)) return { ok: false, notice: "date_too_far" };
  const startHour = parseStartHour(draft.time);
  if (startHour === null) return { ok: false, notice: "time_missing" };
  const start = validateBookingStart(draft.date, startHour, now);
  if (!start.ok) return { ok: false, notice: start.error === "past" ? "time_past" : start.error === "too_far" ? "date_too_far" : "time_missing" };
  const duration = parseDurationHours(draft.duration ?? String(DEFAULT_DURATION));
  if (!duration.ok) return { ok: false, notice: "duration_invalid" };
  if (!draft.service || !options.serviceIds.has(draft.service)) return { ok: false, notice: "service_missing" };
  return { ok: true, value: { date: draft.date, startHour, durationHours: duration.hours, serviceId: draft.service } };
}

// ---------------------------------------------------------------- step 1: what a submission picked

export interface TimeStepSubmission {
  /** The draft after applying what was picked. */
  draft: BookingDraft;
  /** The calendar month to show, 'yyyy-MM', if one was asked for. */
  month: string | null;
  /** True when the request came from the step's own form (a pick or 'Jatka'), not a plain link. */
  submitted: boolean;
  /** 'Jatka kaverin valintaan' was pressed. */
  proceed: boolean;
  /** The manual duration as typed, shown again when it was refused. */
  manualDuration: string;
  /** Why the typed duration was refused (spec 000 §5: manual 1–24 hours). */
  durationError: string | null;
}

/**
 * Applies one GET submission of step 1 to the draft it carried. Rules:
 * - a pressed day, hour, duration or month button replaces the current value;
 * - a new day keeps the chosen hour only if that hour is still offered on the new day;
 * - a typed duration wins over a button (spec 000 §2). Without JavaScript the manual field is
 *   sent back with the value it was rendered with, so a value equal to the current duration was
 *   not typed now: then a pressed button wins, as picking a button clears the manual input;
 * - a typed duration that is not a whole number of 1–24 hours is refused with its message and
 *   the previous duration stays.
 */
export function applyTimeStepSubmission(params: URLSearchParams, now: Date): TimeStepSubmission {
  const current = readDraft(params);
  const pickedDate = param(params, PICK_PARAM.date);
  const pickedTime = param(params, PICK_PARAM.time);
  const pickedDuration = param(params, PICK_PARAM.duration);
  const pickedMonth = param(params, PICK_PARAM.month);
  const manualRaw = params.get(PICK_PARAM.manualDuration);
  const manual = manualRaw?.trim() ?? "";
  const proceed = params.has(PICK_PARAM.proceed);
  const submitted =
    proceed ||
    [PICK_PARAM.date, PICK_PARAM.time, PICK_PARAM.duration, PICK_PARAM.month, PICK_PARAM.manualDuration].some((name) =>
      params.has(name),
    );

  const draft: BookingDraft = { ...current };
  if (pickedDate) {
    draft.date = pickedDate;
    const hour = parseStartHour(draft.time);
    if (hour !== null && pickedDate !== current.date && !availableStartHours(pickedDate, now).includes(hour)) {
      draft.time = null;
    }
  }
  if (pickedTime) {
    const hour = parseStartHour(pickedTime);
    draft.time = hour === null ? null : formatStartHour(hour);
  }

  let durationError: string | null = null;
  const typedNow = manual !== "" && !(pickedDuration && manual === (current.duration ?? ""));
  if (typedNow) {
    const result = resolveDuration({ manual });
    if (result.ok) draft.duration = String(result.hours);
    else durationError = DURATION_MESSAGES[result.error];
  } else if (pickedDuration) {
    const result = resolveDuration({ button: pickedDuration });
    if (result.ok) draft.duration = String(result.hours);
    else durationError = DURATION_MESSAGES[result.error];
  }
  // A carried duration that is not 1–24 hours (a hand-edited address) falls back to the default.
  const carried = parseDurationHours(draft.duration ?? "");
  draft.duration = String(carried.ok ? carried.hours : DEFAULT_DURATION);

  return {
    draft,
    month: pickedMonth ?? param(params, VIEW_PARAM.month),
    submitted,
    proceed,
    manualDuration: durationError ? manual : "",
    durationError,
  };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
