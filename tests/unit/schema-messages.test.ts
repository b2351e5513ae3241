import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { EmailOnlySchema, NewPasswordSchema, PasswordChangeSchema, SignInSchema, SignUpSchema } from "~/schemas/auth";
import { CaregiverReviewSchema, CustomerStatusSchema, OrderAssignmentSchema, OrderStatusChangeSchema, VerificationFlagsSchema } from "~/schemas/backoffice";
import { bookingContactSchemaFor, DiscountCheckSchema } from "~/schemas/booking";
import { BookingSummarySchema, completeVisitSchema, visitDetailsSchema, visitSchema } from "~/schemas/booking-visit";
import { VISIT_FIELD_MESSAGES } from "~/messages/booking-wording";
import { step1Schema, step2Schema } from "~/schemas/caregiver-registration";
import { ContactSchema } from "~/schemas/contact";
import { hasControlCharacters } from "~/schemas/fields";
import { LocalPaymentSchema } from "~/schemas/local-checkout";
import { DiscountCodeCreateSchema } from "~/schemas/discount-codes";
import { OrderReviewSchema } from "~/schemas/order-review";
import { MessageSchema } from "~/schemas/order-messages";
import { CaregiverProfileSchema, ProfileSchema } from "~/schemas/profile";
import { CompanyInfoSchema, ContactInfoSchema, PriceBandsFormSchema, PriceBandsSchema } from "~/schemas/settings";

// Every message a form can show is Finnish (issue 12): whatever arrives — nothing, empty strings,
// 10 000 characters, control characters, numbers or lists where text belongs — no schema answers
// with Zod's own English defaults. Schemas are walked with the fields they declare.

const schemas: Array<[string, z.ZodType, string[]]> = [
  ["sign-in", SignInSchema, ["email", "password", "redirectTo"]],
  ["sign-up", SignUpSchema, ["fullName", "email", "password"]],
  ["e-mail only", EmailOnlySchema, ["email"]],
  ["new password", NewPasswordSchema, ["token", "password", "confirmPassword"]],
  ["password change", PasswordChangeSchema, ["currentPassword", "newPassword", "confirmPassword"]],
  ...(["self", "other"] as const).flatMap((bookingFor) =>
    [true, false].map(
      (hasWidgetPayload): [string, z.ZodType, string[]] => [
        `booking contact (${bookingFor}, widget ${hasWidgetPayload})`,
        bookingContactSchemaFor({ bookingFor, hasWidgetPayload }),
        [
          "bookingFor", "firstName", "lastName", "email", "phone", "address", "postalCode", "city",
          "recipientFirstName", "recipientLastName", "recipientPhone", "recipientAddress", "recipientPostalCode",
          "recipientCity", "specialNotes", "paymentMethod", "discountCode", "acceptTerms", "altcha", "botCheckToken", "botCheck", "intent",
        ],
      ],
    ),
  ),
  ["discount check", DiscountCheckSchema, ["discountCode", "email"]],
  ...(["public", "fourStep", "portal"] as const).flatMap((wording): Array<[string, z.ZodType, string[]]> => [
    [`visit place (${wording})`, visitSchema(VISIT_FIELD_MESSAGES[wording], { address: false, description: false }), ["postalCode", "city"]],
    [
      `visit (${wording})`,
      visitSchema(VISIT_FIELD_MESSAGES[wording], { address: true, description: true }),
      ["postalCode", "city", "address", "phone", "description", "specialNotes"],
    ],
    [`visit details (${wording})`, visitDetailsSchema(VISIT_FIELD_MESSAGES[wording]), ["description", "specialNotes"]],
    [
      `complete visit (${wording})`,
      completeVisitSchema(VISIT_FIELD_MESSAGES[wording]),
      ["postalCode", "city", "address", "phone", "description", "specialNotes"],
    ],
  ]),
  ["booking summary", BookingSummarySchema, ["paymentMethod", "acceptTerms", "intent"]],
  ["contact form", ContactSchema, ["name", "email", "phone", "message"]],
  ["registration step 1", step1Schema(), ["firstName", "lastName", "dateOfBirth", "address", "postalCode", "city", "otherCity", "phone", "email", "password", "termsAccepted", "dataProcessingAccepted"]],
  ["registration step 2", step2Schema, ["bio", "services", "languages", "transportation"]],
  ["local checkout", LocalPaymentSchema, ["method"]],
  ["contact settings", ContactInfoSchema, ["email", "phone"]],
  ["company settings", CompanyInfoSchema, ["name", "businessId", "address", "postalCode", "city", "iban", "bic"]],
  ["helper review", CaregiverReviewSchema, ["intent", "action", "reason"]],
  ["helper checks", VerificationFlagsSchema, ["intent", "identity_verified", "interview_done", "references_checked", "background_check"]],
  ["order status", OrderStatusChangeSchema, ["intent", "orderId", "status", "returnTo"]],
  ["order helper", OrderAssignmentSchema, ["intent", "orderId", "caregiverId", "returnTo"]],
  ["customer freeze", CustomerStatusSchema, ["intent"]],
  ["discount code", DiscountCodeCreateSchema, ["code", "type", "value", "minOrder", "maxDiscount", "usageLimit", "perUserLimit", "validFrom", "validUntil", "isActive"]],
  ["price bands form", PriceBandsFormSchema, ["bands"]],
  ["order review", OrderReviewSchema, ["rating", "comment"]],
  ["profile", ProfileSchema, ["fullName", "phone"]],
  ["helper profile", CaregiverProfileSchema, ["bio", "hourlyRate", "services", "languages", "serviceCities"]],
  ["order message", MessageSchema, ["message"]],
];

/** Zod's English defaults and the words they are made of. */
const ENGLISH = /\b(invalid|expected|received|too (big|small)|must|should|required|string|number|array|input|option|characters?)\b/i;

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const BAD_VALUES: unknown[] = ["", "   ", "x".repeat(10_000), "a\u0000b", "\u0007", "😀".repeat(3000), 12345, true, ["a", "b"], { a: 1 }, null];

describe("every schema message is Finnish", () => {
  it.each(schemas)("%s", (_name, schema, fields) => {
    const inputs: unknown[] = [undefined, null, "", 42, [], {}];
    for (const bad of BAD_VALUES) {
      inputs.push(Object.fromEntries(fields.map((field) => [field, bad])));
      for (const field of fields) inputs.push({ [field]: bad });
    }
    let seen = 0;
    for (const input of inputs) {
      for (const message of messagesOf(schema, input)) {
        seen += 1;
        expect(message, String(JSON.stringify(input)).slice(0, 200)).not.toMatch(ENGLISH);
        expect(message.length).toBeGreaterThan(3);
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("price bands", () => {
    for (const input of [undefined, [], [{}], [{ id: "day", fromHour: -1, toHour: 30, hourlyCents: 1.5 }], "x", [1, 2, 3, 4]]) {
      for (const message of messagesOf(PriceBandsSchema, input)) expect(message).not.toMatch(ENGLISH);
    }
  });

  it("random text never slips an English message or a control character through", () => {
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "grapheme", maxLength: 100 }), fc.constantFrom("\u0000", "a\u0000", "\u001b[0m"));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("name", "email", "phone", "message"), text), (input) => {
        const result = ContactSchema.safeParse(input);
        if (result.success) {
          for (const value of Object.values(result.data)) {
            if (typeof value === "string") expect(hasControlCharacters(value, { multiline: true })).toBe(false);
          }
        } else {
          for (const issue of result.error.issues) expect(issue.message).not.toMatch(ENGLISH);
        }
      }),
    );
  });
});
