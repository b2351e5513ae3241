// Texts of the back office's "Poista asiakkaan tiedot" and "Poista kaverin tiedot" (decision 0034),
// in a file of their own so that the pages sharing ./backoffice.ts's chunk (portal pages among
// them) do not carry them.

export type StaffDeletionSubject = "customer" | "caregiver";

/** What the two sections say alike. */
const shared = {
  reasonLabel: "Syy",
  reasonRequired: "Kirjoita poiston syy.",
  reasonTooLong: (max: number) => `Kirjoita syy enintään ${max} merkillä.`,
  submit: "Pyydä tietojen poisto",
  busy: "Pyydetään…",
  failed: "Tietojen poisto epäonnistui",
  cancelSubmit: "Peru poisto",
  cancelBusy: "Perutaan…",
  requested: "Tietojen poisto pyydetty",
  alreadyPending: "Poisto oli jo pyydetty.",
  cancelled: "Poisto peruttu",
  notPending: "Poistoa ei ollut pyydetty, tai se oli jo tehty.",
} as const;

/** An admin asks for the deletion of a person who phoned: a customer, or a helper. */
export const staffDeletionTexts = {
  customer: {
    ...shared,
    heading: "Poista asiakkaan tiedot",
    intro:
      "Kun asiakas pyytää tietojensa poistoa esimerkiksi puhelimessa, voit pyytää poiston hänen puolestaan. Tili poistetaan 7 päivän kuluttua; sitä ennen asiakas voi perua poiston sähköpostiinsa tulevasta linkistä.",
    signOutNote: "Asiakas kirjataan heti ulos, eikä hän voi kirjautua ennen kuin poisto on peruttu.",
    blockedIntro: "Tietoja ei voi vielä poistaa: asiakkaalla on tulevia käyntejä tai maksamattomia laskuja.",
    reasonHint: "Esimerkiksi: Asiakas pyysi puhelimessa 28.11. Syy tallentuu historiaan.",
    pending: (date: string) => `Tili poistetaan ${date}. Asiakas voi perua poiston sähköpostiinsa lähetetystä linkistä siihen asti.`,
    requestedDetail: (date: string) => `Tili poistetaan ${date}. Asiakas kirjattiin ulos, ja hänelle lähetettiin sähköposti, josta poiston voi perua.`,
    cancelledDetail: "Asiakkaan tili ja tiedot säilyvät. Hän voi kirjautua taas.",
  },
  caregiver: {
    ...shared,
    heading: "Poista kaverin tiedot",
    intro:
      "Kun kaveri pyytää tietojensa poistoa esimerkiksi puhelimessa, voit pyytää poiston hänen puolestaan. Tili poistetaan 7 päivän kuluttua; sitä ennen kaveri voi perua poiston sähköpostiinsa tulevasta linkistä.",
    signOutNote: "Kaveri kirjataan heti ulos, eikä hän voi kirjautua ennen kuin poisto on peruttu.",
    blockedIntro: "Tietoja ei voi vielä poistaa: kaverilla on tulevia käyntejä tai maksamattomia laskuja. Siirrä käynnit ensin toiselle kaverille.",
    reasonHint: "Esimerkiksi: Kaveri pyysi puhelimessa 28.11. Syy tallentuu historiaan.",
    pending: (date: string) => `Tili poistetaan ${date}. Kaveri voi perua poiston sähköpostiinsa lähetetystä linkistä siihen asti.`,
    requestedDetail: (date: string) => `Tili poistetaan ${date}. Kaveri kirjattiin ulos, ja hänelle lähetettiin sähköposti, josta poiston voi perua.`,
    cancelledDetail: "Kaverin tili ja tiedot säilyvät. Hän voi kirjautua taas.",
  },
} as const satisfies Record<StaffDeletionSubject, unknown>;

/** The texts both sections share (the form's schema uses these). */
export const staffDeletionSharedTexts = shared;
