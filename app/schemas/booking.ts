import { z } from "zod";
import { BOT_CHECK_FIELDS, botCheckMessages } from "./bot-check";

// The contact and payment form of the booking wizards (spec 000 §2 "Step 3 form contents", §5
// "Three-step wizard, step 3": every rule and message verbatim). Used by Conform in the browser
// and by the step's action on the server. Conform turns an empty field into `undefined`, so each
// field's "missing" message is the one its first rule would give ('Etunimi liian lyhyt').
//
// Two rules depend on other fields, so the schema is built for the submission at hand
// (`bookingContactSchema(formData)`): the six recipient fields are required only when the service
// is for another person, and the bot check's answer only when the ALTCHA widget sent nothing.

export const bookingMessages = {
  bookingFor: "Valitse kenelle tilaat palvelun",
  firstNameTooShort: "Etunimi liian lyhyt",
  firstNameTooLong: "Etunimi liian pitkä",
  lastNameTooShort: "Sukunimi liian lyhyt",
  lastNameTooLong: "Sukunimi liian pitkä",
  nameInvalid: "Nimi sisältää epäkelpoja merkkejä",
  invalidEmail: "Virheellinen sähköpostiosoite",
  emailTooLong: "Sähköposti liian pitkä",
  invalidPhone: "Virheellinen puhelinnumero (esim. +358401234567 tai 0401234567)",
  addressTooShort: "Osoite liian lyhyt",
  addressTooLong: "Osoite liian pitkä",
  postalCode: "Postinumeron on oltava 5 numeroa",
  cityTooShort: "Kaupunki liian lyhyt",
  cityTooLong: "Kaupunki liian pitkä",
  recipientRequired: "Täytä vastaanottajan tiedot",
  paymentMethod: "Valitse maksutapa",
  acceptTerms: "Sinun täytyy hyväksyä ehdot",
  captchaRequired: botCheckMessages.required,
} as const;

export const BOOKING_NAME_MIN = 2;
export const BOOKING_NAME_MAX = 50;
export const ADDRESS_MIN = 5;
export const ADDRESS_MAX = 200;
export const CITY_MIN = 2;
export const CITY_MAX = 100;
export const EMAIL_MAX = 255;

// Letters of any alphabet (so ä, ö, å, é…), combining marks, spaces, hyphens and apostrophes.
const NAME_PATTERN = /^[\p{L}\p{M} '’-]+$/u;

function name(tooShort: string, tooLong: string, missing = tooShort) {
  return z
    .string({ error: missing })
    .trim()
    .min(BOOKING_NAME_MIN, { error: tooShort })
    .max(BOOKING_NAME_MAX, { error: tooLong })
    .regex(NAME_PATTERN, { error: bookingMessages.nameInvalid });
}

// Spaces and hyphens are how numbers are written on paper ('040 123 4567'): accepted and removed,
// then the number must start with +358 or 0 and continue with 6–14 digits.
function phone(missing: string = bookingMessages.invalidPhone) {
  return z
    .string({ error: missing })
    .trim()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^(\+358|0)\d{6,14}$/, { error: bookingMessages.invalidPhone }));
}

function address(missing: string = bookingMessages.addressTooShort) {
  return z
    .string({ error: missing })
    .trim()
    .min(ADDRESS_MIN, { error: bookingMessages.addressTooShort })
    .max(ADDRESS_MAX, { error: bookingMessages.addressTooLong });
}

function postalCode(missing: string = bookingMessages.postalCode) {
  return z
    .string({ error: missing })
    .trim()
    .regex(/^[0-9]{5}$/, { error: bookingMessages.postalCode });
}

function city(missing: string = bookingMessages.cityTooShort) {
  return z
    .string({ error: missing })
    .trim()
    .min(CITY_MIN, { error: bookingMessages.cityTooShort })
    .max(CITY_MAX, { error: bookingMessages.cityTooLong });
}

