// Messages of the field rules every form shares (app/schemas/fields.ts). A form whose spec gives
// its own wording for a rule passes that wording in; these are the defaults.

export const fieldMessages = {
  /** A NUL byte or another control character (pasted from elsewhere, or sent by a robot). */
  controlCharacters: "Kentässä on merkkejä, joita ei voi tallentaa. Kirjoita teksti uudelleen.",
  textTooLong: "Teksti on liian pitkä",
  /** Anything no field foresaw (a list where text belongs, a missing form). */
  checkField: "Tarkista tämän kentän tieto",
  invalidEmail: "Virheellinen sähköpostiosoite",
  emailTooLong: "Sähköposti liian pitkä",
  invalidPhone: "Virheellinen puhelinnumero (esim. +358401234567 tai 0401234567)",
  postalCode: "Postinumeron on oltava 5 numeroa",
  nameInvalid: "Nimi sisältää epäkelpoja merkkejä",
  // Passwords (spec 000 §5 sign-up; the one rule for every new password, decision record 0011).
  passwordTooShort: "Salasanan on oltava vähintään 8 merkkiä",
  passwordTooLong: "Salasana liian pitkä",
  passwordNeedsUpper: "Salasanan tulee sisältää vähintään yksi iso kirjain",
  passwordNeedsLower: "Salasanan tulee sisältää vähintään yksi pieni kirjain",
  passwordNeedsDigit: "Salasanan tulee sisältää vähintään yksi numero",
  passwordsDiffer: "Salasanat eivät täsmää",
} as const;

/** The plain 400 answer to a form no action knows (forged or outdated): no field to put it on. */
export const FORM_INCOMPLETE = "Lomakkeen tiedot olivat puutteelliset.";

/** The hint under every field where a new password is chosen: the rule of `fieldMessages.password*`. */
export const PASSWORD_RULE_HINT = "Vähintään 8 merkkiä, joissa on iso kirjain, pieni kirjain ja numero.";
