import type { ConsentMethod } from "../domain/consents";

// Texts of the consent log's pages (issue 29 item 4; decision 0033). The consents' own wordings,
// by version, are in ./consent-wordings.ts. This module imports nothing: the profile page's
// bundle carries it.

export const consentMethodNames: Record<ConsentMethod, string> = {
  rekisteröityminen: "rekisteröityessä",
  profiili: "omalla sivulla",
  varauslomake: "varatessa",
  hallintalinkki: "varauksen hallintasivulla",
};

/** The profile section's own texts (the page's bundle carries only these). */
export const consentMessages = {
  heading: "Suostumukset",
  intro: "Tässä näet, mihin olet antanut luvan. Voit antaa luvan tai perua sen milloin tahansa yhdellä painalluksella.",
  serviceMailsStay:
    "Varaukseen liittyvät viestit tulevat aina, vaikka et antaisi lupia: vahvistukset, muistutukset sähköpostiin, laskut ja kuitit.",
  give: "Anna lupa",
  withdraw: "Peru lupa",
  busy: "Tallennetaan…",
} as const;

/** What the server says: each consent's state and note, and the answers to a press. */
export const consentStateMessages = {
  noPhone: "Lisää puhelinnumero perustietoihin, niin voimme lähettää muistutuksen tekstiviestinä.",
  smsChoice: "Voit valita tekstiviestimuistutuksen myös varatessasi.",
  notGiven: "Et ole antanut lupaa.",
  given: (date: string, how: string) => `Olet antanut luvan ${date} ${how}.`,
  withdrawn: (date: string, how: string) => `Olet perunut luvan ${date} ${how}.`,
  givenToast: "Lupa annettu",
  withdrawnToast: "Lupa peruttu",
  givenToastDetail: (title: string) => `${title}: lupa on nyt voimassa.`,
  withdrawnToastDetail: (title: string) => `${title}: lupa on peruttu. Varaukseen liittyvät viestit tulevat edelleen.`,
  unchangedToast: "Ei muutoksia",
  helperConsentNote:
    "Tämä lupa on voimassa niin kauan kuin olet Arkikaverin kaveri. Jos haluat perua sen, voit poistaa tilisi tämän sivun lopussa tai ottaa yhteyttä asiakaspalveluun.",
} as const;

/** The back office's read-only log. */
export const consentStaffMessages = {
  heading: "Suostumukset",
  intro: "Henkilö antaa ja peruu luvat itse omalla sivullaan. Uusin merkintä on voimassa.",
  empty: "Ei merkintöjä.",
  caption: "Suostumusten loki, uusin ensin",
} as const;