const email = z
  .string({ error: bookingMessages.invalidEmail })
  .trim()
  .max(EMAIL_MAX, { error: bookingMessages.emailTooLong })
  .pipe(z.email({ error: bookingMessages.invalidEmail }));

const recipientMissing = bookingMessages.recipientRequired;

/** The six recipient fields: required (with 'Täytä vastaanottajan tiedot' when empty) for another person. */
const recipientFields = {
  recipientFirstName: name(bookingMessages.firstNameTooShort, bookingMessages.firstNameTooLong, recipientMissing),
  recipientLastName: name(bookingMessages.lastNameTooShort, bookingMessages.lastNameTooLong, recipientMissing),
  recipientPhone: phone(recipientMissing),
  recipientAddress: address(recipientMissing),
  recipientPostalCode: postalCode(recipientMissing),
  recipientCity: city(recipientMissing),
};

// For oneself the recipient fields are not used at all: whatever a hidden field still holds
// neither blocks the booking nor reaches the order.
const ignoredRecipientFields = {
  recipientFirstName: z.unknown().optional().transform(() => undefined),
  recipientLastName: z.unknown().optional().transform(() => undefined),
  recipientPhone: z.unknown().optional().transform(() => undefined),
  recipientAddress: z.unknown().optional().transform(() => undefined),
  recipientPostalCode: z.unknown().optional().transform(() => undefined),
  recipientCity: z.unknown().optional().transform(() => undefined),
};

export const BOOKING_FOR = ["self", "other"] as const;
export const PAYMENT_METHODS = ["online", "invoice"] as const;

const baseFields = {
  bookingFor: z.enum(BOOKING_FOR, { error: bookingMessages.bookingFor }),
  firstName: name(bookingMessages.firstNameTooShort, bookingMessages.firstNameTooLong),
  lastName: name(bookingMessages.lastNameTooShort, bookingMessages.lastNameTooLong),
  email,
  phone: phone(),
  address: address(),
  postalCode: postalCode(),
  city: city(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: bookingMessages.paymentMethod }),
  // Optional (spec 000 §5); whether it applies is decided on the server, at check and at order.
  discountCode: z.string().trim().max(40).optional(),
  // A checkbox sends 'on' when ticked and nothing otherwise.
  acceptTerms: z.literal("on", { error: bookingMessages.acceptTerms }).transform(() => true as const),
  [BOT_CHECK_FIELDS.altcha]: z.string().optional(),
  [BOT_CHECK_FIELDS.questionToken]: z.string().optional(),
  intent: z.string().optional(),
};

export interface BookingSchemaOptions {
  bookingFor: "self" | "other" | null;
  /** The ALTCHA widget sent its payload: the question's answer is then not needed. */
  hasWidgetPayload: boolean;
}

export function bookingContactSchemaFor(options: BookingSchemaOptions) {
  return z.object({
    ...baseFields,
    ...(options.bookingFor === "other" ? recipientFields : ignoredRecipientFields),
    // 'captchaToken: required' of §5: the widget's payload or the answer to the question.
    [BOT_CHECK_FIELDS.answer]: options.hasWidgetPayload
      ? z.string().optional()
      : z.string({ error: bookingMessages.captchaRequired }).trim().min(1, { error: bookingMessages.captchaRequired }),
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

export type BookingContact = z.infer<ReturnType<typeof bookingContactSchemaFor>>;

/**
 * The 'Tarkista' submission: nothing is required, so the page comes back with every typed value
 * kept and no errors on fields the customer has not finished yet.
 */
export const DiscountCheckSchema = z
  .object({
    discountCode: z.string().trim().max(40).optional(),
    email: z.string().trim().optional(),
  })
  .loose();

/** The submit buttons' `intent` values. */
export const BOOKING_INTENT = { book: "book", checkDiscount: "check-discount", retryPayment: "retry-payment" } as const;

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
  "paymentMethod",
  "discountCode",
] as const;

export type ContactFieldName = (typeof CONTACT_FIELD_NAMES)[number];
export type ContactDefaults = Partial<Record<ContactFieldName, string>>;
