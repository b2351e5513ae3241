import { isIsoDate } from "~/domain/booking-window";
import { discountCodeMessages as m } from "~/messages/discount-codes";
import { type Infer, z } from "./zod";

// Creating a discount code in the back office (spec 001 §5 "Discount code creation"): the code is
// upper-cased, 3–20 letters A–Z and digits; the value is a percentage or euros; the limits are
// optional; the validity dates are required.

/** '10', '12,5' or '12,50' → 1000, 1250, 1250 hundredths (cents, or basis points of a percent). */
export function parseHundredths(value: string): number | null {
  const match = /^\s*(\d{1,6})(?:[,.](\d{1,2}))?\s*$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

const optionalAmount = z
  .string()
  .optional()
  .refine((value) => value === undefined || (parseHundredths(value) ?? 0) > 0, { error: m.amount });

const optionalLimit = z
  .string()
  .optional()
  .refine((value) => value === undefined || (/^\d{1,9}$/.test(value.trim()) && Number(value) > 0), { error: m.limit });

export const DiscountCodeCreateSchema = z
  .object({
    code: z
      .string({ error: m.codeTooShort })
      .transform((value) => value.trim().toUpperCase())
      .pipe(z.string().min(3, { error: m.codeTooShort }).max(20, { error: m.codeTooLong }).regex(/^[A-Z0-9]+$/, { error: m.codeChars })),
    type: z.enum(["percentage", "fixed_amount"], { error: m.value }),
    value: z.string({ error: m.value }).refine((value) => (parseHundredths(value) ?? 0) >= 1, { error: m.value }),
    minOrder: optionalAmount,
    maxDiscount: optionalAmount,
    usageLimit: optionalLimit,
    perUserLimit: optionalLimit,
    validFrom: z.string({ error: m.validFrom }).refine(isIsoDate, { error: m.validFrom }),
    validUntil: z.string({ error: m.validUntil }).refine(isIsoDate, { error: m.validUntil }),
    isActive: z.boolean().optional(),
  })
  .refine((code) => code.type !== "percentage" || (parseHundredths(code.value) ?? 0) <= 10_000, { error: m.percentTooBig, path: ["value"] })
  .refine((code) => code.validUntil >= code.validFrom, { error: m.validRange, path: ["validUntil"] });

export type DiscountCodeCreateInput = Infer<typeof DiscountCodeCreateSchema>;
