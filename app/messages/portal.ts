import type { CaregiverAction } from "~/domain/order-status";
import { REVIEW_COMMENT_MAX } from "~/domain/order-reviews";
import { repeatLabel } from "~/domain/recurrence";

// The portal's Finnish texts for the helper's tasks, earnings, notifications and reviews (spec 001
// §4 and §8 "Caregiver"; issue 10), in one place for a copy editor.

// ---------------------------------------------------------------- the helper's actions

/** The toast after each of a helper's actions (001 §8, verbatim). */
export const CAREGIVER_ACTION_SUCCESS: Record<CaregiverAction, string> = {
  accept: "Varaus hyväksytty!",
  reject: "Varaus hylätty",
  start: "Tehtävä aloitettu",
  complete: "Tehtävä merkitty suoritetuksi",
};

/**
 * When an action is refused (not the helper's order, or no longer in a state that allows it).
 * Accept and reject have the spec's own failure words; start and complete have none in 001 §8.
 */
export const CAREGIVER_ACTION_FAILURE: Record<CaregiverAction, string> = {
  accept: "Varauksen hyväksyntä epäonnistui",
  reject: "Varauksen hylkäys epäonnistui",
  start: "Tehtävän aloitus epäonnistui",
  complete: "Tehtävän merkitseminen suoritetuksi epäonnistui",
};

export const CAREGIVER_ACTION_FAILURE_DETAIL = "Tilauksen tilanne on muuttunut. Tarkista tilanne alla olevasta listasta.";

export const CAREGIVER_ACTION_BUSY: Record<CaregiverAction, string> = {
  accept: "Hyväksytään…",
  reject: "Hylätään…",
  start: "Aloitetaan…",
  complete: "Merkitään…",
};

/** What each button does, read after its label (aria-describedby): the helper acts knowing the result. */
export const CAREGIVER_ACTION_HINT: Record<CaregiverAction, string> = {
  accept: "Asiakas saa tiedon, että tulet käynnille.",
  reject: "Tilaus siirtyy asiakaspalvelulle, joka etsii tilalle toisen kaverin.",
  start: "Merkitse, kun käynti alkaa.",
  complete: "Merkitse, kun käynti on tehty. Ansio siirtyy maksettavaksi.",
};

/** A pending order the helper has accepted reads as confirmed, not as still waiting for them. */
export const CAREGIVER_ACCEPTED_LABEL = "Hyväksytty";

export const caregiverTasksTexts = {
  title: "Kaverin tehtävät",
  openHeading: "Tulevat tehtävät",
  openEmpty: "Sinulla ei ole tulevia tehtäviä. Kun asiakas valitsee sinut tai sinut valitaan tilaukseen, tehtävä näkyy täällä ja saat siitä sähköpostin.",
  pastHeading: "Tehdyt ja peruutetut tehtävät",
  pastEmpty: "Sinulla ei ole vielä tehtyjä tehtäviä.",
  pastPageEmpty: "Tällä sivulla ei ole tehtäviä.",
  openCapped: (limit: number) => `Näytetään ${limit} lähintä tehtävää.`,
  noPhone: "Ei puhelinta",
  noDescription: "Ei kuvausta",
  noName: "Ei nimeä",
  /** The link from a task's card to its thread with the customer. */
  messagesLink: "Viestit asiakkaan kanssa",
  /** The week by week view (issue 27 item 6). */
  weekLinksLabel: "Viikot",
  thisWeek: "Tämä viikko",
  nextWeek: "Seuraava viikko",
  previousWeek: "Edellinen viikko",
  allUpcoming: "Kaikki tulevat tehtävät",
  weekHeading: (number: number, span: string) => `Viikko ${number}, ${span}`,
  weekEmpty: "Ei käyntejä tällä viikolla.",
  today: "tänään",
  /** Before a visit's series rule ('Joka viikko') for screen readers: the badge alone is terse. */
  seriesPrefix: "Toistuva käynti: ",
};

/**
 * The mark of a series' visit on the portal's lists (the helper's week, the customer's orders):
 * "Joka viikko" / "Joka toinen viikko", told as a repeating visit to screen readers; null for a
 * single visit.
 */
export function seriesMark(intervalWeeks: 1 | 2 | null): { prefix: string; label: string } | null {
  return intervalWeeks === null ? null : { prefix: caregiverTasksTexts.seriesPrefix, label: repeatLabel(intervalWeeks) };
}

// ---------------------------------------------------------------- notifications

/** Notification types and titles of 001 §4 (verbatim), and the helper's own two. */
export const NOTIFICATIONS = {
  ORDER_ACCEPTED: "Varaus hyväksytty",
  ORDER_REJECTED: "Varaus hylätty",
  ORDER_COMPLETED: "Käynti on tehty",
  ORDER_ASSIGNED: "Uusi tehtävä",
  ORDER_UNASSIGNED: "Tehtävä siirretty",
} as const;

export type NotificationType = keyof typeof NOTIFICATIONS;

export function acceptedMessage(o: { orderNumber: string; caregiverName: string; serviceName: string; when: string }): string {
  return `${o.caregiverName} hyväksyi tilauksesi ${o.orderNumber} (${o.serviceName}, ${o.when}) ja tulee käynnille sovittuna aikana.`;
}

