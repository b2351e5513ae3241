import type { DiscountRejection, DiscountRule } from "~/domain/discount";
import { formatEuros } from "~/domain/format";

export {
  BAND_NAMES,
  BOOKING_START_MESSAGES,
  DRAFT_NOTICE_MESSAGES,
  DURATION_MESSAGES,
  SPECIAL_NOTES_HINT,
  SPECIAL_NOTES_LABEL,
  UNAVAILABLE_DAY_MESSAGES,
  caregiverOrdersText,
  NEW_CAREGIVER_LABEL,
} from "./booking-steps";

// Texts of the booking flows (/varaa, /varaus, /varaa-kaveri, /portal/orders/new): the contact
// step's field messages (spec 000 §5 "Three-step wizard, step 3"; verbatim where the spec gives a
// rule's message), the signed-in wizards' own wording (spec 000 §5 "Four-step wizard", 001 §5
// "Portal wizard"), notices of the steps, and what placing an order can answer. The recipient of
// the service is "saaja" in every user text (decision record 0011).

export const bookingMessages = {
  bookingFor: "Valitse kenelle tilaat palvelun",
  firstNameMissing: "Kirjoita etunimi",
  firstNameTooShort: "Etunimi liian lyhyt",
  firstNameTooLong: "Etunimi liian pitkä",
  lastNameMissing: "Kirjoita sukunimi",
  lastNameTooShort: "Sukunimi liian lyhyt",
  lastNameTooLong: "Sukunimi liian pitkä",
  nameInvalid: "Nimi sisältää epäkelpoja merkkejä",
  emailMissing: "Kirjoita sähköpostiosoite",
  invalidEmail: "Virheellinen sähköpostiosoite",
  emailTooLong: "Sähköposti liian pitkä",
  phoneMissing: "Kirjoita puhelinnumero",
  invalidPhone: "Virheellinen puhelinnumero (esim. +358401234567 tai 0401234567)",
  addressMissing: "Kirjoita katuosoite",
  addressTooShort: "Osoite liian lyhyt",
  addressTooLong: "Osoite liian pitkä",
  postalCodeMissing: "Kirjoita postinumero",
  postalCode: "Postinumeron on oltava 5 numeroa",
  cityMissing: "Kirjoita kaupunki",
  cityTooShort: "Kaupunki liian lyhyt",
  cityTooLong: "Kaupunki liian pitkä",
  // The recipient ("saaja"). Any of the six left empty is one message, verbatim from spec 000 §5
  // (its one use of "vastaanottaja"), said once, on the first empty field (RECIPIENT_FIELDS);
  // a field filled in wrong names itself.
  recipientMissing: "Täytä vastaanottajan tiedot",
  recipientFirstNameTooShort: "Saajan etunimi liian lyhyt",
  recipientFirstNameTooLong: "Saajan etunimi liian pitkä",
  recipientLastNameTooShort: "Saajan sukunimi liian lyhyt",
  recipientLastNameTooLong: "Saajan sukunimi liian pitkä",
  recipientNameInvalid: "Saajan nimessä on epäkelpoja merkkejä",
  recipientPhoneInvalid: "Tarkista saajan puhelinnumero (esim. +358401234567 tai 0401234567)",
  recipientAddressTooShort: "Saajan osoite liian lyhyt",
  recipientAddressTooLong: "Saajan osoite liian pitkä",
  recipientPostalCode: "Saajan postinumeron on oltava 5 numeroa",
  recipientCityTooShort: "Saajan kaupunki liian lyhyt",
  recipientCityTooLong: "Saajan kaupunki liian pitkä",
  recipientEmailInvalid: "Tarkista saajan sähköpostiosoite (esim. nimi@esimerkki.fi) tai jätä kenttä tyhjäksi",
  // "Muistutus tekstiviestinä" ticked without a Finnish mobile number to send it to (decision 0031).
  smsReminderNoMobileSelf:
    "Tekstiviestimuistutus lähetetään suomalaiseen matkapuhelinnumeroon. Kirjoita puhelinnumeroksi matkapuhelinnumero (esim. 040 123 4567) tai poista valinta.",
  smsReminderNoMobileOther:
    "Tekstiviestimuistutus lähetetään saajan matkapuhelimeen. Kirjoita saajan puhelinnumeroksi suomalainen matkapuhelinnumero (esim. 040 123 4567) tai poista valinta.",
  paymentMethod: "Valitse maksutapa",
  onlinePaymentUnavailable: "Verkkomaksu ei ole juuri nyt käytössä. Valitse maksutavaksi lasku.",
  acceptTerms: "Sinun täytyy hyväksyä ehdot",
  discountCodeTooLong: "Alennuskoodi on liian pitkä",
  noteTooLong: "Lisätiedot voivat olla enintään 1000 merkkiä",
} as const;

