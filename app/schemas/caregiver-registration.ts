import { type Infer, z } from "./zod";
import { isAdultByYearDifference, MAXIMUM_AGE_YEARS, parseBirthDate, ageByYearDifference } from "~/domain/birth-date";
import { helsinkiDateString } from "~/domain/format";
import { emailField, freeText, newPasswordField, optionalText, phoneField, postalCodeField, textField } from "./fields";

// Helper registration, steps 1 and 2 (spec 001 §3, §5; messages verbatim where the spec has
// them). Used by Conform in the browser and by the action on the server. The photo is checked on
// the server from its bytes (app/services/photo.server.ts), so it is not part of these schemas.

import { caregiverRegistrationMessages } from "~/messages/caregiver-registration";
import {
  BIO_MAX_LENGTH,
  BIO_MIN_LENGTH,
  CITY_OPTIONS,
  LANGUAGE_IDS,
  OTHER_CITY,
  SERVICE_IDS,
  TRANSPORTATION_IDS,
} from "./caregiver-registration-options";

export * from "./caregiver-registration-options";
export { caregiverRegistrationMessages };

const m = caregiverRegistrationMessages;

function currentHelsinkiYear(): number {
  return Number(helsinkiDateString(new Date()).slice(0, 4));
}

const requiredText = (message: string, max = 200) =>
  textField(message).min(1, { error: message }).max(max, { error: m.textTooLong });

const dateOfBirth = textField(m.dateOfBirthRequired)
  .max(20, { error: m.dateOfBirthInvalid })
  .transform((value, ctx) => {
    const iso = parseBirthDate(value);
    if (!iso) {
      ctx.addIssue({ code: "custom", message: m.dateOfBirthInvalid });
      return z.NEVER;
    }
    const year = currentHelsinkiYear();
    if (!isAdultByYearDifference(iso, year)) {
      ctx.addIssue({ code: "custom", message: m.adultsOnly });
      return z.NEVER;
    }
    if (ageByYearDifference(iso, year) > MAXIMUM_AGE_YEARS) {
      ctx.addIssue({ code: "custom", message: m.dateOfBirthInvalid });
      return z.NEVER;
    }
    return iso;
  });

// The shared rules (./fields.ts) with this form's own wording.
const phone = phoneField({ invalid: m.phone });
const email = emailField({ invalid: m.email, tooLong: m.email });
const password = newPasswordField();

const consent = (message: string) =>
  z.boolean({ error: message }).refine((value) => value, { error: message });

export interface Step1SchemaOptions {
  /**
   * The password was already given (and hashed) in this registration: an empty field keeps it.
   * True when the visitor came back from step 2.
   */
  passwordOnFile?: boolean;
}

export function step1Schema({ passwordOnFile = false }: Step1SchemaOptions = {}) {
  return z
    .object({
      firstName: requiredText(m.firstNameRequired, 100),
      lastName: requiredText(m.lastNameRequired, 100),
      dateOfBirth,
      address: requiredText(m.addressRequired),
      postalCode: postalCodeField({ invalid: m.postalCode }),
      city: z.enum(CITY_OPTIONS, { error: m.cityRequired }),
      otherCity: optionalText({ max: 100, multiline: false }),
      phone,
      email,
      password: passwordOnFile ? password.optional() : password,
      termsAccepted: consent(m.termsAccepted),
      dataProcessingAccepted: consent(m.dataProcessingAccepted),
    })
    .superRefine((value, ctx) => {
      if (value.city === OTHER_CITY && !value.otherCity) {
        ctx.addIssue({ code: "custom", path: ["otherCity"], message: m.otherCityRequired });
      }
    });
}
export type Step1Values = Infer<ReturnType<typeof step1Schema>>;

/** The helper's city: the chosen one, or the typed name when 'Muu' was chosen. */
export function cityOf(values: Pick<Step1Values, "city" | "otherCity">): string {
  return values.city === OTHER_CITY ? (values.otherCity ?? "").trim() : values.city;
}

/** A non-empty list of known ids (duplicates dropped); anything else gets `message` on the field. */
function choiceList<T extends string>(ids: readonly T[], message: string) {
  return z
    .array(z.string().max(40, { error: message }), { error: message })
    .refine((list) => list.length > 0 && list.every((value) => (ids as readonly string[]).includes(value)), {
      error: message,
    })
    .transform((list) => [...new Set(list)] as T[]);
}

export const step2Schema = z.object({
  bio: freeText({ missing: m.bioRequired, min: BIO_MIN_LENGTH, max: BIO_MAX_LENGTH, tooLong: m.bioTooLong }),
  services: choiceList(SERVICE_IDS, m.servicesRequired),
  languages: choiceList(LANGUAGE_IDS, m.languagesRequired),
  transportation: z.enum(TRANSPORTATION_IDS, { error: m.transportationInvalid }).default("none"),
});
export type Step2Values = Infer<typeof step2Schema>;
