// The words of managing a series (issue 27 item 5; docs/decisions/0038): the series page's rule
// line, the "from here on" pages, their refusals and the e-mails of a series cancelled or given a
// new helper. The services and pages use these; nothing else holds the words.

import type { EmailContent } from "../domain/email-content";
import { formatDate, formatEuros, formatTimeRange, formatWeekdayDate } from "../domain/format";
import type { SeriesEnd } from "../domain/recurrence";
import { repeatLabel } from "../domain/recurrence";

interface Contact {
  email: string;
  phone: string;
}

/** "maanantaisin" … "sunnuntaisin", by the JavaScript weekday (0 = Sunday). */
const WEEKDAY_ADVERBS = ["sunnuntaisin", "maanantaisin", "tiistaisin", "keskiviikkoisin", "torstaisin", "perjantaisin", "lauantaisin"] as const;

const clock = (hour: number) => `${hour % 24}.00`;

/** "Joka viikko klo 14.00–16.00, maanantaisin". */
export function seriesRuleText(series: { intervalWeeks: 1 | 2; startHour: number; durationHours: number; firstDate: string }): string {
  const weekday = new Date(`${series.firstDate}T12:00:00Z`).getUTCDay();
  return `${repeatLabel(series.intervalWeeks)} klo ${clock(series.startHour)}–${clock(series.startHour + series.durationHours)}, ${WEEKDAY_ADVERBS[weekday]}`;
}

/** How the series ends, in words. */
export function seriesEndText(end: SeriesEnd): string {
  if (end.kind === "count") return `${end.count} käyntiä`;
  if (end.kind === "date") return `Päättyy ${formatDate(end.date)}`;
  return "Toistaiseksi";
}

export const SERIES_STATUS_LABELS = { active: "Voimassa", ended: "Päättynyt", cancelled: "Peruutettu" } as const;

const visitWhen = (visit: { startsAt: Date; endsAt: Date }) => `${formatWeekdayDate(visit.startsAt)} ${formatTimeRange(visit.startsAt, visit.endsAt)}`;

export const seriesTexts = {
  title: "Toistuva käynti",
  notFound: "Sarjaa ei löytynyt.",
  belongsTo: "Kuuluu sarjaan:",
  seriesMark: "Toistuva",
  visitsHeading: "Käynnit",
  noVisits: "Sarjassa ei ole käyntejä.",
  noChangeable: "Sarjassa ei ole tulevia käyntejä, joita voisi muuttaa.",
  ruleLabels: { rule: "Toistuu", service: "Palvelu", caregiver: "Kaveri", end: "Kesto", status: "Tila" },
  noCaregiver: "Ei vielä valittu",
  cancelOne: "Peru vain tämä käynti",
  cancelFromHere: "Peru tämä ja kaikki tulevat",
  changeFromHere: "Vaihda kaveria tästä eteenpäin",
  visitActionsLabel: (when: string) => `Käynnin ${when} toiminnot`,
  // The confirm pages.
  cancelHeading: "Peru tämä ja kaikki tulevat käynnit",
  cancelIntro: "Nämä käynnit perutaan. Jokaiseen sovelletaan peruutusehtoja erikseen: peruutus on maksuton, kun käynnin alkuun on yli 24 tuntia, muuten peruutusmaksu on yhden tunnin hinta.",
  cancelAfter: "Sarja päättyy, eikä sille tehdä uusia käyntejä. Menneet ja jo alkaneet käynnit pysyvät ennallaan.",
  free: "Maksuton",
  fee: (cents: number) => `Peruutusmaksu ${formatEuros(cents)}`,
  totalFees: (cents: number) => (cents > 0 ? `Peruutusmaksuja yhteensä ${formatEuros(cents)}.` : "Peruutus on maksuton kaikkien käyntien osalta."),
  confirmCancel: "Vahvista peruutus",
  cancelling: "Perutaan…",
  keep: "Älä peru, palaa sarjaan",
  back: "Palaa sarjaan",
  cancelledToast: "Käynnit on peruutettu",
  cancelledDetail: (count: number, feeCents: number) =>
    `${count === 1 ? "1 käynti" : `${count} käyntiä`} peruutettiin${feeCents > 0 ? `, peruutusmaksuja ${formatEuros(feeCents)}` : ""}. Saat vahvistuksen sähköpostiisi.`,
  refundFailed: "Käynnit on peruutettu, mutta maksun palautus ei vielä onnistunut. Asiakaspalvelumme palauttaa sen.",
  feeChanged: "Peruutusmaksut ovat muuttuneet sivun avaamisen jälkeen. Tarkista ne ja vahvista uudelleen.",
  nothingToCancel: "Tästä käynnistä eteenpäin ei ole peruttavia käyntejä.",
  cancelFailed: "Peruutus ei onnistunut",
  reasonLabel: "Peruutuksen syy",
  reasonHint: "Kerrotaan asiakkaalle sähköpostissa ja tallennetaan lokiin.",
  reasonMissing: "Kirjoita peruutuksen syy.",
  waiveFeeLabel: "Jätä peruutusmaksut perimättä",
  // Changing the helper.
  changeHeading: "Vaihda kaveria tästä eteenpäin",
  changeIntro: (count: number) => `Uusi kaveri tulee ${count === 1 ? "tälle käynnille" : `näille ${count} käynnille`}. Hinta ei muutu.`,
  pickLabel: "Uusi kaveri",
  pickHint: "Listalla ovat kaverit, jotka pääsevät jokaiselle käynnille.",
  pickMissing: "Valitse uusi kaveri.",
  nobodyForAll: "Kukaan kaveri ei pääse kaikille näille käynneille. Voit perua käyntejä tai soittaa asiakaspalveluumme, niin etsimme ratkaisun.",
  confirmChange: "Vaihda kaveri",
  changing: "Vaihdetaan…",
  changedToast: "Kaveri on vaihdettu",
  changedDetail: (name: string, count: number) => `${name} tulee ${count === 1 ? "1 käynnille" : `${count} käynnille`}. Kaverit ja sinä saatte tiedon sähköpostiin.`,
  changeFailed: "Kaveria ei voitu vaihtaa",
  changeRefusals: {
    series_not_found: "Sarjaa ei löytynyt.",
    nothing_to_change: "Tästä käynnistä eteenpäin ei ole muutettavia käyntejä.",
    same_caregiver: "Valitsemasi kaveri on jo sarjan kaveri.",
    caregiver_not_assignable: "Valitsemasi kaveri ei voi ottaa käyntejä.",
    caregiver_cannot_do_all: "Valitsemasi kaveri ei pääse kaikille käynneille. Valitse toinen kaveri.",
    caregiver_busy: "Valitsemasi kaveri ehti varata ajan jollekin näistä käynneistä. Valitse toinen kaveri.",
  },
  fromVisit: (when: string) => `Alkaen käynnistä ${when}`,
} as const;

