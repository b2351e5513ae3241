import { isUuid } from "~/domain/uuid";
import { staffCancelTexts as t } from "~/messages/backoffice-money";
import { parseHundredths } from "./discount-codes";
import { z } from "./zod";

// Staff cancelling an order (issue 25 item 6): a reason is required (the timeline and the
// customer's e-mail show it); a paid online order may be refunded a part, in euros. Whether the
// part fits what was paid is checked against the payment in the action.

export const CANCEL_REASON_MAX = 500;

const euros = (value: string) => parseHundredths(value.replace(/\s|€/g, ""));

export const StaffCancelSchema = z.object({
  intent: z.literal("cancel"),
  orderId: z.string().refine(isUuid),
  returnTo: z.string().optional(),
  reason: z
    .string({ error: t.reasonRequired })
    .trim()
    .min(1, { error: t.reasonRequired })
    .max(CANCEL_REASON_MAX, { error: t.reasonTooLong(CANCEL_REASON_MAX) }),
  waiveFee: z.literal("on").optional(),
  refund: z
    .string()
    .optional()
    .refine((value) => value === undefined || euros(value) !== null, { error: t.refundInvalid })
    .transform((value) => (value === undefined ? undefined : (euros(value) ?? undefined))),
});
