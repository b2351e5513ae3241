// The pages of requests refused before the app reads them (app/services/request-limits.server.ts,
// README "Requests the server refuses"): what went wrong and what to do, in a sentence each.

export const requestRefusalTexts = {
  400: { title: "Lomakkeen tiedot puuttuvat", text: "Lomakkeen lähetys ei onnistunut. Palaa edelliselle sivulle ja lähetä lomake uudelleen." },
  405: { title: "Toimintoa ei tueta", text: "Sivu ei tue tätä pyyntöä. Palaa edelliselle sivulle ja yritä uudelleen." },
  411: { title: "Pyyntö puutteellinen", text: "Lomakkeen lähetys ei onnistunut. Palaa edelliselle sivulle ja lähetä lomake uudelleen." },
  413: {
    title: "Lähetetyt tiedot olivat liian suuret",
    text: "Lomakkeen tiedot olivat liian pitkät. Palaa takaisin, lyhennä tekstiä ja lähetä lomake uudelleen.",
  },
  "413photo": {
    title: "Lähetetyt tiedot olivat liian suuret",
    text: "Kuva tai lomakkeen tiedot olivat liian suuret. Kuvan koko saa olla enintään 5 Mt. Palaa takaisin, valitse pienempi kuva ja lähetä lomake uudelleen.",
  },
  415: { title: "Lomakkeen muotoa ei tueta", text: "Lomakkeen lähetys ei onnistunut. Palaa edelliselle sivulle ja lähetä lomake uudelleen." },
} as const;

/** The link under every refusal, back to the page the form was on. */
export const REQUEST_REFUSAL_BACK_LINK = "Palaa takaisin";
