import type { EmailContent } from "../domain/email-content";
import { formatEuros, formatTimeRange, formatWeekdayDate } from "../domain/format";
import { repeatLabel } from "../domain/recurrence";

// The Finnish words of weekly visits (issue 27 items 4–5; docs/decisions/0037).

export interface SeriesVisitLine {
  orderNumber: string;
  startsAt: Date;
  endsAt: Date;
  caregiverName: string | null;
  totalCents: number;
}

export function seriesVisitLine(visit: SeriesVisitLine): string {
  const who = visit.caregiverName ? `, ${visit.caregiverName}` : "";
  return `${formatWeekdayDate(visit.startsAt)} klo ${formatTimeRange(visit.startsAt, visit.endsAt)}${who}, ${formatEuros(visit.totalCents)} (tilaus ${visit.orderNumber})`;
}

export function seriesConfirmationEmail(input: {
  customerName: string;
  serviceName: string;
  intervalWeeks: 1 | 2;
  open: boolean;
  paymentMethod: "online" | "invoice";
  visits: SeriesVisitLine[];
  orderUrl: string;
  contact: { phone: string; email: string };
}): { subject: string; content: EmailContent } {
  const rule = repeatLabel(input.intervalWeeks).toLowerCase();
  return {
    subject: `Toistuvat käynnit varattu: ${input.serviceName} ${rule} – Arkikaveri`,
    content: {
      contact: input.contact,
      heading: "Toistuvat käynnit on varattu",
      paragraphs: [
        input.customerName ? `Hei ${input.customerName},` : "Hei,",
        `varasit ${input.visits.length} käyntiä (${input.serviceName}, ${rule}). Jokainen käynti on oma tilauksensa:`,
        input.visits.map(seriesVisitLine).join("\n"),
        ...(input.open ? ["Sarja jatkuu toistaiseksi: lisäämme uudet käynnit aina 12 viikkoa eteenpäin."] : []),
        input.paymentMethod === "invoice"
          ? "Laskutamme käynnit kuukausittain: saat kunkin kuukauden käynneistä yhden laskun sähköpostiisi."
          : "Ensimmäinen käynti on maksettu. Seuraavat käynnit veloitetaan tallentamaltasi kortilta vuorokautta ennen käyntiä.",
        "Voit perua yksittäisen käynnin tai kaikki tulevat käynnit Oma sivu -palvelussa. Maksuton peruutus on mahdollinen 24 tuntia ennen kutakin käyntiä.",
      ],
      button: { label: "Näytä käynnit", url: input.orderUrl },
      afterButton: [`Kysyttävää? Vastaamme mielellämme: ${input.contact.email}, puh. ${input.contact.phone}.`],
    },
  };
}

export function seriesCaregiverEmail(input: {
  caregiverName: string;
  serviceName: string;
  intervalWeeks: 1 | 2;
  city: string;
  visits: SeriesVisitLine[];
  tasksUrl: string;
  contact: { phone: string; email: string };
}): { subject: string; content: EmailContent } {
  const rule = repeatLabel(input.intervalWeeks).toLowerCase();
  return {
    subject: `Uusia toistuvia tehtäviä: ${input.serviceName} ${rule} – Arkikaveri`,
    content: {
      contact: input.contact,
      heading: "Sinulle on uusia toistuvia tehtäviä",
      paragraphs: [
        input.caregiverName ? `Hei ${input.caregiverName},` : "Hei,",
        `asiakas varasi sinut toistuville käynneille (${input.serviceName}, ${rule}, ${input.city}). Käynnit:`,
        input.visits.map(({ caregiverName: _name, ...visit }) => seriesVisitLine({ ...visit, caregiverName: null })).join("\n"),
        "Hyväksy tehtävät Kaverin tehtävät -sivulla mahdollisimman pian. Jos et pääse johonkin käyntiin, hylkää se samalla sivulla, niin etsimme tilalle toisen kaverin.",
      ],
      button: { label: "Avaa kaverin tehtävät", url: input.tasksUrl },
      afterButton: [`Kysyttävää? Vastaamme mielellämme: ${input.contact.email}, puh. ${input.contact.phone}.`],
    },
  };
}

