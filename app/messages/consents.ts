import type { ConsentMethod, ConsentPurpose } from "../domain/consents";

// Texts of the consent log (issue 29 item 4; decision 0033). Each purpose's wording has a version;
// the log stores the version a person saw. When a wording changes, add a new version here, point
// `current` at it and keep the old one: the log's older rows still name it.

export interface ConsentWording {
  /** The heading of the consent in the profile and the back office. */
  title: string;
  /** The consent itself, as the person reads it. */
  text: string;
}

export const CONSENT_WORDINGS: Record<ConsentPurpose, { current: string; versions: Record<string, ConsentWording> }> = {
  markkinointi: {
    current: "markkinointi-1",
    versions: {
      "markkinointi-1": {
        title: "Uutiset ja tarjoukset sähköpostiin",
        text: "Saan sähköpostiini Arkikaverin uutisia ja tarjouksia.",
      },
    },
  },
  tekstiviestimuistutukset: {
    current: "tekstiviestimuistutukset-1",
    versions: {
      "tekstiviestimuistutukset-1": {
        title: "Muistutus tekstiviestinä",
        text: "Saan puhelimeeni tekstiviestin noin vuorokautta ennen kaverin käyntiä.",
      },
    },
  },
  tietojenkäsittely: {
    current: "tietojenkäsittely-1",
    versions: {
      "tietojenkäsittely-1": {
        title: "Lupa tietojen käsittelyyn",
        text: "Annan luvan tietojeni käsittelyyn tietosuojaselosteen mukaisesti.",
      },
    },
  },
};

/** The version a form shows now. */
export function currentConsentVersion(purpose: ConsentPurpose): string {
  return CONSENT_WORDINGS[purpose].current;
}

/** The wording of a version in the log (the current one for a version this code no longer knows). */
export function consentWording(purpose: ConsentPurpose, version: string): ConsentWording {
  const wordings = CONSENT_WORDINGS[purpose];
  return wordings.versions[version] ?? wordings.versions[wordings.current]!;
}

/** The registration checkbox's label around its link to /tietosuoja (the text of tietojenkäsittely-1). */
export const registrationConsentLabel = {
  before: "Annan luvan tietojeni käsittelyyn",
  link: "tietosuojaselosteen",
  after: "mukaisesti",
} as const;

export const consentMethodNames: Record<ConsentMethod, string> = {
  rekisteröityminen: "rekisteröityessä",
  profiili: "omalla sivulla",
  varauslomake: "varatessa",
};

export const consentMessages = {
  heading: "Suostumukset",
  intro: "Tässä näet, mihin olet antanut luvan. Voit antaa luvan tai perua sen milloin tahansa yhdellä painalluksella.",
  serviceMailsStay:
    "Varaukseen liittyvät viestit tulevat aina, vaikka et antaisi lupia: vahvistukset, muistutukset sähköpostiin, laskut ja kuitit.",
  noPhone: "Lisää puhelinnumero perustietoihin, niin voimme lähettää muistutuksen tekstiviestinä.",
  smsChoice: "Voit valita tekstiviestimuistutuksen myös varatessasi.",
  notGiven: "Et ole antanut lupaa.",
  given: (date: string, how: string) => `Olet antanut luvan ${date} ${how}.`,
  withdrawn: (date: string, how: string) => `Olet perunut luvan ${date} ${how}.`,
  give: "Anna lupa",
  withdraw: "Peru lupa",
  busy: "Tallennetaan…",
  givenToast: "Lupa annettu",
  withdrawnToast: "Lupa peruttu",
  givenToastDetail: (title: string) => `${title}: lupa on nyt voimassa.`,
  withdrawnToastDetail: (title: string) => `${title}: lupa on peruttu. Varaukseen liittyvät viestit tulevat edelleen.`,
  unchangedToast: "Ei muutoksia",
  helperConsentNote:
    "Tämä lupa on voimassa niin kauan kuin olet Arkikaverin kaveri. Jos haluat perua sen, voit poistaa tilisi tämän sivun lopussa tai ottaa yhteyttä asiakaspalveluun.",
  // The back office
  staffHeading: "Suostumukset",
  staffIntro: "Henkilö antaa ja peruu luvat itse omalla sivullaan. Uusin merkintä on voimassa.",
  staffEmpty: "Ei merkintöjä.",
  staffCaption: "Suostumusten loki, uusin ensin",
} as const;
