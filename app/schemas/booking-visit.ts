import { type Infer, z } from "./zod";
import { SIGNED_IN_BOOKING_MESSAGES, type VisitFieldMessages } from "~/messages/booking-wording";
import { addressField, cityField, freeText, optionalToken, phoneField, postalCodeField, ticked } from "./fields";
import { PAYMENT_METHODS, discountCode, specialNotesField } from "./booking";

export { SPECIAL_NOTES_MAX } from "./booking";

// Where the helper goes and what they should know: the visit's postal code and city (asked before
// the helper step in every flow, DESIGN.md decision 17), and in the signed-in wizards its street
// address, phone, description and the note for the helper ('Lisätietoja kaverille'), with each
// flow's wording (app/messages/booking-wording.ts). Then the signed-in wizards' last step: payment method
// and terms (spec 000 §5 "Four-step wizard", 001 §5 "Portal wizard").

export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 2000;

/** What a visit step asks: the place always; the address and phone, the description and note where the flow asks them. */
export interface VisitFields {
  address: boolean;
  description: boolean;
}

export function visitPlaceFields(m: VisitFieldMessages) {
  return {
    postalCode: postalCodeField({ missing: m.postalCodeMissing, invalid: m.postalCode }),
    city: cityField({ missing: m.cityMissing, tooShort: m.cityTooShort, tooLong: m.cityTooLong }),
  };
}

function addressFields(m: VisitFieldMessages) {
  return {
    address: addressField({ missing: m.addressMissing, tooShort: m.addressTooShort, tooLong: m.addressTooLong }),
    phone: phoneField({ missing: m.phoneMissing, invalid: m.phone }),
  };
}

function descriptionFields(m: VisitFieldMessages) {
  return {
    description: freeText({
      missing: m.descriptionMissing,
      min: DESCRIPTION_MIN,
      tooShort: m.descriptionTooShort,
      max: DESCRIPTION_MAX,
      tooLong: m.descriptionTooLong,
    }),
    specialNotes: specialNotesField(m.notesTooLong),
  };
}

/** The typed fields of a visit step: the place, plus the address and the description where asked. */
export function visitSchema(m: VisitFieldMessages, asks: VisitFields) {
  return z.object({
    ...visitPlaceFields(m),
    ...(asks.address ? addressFields(m) : {}),
    ...(asks.description ? descriptionFields(m) : {}),
  });
}

/** The portal wizard's step 3: description and the note for the helper. */
export function visitDetailsSchema(m: VisitFieldMessages) {
  return z.object(descriptionFields(m));
}

/** Everything a signed-in booking knows of its visit before the summary. */
export function completeVisitSchema(m: VisitFieldMessages) {
  return z.object({ ...visitPlaceFields(m), ...addressFields(m), ...descriptionFields(m) });
}

export type CompleteVisit = Infer<ReturnType<typeof completeVisitSchema>>;

/** The signed-in wizards' last step: 'Varaa nyt' needs a payment method and the terms. */
export const BookingSummarySchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, { error: SIGNED_IN_BOOKING_MESSAGES.paymentMethod }),
  acceptTerms: ticked(SIGNED_IN_BOOKING_MESSAGES.acceptTerms),
  // The same code, rules and limits as the public contact step (issue 26 item 1).
  discountCode,
  intent: optionalToken(40),
  // "Toistuvuus" (app/booking/repeat-choice.ts checks them; named as the series preview's parameters).
  toistuvuus: optionalToken(40),
  paattyy: optionalToken(40),
  kertaa: optionalToken(10),
  viimeinen: optionalToken(20),
});
