import { MESSAGE_MAX_LENGTH } from "~/domain/order-messages";

// Texts of an order's messages (DESIGN.md decision 21; issue 10), in the portal and the back office.

export const orderMessageTexts = {
  missing: "Kirjoita viesti",
  tooLong: `Viesti voi olla enintään ${MESSAGE_MAX_LENGTH} merkkiä`,
  sent: "Viesti lähetetty",
  sendFailed: "Viestin lähetys epäonnistui",
  closed: "Tilaus on peruutettu, joten viestejä ei voi enää lähettää.",
  empty: "Ei viestejä vielä.",
  /** The spec's fallback for a sender whose profile is gone (001 §8). */
  unknownSender: "Tuntematon",
  /** How a message from staff is signed in the portal. */
  staffSender: "Arkikaveri, asiakaspalvelu",
  noThreads: "Sinulla ei ole vielä viestejä. Voit kirjoittaa kaverille tulevan tilauksen sivulta.",
  noThreadsCaregiver: "Sinulla ei ole vielä viestejä. Kun sinulla on tilauksia, voit kirjoittaa asiakkaalle täältä.",
  notFound: "Keskustelua ei löytynyt.",
} as const;

/** How the reader's own messages are signed. */
export const OWN_MESSAGE_SENDER = "Sinä";

/** A staff member's message as staff see it: by name. */
export function staffMemberSender(name: string): string {
  return `${name} (henkilökunta)`;
}

/** Who reads the thread when the customer writes, said above the form. */
export function threadAudience(caregiverName: string | null): string {
  return caregiverName
    ? `Viestisi näkevät kaveri ${caregiverName} ja Arkikaverin asiakaspalvelu. Kaveri saa sähköpostin uudesta viestistä.`
    : "Tilaukselle ei ole vielä valittu kaveria. Viestisi näkee Arkikaverin asiakaspalvelu, ja kaveri näkee sen, kun hänet on valittu.";
}

export function unreadLabel(count: number): string {
  return count === 1 ? "1 lukematon viesti" : `${count} lukematonta viestiä`;
}
