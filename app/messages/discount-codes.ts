// Texts of the back office's discount codes (spec 001 §4, §5 "Discount code creation", §8).

export const discountCodeMessages = {
  codeTooShort: "Koodi liian lyhyt",
  codeTooLong: "Koodi liian pitkä",
  codeChars: "Vain isoja kirjaimia ja numeroita",
  codeTaken: "Koodi on jo käytössä",
  value: "Arvo on pakollinen",
  percentTooBig: "Prosentti voi olla enintään 100",
  amount: "Anna summa euroina, esim. 10 tai 12,50",
  limit: "Rajan on oltava positiivinen kokonaisluku",
  validFrom: "Valitse alkamispäivä",
  validUntil: "Valitse päättymispäivä",
  validRange: "Päättymispäivä ei voi olla ennen alkamispäivää",
  created: "Alennuskoodi luotu!",
  createFailed: "Virhe luotaessa alennuskoodia",
  deleted: "Alennuskoodi poistettu!",
  deactivatedInstead: "Koodia on jo käytetty, joten sitä ei poistettu vaan se poistettiin käytöstä.",
  deleteFailed: "Virhe poistettaessa alennuskoodia",
  toggled: "Tila päivitetty!",
} as const;
