import type { EmailContent } from "../domain/email-content";

// Texts of "Poista tili" (issue 29 item 3; decision 0034) beyond the profile's form (those are in
// ./account-deletion.ts): the answers, the e-mail with the "Peru poisto" link, the link's page,
// the sign-in refusal and the back office.

export const accountDeletionNotices = {
  confirmWrong: "Kirjoita sana POISTA",
  passwordRequired: "Kirjoita salasanasi",
  alreadyPending: "Tilisi poisto on jo pyydetty.",
  staffAccount: "Henkilökunnan tiliä ei voi poistaa täältä. Pyydä ylläpitäjää poistamaan tili.",
  visitLine: (orderNumber: string, when: string) => `Tilaus ${orderNumber}: ${when}`,
  invoiceLine: (invoiceNumber: number, orderNumber: string, amount: string, dueDate: string) =>
    `Lasku ${invoiceNumber} (tilaus ${orderNumber}): ${amount}, eräpäivä ${dueDate}`,
  /** A weekly series' monthly invoice; `month` as "1/2027". */
  monthlyInvoiceLine: (invoiceNumber: number, month: string, amount: string, dueDate: string) =>
    `Lasku ${invoiceNumber} (toistuvat käynnit ${month}): ${amount}, eräpäivä ${dueDate}`,
  cancelledAll: (count: number) => (count === 1 ? "1 käynti peruttu" : `${count} käyntiä peruttu`),
  cancelledSome: (cancelled: number, left: number) => `${cancelled} käyntiä peruttu. ${left} käyntiä ei voinut perua täältä: ota yhteyttä asiakaspalveluun.`,
  noneCancelled: "Käyntejä ei voinut perua täältä. Ota yhteyttä asiakaspalveluun.",
  requested: "Tilisi poistetaan",
  requestedDetail: (date: string) => `Tilisi poistetaan ${date}. Lähetimme sähköpostiisi linkin, josta voit perua poiston siihen asti.`,
  signInPending: (date: string) =>
    `Tilisi on merkitty poistettavaksi ${date}. Et voi kirjautua sitä ennen. Jos haluat pitää tilin, peru poisto sähköpostiisi lähetetystä linkistä.`,
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
  staffPending: (date: string) => `Asiakas on pyytänyt tilin poistoa. Tili poistetaan ${date}.`,
  staffPendingHelper: (date: string) => `Kaveri on pyytänyt tilin poistoa. Tili poistetaan ${date}.`,
  staffErased: (date: string) => `Tili on poistettu ${date}. Henkilötiedot on poistettu; kirjanpidon tositteet ovat arkistossa.`,
  erasedName: "Poistettu käyttäjä",
} as const;

/** `byStaff`: customer service wrote down the request the person made by phone or letter. */
export function accountDeletionEmailContent(fullName: string, cancelUrl: string, date: string, byStaff = false): { subject: string; content: EmailContent } {
  return {
    subject: "Tilisi poistetaan – Arkikaveri",
    content: {
      heading: "Tilisi poistetaan",
      paragraphs: [
        fullName ? `Hei ${fullName},` : "Hei,",
        byStaff
          ? `Asiakaspalvelumme on kirjannut pyyntösi poistaa tilisi. Tilisi ja tietosi poistetaan ${date}.`
          : `Pyysit tilisi poistoa. Tilisi ja tietosi poistetaan ${date}.`,
        "Laskut, kuitit ja maksut säilytämme kirjanpitolain vuoksi erillisessä arkistossa kuuden vuoden ajan vuoden lopusta.",
        "Jos muutit mielesi, voit perua poiston tästä linkistä siihen asti:",
      ],
      button: { label: "Peru poisto", url: cancelUrl },
      afterButton: ["Jos et pyytänyt tilisi poistoa, peru poisto linkistä ja ota yhteyttä asiakaspalveluumme."],
    },
  };
}
