import type { BookingStartError, UnavailableDay } from "~/domain/booking-window";
import type { DiscountRejection, DiscountRule } from "~/domain/discount";
import type { DurationError } from "~/domain/duration";
import { formatEuros } from "~/domain/format";
import { MAX_DURATION_HOURS, MIN_DURATION_HOURS, type PriceBand } from "~/domain/pricing";
import { BOOKING_WINDOW_DAYS } from "~/domain/booking-window";

// Texts of the booking flows (/varaa, /varaus): the contact step's field messages (spec 000 §5
// "Three-step wizard, step 3"; verbatim where the spec gives a rule's message), notices of the
// steps, and what placing an order can answer. The recipient of the service is "saaja" in every
// user text (decision record 0011).

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
  // The recipient ("saaja"): each field names itself, so a summary never repeats one message.
  recipientFirstNameMissing: "Kirjoita saajan etunimi",
  recipientFirstNameTooShort: "Saajan etunimi liian lyhyt",
  recipientFirstNameTooLong: "Saajan etunimi liian pitkä",
  recipientLastNameMissing: "Kirjoita saajan sukunimi",
  recipientLastNameTooShort: "Saajan sukunimi liian lyhyt",
  recipientLastNameTooLong: "Saajan sukunimi liian pitkä",
  recipientNameInvalid: "Saajan nimessä on epäkelpoja merkkejä",
  recipientPhoneMissing: "Kirjoita saajan puhelinnumero",
  recipientPhoneInvalid: "Tarkista saajan puhelinnumero (esim. +358401234567 tai 0401234567)",
  recipientAddressMissing: "Kirjoita saajan katuosoite",
  recipientAddressTooShort: "Saajan osoite liian lyhyt",
  recipientAddressTooLong: "Saajan osoite liian pitkä",
  recipientPostalCodeMissing: "Kirjoita saajan postinumero",
  recipientPostalCode: "Saajan postinumeron on oltava 5 numeroa",
  recipientCityMissing: "Kirjoita saajan kaupunki",
  recipientCityTooShort: "Saajan kaupunki liian lyhyt",
  recipientCityTooLong: "Saajan kaupunki liian pitkä",
  paymentMethod: "Valitse maksutapa",
  onlinePaymentUnavailable: "Verkkomaksu ei ole juuri nyt käytössä. Valitse maksutavaksi lasku.",
  acceptTerms: "Sinun täytyy hyväksyä ehdot",
  discountCodeTooLong: "Alennuskoodi on liian pitkä",
  noteTooLong: "Lisätiedot voivat olla enintään 1000 merkkiä",
} as const;

/** Why a step sent the customer back (app/booking/draft.ts DraftNotice), shown on that step. */
export const DRAFT_NOTICE_MESSAGES = {
  date_missing: "Valitse ensin päivä, kellonaika ja palvelu.",
  date_past: "Valittu aika on jo mennyt. Valitse tuleva päivä ja kellonaika.",
  date_too_far: `Voit varata ajan enintään ${BOOKING_WINDOW_DAYS} päivän päähän.`,
  time_missing: "Valitse kellonaika.",
  time_past: "Valittu aika on jo mennyt. Valitse tuleva päivä ja kellonaika.",
  duration_invalid: "Kesto voi olla 1–24 tuntia. Valitse kesto uudelleen.",
  service_missing: "Valitse palvelu.",
  caregiver_missing: "Valitse kaveri tai vaihtoehto ”Ei väliä – valitkaa minulle sopiva”.",
  caregiver_unavailable: "Valitsemasi kaveri ei ole enää vapaana tuohon aikaan. Valitse toinen kaveri tai aika.",
} as const;

/** Messages for a refused start; shown next to the date or time field. */
export const BOOKING_START_MESSAGES: Record<BookingStartError, string> = {
  past: DRAFT_NOTICE_MESSAGES.date_past,
  too_far: DRAFT_NOTICE_MESSAGES.date_too_far,
  invalid: "Valitse päivä ja kellonaika.",
};

/** Shown next to the manual duration field (spec 000 §5: manual 1–24 hours). */
/** Why a calendar day cannot be picked, read after the day by screen readers. */
export const UNAVAILABLE_DAY_MESSAGES: Record<UnavailableDay, string> = {
  past: "ei valittavissa, päivä on mennyt",
  too_far: `ei valittavissa, varattavissa enintään ${BOOKING_WINDOW_DAYS} päivää etukäteen`,
  day_over: "ei valittavissa, tälle päivälle ei ole enää aloitusaikoja",
};

export const DURATION_MESSAGES: Record<DurationError, string> = {
  not_integer: `Anna kesto kokonaisina tunteina (${MIN_DURATION_HOURS}–${MAX_DURATION_HOURS}).`,
  too_short: "Kesto vähintään 1 tunti",
  too_long: `Kesto enintään ${MAX_DURATION_HOURS} tuntia`,
  invalid_choice: "Valitse kesto.",
};

export const BAND_NAMES: Record<PriceBand["id"], string> = {
  day: "Päivä",
  evening: "Ilta",
  night: "Yö",
};

// Discount codes (spec 000 §8 verbatim).
/** A helper card's order count: '1 tilaus', '112 tilausta' (a numeral takes the partitive singular). */
export function caregiverOrdersText(count: number): string {
  return `${new Intl.NumberFormat("fi-FI").format(count)} ${count === 1 ? "tilaus" : "tilausta"}`;
}

export const DISCOUNT_VALID_MESSAGE = "Alennuskoodi hyväksytty!";
export const DISCOUNT_INVALID_MESSAGE = "Alennuskoodi ei ole voimassa";
export const DISCOUNT_CHECK_FAILED_MESSAGE = "Virhe alennuskoodin tarkistuksessa";

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

/** A guest's invoice order that waits for its e-mail address to confirm it (issue 12, finding 7). */
export const orderEmailConfirmationTexts = {
  heading: "Vahvista varauksesi",
  button: "Vahvista varaus",
  emailSubject: (orderNumber: string) => `Vahvista varauksesi ${orderNumber} – Arkikaveri`,
  emailIntro: (email: string, orderNumber: string) =>
    `Osoitteella ${email} tehtiin juuri varaus ${orderNumber}. Koska samalla osoitteella on tänään tehty jo useita laskulla maksettavia varauksia, varmistamme, että varaus on sinun.`,
  emailDeadline: (deadline: string) =>
    `Vahvista varaus viimeistään ${deadline}. Jos et vahvista sitä, varaus perutaan ja aika vapautuu muille.`,
  emailNotYou: "Jos et tehnyt tätä varausta, voit jättää viestin huomiotta: varaus perutaan itsestään.",
  /** On the result page right after booking. */
  pending: (email: string, deadline: string) =>
    `Varaus odottaa vahvistustasi. Lähetimme osoitteeseen ${email} viestin, jonka painikkeella vahvistat varauksen. Vahvista se viimeistään ${deadline}, muuten varaus perutaan. Lasku ja varausvahvistus lähetetään, kun olet vahvistanut varauksen.`,
  pagePrompt: "Vahvista alla oleva varaus painamalla painiketta. Sen jälkeen saat varausvahvistuksen ja laskun sähköpostiisi.",
  invalidLink: "Vahvistuslinkki on vanhentunut tai jo käytetty. Jos varausta ei vahvistettu ajoissa, se on peruttu. Voit tehdä uuden varauksen.",
  confirmed: "Varaus vahvistettu",
} as const;
