// The e-mails of accounts: confirming an address (after sign-up or a helper's application),
// choosing a new password, the note to an address that already has an account, and the note after
// a password change. The service
// (app/services/auth.server.ts, password-change.server.ts) makes the links and sends; the words
// are here.

import { LINK_LIFETIME_MS, lifetimeWords, type LinkPurpose } from "../domain/auth-links";
import type { EmailContent } from "../domain/email-content";

/** "Linkki on voimassa tunnin, ja sen voi käyttää kerran." from the link's own lifetime. */
export function linkValidity(purpose: LinkPurpose): string {
  return `Linkki on voimassa ${lifetimeWords(LINK_LIFETIME_MS[purpose])}, ja sen voi käyttää kerran.`;
}

/** What the page of a dead password link says: each kind's lifetime, from the same numbers. */
export function deadPasswordLinkText(): string {
  return (
    `Salasanan vaihtolinkki on voimassa ${lifetimeWords(LINK_LIFETIME_MS.reset_password)} ja varauksen jälkeen lähetetty ` +
    `profiilin viimeistelylinkki ${lifetimeWords(LINK_LIFETIME_MS.set_password)}, ja kumpaakin voi käyttää vain kerran. ` +
    "Jos valitsit jo salasanan, kirjaudu sisään. Muuten voit tilata uuden linkin."
  );
}

export type ConfirmationOrigin = "sign_up" | "helper_application";

const CONFIRMATION_TEXTS: Record<ConfirmationOrigin, { heading: string; body: string[]; ignore: string }> = {
  sign_up: {
    heading: "Tervetuloa Arkikaveriin!",
    body: ["kiitos rekisteröitymisestä. Vahvista sähköpostiosoitteesi alla olevasta painikkeesta, niin voit kirjautua sisään."],
    ignore: "Jos et rekisteröitynyt Arkikaveriin, voit jättää tämän viestin huomiotta.",
  },
  helper_application: {
    heading: "Kiitos hakemuksestasi Arkikaveriksi!",
    body: [
      "kiitos, että haluat Arkikaveriksi. Vahvista ensin sähköpostiosoitteesi alla olevasta painikkeesta.",
      "Käymme profiilisi läpi ja ilmoitamme hyväksynnästä sähköpostilla. Voit nopeuttaa hyväksyntää toimittamalla meille rikostaustaotteen ja vakuutustodistuksen.",
    ],
    ignore: "Jos et hakenut Arkikaveriksi, voit jättää tämän viestin huomiotta.",
  },
};

export function confirmationEmailContent(fullName: string, url: string, origin: ConfirmationOrigin): { subject: string; content: EmailContent } {
  const texts = CONFIRMATION_TEXTS[origin];
  return {
    subject: "Vahvista sähköpostiosoitteesi – Arkikaveri",
    content: {
      heading: texts.heading,
      paragraphs: [fullName ? `Hei ${fullName},` : "Hei,", ...texts.body],
      button: { label: "Vahvista sähköpostiosoite", url },
      afterButton: [linkValidity("confirm_email"), texts.ignore],
    },
  };
}

export function passwordResetEmailContent(url: string): { subject: string; content: EmailContent } {
  return {
    subject: "Salasanan vaihtaminen – Arkikaveri",
    content: {
      heading: "Valitse uusi salasana",
      paragraphs: ["Hei,", "saimme pyynnön vaihtaa Arkikaveri-tilisi salasanan. Voit valita uuden salasanan alla olevasta painikkeesta."],
      button: { label: "Valitse uusi salasana", url },
      afterButton: [
        linkValidity("reset_password"),
        "Jos et pyytänyt salasanan vaihtoa, voit jättää tämän viestin huomiotta. Salasanasi pysyy ennallaan.",
      ],
    },
  };
}

export function accountExistsEmailContent(signInUrl: string, resetUrl: string): { subject: string; content: EmailContent } {
  return {
    subject: "Sinulla on jo Arkikaveri-tili",
    content: {
      heading: "Sinulla on jo Arkikaveri-tili",
      paragraphs: [
        "Hei,",
        "joku – todennäköisesti sinä – yritti luoda Arkikaveri-tilin tällä sähköpostiosoitteella, mutta osoitteella on jo tili. Uutta tiliä ei luotu.",
        `Voit kirjautua sisään osoitteessa ${signInUrl}. Jos et muista salasanaasi, valitse uusi salasana alla olevasta painikkeesta.`,
      ],
      button: { label: "Valitse uusi salasana", url: resetUrl },
      afterButton: [
        linkValidity("reset_password"),
        "Jos et yrittänyt rekisteröityä, voit jättää tämän viestin huomiotta.",
      ],
    },
  };
}

/** The note after a password change in the portal (spec 001 §5): `resetUrl` if it was not the owner. */
export function passwordChangedEmailContent(fullName: string, resetUrl: string): { subject: string; content: EmailContent } {
  return {
    subject: "Salasanasi on vaihdettu – Arkikaveri",
    content: {
      heading: "Salasanasi on vaihdettu",
      paragraphs: [
        fullName ? `Hei ${fullName},` : "Hei,",
        "Arkikaveri-tilisi salasana vaihdettiin juuri. Sinut kirjattiin samalla ulos kaikilta muilta laitteilta.",
        "Jos vaihdoit salasanan itse, sinun ei tarvitse tehdä mitään.",
      ],
      button: { label: "En vaihtanut salasanaa: valitse uusi", url: resetUrl },
      afterButton: ["Jos et vaihtanut salasanaa, valitse heti uusi salasana yllä olevasta painikkeesta ja ota yhteyttä asiakaspalveluumme."],
    },
  };
}
