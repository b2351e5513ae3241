// The registration form's fixed parts: paths, field names, lengths and the choices with their
// texts. Apart from the schemas (./caregiver-registration.ts), so that the page can render them
// without bringing Zod into the browser (decision 0013).
import {
  languageOptionTexts,
  serviceOptionTexts,
  transportationOptionTexts,
} from "~/messages/caregiver-registration";

// Shared by the page (browser) and the action (server): a `.server` module's exports are empty in
// the browser bundle, so a page that took these from one rendered `name="undefined"` after a
// client-side navigation.
export const REGISTRATION_PATH = "/rekisteroidy-kaveriksi";
export const STEP_2_PATH = `${REGISTRATION_PATH}?vaihe=2`;
/** The photo's multipart field; checked from its bytes on the server, so not in the schemas. */
export const PHOTO_FIELD = "profileImage";

export const BIO_MIN_LENGTH = 10;
export const BIO_MAX_LENGTH = 400;

export const CITY_OPTIONS = [
  "Askola",
  "Espoo",
  "Hämeenlinna",
  "Helsinki",
  "Jyväskylä",
  "Kotka",
  "Kuopio",
  "Lahti",
  "Loviisa",
  "Oulu",
  "Pori",
  "Porvoo",
  "Rovaniemi",
  "Tampere",
  "Turku",
  "Vantaa",
  "Muu",
] as const;
export const OTHER_CITY = "Muu";

/** Service ids of the form; each is the slug of a service category (spec 001 §3). */
export const SERVICE_IDS = ["errands", "companionship", "light_cleaning", "outdoor_walks", "digital_help", "yard_work"] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];
// Typed by the ids, so that an id without its texts fails the typecheck.
const serviceTexts: Record<ServiceId, { label: string; description: string }> = serviceOptionTexts;
export const SERVICE_OPTIONS = SERVICE_IDS.map((value) => ({ value, ...serviceTexts[value] }));

export const LANGUAGE_IDS = ["suomi", "ruotsi", "englanti", "muu"] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];
const languageTexts: Record<LanguageId, string> = languageOptionTexts;
export const LANGUAGE_OPTIONS = LANGUAGE_IDS.map((value) => ({ value, label: languageTexts[value] }));

export const TRANSPORTATION_IDS = ["none", "license", "car"] as const;
export type Transportation = (typeof TRANSPORTATION_IDS)[number];
const transportationTexts: Record<Transportation, { label: string; description: string }> = transportationOptionTexts;
export const TRANSPORTATION_OPTIONS = TRANSPORTATION_IDS.map((value) => ({ value, ...transportationTexts[value] }));

/** Spec 001 (§7): a licence gives has_drivers_license; a car gives both flags. */
export function transportationFlags(transportation: Transportation): { hasDriversLicense: boolean; hasCar: boolean } {
  return { hasDriversLicense: transportation !== "none", hasCar: transportation === "car" };
}
