import type { CaregiverReviewAction } from "../domain/caregiver-review";

// The confirm step of a helper's review and the vetting approval waits for (decision 0018).

export const caregiverApprovalTexts = {
  confirmHeading: {
    approve: (name: string) => `Hyväksytäänkö ${name} kaveriksi?`,
    reject: (name: string) => `Hylätäänkö hakijan ${name} hakemus?`,
    suspend: (name: string) => `Jäädytetäänkö kaveri ${name}?`,
    reinstate: (name: string) => `Palautetaanko kaveri ${name} aktiiviseksi?`,
  } satisfies Record<CaregiverReviewAction, (name: string) => string>,
  signedOut: "Hänet kirjataan samalla ulos kaikilta laitteilta.",
  reasonShown: (reason: string) => `Syy, joka lähetetään sähköpostissa: ${reason}`,
  confirmButton: {
    approve: "Kyllä, hyväksy",
    reject: "Kyllä, hylkää",
    suspend: "Kyllä, jäädytä",
    reinstate: "Kyllä, palauta",
  } satisfies Record<CaregiverReviewAction, string>,
  cancel: "Peruuta",
  missingHeading: "Hyväksyntä odottaa tarkistuksia",
  missingList: (labels: string[]) => `Merkitse nämä tehdyiksi ennen hyväksymistä: ${labels.join(", ")}.`,
  refusedTitle: "Hakijaa ei voi vielä hyväksyä",
};

/** What an applicant (or a rejected one) sees in the portal, and a suspended helper at sign-in. */
export const applicantTexts = {
  pendingHeading: "Hakemuksesi on käsittelyssä",
  pendingIntro:
    "Kiitos hakemuksestasi. Ennen kuin voit ottaa tehtäviä, teemme kanssasi haastattelun, tarkistamme henkilöllisyytesi ja katsomme rikostaustaotteesi. Otamme sinuun yhteyttä.",
  stepsHeading: "Tarkistukset",
  stepDone: "tehty",
  stepWaiting: "odottaa",
  rejectedHeading: "Hakemustasi ei hyväksytty",
  rejectedReason: (reason: string) => `Syy: ${reason}`,
  contact: (phone: string, email: string) => `Kysyttävää? Soita ${phone} tai kirjoita ${email}.`,
  suspendedSignIn: (phone: string, email: string) =>
    `Tilisi on keskeytetty, joten et voi kirjautua sisään etkä ottaa tehtäviä. Ota yhteyttä asiakaspalveluun: ${phone} tai ${email}.`,
};
