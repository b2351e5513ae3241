// Finnish texts of sign-in, sign-up and the e-mail links that are not field validation messages
// (those live with the schemas in app/schemas/auth.ts). Spec 000 §8 texts are verbatim.

export const authTexts = {
  signInFailed: "Kirjautuminen epäonnistui",
  signUpFailed: "Rekisteröityminen epäonnistui",
  signUpSucceeded: "Rekisteröinti onnistui!",
  signUpSucceededDescription: "Voit nyt kirjautua sisään.",
  wrongCredentials: "Sähköpostiosoite tai salasana on väärin.",
  unconfirmed:
    "Sähköpostiosoitettasi ei ole vielä vahvistettu. Avaa sähköpostiisi lähettämämme vahvistuslinkki tai tilaa uusi linkki alta.",
  unexpected: "Odottamaton virhe. Yritä uudelleen.",
  confirmationResent: "Vahvistuslinkki lähetetty",
  confirmationResentDescription: "Jos osoitteella on vahvistamaton tili, lähetimme siihen uuden vahvistuslinkin.",
  emailConfirmed: "Sähköpostiosoite vahvistettu!",
  emailConfirmedDescription: "Voit nyt kirjautua sisään.",
  linkInvalid: "Linkki on vanhentunut tai jo käytetty.",
  resetRequested:
    "Jos osoitteella on tili, lähetimme siihen linkin uuden salasanan valitsemiseen. Linkki on voimassa tunnin.",
  passwordChanged: "Salasana vaihdettu!",
  passwordChangedDescription: "Voit nyt kirjautua sisään uudella salasanalla.",
  signedOut: "Kirjauduttu ulos",
} as const;

export function rateLimitedMessage(minutes: number): string {
  return `Liian monta kirjautumisyritystä. Yritä uudelleen ${minutes} minuutin kuluttua.`;
}
