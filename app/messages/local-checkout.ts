// Texts of the local test checkout page /maksu/testi/<ref> (DESIGN.md decision 11). Small on
// purpose: the page ships it to the browser.

export const ONLINE_PAYMENT_METHOD_TEXTS = {
  card: "Kortti",
  mobilepay: "MobilePay",
  klarna: "Klarna",
} as const;

export const localCheckoutMessages = {
  methodMissing: "Valitse maksutapa",
  /** A series' first visit (docs/decisions/0040): its card is saved, so only a card will do. */
  cardOnly: "Toistuvan varauksen ensimmäinen käynti maksetaan kortilla, joka tallennetaan myöhempiä käyntejä varten.",
  decliningCard: "Tallenna testikortti, jonka myöhemmät veloitukset hylätään",
  decliningCardHint: "Näin voit kokeilla, mitä tapahtuu, kun käynnin veloitus epäonnistuu.",
} as const;
