// The names of the summary step's repeat choice (app/booking/repeat-choice.ts), apart so that the
// page loads only these in the browser.
import { SERIES_PARAM } from "~/domain/series-request";

/** "Kerran": one visit, as the wizard always booked. */
export const ONCE = "kerran";

/** The summary form's repeat fields (also Conform's names: the error summary links to `${formId}-${name}`). */
export const REPEAT_FIELDS = [SERIES_PARAM.repeat, SERIES_PARAM.endKind, SERIES_PARAM.count, SERIES_PARAM.endDate] as const;

export const SERIES_PREVIEW_PATH = "/varaa-kaveri/toista";

/** The payment method chosen on the summary step travels to the preview as its default. */
export const PAYMENT_PARAM = "maksutapa";