export const seriesPageTexts = {
  settingsTitle: "Toista viikoittain",
  datesTitle: "Tarkista päivät",
  free: (name: string) => `${name} pääsee.`,
  taken: (name: string) => `${name} ei pääse tänä päivänä.`,
  noHour: "Tätä kellonaikaa ei ole tänä päivänä (kesäaikaan siirtyminen). Päivä ohitetaan.",
  skip: "Ohita tämä päivä",
  other: (name: string) => `Joku muu kaveri: ${name}`,
  nobodyElse: "Kukaan muu kaveri ei pääse tähän aikaan. Päivä ohitetaan.",
  openEnding: "Sarja jatkuu toistaiseksi: lisäämme uudet käynnit aina 12 viikkoa eteenpäin. Alla ovat ensimmäiset 12 viikkoa.",
  paymentMissing: "Valitse maksutapa.",
  onlineUnavailable: "Verkkomaksu ei ole juuri nyt käytettävissä. Valitse lasku.",
  clashed: (dates: string[]) =>
    `Nämä päivät eivät ole enää vapaita: ${dates.join(", ")}. Mitään ei varattu. Tarkista päivät ja valitse niille uudelleen.`,
  tooFew: "Sarjaan tarvitaan vähintään kaksi käyntiä. Valitse useampi päivä tai muuta toistoa.",
  priceChanged: (price: string) => `Hinta on muuttunut: käynti maksaa nyt ${price}. Tarkista hinta ja varaa uudelleen.`,
  serviceUnavailable: "Tätä palvelua ei voi enää varata. Ota yhteyttä asiakaspalveluun.",
  suspended: "Tilisi on jäädytetty, joten et voi tehdä uusia varauksia. Ota yhteyttä asiakaspalveluun.",
  booked: (count: number) => `Varasit ${count} käyntiä`,
  alreadySent: "Nämä käynnit on jo varattu tällä lomakkeella. Näet ne kohdassa Omat tilaukset.",
  noHelper: "Tällä tilauksella ei ole vielä kaveria, joten sitä ei voi toistaa. Voit toistaa tilauksen, kun kaveri on valittu.",
} as const;

/** An open-ended series' new date its helper cannot do: the customer hears it was left out. */
export function seriesSkippedEmail(input: {
  customerName: string;
  serviceName: string;
  caregiverName: string | null;
  dates: string[];
  contact: { phone: string; email: string };
}): { subject: string; content: EmailContent } {
  const who = input.caregiverName ?? "Kaverisi";
  return {
    subject: `Toistuvasta varauksesta jäi pois ${input.dates.length === 1 ? "käynti" : "käyntejä"} – Arkikaveri`,
    content: {
      contact: input.contact,
      heading: "Käyntiä ei voitu lisätä",
      paragraphs: [
        input.customerName ? `Hei ${input.customerName},` : "Hei,",
        `lisäsimme toistuvaan varaukseesi (${input.serviceName}) uusia käyntejä. ${who} ei pääse näinä päivinä, joten niille ei varattu käyntiä:`,
        input.dates.join("\n"),
        `Voit varata näille päiville käynnin toisen kaverin kanssa Oma sivu -palvelussa tai soittaa meille: puh. ${input.contact.phone}.`,
      ],
    },
  };
}

/** The summary step's refusals of a repeating choice (app/booking/repeat-choice.ts, docs/decisions/0042). */
export const wizardRepeatErrors = {
  needsHelper: "Toistuvat käynnit tehdään aina saman kaverin kanssa. Valitse kaveri edellisessä vaiheessa tai valitse ”Kerran”.",
  noDiscount: "Alennuskoodi ei koske toistuvia käyntejä. Poista koodi tai valitse ”Kerran”.",
} as const;
