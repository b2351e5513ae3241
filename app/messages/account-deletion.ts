import type { EmailContent } from "../domain/email-content";

// Texts of "Poista tili" (issue 29 item 3; decision 0034): the profile's section and its answers,
// the e-mail with the "Peru poisto" link, the link's page, the sign-in refusal and the back office.

export const accountDeletionMessages = {
  heading: "Poista tili",
  intro: "Voit poistaa tilisi ja tietosi. Poisto tapahtuu 7 päivän kuluttua. Sitä ennen voit perua sen sähköpostiisi tulevasta linkistä.",
  whatGoes:
    "Poistamme nimesi, sähköpostiosoitteesi, puhelinnumerosi, osoitteesi, aiemmat saajat, viestit, kuvan ja kirjautumistiedot. Tilausten postinumero ja kaupunki jäävät tilastoihin ilman nimeä.",
  whatStays:
    "Laskut, kuitit, maksut ja kotitalousvähennysyhteenvedot säilytämme kirjanpitolain vuoksi erillisessä arkistossa kuuden vuoden ajan vuoden lopusta. Sen jälkeen ne poistetaan. Kirjoittamasi arviot jäävät näkyviin ilman nimeäsi.",
  signOutNote: "Kun vahvistat poiston, sinut kirjataan ulos etkä voi enää kirjautua tälle tilille.",
  passwordLabel: "Salasana",
  confirmLabel: "Kirjoita vahvistukseksi sana POISTA",
  confirmHint: "Isot tai pienet kirjaimet, kumpi tahansa.",
  confirmWrong: "Kirjoita sana POISTA",
  passwordRequired: "Kirjoita salasanasi",
  submit: "Poista tili",
  busy: "Poistetaan…",
  failed: "Tilin poisto epäonnistui",
  alreadyPending: "Tilisi poisto on jo pyydetty.",
  staffAccount: "Henkilökunnan tiliä ei voi poistaa täältä. Pyydä ylläpitäjää poistamaan tili.",
  // Blockers
  blockedHeading: "Tiliä ei voi vielä poistaa",
  blockedIntro: "Tiliä ei voi poistaa, kun sinulla on tulevia käyntejä tai maksamattomia laskuja.",
  futureVisitsHeading: "Tulevat käynnit",
  unpaidInvoicesHeading: "Maksamattomat laskut",
  unpaidInvoicesHint: "Maksa laskut ennen tilin poistoa. Maksun kirjautuminen voi kestää muutaman päivän.",
  cancelAllSubmit: "Peru kaikki tulevat käynnit",
  cancelAllBusy: "Perutaan…",
  cancelAllHint: "Käynnit perutaan tavallisin peruutusehdoin: maksutta viimeistään 24 tuntia ennen käynnin alkua, myöhemmin peruutusmaksu.",
  helperVisitsHint: "Tulevat käyntisi siirretään toiselle kaverille. Ota yhteyttä asiakaspalveluun, niin hoidamme siirron.",
  visitLine: (orderNumber: string, when: string) => `Tilaus ${orderNumber}: ${when}`,
  invoiceLine: (invoiceNumber: number, orderNumber: string, amount: string, dueDate: string) =>
    `Lasku ${invoiceNumber} (tilaus ${orderNumber}): ${amount}, eräpäivä ${dueDate}`,
  cancelledAll: (count: number) => (count === 1 ? "1 käynti peruttu" : `${count} käyntiä peruttu`),
  cancelledSome: (cancelled: number, left: number) => `${cancelled} käyntiä peruttu. ${left} käyntiä ei voinut perua täältä: ota yhteyttä asiakaspalveluun.`,
  noneCancelled: "Käyntejä ei voinut perua täältä. Ota yhteyttä asiakaspalveluun.",
  // Success
  requested: "Tilisi poistetaan",
  requestedDetail: (date: string) => `Tilisi poistetaan ${date}. Lähetimme sähköpostiisi linkin, josta voit perua poiston siihen asti.`,
  // Sign-in while pending
  signInPending: (date: string) =>
    `Tilisi on merkitty poistettavaksi ${date}. Et voi kirjautua sitä ennen. Jos haluat pitää tilin, peru poisto sähköpostiisi lähetetystä linkistä.`,
  // The "Peru poisto" page
  cancelPageTitle: "Peru tilin poisto",
  cancelPageIntro: (date: string) => `Tilisi on merkitty poistettavaksi ${date}. Jos perut poiston, tilisi ja tietosi säilyvät ja voit kirjautua taas tavalliseen tapaan.`,
  cancelSubmit: "Peru poisto",
  cancelBusy: "Perutaan…",
  cancelledTitle: "Poisto peruttu",
  cancelledText: "Tilisi säilyy. Voit kirjautua sisään tavalliseen tapaan.",
  linkNotFound: "Linkkiä ei löytynyt. Tarkista, että kopioit koko linkin sähköpostista.",
  linkDone: "Tili on jo poistettu, eikä poistoa voi enää perua.",
  linkCancelledAlready: "Tämän tilin poisto on jo peruttu. Voit kirjautua sisään tavalliseen tapaan.",
  signInLink: "Kirjaudu sisään",
  // The back office
  staffPending: (date: string) => `Asiakas on pyytänyt tilin poistoa. Tili poistetaan ${date}.`,
  staffPendingHelper: (date: string) => `Kaveri on pyytänyt tilin poistoa. Tili poistetaan ${date}.`,
  staffErased: (date: string) => `Tili on poistettu ${date}. Henkilötiedot on poistettu; kirjanpidon tositteet ovat arkistossa.`,
  erasedName: "Poistettu käyttäjä",
} as const;

export function accountDeletionEmailContent(fullName: string, cancelUrl: string, date: string): { subject: string; content: EmailContent } {
  return {
    subject: "Tilisi poistetaan – Arkikaveri",
    content: {
      heading: "Tilisi poistetaan",
      paragraphs: [
        fullName ? `Hei ${fullName},` : "Hei,",
        `Pyysit tilisi poistoa. Tilisi ja tietosi poistetaan ${date}.`,
        "Laskut, kuitit ja maksut säilytämme kirjanpitolain vuoksi erillisessä arkistossa kuuden vuoden ajan vuoden lopusta.",
        "Jos muutit mielesi, voit perua poiston tästä linkistä siihen asti:",
      ],
      button: { label: "Peru poisto", url: cancelUrl },
      afterButton: ["Jos et pyytänyt tilisi poistoa, peru poisto linkistä ja ota yhteyttä asiakaspalveluumme."],
    },
  };
}
