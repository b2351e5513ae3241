// Texts of the landing page's contact form ("Lähetä viesti").

export const contactMessages = {
  nameMissing: "Kirjoita nimesi",
  nameTooShort: "Nimi liian lyhyt",
  nameTooLong: "Nimi liian pitkä",
  emailMissing: "Kirjoita sähköpostiosoitteesi",
  messageMissing: "Kirjoita viestisi",
  messageTooShort: "Viesti liian lyhyt (vähintään 10 merkkiä)",
  messageTooLong: "Viesti liian pitkä (enintään 2000 merkkiä)",
} as const;

/** The e-mail a contact form message becomes, to the company's own address. */
export const contactEmailTexts = {
  subject: (name: string) => `Yhteydenotto: ${name}`,
  intro: "Uusi yhteydenotto Arkikaverin verkkosivujen lomakkeelta.",
  details: ({ name, email, phone }: { name: string; email: string; phone?: string }) =>
    [`Nimi: ${name}`, `Sähköposti: ${email}`, `Puhelin: ${phone || "ei annettu"}`].join("\n"),
  messageHeading: "Viesti:",
  replyHint: "Voit vastata suoraan tähän viestiin: vastaus menee lähettäjälle.",
} as const;
