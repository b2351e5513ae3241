import { DRAFT_NOTICE_MESSAGES } from "./booking-steps";

// The signed-in wizards' own wording (spec 000 §5 "Four-step wizard", 001 §5 "Portal wizard") and
// the visit's field messages of every flow. Apart from ./booking.ts, whose notices the booking
// pages' browser bundle carries: these are needed only by the server and the summary page.

export type NoticeCode = keyof typeof DRAFT_NOTICE_MESSAGES;

/** The signed-in wizards say the same things in the spec's own words (000 §5 "Four-step wizard", 001 §5 "Portal wizard"). */
const SIGNED_IN_NOTICES: Partial<Record<NoticeCode, string>> = {
  service_missing: "Valitse palvelu jatkaaksesi.",
  date_missing: "Päivämäärä on pakollinen",
  date_past: "Päivämäärä ei voi olla menneisyydessä",
  time_missing: "Virheellinen kellonaikamuoto",
};

export const NOTICE_MESSAGES_BY_WORDING: Record<"public" | "fourStep" | "portal", Record<NoticeCode, string>> = {
  public: DRAFT_NOTICE_MESSAGES,
  fourStep: { ...DRAFT_NOTICE_MESSAGES, ...SIGNED_IN_NOTICES },
  portal: {
    ...DRAFT_NOTICE_MESSAGES,
    ...SIGNED_IN_NOTICES,
    date_missing: "Valitse päivämäärä",
    time_missing: "Täytä kaikki pakolliset kentät",
    duration_invalid: "Täytä kaikki pakolliset kentät",
    details_missing: "Täytä kaikki pakolliset kentät",
  },
};

/**
 * The visit's fields where the helper goes (postal code and city in every flow; street address,
 * phone, description and the note for the helper in the signed-in wizards), in each wording. An
 * empty field says what to do (decision record 0011) except where the spec gives the words
 * itself ('Täytä kaikki pakolliset kentät' of the portal wizard).
 */
export interface VisitFieldMessages {
  addressMissing: string;
  addressTooShort: string;
  addressTooLong: string;
  postalCodeMissing: string;
  postalCode: string;
  cityMissing: string;
  cityTooShort: string;
  cityTooLong: string;
  phoneMissing: string;
  phone: string;
  descriptionMissing: string;
  descriptionTooShort: string;
  descriptionTooLong: string;
  notesTooLong: string;
}

const FOUR_STEP_FIELDS: VisitFieldMessages = {
  addressMissing: "Kirjoita katuosoite",
  addressTooShort: "Osoite liian lyhyt (vähintään 5 merkkiä)",
  addressTooLong: "Osoite liian pitkä (enintään 200 merkkiä)",
  postalCodeMissing: "Kirjoita postinumero",
  postalCode: "Postinumeron on oltava 5 numeroa",
  cityMissing: "Kirjoita kaupunki",
  cityTooShort: "Kaupungin nimi liian lyhyt",
  cityTooLong: "Kaupungin nimi liian pitkä",
  phoneMissing: "Kirjoita puhelinnumero",
  phone: "Virheellinen puhelinnumero (esim. +358401234567 tai 0401234567)",
  descriptionMissing: "Kirjoita kuvaus",
  descriptionTooShort: "Kuvaus liian lyhyt (vähintään 10 merkkiä)",
  descriptionTooLong: "Kuvaus liian pitkä (enintään 2000 merkkiä)",
  notesTooLong: "Lisätiedot voivat olla enintään 1000 merkkiä",
};

const REQUIRED_FIELDS = "Täytä kaikki pakolliset kentät";

export const VISIT_FIELD_MESSAGES: Record<"public" | "fourStep" | "portal", VisitFieldMessages> = {
  public: {
    ...FOUR_STEP_FIELDS,
    addressTooShort: "Osoite liian lyhyt",
    addressTooLong: "Osoite liian pitkä",
    cityTooShort: "Kaupunki liian lyhyt",
    cityTooLong: "Kaupunki liian pitkä",
  },
  fourStep: FOUR_STEP_FIELDS,
  portal: {
    ...FOUR_STEP_FIELDS,
    addressMissing: REQUIRED_FIELDS,
    postalCodeMissing: REQUIRED_FIELDS,
    cityMissing: REQUIRED_FIELDS,
    phoneMissing: REQUIRED_FIELDS,
    descriptionMissing: "Kuvaus on liian lyhyt (vähintään 10 merkkiä)",
    descriptionTooShort: "Kuvaus on liian lyhyt (vähintään 10 merkkiä)",
  },
};

/** The signed-in wizards' last step and its answers (spec 000 §5 "Four-step wizard", §8). */
export const SIGNED_IN_BOOKING_MESSAGES = {
  acceptTerms: "Hyväksy varausehdot ennen jatkamista.",
  paymentMethod: "Valitse maksutapa",
  failed: "Varauksen luominen epäonnistui",
  succeeded: "Varaus tehty onnistuneesti!",
  notSignedIn: "Käyttäjä ei ole kirjautunut",
  signInToBook: "Kirjaudu sisään, niin pääset varaamaan. Palaat varaukseen heti kirjautumisen jälkeen.",
} as const;