export function rejectedMessage(o: { orderNumber: string; caregiverName: string; when: string }): string {
  return `${o.caregiverName} ei pääse käynnille ${o.orderNumber} (${o.when}). Valitse tilaukselle uusi kaveri.`;
}

export function completedMessage(o: { orderNumber: string; serviceName: string }): string {
  return `Käynti ${o.orderNumber} (${o.serviceName}) on tehty. Kiitos, että käytit Arkikaveria! Kerro halutessasi, miten käynti sujui.`;
}

export function assignedMessage(o: { orderNumber: string; serviceName: string; when: string; city: string }): string {
  return `Sinut on valittu kaveriksi: ${o.serviceName}, ${o.when}, ${o.city} (tilaus ${o.orderNumber}). Hyväksy tai hylkää tehtävä mahdollisimman pian.`;
}

export function unassignedMessage(o: { orderNumber: string; when: string }): string {
  return `Tilaus ${o.orderNumber} (${o.when}) ei ole enää sinulla. Sinun ei tarvitse mennä tälle käynnille.`;
}

export const notificationsTexts = {
  title: "Ilmoitukset",
  empty: "Sinulla ei ole ilmoituksia. Kun tilauksesi tilanne muuttuu, kerromme siitä täällä.",
  newBadge: "Uusi",
  capped: (limit: number) => `Näytetään ${limit} uusinta ilmoitusta.`,
  openOrder: "Katso tilaus",
  review: "Arvioi käynti",
  openTasks: "Avaa kaverin tehtävät",
  openBackoffice: "Avaa tilaus hallintapaneelissa",
};

/** The bell's accessible name: 'Ilmoitukset', 'Ilmoitukset, 1 lukematon', 'Ilmoitukset, 2 lukematonta'. */
export function bellLabel(unread: number): string {
  if (unread <= 0) return notificationsTexts.title;
  return `${notificationsTexts.title}, ${unread} ${unread === 1 ? "lukematon" : "lukematonta"}`;
}

// ---------------------------------------------------------------- earnings

export const earningsTexts = {
  title: "Ansiot",
  intro: "Ansio on käynnin hinta ilman arvonlisäveroa ja palvelumaksua. Kun merkitset käynnin suoritetuksi, ansio odottaa maksua. Kun se on maksettu tilillesi, se näkyy maksettuna.",
  thisMonth: "Tämän kuun ansiot",
  pending: "Odottaa maksua",
  paid: "Maksettu",
  pendingHeading: "Maksua odottavat",
  paidHeading: "Maksetut",
  pendingEmpty: "Ei maksua odottavia ansioita.",
  paidEmpty: "Sinulle ei ole vielä maksettu ansioita.",
  pendingCapped: (limit: number) => `Näytetään ${limit} vanhinta maksua odottavaa ansiota.`,
  paidCapped: (limit: number) => `Näytetään ${limit} viimeisintä maksua.`,
  orderCount: (count: number) => (count === 1 ? "1 käynti" : `${count} käyntiä`),
};

// ---------------------------------------------------------------- reviews

export const reviewTexts = {
  title: "Arvioi käynti",
  ratingLegend: "Kuinka tyytyväinen olit käyntiin?",
  ratingHint: "1 = en lainkaan tyytyväinen, 5 = erittäin tyytyväinen",
  ratingMissing: "Valitse arvio yhdestä viiteen",
  commentLabel: "Kommentti (vapaaehtoinen)",
  commentHint: `Mitä kaveri teki hyvin, mitä voisi tehdä toisin? Enintään ${REVIEW_COMMENT_MAX} merkkiä.`,
  commentTooLong: `Kommentti voi olla enintään ${REVIEW_COMMENT_MAX} merkkiä`,
  submit: "Lähetä arvio",
  busy: "Lähetetään…",
  thanks: "Kiitos arviostasi!",
  thanksDetail: "Arviosi näkyy kaverin tiedoissa muille asiakkaille.",
  alreadyGiven: "Olet jo arvioinut tämän käynnin",
  alreadyGivenDetail: "Käynnin voi arvioida vain kerran. Tässä on antamasi arvio.",
  notYet: "Käynnin voi arvioida, kun se on tehty",
  notYetDetail: "Arvioi käynti, kun kaveri on merkinnyt sen suoritetuksi.",
  cancelled: "Peruutettua tilausta ei voi arvioida",
  cancelledDetail: "Arvion voi antaa käynnistä, joka on tehty.",
  yourRating: "Antamasi arvio",
  backToOrders: "Takaisin tilauksiin",
  listLink: "Arvioi",
};

/** '4 / 5' as a person says it: '4 tähteä viidestä'. */
export function ratingLabel(rating: number): string {
  return rating === 1 ? "1 tähti viidestä" : `${rating} tähteä viidestä`;
}

/** The word beside each radio, so a rating is never only a number. */
export const RATING_WORDS: Record<number, string> = {
  1: "Huono",
  2: "Välttävä",
  3: "Hyvä",
  4: "Kiitettävä",
  5: "Erinomainen",
};
