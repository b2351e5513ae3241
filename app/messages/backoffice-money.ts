// The confirm steps of the back office's money and account actions (issue 25 item 6): each says
// the amount or the effect before anything happens.

export const confirmTexts = {
  payout: {
    title: "Merkitäänkö tilitys maksetuksi?",
    lines: (caregiver: string, orderNumber: string, amount: string) => [
      `Kaverille ${caregiver} merkitään maksetuksi ${amount} tilauksesta ${orderNumber}.`,
      "Merkitse vasta, kun olet maksanut summan pankista. Merkintää ei voi perua.",
    ],
    confirm: (amount: string) => `Kyllä, merkitse maksetuksi (${amount})`,
  },
  payouts: {
    title: (count: number) => `Merkitäänkö ${count} ${count === 1 ? "tilitys" : "tilitystä"} maksetuiksi?`,
    lines: (count: number, amount: string) => [
      `${count} ${count === 1 ? "tilitys" : "tilitystä"}, yhteensä ${amount}, merkitään maksetuiksi.`,
      "Merkitse vasta, kun olet maksanut ne pankista. Merkintää ei voi perua.",
    ],
    confirm: (count: number, amount: string) => `Merkitse kaikki ${count} maksetuiksi (${amount})`,
  },
  nothingToPay: "Maksamattomia tilityksiä ei ole.",
  invoice: {
    title: (invoiceNumber: number) => `Kirjataanko maksu laskulle ${invoiceNumber}?`,
    lines: (facts: { amount: string; paidOn: string; customer: string; orderNumber: string; balance: string; after: string; fullyPaid: boolean }) => [
      `Kirjataan ${facts.amount}, maksupäivä ${facts.paidOn}. Asiakas ${facts.customer}, tilaus ${facts.orderNumber}.`,
      facts.fullyPaid
        ? `Avoin saldo on ${facts.balance}. Maksun jälkeen laskusta ei ole mitään maksamatta, ja lasku merkitään maksetuksi.`
        : `Avoin saldo on ${facts.balance}. Maksun jälkeen maksamatta jää ${facts.after}.`,
    ],
    confirm: (amount: string) => `Kirjaa maksu ${amount}`,
  },
  freeze: {
    title: (name: string) => `Jäädytetäänkö asiakas ${name}?`,
    lines: [
      "Asiakas kirjataan heti ulos. Hän ei voi kirjautua sisään eikä tehdä uusia varauksia, ennen kuin jäädytys poistetaan.",
      "Jo tehdyt tilaukset pysyvät ennallaan; peru ne tarvittaessa erikseen.",
    ],
    confirm: "Jäädytä asiakas",
  },
} as const;

/** The staff cancel page's reason and partial refund (app/routes/backoffice.orders.$orderNumber_.peruuta.tsx). */
export const staffCancelTexts = {
  reasonLabel: "Peruutuksen syy",
  reasonHint: "Näkyy tilauksen aikajanalla ja asiakkaan peruutusviestissä.",
  reasonRequired: "Kirjoita peruutuksen syy.",
  reasonTooLong: (max: number) => `Kirjoita syy enintään ${max} merkillä.`,
  refundLabel: "Palautettava summa (€)",
  refundHint: (paid: string, standard: string) =>
    `Jätä tyhjäksi, niin palautetaan ${standard}. Voit palauttaa osan, enintään maksetun ${paid}.`,
  refundInvalid: "Anna summa euroina, esimerkiksi 50 tai 49,90.",
  refundTooMuch: (paid: string) => `Summa on suurempi kuin maksettu ${paid}. Palauta enintään ${paid}.`,
} as const;

/** The payments page's lists of payment transactions and payouts (spec 001 §2). */
export const paymentListTexts = {
  paymentsTitle: "Maksutapahtumat",
  payoutsTitle: "Tilitykset kavereille",
  methods: { card: "Kortti", mobilepay: "MobilePay", klarna: "Klarna", invoice: "Lasku" },
  statusFilter: "Tila",
  methodFilter: "Maksutapa",
  filterButton: "Näytä",
  noPayments: "Ei maksutapahtumia valituilla ehdoilla.",
  noPayouts: "Ei tilityksiä valituilla ehdoilla.",
  refunded: (amount: string) => `palautettu ${amount}`,
  paidOn: (date: string) => `maksettu ${date}`,
} as const;
