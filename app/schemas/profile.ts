import { type Infer, z } from "./zod";
import { authMessages as am } from "~/messages/auth";
import { caregiverRegistrationMessages as rm } from "~/messages/caregiver-registration";
import { deletionConfirmationField } from "./account-deletion";
import { accountDeletionNotices as adn } from "~/messages/account-deletion-notices";
import { dataExportMessages as dm } from "~/messages/data-export";
import { profileMessages as m } from "~/messages/profile";
import { NAME_MAX } from "./auth";
import { BIO_MIN_LENGTH, step2Schema } from "./caregiver-registration";
import { freeText, personName, phoneField } from "./fields";
import { CAREGIVER_BIO_MAX_LENGTH, SERVED_CITY_OPTIONS } from "./profile-options";

export * from "./profile-options";

// The portal's profile forms (spec 001 §5 "Profile", "Caregiver profile"; the password form is
// PasswordChangeSchema in ./auth.ts). The e-mail address is shown but never part of a form: it
// cannot be changed here. The helper's photo is checked from its bytes on the server
// (app/services/photo.server.ts), so it is not part of these schemas.

/** Full name and phone; the phone may be left empty (001 §5). */
export const ProfileSchema = z.object({
  fullName: personName({ missing: am.nameMissing, tooShort: am.nameTooShort, tooLong: am.nameTooLong }, NAME_MAX),
  phone: phoneField().optional(),
});
export type ProfileValues = Infer<typeof ProfileSchema>;

/**
 * The helper's own section (001 §5 "Caregiver profile"): the bio up to 2000 characters, the
 * services and languages with the registration's rules, and the towns served besides the helper's
 * own (DESIGN.md decision 17). The spec's optional hourly rate is not asked (issue 31): the price
 * is the price list's, so the rate changed nothing a helper or a customer could see; the column
 * stays for the rates already given.
 */
export const CaregiverProfileSchema = z.object({
  bio: freeText({ missing: rm.bioRequired, min: BIO_MIN_LENGTH, max: CAREGIVER_BIO_MAX_LENGTH, tooLong: m.bioTooLong }),
  services: step2Schema.shape.services,
  languages: step2Schema.shape.languages,
  // Checked as a whole, so the message belongs to the field (and the error summary's link finds it).
  serviceCities: z
    .array(z.string().max(100, { error: m.citiesInvalid }), { error: m.citiesInvalid })
    .max(SERVED_CITY_OPTIONS.length, { error: m.citiesInvalid })
    .refine((cities) => cities.every((city) => (SERVED_CITY_OPTIONS as readonly string[]).includes(city)), { error: m.citiesInvalid })
    .optional()
    .transform((cities) => [...new Set(cities ?? [])]),
});
export type CaregiverProfileValues = Infer<typeof CaregiverProfileSchema>;

/** "Lataa tietoni" (issue 29 item 2): the password asked again. */
export const DataExportRequestSchema = z.object({
  exportPassword: z
    .string({ error: dm.passwordRequired })
    .min(1, { error: dm.passwordRequired })
    .max(200, { error: dm.passwordRequired }),
});

/** "Poista tili" (issue 29 item 3): the password again and the word POISTA. */
export const AccountDeletionSchema = z.object({
  deletePassword: z
    .string({ error: adn.passwordRequired })
    .min(1, { error: adn.passwordRequired })
    .max(200, { error: adn.passwordRequired }),
  deleteConfirmation: deletionConfirmationField(),
});
