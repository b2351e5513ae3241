// The helper step's words when nobody can do the visit (issue 26 item 5; DESIGN.md decision 24).

export const NOBODY_AVAILABLE = "Alueellasi ei ole vielä kavereita tähän palveluun tuohon aikaan";

export const contactRequestTexts = {
  heading: NOBODY_AVAILABLE,
  intro: "Et voi vielä varata tätä käyntiä. Valitse toinen aika, tai pyydä, että asiakaspalvelumme soittaa sinulle.",
  /** Moving an order's visit (no contact request: the order already reaches staff). */
  rescheduleIntro: "Käyntiä ei voi siirtää tähän aikaan. Valitse toinen aika.",
  nearestHeading: "Lähimmät vapaat ajat",
  nearestHint: "Aika vaihtuu, ja palaat ajan valintaan. Muut valintasi säilyvät.",
  noNearest: "Lähipäivinä ei ole vapaita aikoja tähän palveluun tällä paikkakunnalla.",
  formHeading: "Pyydä yhteydenottoa",
  formIntro: "Asiakaspalvelumme soittaa sinulle arkipäivisin yleensä saman päivän aikana ja etsii sinulle kaverin.",
  submit: "Pyydä yhteydenottoa",
  busy: "Lähetetään…",
  sentTitle: "Kiitos! Pyyntösi on lähetetty.",
  sentText: "Asiakaspalvelumme soittaa sinulle pian. Varausta ei ole tehty, eikä sinulta veloiteta mitään.",
  failedTitle: "Pyyntöä ei lähetetty",
  tooMany: (minutes: number) => `Olet lähettänyt useita pyyntöjä lyhyessä ajassa. Yritä uudelleen ${minutes} minuutin kuluttua tai soita meille.`,
} as const;

export const contactRequestMessages = {
  nameMissing: "Kirjoita nimesi",
  nameTooShort: "Kirjoita koko nimesi",
  nameTooLong: "Nimi on liian pitkä (enintään 100 merkkiä)",
  phoneMissing: "Kirjoita puhelinnumerosi, niin voimme soittaa",
  messageTooLong: "Viesti on liian pitkä (enintään 1000 merkkiä)",
} as const;
