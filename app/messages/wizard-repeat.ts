// The signed-in wizard's repeat choice (issue 27 item 4). A file of its own: the summary page
// loads it in the browser, without the series' e-mails.
/** The signed-in wizard's "Toistuvuus" on its summary step (docs/decisions/0042). */
export const wizardRepeatTexts = {
  legend: "Toistuvuus",
  once: "Kerran",
  onceDescription: "Yksi käynti valittuna päivänä.",
  weekly: "Joka viikko",
  biweekly: "Joka toinen viikko",
  repeatingDescription: "Sama kaveri samaan aikaan. Näet kaikki päivät ja jokaisen käynnin hinnan ennen varaamista.",
  // The summary's price is one visit's: each visit of a series is priced by its own start hour.
  hint: "Yllä oleva hinta on yhden käynnin hinta. Toistuvissa käynneissä näet seuraavaksi kaikki päivät ja jokaisen käynnin hinnan ja varaat ne yhdellä kertaa.",
  endLegend: "Milloin käynnit päättyvät?",
  endCount: "Kun käyntejä on tehty",
  endDate: "Tiettynä päivänä",
  endOpen: "Toistaiseksi",
  endOpenDescription: "Lisäämme käynnit aina 12 viikkoa eteenpäin, kunnes perut ne.",
  countLabel: "Käyntien määrä (2–26)",
  endDateLabel: "Viimeinen mahdollinen päivä",
  endDateHint: "Enintään 180 päivän päähän. Esimerkiksi 31.3.2027.",
  anyHelperNote: "Valitsit ”Ei väliä”. Toistuviin käynteihin tarvitaan nimetty kaveri: valitse kaveri edellisessä vaiheessa.",
  showDates: "Näytä päivät",
  showingDates: "Haetaan päiviä…",
} as const;
