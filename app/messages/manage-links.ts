// The words of the "Hallitse varausta" link and its page (issue 28 item 3; docs/decisions/0030).

import type { EmailContent } from "../domain/email-content";

export const manageLinkTexts = {
  /** The button and link label in every e-mail that carries the link. */
  linkLabel: "Hallitse varausta",
  /** Said beside the link in an e-mail: what it does and that it needs no account. */
  linkHelp:
    "Hallitse varausta -linkistä näet varauksesi, lataat kalenterimerkinnän, voit muuttaa aikaa, kirjoittaa kaverille tai perua käynnin ilman kirjautumista. Älä välitä linkkiä muille: sillä pääsee varaukseesi.",
  pageTitle: (orderNumber: string) => `Varaus ${orderNumber} – Arkikaveri`,
  heading: (orderNumber: string) => `Varauksesi ${orderNumber}`,
  intro: "Tällä sivulla näet varauksesi tiedot ilman kirjautumista. Sivun osoite on henkilökohtainen: älä jaa sitä muille.",
  portalLink: "Avaa tilaus omalla sivullasi",
  portalNote: "Olet kirjautunut tilin omistajana: samat tiedot ja viestit kaverille löydät omalta sivultasi.",
  noCaregiverYet: "Kaveri valitaan puolestasi. Kerromme hänen nimensä sähköpostitse ennen käyntiä.",
  calendar: "Lisää kalenteriin (.ics)",
  invoice: (invoiceNumber: number) => `Lataa lasku ${invoiceNumber} (PDF)`,
  receipt: "Lataa kuitti (PDF)",
  creditNote: (creditNoteNumber: number) => `Lataa hyvityslasku ${creditNoteNumber} (PDF)`,
  rescheduleHeading: "Muuta aikaa",
  rescheduleButton: "Muuta aikaa",
  messagesHeading: "Viestit kaverille",
  messageLabel: "Viesti kaverille",
  /** Past the limit of messages from the page (docs/decisions/0036). */
  messagesTooMany: (minutes: number) => `Olet lähettänyt monta viestiä lyhyessä ajassa. Yritä uudelleen ${minutes} minuutin kuluttua.`,
  cancelHeading: "Peru käynti",
  cancelButton: "Vahvista peruutus",
  cancelBusy: "Perutaan…",
  cancelNotice: (caregiverName: string | null) =>
    `${caregiverName ? `Kaveri ${caregiverName} ja sinä saatte peruutuksesta sähköpostin.` : "Saat peruutuksesta vahvistuksen sähköpostiisi."} Aika vapautuu heti muille varauksille.`,
  alreadyCancelled: "Käynti on jo peruutettu",
  /** A completed visit not yet rated: the link to its review page under the same link. */
  reviewLink: "Arvioi käynti",
  backToVisit: "Takaisin varaukseen",
  cancelledTitle: "Käynti on peruutettu",
  /** Text reminders: withdrawn here as easily as they were chosen on the booking form (decision 0033). */
  textRemindersHeading: "Muistutus tekstiviestinä",
  textRemindersOn: (phone: string) => `Numeroon ${phone} tulee tekstiviesti noin vuorokautta ennen kaverin käyntiä.`,
  textRemindersOff: (phone: string) => `Numeroon ${phone} ei lähetetä tekstiviestimuistutuksia. Muistutus tulee edelleen sähköpostiin.`,
  textRemindersStop: "Älä lähetä tekstiviestejä",
  textRemindersBusy: "Tallennetaan…",
  textRemindersStopped: "Tekstiviestimuistutukset peruttu",
  textRemindersAlreadyStopped: "Tekstiviestimuistutukset oli jo peruttu",
  newLinkHeading: "Uusi linkki",
  newLinkText:
    "Jos epäilet, että joku muu on saanut tämän linkin, lähetä itsellesi uusi. Uusi linkki lähetetään varaajan sähköpostiin, ja tämä sivu lakkaa toimimasta.",
  newLinkButton: "Lähetä uusi linkki",
  newLinkBusy: "Lähetetään…",
  newLinkSent: "Uusi linkki on lähetetty sähköpostiisi. Tämä linkki ei enää toimi.",
  tooMany: (minutes: number) => `Liian monta yritystä. Yritä uudelleen ${minutes} minuutin kuluttua.`,
  /** The 404: no detail of why (wrong, revoked, expired and malformed look alike). */
  notFound: "Sivua ei löytynyt.",
  /** The e-mail of a link sent on request. */
  emailSubject: (orderNumber: string) => `Uusi linkki varaukseesi ${orderNumber} – Arkikaveri`,
  emailIntro: (orderNumber: string) =>
    `Pyysit uuden linkin varaukseesi ${orderNumber}. Aiempi linkki ei enää toimi. Tästä linkistä näet varauksesi ja voit muuttaa aikaa tai perua käynnin ilman kirjautumista.`,
  /** The same e-mail when staff sent the link (the payer asked by phone, or a link went astray). */
  emailIntroByStaff: (orderNumber: string) =>
    `Asiakaspalvelumme lähetti sinulle uuden linkin varaukseesi ${orderNumber}. Aiempi linkki ei enää toimi. Tästä linkistä näet varauksesi ja voit muuttaa aikaa tai perua käynnin ilman kirjautumista.`,
  emailNotYou: "Jos et pyytänyt uutta linkkiä, ota yhteyttä asiakaspalveluun. Älä välitä linkkiä muille: sillä pääsee varaukseesi.",
} as const;

/** The e-mail of "Lähetä uusi linkki". */
export function manageLinkEmailContent({ orderNumber, url, byStaff = false }: { orderNumber: string; url: string; byStaff?: boolean }): { subject: string; content: EmailContent } {
  return {
    subject: manageLinkTexts.emailSubject(orderNumber),
    content: {
      heading: manageLinkTexts.linkLabel,
      paragraphs: ["Hei,", (byStaff ? manageLinkTexts.emailIntroByStaff : manageLinkTexts.emailIntro)(orderNumber)],
      button: { label: manageLinkTexts.linkLabel, url },
      afterButton: [manageLinkTexts.emailNotYou],
    },
  };
}
