import type { ConsentPurpose } from "../domain/consents";
import { registrationConsentLabel } from "./caregiver-registration";

// The consents' wordings (issue 29 item 4; decision 0033). Each purpose's wording has a version;
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
        // The registration checkbox's label (its middle part links to /tietosuoja).
        text: `${registrationConsentLabel.before} ${registrationConsentLabel.link} ${registrationConsentLabel.after}.`,
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
