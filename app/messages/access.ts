import type { StaffRole } from "../domain/statuses";

// Texts of who sees what (spec 001 §6): the staff roles, the back-office menu and the link home in
// the public pages' header. The rules themselves are in app/auth/access.ts. Small on purpose: the
// root layout ships it to the browser.

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Ylläpitäjä",
  moderator: "Moderaattori",
  support: "Asiakastuki",
};

/** Each back-office section's menu label and its one line on the welcome page. */
export const backofficeSectionTexts = {
  users: { label: "Asiakkaat", description: "Asiakkaiden haku ja tiedot, tilin jäädyttäminen." },
  caregivers: { label: "Kaverit", description: "Kaverihakemukset, hyväksyntä ja tarkistukset." },
  orders: { label: "Tilaukset", description: "Kaikki tilaukset, tilan muutokset, kaverin vaihto ja peruutukset." },
  payments: { label: "Maksut", description: "Maksutapahtumat, kaverien tilitykset ja maksetut palkkiot." },
  archive: { label: "Kirjanpitoarkisto", description: "Poistettujen tilien laskut, kuitit ja muut kirjanpidon tositteet PDF:nä." },
  discountCodes: { label: "Alennuskoodit", description: "Alennuskoodien luonti, voimassaolo ja käyttö." },
  reports: { label: "Raportit", description: "Tilausten ja myynnin luvut valitulta ajalta." },
  settings: { label: "Asetukset", description: "Tuntihinnat ja palvelun yleiset asetukset." },
  audit: { label: "Muutosloki", description: "Kuka muutti mitä ja milloin: kaikki henkilökunnan muutokset." },
} as const;

/** What the link to the user's home page is called in the public pages' header. */
export const homeLabels = {
  staff: "Hallintapaneeli",
  caregiver: "Kaverin tehtävät",
  customer: "Omat sivut",
} as const;
