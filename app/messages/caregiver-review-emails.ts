// The e-mails a helper gets when staff review them (issue 14): approved (how to sign in and what
// happens next), rejected (the reason, politely), suspended and reinstated. The service
// (app/services/caregiver-review.server.ts) sends them; the words are here.

import type { CaregiverReviewAction } from "../domain/caregiver-review";
import type { EmailContent } from "../domain/email-content";

const SUBJECTS: Record<CaregiverReviewAction, string> = {
  approve: "Hakemuksesi on hyväksytty – Arkikaveri",
  reject: "Hakemuksesi Arkikaveriksi – Arkikaveri",
  suspend: "Kaveritilisi on jäädytetty – Arkikaveri",
  reinstate: "Kaveritilisi on taas käytössä – Arkikaveri",
};

interface ReviewEmailInput {
  name: string;
  reason: string | null;
  contact: { email: string; phone: string };
  signInUrl: string;
}

export function reviewEmailContent(
  action: CaregiverReviewAction,
  input: ReviewEmailInput,
): { subject: string; content: EmailContent } {
  return { subject: SUBJECTS[action], content: reviewEmailBody(action, input) };
}

function reviewEmailBody(
  action: CaregiverReviewAction,
  { name, reason, contact, signInUrl }: ReviewEmailInput,
): EmailContent {
  const greeting = name ? `Hei ${name},` : "Hei,";
  const help = `Kysyttävää? Vastaamme mielellämme: ${contact.email}, puh. ${contact.phone}.`;
  const signIn = { label: "Kirjaudu sisään", url: signInUrl };
  switch (action) {
    case "approve":
      return {
        contact,
        heading: "Tervetuloa Arkikaveriksi!",
        paragraphs: [
          greeting,
          "hakemuksesi on hyväksytty, ja olet nyt Arkikaveri. Asiakkaat voivat tästä lähtien varata sinut.",
          [
            "Näin pääset alkuun:",
            "1. Kirjaudu sisään sähköpostiosoitteellasi ja salasanalla, jonka valitsit hakemusta tehdessäsi. Jos et ole vielä vahvistanut sähköpostiosoitettasi, avaa ensin vahvistuslinkki, jonka lähetimme hakemuksen jälkeen. Jos et muista salasanaa, valitse kirjautumissivulla ”Unohtuiko salasana?”.",
            "2. Kun asiakas varaa sinut tai sinut valitaan tilaukseen, saat siitä sähköpostin. Kaikki varauksesi näet kirjauduttuasi kohdasta Omat varaukset.",
            "3. Hyväksy uusi varaus mahdollisimman pian, niin asiakas tietää sinun tulevan.",
          ].join("\n"),
        ],
        button: signIn,
        afterButton: [help],
      };
    case "reject":
      return {
        contact,
        heading: "Kiitos hakemuksestasi",
        paragraphs: [
          greeting,
          "kiitos, että halusit Arkikaveriksi ja käytit aikaa hakemukseesi. Kävimme sen huolellisesti läpi, mutta emme valitettavasti voi hyväksyä sitä tällä kertaa.",
          `Syy: ${reason ?? ""}`,
          `Jos tilanteesi muuttuu tai haluat kysyä päätöksestä, ota meihin yhteyttä, niin katsomme asian mielellämme uudelleen: ${contact.email}, puh. ${contact.phone}.`,
          "Toivotamme sinulle kaikkea hyvää!",
        ],
      };
    case "suspend":
      return {
        contact,
        heading: "Kaveritilisi on jäädytetty",
        paragraphs: [
          greeting,
          "kaveritilisi on jäädytetty. Sinua ei nyt tarjota asiakkaille, eikä sinulle valita uusia tilauksia.",
          ...(reason ? [`Syy: ${reason}`] : []),
          "Otamme sinuun yhteyttä jo sovituista käynneistäsi. Älä peru niitä itse ennen kuin olemme puhuneet.",
          help,
        ],
      };
    case "reinstate":
      return {
        contact,
        heading: "Kaveritilisi on taas käytössä",
        paragraphs: [
          greeting,
          "kaveritilisi on taas käytössä. Asiakkaat voivat jälleen varata sinut, ja näet varauksesi kirjautumalla sisään.",
        ],
        button: signIn,
        afterButton: [help],
      };
  }
}