export type ChangeRefusal = keyof typeof seriesTexts.changeRefusals;

interface ListedVisit {
  orderNumber: string;
  startsAt: Date;
  endsAt: Date;
}

const greeting = (name: string) => (name ? `Hei ${name},` : "Hei,");
const help = (contact: Contact) => `Kysyttävää? Vastaamme mielellämme: ${contact.email}, puh. ${contact.phone}.`;

/** The customer's one e-mail of "Peru tämä ja kaikki tulevat": every visit with its fee and what happens to the money. */
export function seriesCancelledEmail(input: {
  customerName: string;
  serviceName: string;
  visits: Array<ListedVisit & { feeCents: number }>;
  refundDueCents: number;
  creditNoteNumbers: number[];
  reason?: string;
  contact: Contact;
}): { subject: string; content: EmailContent } {
  const totalFee = input.visits.reduce((sum, visit) => sum + visit.feeCents, 0);
  const lines = input.visits.map(
    (visit) => `${visit.orderNumber}: ${visitWhen(visit)}${visit.feeCents > 0 ? ` – peruutusmaksu ${formatEuros(visit.feeCents)}` : " – maksuton"}`,
  );
  return {
    subject: `Toistuvat käynnit on peruutettu (${input.visits.length}) – Arkikaveri`,
    content: {
      contact: input.contact,
      heading: "Toistuvat käyntisi on peruutettu",
      paragraphs: [
        greeting(input.customerName),
        `nämä toistuvat käyntisi (${input.serviceName}) on peruutettu, eikä sarjaan tehdä uusia käyntejä:`,
        lines.join("\n"),
        ...(input.reason ? [`Peruutuksen syy: ${input.reason}`] : []),
        ...(totalFee > 0 ? [`Alle 24 tuntia ennen alkuaan perutusta käynnistä peritään peruutusmaksu (yhden tunnin hinta). Peruutusmaksuja yhteensä ${formatEuros(totalFee)}.`] : []),
        ...(input.refundDueCents > 0 ? [`Palautamme ${formatEuros(input.refundDueCents)} samalle maksutavalle, jolla maksoit. Palautus näkyy tililläsi yleensä muutaman pankkipäivän kuluessa.`] : []),
        ...(input.creditNoteNumbers.length === 1
          ? [`Hyvityslasku ${input.creditNoteNumbers[0]} on tämän viestin liitteenä (PDF).`]
          : input.creditNoteNumbers.length > 1
            ? [`Hyvityslaskut ${input.creditNoteNumbers.join(", ")} ovat tämän viestin liitteinä (PDF).`]
            : []),
        "Liitteenä ovat myös kalenteritiedostot. Kun avaat ne, käynnit poistuvat kalenteristasi.",
        help(input.contact),
      ],
    },
  };
}

/** The customer learns who comes to the series' visits from now on. */
export function seriesCaregiverChangedCustomerEmail(input: {
  customerName: string;
  serviceName: string;
  caregiverName: string;
  visits: ListedVisit[];
  contact: Contact;
  seriesUrl: string;
}): { subject: string; content: EmailContent } {
  return {
    subject: "Toistuvien käyntiesi kaveri vaihtuu – Arkikaveri",
    content: {
      contact: input.contact,
      heading: "Kaverisi vaihtuu",
      paragraphs: [
        greeting(input.customerName),
        `toistuvien käyntiesi (${input.serviceName}) kaveriksi tulee ${input.caregiverName} näille käynneille:`,
        input.visits.map((visit) => `${visit.orderNumber}: ${visitWhen(visit)}`).join("\n"),
        "Hinta ja ajat pysyvät ennallaan.",
        help(input.contact),
      ],
      button: { label: "Näytä toistuvat käynnit", url: input.seriesUrl },
    },
  };
}

/** The helper taken off the series' visits: one e-mail naming each. */
export function seriesCaregiverRemovedEmail(input: { caregiverName: string; serviceName: string; visits: ListedVisit[]; contact: Contact }): {
  subject: string;
  content: EmailContent;
} {
  return {
    subject: "Toistuvat käynnit eivät ole enää sinulla – Arkikaveri",
    content: {
      contact: input.contact,
      heading: "Käynnit siirtyivät toiselle kaverille",
      paragraphs: [
        greeting(input.caregiverName),
        `nämä toistuvat käynnit (${input.serviceName}) eivät ole enää sinulla. Sinun ei tarvitse mennä niille:`,
        input.visits.map((visit) => `${visit.orderNumber}: ${visitWhen(visit)}`).join("\n"),
        help(input.contact),
      ],
    },
  };
}
