import { type Infer, z } from "./zod";
import { finnishMobileE164 } from "~/domain/sms";
import { bookingMessages } from "~/messages/booking";
import { botCheckMessages } from "~/messages/bot-check";
import { BOT_CHECK_FIELDS } from "./bot-check";
import {
  addressField,
  cityField,
  EMAIL_MAX,
  emailField,
  optionalText,
  optionalToken,
  personName,
  phoneField,
  postalCodeField,
  textField,
  ticked,
} from "./fields";

// The contact and payment form of the booking wizards (spec 000 §2 "Step 3 form contents", §5
// "Three-step wizard, step 3"), with the shared field rules of ./fields.ts and the messages of
// app/messages/booking.ts. Used by Conform in the browser and by the step's action on the server.
//
// Two rules depend on other fields, so the schema is built for the submission at hand
// (`bookingContactSchema(formData)`): the six recipient fields are required only when the service
// is for another person, and the bot check's answer only when the ALTCHA widget sent nothing.

const m = bookingMessages;

export const BOOKING_NAME_MAX = 50;
export const DISCOUNT_CODE_MAX = 40;

/**
 * The recipient's fields: required for another person. One field kit for every flow: the public
 * contact step and the signed-in wizards' time step (issue 26 item 1) check them with these rules.
 */
export const recipientFields = {
  recipientFirstName: personName(
    { missing: m.recipientMissing, tooShort: m.recipientFirstNameTooShort, tooLong: m.recipientFirstNameTooLong, invalid: m.recipientNameInvalid },
    BOOKING_NAME_MAX,
  ),
  recipientLastName: personName(
    { missing: m.recipientMissing, tooShort: m.recipientLastNameTooShort, tooLong: m.recipientLastNameTooLong, invalid: m.recipientNameInvalid },
    BOOKING_NAME_MAX,
  ),
  recipientPhone: phoneField({ missing: m.recipientMissing, invalid: m.recipientPhoneInvalid }),
  recipientAddress: addressField({ missing: m.recipientMissing, tooShort: m.recipientAddressTooShort, tooLong: m.recipientAddressTooLong }),
  recipientPostalCode: postalCodeField({ missing: m.recipientMissing, invalid: m.recipientPostalCode }),
  recipientCity: cityField({ missing: m.recipientMissing, tooShort: m.recipientCityTooShort, tooLong: m.recipientCityTooLong }),
};

/** The recipient's own e-mail, optional in every flow: they get a reminder of their own (issue 28 item 1). */
export const recipientEmailField = emailField({ invalid: m.recipientEmailInvalid, tooLong: m.recipientEmailInvalid }).optional();

/** "Muistutus tekstiviestinä": a ticked box sends "on". */
export const smsReminderField = z.enum(["on"]).optional();

/** What a ticked "Muistutus tekstiviestinä" says without a usable mobile number. */
export function smsReminderMessage(bookingFor: "self" | "other"): string {
  return bookingFor === "other" ? m.smsReminderNoMobileOther : m.smsReminderNoMobileSelf;
}

export type RecipientFieldName = keyof typeof recipientFields;

/** The recipient's fields in the order of the page. */
export const RECIPIENT_FIELD_NAMES = Object.keys(recipientFields) as RecipientFieldName[];

/**
 * Spec 000 §5 gives the six empty fields one message, 'Täytä vastaanottajan tiedot': it is said
 * once, on the first empty field (where the error summary links). The names whose repeat of it
 * is to be dropped.
 */
export function repeatedRecipientMissing(errors: Partial<Record<string, string | readonly string[] | null | undefined>>): RecipientFieldName[] {
  const missing = RECIPIENT_FIELD_NAMES.filter((name) => {
    const error = errors[name];
    return (typeof error === "string" ? error : error?.[0]) === m.recipientMissing;
  });
  return missing.slice(1);
}

// For oneself the recipient fields are not used at all: whatever a hidden field still holds
// neither blocks the booking nor reaches the order.
const ignoredRecipientFields = {
  recipientFirstName: z.unknown().optional().transform(() => undefined),
  recipientLastName: z.unknown().optional().transform(() => undefined),
  recipientPhone: z.unknown().optional().transform(() => undefined),
  recipientAddress: z.unknown().optional().transform(() => undefined),
  recipientPostalCode: z.unknown().optional().transform(() => undefined),
  recipientCity: z.unknown().optional().transform(() => undefined),
  recipientEmail: z.unknown().optional().transform(() => undefined),
};

export const BOOKING_FOR = ["self", "other"] as const;
export const PAYMENT_METHODS = ["online", "invoice"] as const;

/** 'Lisätietoja kaverille': what help is needed, door code, pets, whom to call (001 §5: up to 1000). */
export const SPECIAL_NOTES_MAX = 1000;

