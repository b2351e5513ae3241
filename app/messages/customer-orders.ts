import { FREE_CANCELLATION_HOURS } from "~/domain/cancellation";
import { formatEuros } from "~/domain/format";

// Texts of the customer's own order pages in the portal (issue 10): the order page and the
// cancellation (DESIGN.md decision 16; the rule itself is app/domain/cancellation.ts, which the
// terms page states too).

export const customerOrderTexts = {
  notFound: "Tilausta ei löytynyt.",
  calendarGone: "Tilaus on peruutettu, joten sitä ei voi enää lisätä kalenteriin.",
  anyCaregiver: "Kaveri valitaan puolestasi",
  cancelled: "Tilaus peruutettu",
  /** Past the point of cancelling online: the phone and e-mail become links on the page. */
  callToCancel: (contact: { phone: string; email: string }) =>
    `Tätä tilausta ei voi enää perua verkossa. Soita asiakaspalveluun (puh. ${contact.phone} tai ${contact.email}), niin autamme.`,
  cancelFailed: "Tilauksen peruutus epäonnistui",
  notCancellable: "Tätä tilausta ei voi enää perua verkossa. Soita asiakaspalveluun, niin autamme.",
  feeChanged: "Maksuton peruutusaika päättyi juuri. Tarkista peruutusmaksu ja vahvista peruutus uudelleen.",
  refundFailed:
    "Tilaus on peruutettu, mutta maksun palautus ei onnistunut juuri nyt. Yritä palautusta uudelleen hetken kuluttua, tai asiakaspalvelumme hoitaa sen puolestasi.",
  refundByStaff: "Asiakaspalvelumme palauttaa maksun sinulle muutaman pankkipäivän kuluessa.",
} as const;

/** The rule as it applies to this order right now, said before the customer confirms. */
export function cancellationRuleText(terms: { free: boolean; freeUntil: string; feeCents: number }): string {
  return terms.free
    ? `Voit perua tämän tilauksen maksutta ${terms.freeUntil} asti (${FREE_CANCELLATION_HOURS} tuntia ennen käynnin alkua).`
    : `Maksuton peruutusaika päättyi ${terms.freeUntil} (${FREE_CANCELLATION_HOURS} tuntia ennen käynnin alkua). Peruutusmaksu on yhden tunnin hinta: ${formatEuros(terms.feeCents)}.`;
}

/** What happens to the money: a refund of an online payment, a credit note of an invoice, or nothing to pay. */
export function cancellationMoneyText(input: { method: "online" | "invoice"; paid: boolean; feeCents: number; refundCents: number }): string {
  if (input.method === "invoice") {
    return input.feeCents > 0
      ? `Hyvitämme laskusta ${formatEuros(input.refundCents)} hyvityslaskulla. Maksettavaksi jää peruutusmaksu ${formatEuros(input.feeCents)} saman laskun viitenumerolla.`
      : "Lasku hyvitetään kokonaan hyvityslaskulla, eikä sinun tarvitse maksaa mitään.";
  }
  if (!input.paid) return "Tilausta ei ole vielä maksettu, joten sinulta ei veloiteta mitään.";
  return input.feeCents > 0
    ? `Palautamme sinulle ${formatEuros(input.refundCents)} samalle maksutavalle, jolla maksoit. Peruutusmaksu ${formatEuros(input.feeCents)} pidätetään.`
    : `Palautamme koko summan ${formatEuros(input.refundCents)} samalle maksutavalle, jolla maksoit.`;
}

/** The toast's detail once cancelled. */
export function cancelledDetail(outcome: { refund: string; refundCents: number; feeCents: number; creditNote: { amountCents: number } | null }): string {
  const parts = ["Kaverille ja sinulle on lähetetty vahvistus sähköpostilla."];
  if (outcome.refund === "refunded" || outcome.refund === "already_refunded" || outcome.refund === "in_progress") {
    parts.unshift(`Palautamme ${formatEuros(outcome.refundCents)} samalle maksutavalle, jolla maksoit.`);
  } else if (outcome.creditNote) {
    parts.unshift(
      outcome.feeCents > 0
        ? `Laskua hyvitettiin ${formatEuros(outcome.creditNote.amountCents)}; maksettavaksi jää peruutusmaksu ${formatEuros(outcome.feeCents)}.`
        : "Lasku hyvitettiin kokonaan.",
    );
  }
  return parts.join(" ");
}