/** A helper booked from the public contact step for a visit in a city they do not serve. */
export function caregiverOutsideAreaMessage(city: string): string {
  return `Valitsemasi kaveri ei tee käyntejä paikkakunnalla ${city}. Tarkista kaupunki tai valitse toinen kaveri.`;
}

// Discount codes (spec 000 §8 verbatim).
export const DISCOUNT_VALID_MESSAGE = "Alennuskoodi hyväksytty!";
export const DISCOUNT_INVALID_MESSAGE = "Alennuskoodi ei ole voimassa";
export const DISCOUNT_CHECK_FAILED_MESSAGE = "Virhe alennuskoodin tarkistuksessa";
/** 'Tarkista' pressed with the code field empty. */
export const DISCOUNT_CODE_MISSING_MESSAGE = "Kirjoita alennuskoodi ennen tarkistusta.";

/**
 * Finnish text for a refused code. The spec allows the server's own text in place of the generic
 * 'Alennuskoodi ei ole voimassa'; we give a specific one where it tells the customer what to do.
 * An unknown code ('not_found') and a switched-off one get the generic text, so nobody can probe
 * which codes exist.
 */
export function discountRejectionMessage(
  reason: DiscountRejection | "not_found",
  code?: Pick<DiscountRule, "minOrderCents"> | null,
): string {
  switch (reason) {
    case "not_started":
      return "Alennuskoodi ei ole vielä voimassa.";
    case "expired":
      return "Alennuskoodi on vanhentunut.";
    case "used_up":
      return "Alennuskoodi on käytetty loppuun.";
    case "user_limit":
      return "Olet jo käyttänyt tämän alennuskoodin.";
    case "min_order":
      return code?.minOrderCents != null
        ? `Tilauksen vähimmäissumma tälle koodille on ${formatEuros(code.minOrderCents)}.`
        : DISCOUNT_INVALID_MESSAGE;
    case "inactive":
    case "not_found":
      return DISCOUNT_INVALID_MESSAGE;
  }
}

// Placing the order and paying (spec 000 §8 verbatim).
export const ORDER_FAILED_MESSAGES = {
  invoice: "Laskuvarauksen luominen epäonnistui. Yritä uudelleen.",
  online: "Maksun aloittaminen epäonnistui. Yritä uudelleen.",
} as const;

export const CHECKOUT_MESSAGES = {
  failed: "Maksun aloittaminen epäonnistui. Yritä uudelleen.",
  noUrl: "Maksun aloittaminen epäonnistui - ei checkout URL:ia",
} as const;

/** A customer frozen by staff cannot book (issue 14); said without revealing more about the account. */
export const CUSTOMER_FROZEN_MESSAGE =
  "Tällä sähköpostiosoitteella ei voi tehdä varausta, koska asiakastili on jäädytetty. Ota yhteyttä asiakaspalveluumme, niin selvitämme asian.";

/** Shown when 'Yritä maksua uudelleen' names an order this browser cannot (or can no longer) pay. */
export const RETRY_REFUSED_MESSAGE = "Tätä varausta ei voi enää maksaa. Tarkista tiedot ja tee uusi varaus.";


/** Too many orders without signing in from one client or for one address (issue 12, finding 7). */
export function bookingRateLimitedMessage(minutes: number): string {
  return `Tästä osoitteesta on tehty lyhyessä ajassa liian monta varausta. Yritä uudelleen ${minutes} minuutin kuluttua tai kirjaudu sisään. Tietosi ovat tallessa lomakkeella.`;
}
