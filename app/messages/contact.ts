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
