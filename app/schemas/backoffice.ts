import { CAREGIVER_REVIEW_ACTIONS, REVIEW_REASON_MAX, VERIFICATION_FLAGS } from "~/domain/caregiver-review";
import { ORDER_STATUSES } from "~/domain/order-status";
import { isUuid } from "~/domain/uuid";
import { caregiverTexts } from "~/messages/backoffice";
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
