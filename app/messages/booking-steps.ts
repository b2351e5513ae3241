import type { BookingStartError, UnavailableDay } from "~/domain/booking-window";
import { BOOKING_WINDOW_DAYS } from "~/domain/booking-window";
import type { DurationError } from "~/domain/duration";
import { MAX_DURATION_HOURS, MIN_DURATION_HOURS, type PriceBand } from "~/domain/pricing";

// Texts of the booking's pick steps (time, place, helper): notices of the steps, the calendar's
// and the duration's messages, the price bands' names, the helper cards' order count and the
// words of the note for the helper. Apart from ./booking.ts (the contact form and what placing an
// order answers), because the pick steps' browser bundle carries whatever module it imports;
// ./booking.ts re-exports all of these.

/** 'Lisätietoja kaverille' (optional, up to 1000 characters): the same words in every flow. */
export const SPECIAL_NOTES_LABEL = "Lisätietoja kaverille (vapaaehtoinen)";
export const SPECIAL_NOTES_HINT =
  "Esimerkiksi mitä apua tarvitaan, ovikoodi, lemmikit tai kenelle soittaa. Enintään 1000 merkkiä. Tiedot näkyvät vain kaverille ja asiakaspalvelulle.";

/** Why a step sent the customer back (app/booking/draft.ts DraftNotice), shown on that step. */
export const DRAFT_NOTICE_MESSAGES = {
  date_missing: "Valitse ensin päivä, kellonaika ja palvelu.",
  date_past: "Valittu aika on jo mennyt. Valitse tuleva päivä ja kellonaika.",
  date_too_far: `Voit varata ajan enintään ${BOOKING_WINDOW_DAYS} päivän päähän.`,
  time_missing: "Valitse kellonaika.",
  time_past: "Valittu aika on jo mennyt. Valitse tuleva päivä ja kellonaika.",
  duration_invalid: "Kesto voi olla 1–24 tuntia. Valitse kesto uudelleen.",
  service_missing: "Valitse palvelu.",
  place_missing: "Kirjoita käynnin postinumero ja kaupunki, niin näytämme kaverit, jotka käyvät siellä.",
  details_missing: "Täytä käynnin osoite ja kuvaus.",
  caregiver_missing: "Valitse kaveri tai vaihtoehto ”Ei väliä – valitkaa minulle sopiva”.",
  caregiver_unavailable: "Valitsemasi kaveri ei ole enää vapaana tuohon aikaan. Valitse toinen kaveri tai aika.",
  caregiver_outside_area:
    "Valitsemasi kaveri ei tee käyntejä tällä paikkakunnalla. Valitse toinen kaveri tai ”Ei väliä – valitkaa minulle sopiva”.",
  caregiver_no_service: "Valitsemasi kaveri ei tarjoa tätä palvelua. Valitse toinen kaveri tai ”Ei väliä – valitkaa minulle sopiva”.",
} as const;

/** Messages for a refused start; shown next to the date or time field. */
export const BOOKING_START_MESSAGES: Record<BookingStartError, string> = {
  past: DRAFT_NOTICE_MESSAGES.date_past,
  too_far: DRAFT_NOTICE_MESSAGES.date_too_far,
  invalid: "Valitse päivä ja kellonaika.",
};

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

/** A helper card's words for a helper nobody has rated yet (DESIGN.md decision 17). */
export const NEW_CAREGIVER_LABEL = "Uusi kaveri";

/** A helper card's order count: '1 tilaus', '112 tilausta' (a numeral takes the partitive singular). */
export function caregiverOrdersText(count: number): string {
  return `${new Intl.NumberFormat("fi-FI").format(count)} ${count === 1 ? "tilaus" : "tilausta"}`;
}

/** An hour of the time step at which nobody can do the visit (issue 27 item 3). */
export const NOBODY_FREE = "Ei vapaita kavereita";
