// The local test checkout page /maksu/testi/<ref> (DESIGN.md decision 11): the method chosen
// when paying. Cancelling posts no fields.
import { localCheckoutMessages, ONLINE_PAYMENT_METHOD_TEXTS } from "~/messages/local-checkout";
import { z } from "./zod";

export const ONLINE_PAYMENT_METHODS = ["card", "mobilepay", "klarna"] as const;
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];

export const ONLINE_PAYMENT_METHOD_LABELS: Record<OnlinePaymentMethod, string> = ONLINE_PAYMENT_METHOD_TEXTS;

export const LocalPaymentSchema = z.object({
  method: z.enum(ONLINE_PAYMENT_METHODS, { error: localCheckoutMessages.methodMissing }),
  /** Only on a series' first visit: the saved test card declines its later charges. */
  decliningCard: z.literal("on").optional(),
});

/** A checkout that saves the card takes a card only. */
export function localPaymentSchemaFor(savesCard: boolean) {
  return savesCard
    ? LocalPaymentSchema.refine((value) => value.method === "card", { message: localCheckoutMessages.cardOnly, path: ["method"] })
    : LocalPaymentSchema;
}
