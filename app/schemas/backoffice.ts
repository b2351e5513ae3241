import { CAREGIVER_REVIEW_ACTIONS, REVIEW_REASON_MAX, VERIFICATION_FLAGS } from "~/domain/caregiver-review";
import { ORDER_STATUSES } from "~/domain/order-status";
import { isUuid } from "~/domain/uuid";
import { caregiverTexts, invoicePaymentTexts } from "~/messages/backoffice";
import { isIsoDate } from "~/domain/booking-window";
import { parseHundredths } from "./discount-codes";
import { optionalText, optionalToken } from "./fields";
import type { ZodBoolean, ZodDefault } from "zod";
import { z } from "./zod";

// The forms of the back office (issue 14). Every change is a plain POST form with an `intent`;
// the same schemas validate in the browser (Conform) and in the action.

/** A row's id posted by a form: anything else is a forged or broken form, answered 400. */
export const uuidField = () => z.string().refine(isUuid);

// ---------------------------------------------------------------- helpers

export const CaregiverReviewSchema = z
  .object({
    intent: z.literal("review"),
    action: z.enum(CAREGIVER_REVIEW_ACTIONS),
    reason: optionalText({ max: REVIEW_REASON_MAX, tooLong: caregiverTexts.reasonTooLong }),
  })
  .superRefine((value, context) => {
    if (value.action === "reject" && !value.reason) {
      context.addIssue({ code: "custom", path: ["reason"], message: caregiverTexts.reasonRequired });
    }
  });

/** Each check is a checkbox: ticked sends 'on', unticked sends nothing (false). */
export const VerificationFlagsSchema = z.object({
  intent: z.literal("verification"),
  ...(Object.fromEntries(VERIFICATION_FLAGS.map((flag) => [flag, z.boolean().default(false)])) as Record<
    (typeof VERIFICATION_FLAGS)[number],
    ZodDefault<ZodBoolean>
  >),
});

// ---------------------------------------------------------------- orders

export const OrderStatusChangeSchema = z.object({
  intent: z.literal("status"),
  orderId: uuidField(),
  status: z.enum(ORDER_STATUSES),
  returnTo: optionalToken(2000),
});

export const OrderAssignmentSchema = z.object({
  intent: z.literal("assign"),
  orderId: uuidField(),
  /** Empty clears the helper ('Ei valittua kaveria'). */
  caregiverId: uuidField().optional(),
  returnTo: optionalToken(2000),
});

// ---------------------------------------------------------------- customers

export const CustomerStatusSchema = z.object({
  intent: z.enum(["freeze", "unfreeze"]),
});

// ---------------------------------------------------------------- invoices

/**
 * A payment recorded against an open invoice: the day it was paid (not after `today`, Helsinki)
 * and the amount in euros ('50', '49,90'). Whether it fits what is unpaid is checked against the
 * database in the action (app/services/backoffice-money.server.ts).
 */
export function invoicePaymentSchema(today: string) {
  const t = invoicePaymentTexts;
  return z.object({
    intent: z.literal("invoice"),
    invoiceId: uuidField(),
    paidOn: z
      .string({ error: t.paidOnRequired })
      .refine(isIsoDate, { error: t.paidOnInvalid })
      .refine((value) => value <= today, { error: t.paidOnFuture }),
    amount: z
      .string({ error: t.amountRequired })
      .refine((value) => (parseHundredths(value.replace(/\s|€/g, "")) ?? 0) > 0, { error: t.amountInvalid })
      .transform((value) => parseHundredths(value.replace(/\s|€/g, "")) ?? 0),
  });
}
