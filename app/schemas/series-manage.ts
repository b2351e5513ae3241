import { isUuid } from "~/domain/uuid";
import { seriesTexts as t } from "~/messages/series-manage";
import { CANCEL_REASON_MAX } from "./staff-cancel";
import { staffCancelTexts } from "~/messages/backoffice-money";
import { z } from "./zod";

// The forms of managing a series (issue 27 item 5): the visit the action starts from, the fee total
// the customer was shown, staff's reason for cancelling, and the new helper.

const fromVisit = z.string({ error: t.nothingToCancel }).refine(isUuid, { error: t.nothingToCancel });

export const SeriesCancelSchema = z.object({
  intent: z.literal("cancel"),
  from: fromVisit,
  // The fee total the page showed, as written in its hidden field; the action reads it as a whole number.
  shownFee: z.string().optional(),
});

/** Staff write why (the customer's e-mail and the log show it) and may waive the late fees. */
export const StaffSeriesCancelSchema = SeriesCancelSchema.extend({
  reason: z
    .string({ error: t.reasonMissing })
    .trim()
    .min(1, { error: t.reasonMissing })
    .max(CANCEL_REASON_MAX, { error: staffCancelTexts.reasonTooLong(CANCEL_REASON_MAX) }),
  waiveFee: z.literal("on").optional(),
});

export const SeriesChangeSchema = z.object({
  intent: z.literal("change"),
  from: fromVisit,
  caregiverId: z.string({ error: t.pickMissing }).refine(isUuid, { error: t.pickMissing }),
});
