// The summary step's "Toistuvuus" (issue 27 item 4; docs/decisions/0042): "Kerran" books one
// order as before; "Joka viikko" / "Joka toinen viikko" with an ending go on to the series
// preview (/varaa-kaveri/toista) instead. The first date and hour are the draft's own; the other
// fields are the "Toista viikoittain" form's (app/domain/series-request.ts), so one parser checks
// both. Pure: "now" is a parameter.
import { formatStartHour } from "~/domain/booking-window";
import {
  END_VALUES,
  parseSeriesChoice,
  REPEAT_VALUES,
  SERIES_PARAM,
  seriesChoiceParams,
  type SeriesChoiceValues,
  type SeriesField,
} from "~/domain/series-request";
import { wizardRepeatErrors as t } from "~/messages/series";
import { draftSearchParams, type BookingDraft, type TimeSelection } from "./draft";

import { ONCE, PAYMENT_PARAM, REPEAT_FIELDS, SERIES_PREVIEW_PATH } from "./repeat-names";

export { ONCE, PAYMENT_PARAM, REPEAT_FIELDS, SERIES_PREVIEW_PATH };

export type WizardRepeat =
  | { ok: true; choice: SeriesChoiceValues }
  | { ok: false; errors: { fieldErrors: Record<string, string[]>; formErrors?: string[] } };

function text(formData: FormData | URLSearchParams, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/** Is a repeating choice sent? Nothing (older pages, the tests' plain posts) and "Kerran" are one visit. */
export function isRepeating(formData: FormData | URLSearchParams): boolean {
  const repeat = text(formData, SERIES_PARAM.repeat);
  return repeat !== "" && repeat !== ONCE;
}

/**
 * The repeat fields checked: null for one visit; otherwise the series choice or the errors by field.
 * A series needs a named helper, and a discount code is for a single order (decision 0042).
 */
export function readWizardRepeat(
  formData: FormData,
  context: { selection: TimeSelection; caregiverId: string | null; discountCode: string; now: Date },
): WizardRepeat | null {
  if (!isRepeating(formData)) return null;
  const params = new URLSearchParams({
    [SERIES_PARAM.firstDate]: context.selection.date,
    [SERIES_PARAM.startHour]: formatStartHour(context.selection.startHour),
  });
  for (const name of REPEAT_FIELDS) params.set(name, text(formData, name));
  const parsed = parseSeriesChoice(params, context.now);
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  if (!parsed.ok) {
    for (const [field, message] of Object.entries(parsed.errors) as Array<[SeriesField, string]>) {
      const name = SERIES_PARAM[field];
      // The first date and hour are the draft's, already checked by its steps: said, not linked.
      if ((REPEAT_FIELDS as readonly string[]).includes(name)) fieldErrors[name] = [message];
      else formErrors.push(message);
    }
  }
  if (context.caregiverId === null) fieldErrors[SERIES_PARAM.repeat] = [t.needsHelper];
  if (context.discountCode) fieldErrors.discountCode = [t.noDiscount];
  if (!parsed.ok || Object.keys(fieldErrors).length > 0 || formErrors.length > 0) {
    return { ok: false, errors: { fieldErrors, ...(formErrors.length > 0 ? { formErrors } : {}) } };
  }
  return { ok: true, choice: parsed.choice };
}

/** The repeat fields as the summary form starts: "Kerran", or what the preview's "Muuta toistoa" brought back. */
export function repeatFieldDefaults(params: URLSearchParams) {
  const repeat = params.get(SERIES_PARAM.repeat);
  return {
    [SERIES_PARAM.repeat]: repeat === REPEAT_VALUES.weekly || repeat === REPEAT_VALUES.biweekly ? repeat : ONCE,
    [SERIES_PARAM.endKind]: params.get(SERIES_PARAM.endKind) || END_VALUES.count,
    [SERIES_PARAM.count]: params.get(SERIES_PARAM.count) || "6",
    [SERIES_PARAM.endDate]: params.get(SERIES_PARAM.endDate) ?? "",
  };
}

/** The preview's address: the draft, the series choice and the payment method chosen. */
export function seriesPreviewHref(draft: BookingDraft, choice: SeriesChoiceValues, paymentMethod: "online" | "invoice"): string {
  const params = draftSearchParams(draft);
  for (const [name, value] of seriesChoiceParams(choice)) params.set(name, value);
  params.set(PAYMENT_PARAM, paymentMethod);
  return `${SERIES_PREVIEW_PATH}?${params}`;
}
