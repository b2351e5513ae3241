import { AUDIT_FIELD_LABELS } from "./backoffice";

// The words of the audit log and the order timeline (issue 25 item 7): each field a log line
// keeps, as staff read it aloud. app/backoffice/audit-view.ts turns the values into words and euros.

export const AUDIT_FIELD_WORDS: Record<string, string> = {
  ...AUDIT_FIELD_LABELS,
  accepted: "Kaveri vahvistanut",
  feeCents: "Peruutusmaksu",
  feeWaived: "Peruutusmaksu jätetty perimättä",
  creditNoteNumber: "Hyvityslasku",
  creditedCents: "Hyvitetty",
  refundCents: "Palautus asiakkaalle",
  // A series action (issue 27 item 5): the visits it touched, by number.
  orderNumbers: "Käynnit",
  payout: "Tilitys",
  payoutCents: "Tilitys kaverille",
  invoice: "Lasku",
  invoiceNumber: "Lasku",
  paymentCents: "Kirjattu maksu",
  paidCents: "Maksettu yhteensä",
  amountCents: "Summa",
  paidOn: "Maksupäivä",
  reminderSentAt: "Muistutus lähetetty",
  to: "Vastaanottaja",
  code: "Koodi",
  type: "Alennuksen tyyppi",
  percentBp: "Alennus",
  minOrderCents: "Vähimmäistilaus",
  maxDiscountCents: "Alennus enintään",
  validFrom: "Voimassa alkaen",
  validUntil: "Voimassa asti",
  usageLimit: "Käyttökertoja enintään",
  perUserLimit: "Käyttökertoja asiakasta kohden",
  isActive: "Aktiivinen",
  priceBands: "Tuntihinnat",
  // Settings (whole objects: each inner field on its own line).
  email: "Sähköposti",
  phone: "Puhelin",
  name: "Nimi",
  businessId: "Y-tunnus",
  address: "Osoite",
  postalCode: "Postinumero",
  city: "Kaupunki",
  iban: "Tilinumero",
  bic: "BIC",
};

/** Values that are codes in the log and words on the screen, by field. */
export const AUDIT_VALUE_WORDS: Record<string, Record<string, string>> = {
  payout: { pending: "Odottaa maksua", paid: "Maksettu" },
  invoice: { open: "Avoin", paid: "Maksettu", cancelled: "Hyvitetty" },
  type: { percentage: "Prosenttialennus", fixed_amount: "Euroalennus" },
  note: { "refund needed": "Maksu on palautettava asiakkaalle" },
};

export const PRICE_BAND_WORDS: Record<string, string> = { day: "Päivä", evening: "Ilta", night: "Yö" };

export const auditWords = {
  yes: "kyllä",
  no: "ei",
  none: "–",
  priceBand: (band: string, fromHour: number, toHour: number, price: string) => `${band} klo ${fromHour}–${toHour + 1}: ${price}/h`,
  unlimited: "ei rajaa",
} as const;