/** The optional note for the helper, in every flow. */
export function specialNotesField(tooLong: string) {
  return optionalText({ max: SPECIAL_NOTES_MAX, tooLong });
}

/** The optional discount code (spec 000 §5); whether it applies is decided on the server. */
export const discountCode = textField(m.discountCodeTooLong).max(DISCOUNT_CODE_MAX, { error: m.discountCodeTooLong }).optional();

const baseFields = {
  bookingFor: z.enum(BOOKING_FOR, { error: m.bookingFor }),
  firstName: personName({ missing: m.firstNameMissing, tooShort: m.firstNameTooShort, tooLong: m.firstNameTooLong }, BOOKING_NAME_MAX),
  lastName: personName({ missing: m.lastNameMissing, tooShort: m.lastNameTooShort, tooLong: m.lastNameTooLong }, BOOKING_NAME_MAX),
  email: emailField({ missing: m.emailMissing, invalid: m.invalidEmail, tooLong: m.emailTooLong }),
  phone: phoneField({ missing: m.phoneMissing, invalid: m.invalidPhone }),
  address: addressField({ missing: m.addressMissing, tooShort: m.addressTooShort, tooLong: m.addressTooLong }),
  postalCode: postalCodeField({ missing: m.postalCodeMissing, invalid: m.postalCode }),
  city: cityField({ missing: m.cityMissing, tooShort: m.cityTooShort, tooLong: m.cityTooLong }),
  specialNotes: specialNotesField(m.noteTooLong),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: m.paymentMethod }),
  discountCode,
  acceptTerms: ticked(m.acceptTerms),
  smsReminder: smsReminderField,
  [BOT_CHECK_FIELDS.altcha]: optionalToken(),
  [BOT_CHECK_FIELDS.questionToken]: optionalToken(),
  intent: optionalToken(40),
};

export interface BookingSchemaOptions {
  bookingFor: "self" | "other" | null;
  /** The ALTCHA widget sent its payload: the question's answer is then not needed. */
  hasWidgetPayload: boolean;
}

export function bookingContactSchemaFor(options: BookingSchemaOptions) {
  return z
    .object({
      ...baseFields,
      ...(options.bookingFor === "other" ? { ...recipientFields, recipientEmail: recipientEmailField } : ignoredRecipientFields),
      // 'captchaToken: required' of §5: the widget's payload or the answer to the question.
      [BOT_CHECK_FIELDS.answer]: options.hasWidgetPayload
        ? z.string().optional()
        : textField(botCheckMessages.required).min(1, { error: botCheckMessages.required }).max(20, { error: botCheckMessages.failed }),
    })
    .superRefine((value, context) => {
      // The text goes to the recipient's mobile, or the customer's own (decision 0031).
      if (value.smsReminder !== "on") return;
      const forOther = value.bookingFor === "other";
      const phone = forOther ? (value as { recipientPhone?: string }).recipientPhone : value.phone;
      if (!finnishMobileE164(phone)) context.addIssue({ code: "custom", path: ["smsReminder"], message: smsReminderMessage(forOther ? "other" : "self") });
    });
}

function text(formData: FormData, key: string): string {
  const value = formData.get(key);
  return typeof value === "string" ? value.trim() : "";
}

/** The schema for this submission (see the note at the top). */
export function bookingContactSchema(formData: FormData) {
  const bookingFor = text(formData, "bookingFor");
  return bookingContactSchemaFor({
    bookingFor: bookingFor === "other" ? "other" : bookingFor === "self" ? "self" : null,
    hasWidgetPayload: text(formData, BOT_CHECK_FIELDS.altcha) !== "",
  });
}

export type BookingContact = Infer<ReturnType<typeof bookingContactSchemaFor>>;

/**
 * The 'Tarkista' submission: nothing is required, so the page comes back with every typed value
 * kept and no errors on fields the customer has not finished yet.
 */
export const DiscountCheckSchema = z
  .object({
    discountCode,
    email: optionalToken(EMAIL_MAX),
  })
  .loose();

/** The submit buttons' `intent` values. */
export { BOOKING_INTENT } from "./booking-intents";

/** The fields the confirmation step fills in, in the order of the page (for defaults and drafts). */
export const CONTACT_FIELD_NAMES = [
  "bookingFor",
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "postalCode",
  "city",
  "recipientFirstName",
  "recipientLastName",
  "recipientPhone",
  "recipientAddress",
  "recipientPostalCode",
  "recipientCity",
  "recipientEmail",
  "specialNotes",
  "paymentMethod",
  "discountCode",
  "smsReminder",
] as const;

export type ContactFieldName = (typeof CONTACT_FIELD_NAMES)[number];
export type ContactDefaults = Partial<Record<ContactFieldName, string>>;
