import { CITY_OPTIONS, OTHER_CITY } from "./caregiver-registration-options";

// What the profile page itself needs of its forms (limits, choices, field names), without Zod: the
// page is validated on the server only (decisions 0013, 0017), so only its server half imports the
// schemas in ./profile.ts, which re-exports these.

export const CAREGIVER_BIO_MAX_LENGTH = 2000;
/** Towns a helper may add to their area: the registration's list without 'Muu'. */
export const SERVED_CITY_OPTIONS = CITY_OPTIONS.filter((city) => city !== OTHER_CITY);
export const CAREGIVER_PHOTO_FIELD = "photo";
