import { FREE_CANCELLATION_HOURS, freeCancellationDeadline } from "~/domain/cancellation";
import { formatTime, formatWeekdayDate } from "~/domain/format";

// What happens after a booking, in the customer's words: on the result page and in the
// confirmation e-mail alike (issue 13, item 4). Dates are real deadlines from the order, never
// "muutaman päivän kuluessa" for a visit the day after tomorrow.

/** The rule as the booking form states it before 'Vahvista varaus'. */
export const CANCELLATION_RULE = `Voit perua varauksen maksutta viimeistään ${FREE_CANCELLATION_HOURS} tuntia ennen käynnin alkua. Myöhemmin peruutetusta varauksesta veloitamme yhden tunnin hinnan.`;

export interface NextStepsOrder {
  startsAt: Date;
  caregiverName: string | null;
  bookingFor: "self" | "other";
  /** The recipient's name when the visit is for someone else. */
  recipientName: string | null;
  orderNumber: string;
  /**
   * Who reads it: a guest manages the visit from the e-mail's "Hallitse varausta" link; an
   * account holder also from the order on their own page (issue 28 item 6).
   */
  reader: "guest" | "account";
}

export interface NextStepsContact {
  phone: string;
  email: string;
}

export interface NextSteps {
  helper: string;
  contact: string;
  cancellation: string;
  howToCancel: string;
  /** A guest's offer of an account, apart from how to manage this visit; null for an account holder. */
  accountOffer: string | null;
}

function when(value: Date): string {
  return `${formatWeekdayDate(value)} ${formatTime(value)}`;
}

export function nextSteps(order: NextStepsOrder, contact: NextStepsContact, now: Date): NextSteps {
  const freeUntil = freeCancellationDeadline(order.startsAt);
  const stillFree = now.getTime() < freeUntil.getTime();
  const whom = order.bookingFor === "other" ? `palvelun saajaan${order.recipientName ? ` (${order.recipientName})` : ""}` : "sinuun";
  return {
    helper: order.caregiverName
      ? `Kaverisi on ${order.caregiverName}.`
      : `Valitsemme sinulle sopivan kaverin ja kerromme hänen nimensä sähköpostitse ${stillFree ? `viimeistään ${when(freeUntil)}` : "mahdollisimman pian"}.`,
    contact: `Kaveri on yhteydessä ${whom} ennen käyntiä ja sopii yksityiskohdista.`,
    cancellation: stillFree
      ? `Voit perua varauksen maksutta viimeistään ${when(freeUntil)} (${FREE_CANCELLATION_HOURS} tuntia ennen käynnin alkua). Myöhemmin peruutetusta varauksesta veloitamme yhden tunnin hinnan.`
      : `Käyntiin on alle ${FREE_CANCELLATION_HOURS} tuntia: jos perut sen, veloitamme yhden tunnin hinnan.`,
    howToCancel: `${
      order.reader === "guest"
        ? "Voit katsoa ja perua varauksen itse ilman kirjautumista vahvistusviestin Hallitse varausta -linkistä."
        : "Voit perua varauksen itse omalla sivullasi kohdassa Tilaukset tai vahvistusviestin Hallitse varausta -linkistä."
    } Muuta tai peru varausta myös soittamalla asiakaspalveluun ${contact.phone} tai kirjoittamalla osoitteeseen ${contact.email}. Kerro tilausnumero ${order.orderNumber}.`,
    // Worded so that it holds whether or not the address already has an account (decision 0025).
    accountOffer:
      order.reader === "guest"
        ? "Oma sivu on vapaaehtoinen: vahvistusviestissä kerromme, miten saat varauksesi omalle sivullesi, jossa näet kaikki varauksesi ja laskusi yhdessä paikassa."
        : null,
  };
}
