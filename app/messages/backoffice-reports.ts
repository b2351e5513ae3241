// Texts of the back office's reports page and its CSV downloads (issue 14 "Reports"), by report
// id (REPORT_IDS of app/backoffice/reports.server.ts): each section's title, column headings, what its bars measure and what it says when empty. The
// figures come from app/backoffice/reports.server.ts.

const ORDERS = "Tilauksia";
const SALES = "Myynti";
const NO_COMPLETED_ORDERS = "Ei valmiita tilauksia valitulla aikavälillä.";
const NO_ORDERS = "Ei tilauksia valitulla aikavälillä.";

export const reportTexts = {
  viikot: { title: "Myynti viikoittain", columns: ["Viikko", "Valmiita tilauksia", SALES], measure: SALES, empty: NO_COMPLETED_ORDERS },
  kuukaudet: { title: "Myynti kuukausittain", columns: ["Kuukausi", "Valmiita tilauksia", SALES], measure: SALES, empty: NO_COMPLETED_ORDERS },
  palvelut: { title: "Tilaukset palveluittain", columns: ["Palvelu", ORDERS, SALES], measure: ORDERS, empty: NO_ORDERS },
  kaupungit: { title: "Tilaukset kaupungeittain", columns: ["Kaupunki", ORDERS, SALES], measure: ORDERS, empty: NO_ORDERS },
  tunnit: { title: "Tilaukset alkamisajan mukaan", columns: ["Hintaluokka", ORDERS, SALES], measure: ORDERS, empty: NO_ORDERS },
  kaverit: {
    title: "Kavereiden varatut tunnit",
    columns: ["Kaveri", "Käyntejä", "Tunteja"],
    measure: "Tunteja",
    empty: "Ei kavereille varattuja käyntejä valitulla aikavälillä.",
  },
  peruutukset: { title: "Peruutukset", columns: ["", ORDERS, "Osuus"], measure: ORDERS, empty: NO_ORDERS },
} as const;

/** The two rows of the cancellations section. */
export const cancellationRowTexts = {
  kept: "Toteutuneet tai tulevat",
  cancelled: "Peruutetut",
  /** '12,5 %'. */
  share: (percent: number) => `${percent.toLocaleString("fi-FI")} %`,
  /** '7,5 % (peruutusmaksut 40,00 €)'. */
  cancelledShare: (percent: number, fees: string) => `${percent.toLocaleString("fi-FI")} % (peruutusmaksut ${fees})`,
} as const;
