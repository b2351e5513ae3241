// Texts of the back office's "Poista asiakkaan tiedot" (decision 0034), in a file of their own so
// that the pages sharing ./backoffice.ts's chunk (portal pages among them) do not carry them.

/** "Poista asiakkaan tiedot" (decision 0034): an admin asks for the deletion of a person who phoned. */
export const customerDeletionTexts = {
  heading: "Poista asiakkaan tiedot",
  intro:
    "Kun asiakas pyytää tietojensa poistoa esimerkiksi puhelimessa, voit pyytää poiston hänen puolestaan. Tili poistetaan 7 päivän kuluttua; sitä ennen asiakas voi perua poiston sähköpostiinsa tulevasta linkistä.",
  signOutNote: "Asiakas kirjataan heti ulos, eikä hän voi kirjautua ennen kuin poisto on peruttu.",
  blockedIntro: "Tietoja ei voi vielä poistaa: asiakkaalla on tulevia käyntejä tai maksamattomia laskuja.",
  reasonLabel: "Syy",
  reasonHint: "Esimerkiksi: Asiakas pyysi puhelimessa 28.11. Syy tallentuu historiaan.",
  reasonRequired: "Kirjoita poiston syy.",
  reasonTooLong: (max: number) => `Kirjoita syy enintään ${max} merkillä.`,
  submit: "Pyydä tietojen poisto",
  busy: "Pyydetään…",
  failed: "Tietojen poisto epäonnistui",
  pending: (date: string) => `Tili poistetaan ${date}. Asiakas voi perua poiston sähköpostiinsa lähetetystä linkistä siihen asti.`,
  cancelSubmit: "Peru poisto",
  cancelBusy: "Perutaan…",
  requested: "Tietojen poisto pyydetty",
  requestedDetail: (date: string) => `Tili poistetaan ${date}. Asiakas kirjattiin ulos, ja hänelle lähetettiin sähköposti, josta poiston voi perua.`,
  alreadyPending: "Poisto oli jo pyydetty.",
  cancelled: "Poisto peruttu",
  cancelledDetail: "Asiakkaan tili ja tiedot säilyvät. Hän voi kirjautua taas.",
  notPending: "Poistoa ei ollut pyydetty, tai se oli jo tehty.",
} as const;
