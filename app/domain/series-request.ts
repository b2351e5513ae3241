// The "Toista viikoittain" form's fields as a series choice (issue 27 item 4; docs/decisions/0037).
// The form is a GET form of plain fields, so the same parameters carry the choice from the form
// to the preview and its POST; this reads and checks them. Pure: "now" is a parameter.
import { addCalendarDays, isIsoDate, validateBookingStart, helsinkiToday, type IsoDate } from "./booking-window";
import { REPEAT_INTERVAL_WEEKS, seriesEndError, type SeriesEnd } from "./recurrence";

export const SERIES_PARAM = {
  repeat: "toistuvuus",
  firstDate: "alkaen",
  startHour: "klo",
  endKind: "paattyy",
  count: "kertaa",
  endDate: "viimeinen",
} as const;

/** The name of step 1's submit button: without it the form is shown filled in, not sent on. */
export const SHOW_PARAM = "nayta";
/** The preview form's own key (migration 0035): the same form sent twice books one series. */
export const SUBMISSION_PARAM = "lahetys";

export const REPEAT_VALUES = { weekly: "joka-viikko", biweekly: "joka-toinen-viikko" } as const;
export const END_VALUES = { count: "kertaa", date: "paivana", open: "toistaiseksi" } as const;

export type SeriesField = keyof typeof SERIES_PARAM;

export const SERIES_ERRORS = {
  repeat: "Valitse, kuinka usein käynti toistuu.",
  firstDate: "Valitse ensimmäisen käynnin päivä.",
  firstPast: "Ensimmäisen käynnin pitää olla tulevaisuudessa.",
  firstTooFar: "Ensimmäinen käynti voi olla enintään 180 päivän päässä.",
  startHour: "Valitse alkamisaika.",
  endKind: "Valitse, milloin käynnit päättyvät.",
  count: "Käyntejä voi olla 2–26.",
  endDate: "Anna viimeinen päivä, esimerkiksi 31.3.2027.",
  endBeforeSecond: "Viimeisen päivän pitää olla toisen käynnin päivä tai sen jälkeen.",
  endTooFar: "Viimeinen päivä voi olla enintään 180 päivän päässä.",
} as const;

export interface SeriesChoiceValues {
  intervalWeeks: 1 | 2;
  firstDate: IsoDate;
  startHour: number;
  end: SeriesEnd;
}

export type ParsedSeriesChoice =
  | { ok: true; choice: SeriesChoiceValues }
  | { ok: false; errors: Partial<Record<SeriesField, string>> };

/** 'yyyy-mm-dd' from a date input, or 'd.m.yyyy' typed where the browser has no date picker. */
export function readDate(value: string | null): IsoDate | null {
  const text = (value ?? "").trim();
  if (isIsoDate(text)) return text;
  const finnish = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (!finnish) return null;
  const iso = `${finnish[3]}-${finnish[2]!.padStart(2, "0")}-${finnish[1]!.padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : null;
}

export function parseSeriesChoice(params: URLSearchParams, now: Date): ParsedSeriesChoice {
  const errors: Partial<Record<SeriesField, string>> = {};
  const repeat = params.get(SERIES_PARAM.repeat);
  const intervalWeeks =
    repeat === REPEAT_VALUES.weekly ? REPEAT_INTERVAL_WEEKS.weekly : repeat === REPEAT_VALUES.biweekly ? REPEAT_INTERVAL_WEEKS.biweekly : null;
  if (intervalWeeks === null) errors.repeat = SERIES_ERRORS.repeat;

  const hourText = params.get(SERIES_PARAM.startHour) ?? "";
  const hourMatch = /^(\d{1,2})(?:[:.]00)?$/.exec(hourText.trim());
  const startHour = hourMatch && Number(hourMatch[1]) <= 23 ? Number(hourMatch[1]) : null;
  if (startHour === null) errors.startHour = SERIES_ERRORS.startHour;

  const firstDate = readDate(params.get(SERIES_PARAM.firstDate));
  if (firstDate === null) errors.firstDate = SERIES_ERRORS.firstDate;
  else if (startHour !== null) {
    const start = validateBookingStart(firstDate, startHour, now);
    if (!start.ok) errors.firstDate = start.error === "too_far" ? SERIES_ERRORS.firstTooFar : start.error === "past" ? SERIES_ERRORS.firstPast : SERIES_ERRORS.firstDate;
  }

  const endKind = params.get(SERIES_PARAM.endKind);
  let end: SeriesEnd | null = null;
  if (endKind === END_VALUES.count) {
    const count = Number((params.get(SERIES_PARAM.count) ?? "").trim());
    end = { kind: "count", count };
    // Checked on its own too: the number is wrong whatever the other fields say.
    if (seriesEndError(end, "2000-01-01", 1, "2000-01-01") === "count_range") errors.count = SERIES_ERRORS.count;
  } else if (endKind === END_VALUES.date) {
    const date = readDate(params.get(SERIES_PARAM.endDate));
    if (date === null) errors.endDate = SERIES_ERRORS.endDate;
    else end = { kind: "date", date };
  } else if (endKind === END_VALUES.open) {
    end = { kind: "open" };
  } else {
    errors.endKind = SERIES_ERRORS.endKind;
  }
  if (end && firstDate && intervalWeeks) {
    const problem = seriesEndError(end, firstDate, intervalWeeks, helsinkiToday(now));
    if (problem === "count_range") errors.count = SERIES_ERRORS.count;
    else if (problem === "date_invalid") errors.endDate = SERIES_ERRORS.endDate;
    else if (problem === "date_before_second") errors.endDate = SERIES_ERRORS.endBeforeSecond;
    else if (problem === "date_too_far") errors.endDate = SERIES_ERRORS.endTooFar;
  }
  if (Object.keys(errors).length > 0 || !end || !firstDate || intervalWeeks === null || startHour === null) {
    return { ok: false, errors };
  }
  return { ok: true, choice: { intervalWeeks, firstDate, startHour, end } };
}

/** The choice as the form's parameters (the preview's links and hidden fields). */
export function seriesChoiceParams(choice: SeriesChoiceValues): URLSearchParams {
  const params = new URLSearchParams({
    [SERIES_PARAM.repeat]: choice.intervalWeeks === 1 ? REPEAT_VALUES.weekly : REPEAT_VALUES.biweekly,
    [SERIES_PARAM.firstDate]: choice.firstDate,
    [SERIES_PARAM.startHour]: String(choice.startHour).padStart(2, "0") + ":00",
    [SERIES_PARAM.endKind]: END_VALUES[choice.end.kind],
  });
  if (choice.end.kind === "count") params.set(SERIES_PARAM.count, String(choice.end.count));
  if (choice.end.kind === "date") params.set(SERIES_PARAM.endDate, choice.end.date);
  return params;
}

/** The first date of a new series repeating a visit: the visit's weekday, after today. */
export function nextSeriesDate(visitDate: IsoDate, now: Date): IsoDate {
  const today = helsinkiToday(now);
  let date = addCalendarDays(visitDate, 7);
  while (date <= today) date = addCalendarDays(date, 7);
  return date;
}
