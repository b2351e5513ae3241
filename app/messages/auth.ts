// Texts of sign-in, sign-up, the e-mail links and access (spec 000 §5, §8 verbatim where given).

import { LINK_LIFETIME_MS, lifetimeWords } from "../domain/auth-links";

export const authMessages = {
  // Field messages of the sign-in and sign-up forms.
  emailMissing: "Kirjoita sähköpostiosoite",
  nameMissing: "Kirjoita nimesi",
  nameTooShort: "Nimi liian lyhyt",
  nameTooLong: "Nimi liian pitkä",
  linkInvalidToken: "Linkki on virheellinen.",
  // Password change (spec 001 §5).
  currentPasswordRequired: "Nykyinen salasana vaaditaan",
  newPasswordTooShort: "Uuden salasanan on oltava vähintään 8 merkkiä",
  currentPasswordWrong: "Nykyinen salasana on väärin",
  // Results and notices.
  signInFailed: "Kirjautuminen epäonnistui",
  signUpFailed: "Rekisteröityminen epäonnistui",
  signUpSucceeded: "Rekisteröinti onnistui!",
  signUpSucceededDescription: "Voit nyt kirjautua sisään.",
  wrongCredentials: "Sähköpostiosoite tai salasana on väärin.",
  unconfirmed:
    "Sähköpostiosoitettasi ei ole vielä vahvistettu. Avaa sähköpostiisi lähettämämme vahvistuslinkki tai tilaa uusi linkki alta.",
  unexpected: "Odottamaton virhe. Yritä uudelleen.",
  accountFrozen: "Tilisi on jäädytetty, joten et voi kirjautua sisään. Ota yhteyttä asiakaspalveluumme, niin selvitämme asian.",
  confirmationResent: "Vahvistuslinkki lähetetty",
  confirmationResentDescription: "Jos osoitteella on vahvistamaton tili, lähetimme siihen uuden vahvistuslinkin.",
  emailConfirmed: "Sähköpostiosoite vahvistettu!",
  emailConfirmedDescription: "Voit nyt kirjautua sisään.",
  linkInvalid: "Linkki on vanhentunut tai jo käytetty.",
  resetRequested:
    `Jos osoitteella on tili, lähetimme siihen linkin uuden salasanan valitsemiseen. Linkki on voimassa ${lifetimeWords(LINK_LIFETIME_MS.reset_password)}.`,
  passwordChanged: "Salasana vaihdettu!",
  passwordChangedDescription: "Voit nyt kirjautua sisään uudella salasanalla.",
  passwordChangedSignedIn: "Olet nyt kirjautunut sisään uudella salasanalla.",
  profileFinished: "Profiili viimeistelty!",
  profileFinishedDescription: "Olet nyt kirjautunut sisään. Ensi kerralla kirjaudut sähköpostiosoitteellasi ja salasanallasi.",
  signedOut: "Kirjauduttu ulos",
  // Sign-in toasts (spec 000 §8; "ylläpitäjänä" in plain Finnish for the spec's "adminina").
  signedInAsAdmin: "Kirjauduttu sisään ylläpitäjänä!",
  signedInAsCaregiver: "Kirjauduttu sisään kaverina!",
  signedIn: "Kirjauduttu sisään!",
  // Access (spec 001 §8).
  forbidden: "Ei käyttöoikeutta tälle sivulle.",
  crossSite: "Pyyntö hylättiin, koska lomake lähetettiin toiselta sivustolta. Avaa sivu uudelleen ja yritä uudestaan.",
} as const;

/** Sign-ups past the limits of one client or one address (issue 31). */
export function signUpRateLimitedMessage(minutes: number): string {
  return `Tästä osoitteesta tai tälle sähköpostiosoitteelle on tehty lyhyessä ajassa liian monta rekisteröitymistä. Yritä uudelleen ${minutes} minuutin kuluttua.`;
}

export function rateLimitedMessage(minutes: number): string {
  return `Liian monta kirjautumisyritystä. Yritä uudelleen ${minutes} minuutin kuluttua.`;
}
