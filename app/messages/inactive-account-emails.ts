import type { EmailContent } from "../domain/email-content";

// The e-mail before an unused account is erased (decision 0047; the privacy notice's
// "Käyttäjätili … viimeistään kahden vuoden kuluttua viimeisestä käytöstä"). The service
// (app/services/inactive-accounts.server.ts) makes the link and sends; the words are here.

export function inactiveAccountWarningEmailContent(fullName: string, signInUrl: string, date: string): { subject: string; content: EmailContent } {
  return {
    subject: "Tilisi poistetaan, jos et kirjaudu – Arkikaveri",
    content: {
      heading: "Haluatko pitää Arkikaveri-tilisi?",
      paragraphs: [
        fullName ? `Hei ${fullName},` : "Hei,",
        "et ole käyttänyt Arkikaveri-tiliäsi lähes kahteen vuoteen. Tietosuojaselosteemme mukaisesti poistamme käyttämättömät tilit ja niiden tiedot kahden vuoden kuluttua viimeisestä käytöstä.",
        `Tilisi ja tietosi poistetaan ${date}, ellet kirjaudu sisään ennen sitä. Pelkkä kirjautuminen riittää: sen jälkeen tilisi säilyy, eikä sinun tarvitse tehdä muuta.`,
      ],
      button: { label: "Kirjaudu sisään", url: signInUrl },
      afterButton: [
        "Jos et enää tarvitse tiliä, sinun ei tarvitse tehdä mitään. Laskut, kuitit ja maksut säilytämme kirjanpitolain vuoksi erillisessä arkistossa kuuden vuoden ajan vuoden lopusta.",
        "Jos olet unohtanut salasanasi, voit tilata uuden kirjautumissivulta.",
      ],
    },
  };
}
