import { formatClock, formatWeekdayDate } from "../domain/format";
import { START_WINDOW_BEFORE_START_MS } from "../domain/visit-lifecycle";

// The Finnish words of a visit's life (decision 0018): when a helper may start or complete a task,
// the confirmations that say what follows, and the back office's refusals.

function at(date: Date): string {
  return `${formatWeekdayDate(date)} klo ${formatClock(date)}`;
}

export const visitLifecycleTexts = {
  startOpensAt: (opensAt: Date) => `Voit aloittaa tehtävän ${at(opensAt)} alkaen (${START_WINDOW_BEFORE_START_MS / 60_000} minuuttia ennen käynnin alkua).`,
  startClosedAt: (closedAt: Date) =>
    `Tehtävää ei voi enää aloittaa: käynti päättyi ${at(closedAt)}. Soita asiakaspalveluun, jos käynti tehtiin.`,
  completeOpensAt: (opensAt: Date) => `Voit merkitä tehtävän suoritetuksi ${at(opensAt)} alkaen, kun käynti on alkanut.`,
  confirmHeading: { start: "Aloitetaanko tehtävä?", complete: "Merkitäänkö tehtävä suoritetuksi?" },
  confirmWhatFollows: {
    start: "Asiakas näkee, että käynti on alkanut. Kun käynti on tehty, merkitse tehtävä suoritetuksi.",
    complete: (earnings: string) =>
      `Asiakas saa tiedon, että käynti on tehty, ja pyynnön arvioida se. Ansiosi ${earnings} siirtyy maksettavaksi. Merkintää ei voi perua.`,
  },
  confirmButton: { start: "Kyllä, aloita tehtävä", complete: "Kyllä, merkitse suoritetuksi" },
  confirmCancel: "Takaisin tehtäviin",
  staffTooEarly: (opensAt: Date) => `Tilan voi vaihtaa vasta ${at(opensAt)} alkaen.`,
  staffTooLate: (closedAt: Date) => `Tilaa ei voi enää vaihtaa: aika päättyi ${at(closedAt)}.`,
  staffNotAllowed: "Tilaa ei voi vaihtaa tähän. Valmis ja peruutettu tilaus ovat lopullisia; peruminen tehdään Peru tilaus -sivulla.",
  /** The back office home's "Vaatii huomiota" groups of visits. */
  attention: {
    not_started: { title: "Käynti ei alkanut", empty: "Kaikki päättyneet käynnit on aloitettu." },
    suspended_caregiver: {
      title: "Tulevat käynnit, joiden kaveri on jäädytetty",
      empty: "Kaikilla tulevilla käynneillä on hyväksytty kaveri.",
    },
  },
  detailsHidden: "Osoite, puhelin ja lisätiedot eivät enää näy, koska käynti on peruutettu tai siitä on yli viikko.",
};
