import type { EmailContent } from "../domain/email-content";

// Texts of "Lataa tietoni" (issue 29 item 2; decision 0032): the profile's form, its answers, the
// e-mail with the link, the download's refusals and the back office's button.

export const dataExportMessages = {
  heading: "Lataa tietoni",
  intro:
    "Saat kaikki sinusta tallennetut tiedot yhtenä ZIP-tiedostona: tilaukset, laskut, maksut, viestit, arviot ja suostumukset taulukoina, laskut, kuitit ja kotitalousvähennysyhteenvedot PDF-tiedostoina sekä koneluettavan data.json-tiedoston.",
  howItWorks: "Vahvista pyyntö salasanallasi. Kokoamme tiedot taustalla ja lähetämme sähköpostiisi latauslinkin, joka on voimassa 7 päivää.",
  passwordLabel: "Salasana",
  submit: "Lataa tietoni",
  busy: "Lähetetään…",
  failed: "Tietojen lataus epäonnistui",
  queued: "Pyyntö vastaanotettu",
  queuedDetail: "Kokoamme tietosi. Saat sähköpostiisi latauslinkin yleensä muutamassa minuutissa.",
  alreadyPending: "Edellinen pyyntösi on vielä käsittelyssä. Saat linkin sähköpostiisi, kun tiedosto on valmis.",
  tooMany: "Olet pyytänyt tietojasi jo useita kertoja tänään. Yritä huomenna uudelleen.",
  passwordRequired: "Kirjoita salasanasi",
  notFound: "Latauslinkkiä ei löytynyt. Tarkista, että olet kirjautunut samalla tilillä, jolle linkki lähetettiin.",
  expired: "Latauslinkki on vanhentunut. Voit pyytää tiedot uudelleen profiilisivulta.",
  fileName: (date: string) => `arkikaveri-tietoni-${date}.zip`,
  // The back office
  staffHeading: "Henkilötietojen vienti",
  staffIntro: "Henkilön pyynnöstä: tiedot kootaan ZIP-tiedostoksi ja latauslinkki lähetetään hänen omaan sähköpostiinsa. Linkki toimii vain hänen kirjautuneena.",
  staffSubmit: "Lähetä tiedot henkilölle",
  staffQueued: "Tietojen vienti käynnistetty",
  staffQueuedDetail: "Henkilö saa latauslinkin sähköpostiinsa.",
  staffPending: "Henkilön edellinen pyyntö on vielä käsittelyssä.",
  staffTooMany: "Henkilön tietoja on pyydetty jo useita kertoja tänään. Yritä huomenna uudelleen.",
} as const;

export function dataExportReadyEmailContent(fullName: string, url: string, validUntil: string): { subject: string; content: EmailContent } {
  return {
    subject: "Tietosi ovat ladattavissa – Arkikaveri",
    content: {
      heading: "Tietosi ovat ladattavissa",
      paragraphs: [
        fullName ? `Hei ${fullName},` : "Hei,",
        "Kokosimme sinusta tallennetut tiedot yhdeksi ZIP-tiedostoksi pyyntösi mukaisesti.",
        `Linkki on voimassa ${validUntil} asti, ja lataaminen vaatii kirjautumisen omalle tilillesi.`,
      ],
      button: { label: "Lataa tietosi", url },
      afterButton: ["Jos et pyytänyt tietojasi, ota yhteyttä asiakaspalveluumme."],
    },
  };
}
