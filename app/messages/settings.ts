// Texts of the settings an admin edits (price bands, contact and company details).

export const settingsMessages = {
  bandOrder: "Hintaluokan alkutunti ei voi olla lopputunnin jälkeen",
  bandTwice: "Sama hintaluokka on annettu kahdesti",
  hoursWithoutPrice: (hours: number[]) => `Hinta puuttuu tunneilta ${hours.join(", ")}`,
  hoursWithTwoPrices: (hours: number[]) => `Tunneilla ${hours.join(", ")} on useampi kuin yksi hinta`,
  bandHour: "Tunnin on oltava 0–23",
  bandPrice: "Tuntihinnan on oltava 1–1000 €",
  companyName: "Kirjoita yrityksen nimi (2–200 merkkiä)",
  businessId: "Virheellinen Y-tunnus",
  address: "Kirjoita katuosoite (2–200 merkkiä)",
  city: "Kirjoita kaupunki (2–100 merkkiä)",
  iban: "Virheellinen IBAN-tilinumero",
  bic: "Virheellinen BIC-koodi",
  travelMinutes: "Anna matka-aika minuutteina 0–180, viiden minuutin tarkkuudella",
  prepaymentRegisterCheckedOn: "Valitse päivä, jolloin ennakkoperintärekisterin merkintä tarkistettiin",
} as const;
