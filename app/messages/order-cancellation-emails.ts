// The e-mails of a cancelled order (DESIGN.md decision 16): the customer's, with the fee, the
// refund or the credit note, and the helper's. The service (app/services/order-cancellation.server.ts)
// sends them; the words are here.

import type { EmailContent } from "../domain/email-content";
import { formatEuros, formatTimeRange, formatWeekdayDate } from "../domain/format";

interface CancelledOrder {
  orderNumber: string;
  serviceName: string;
  startsAt: Date;
  endsAt: Date;
  city: string;
  customer: { fullName: string };
  caregiver: { fullName: string } | null;
}

interface CancellationMoney {
  feeCents: number;
  refundDueCents: number;
  /** Staff's reason for cancelling, told to the customer as written. */
  reason?: string;
  /** Staff chose what to refund: the late-fee sentence does not apply then. */
  refundChosen?: boolean;
  /** `monthlyLine`: the note credits the visit's line of a series' monthly invoice (decision 0044). */
  creditNote: { invoiceNumber: number; creditNoteNumber: number; amountCents: number; monthlyLine?: object | null } | null;
}

interface Email {
  subject: string;
  content: EmailContent;
}

/** The cancellation's calendar file (METHOD:CANCEL) is attached to both e-mails. */
const CALENDAR_REMOVAL = "Liitteenä on kalenteritiedosto. Kun avaat sen, käynti poistuu kalenteristasi.";

export function cancellationEmails(
  order: CancelledOrder,
  money: CancellationMoney,
  contact: { email: string; phone: string },
): { customer: Email; caregiver: Email | null } {
  const when = `${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}`;
  const help = `Kysyttävää? Vastaamme mielellämme: ${contact.email}, puh. ${contact.phone}.`;
  const customer: Email = {
    subject: `Tilaus ${order.orderNumber} on peruutettu – Arkikaveri`,
    content: {
      contact,
      heading: "Tilauksesi on peruutettu",
      paragraphs: [
        order.customer.fullName ? `Hei ${order.customer.fullName},` : "Hei,",
        `tilauksesi ${order.orderNumber} (${order.serviceName}, ${when}, ${order.city}) on peruutettu.`,
        ...(money.reason ? [`Peruutuksen syy: ${money.reason}`] : []),
        ...moneyLines(money),
        CALENDAR_REMOVAL,
        help,
      ],
    },
  };
  const caregiver: Email | null = order.caregiver
    ? {
        subject: `Käynti ${order.orderNumber} on peruutettu – Arkikaveri`,
        content: {
          contact,
          heading: "Käynti on peruutettu",
          paragraphs: [
            order.caregiver.fullName ? `Hei ${order.caregiver.fullName},` : "Hei,",
            `käynti ${order.orderNumber} (${order.serviceName}, ${when}, ${order.city}) on peruutettu. Sinun ei tarvitse mennä käynnille, ja aika on taas vapaana muille varauksille.`,
            CALENDAR_REMOVAL,
            help,
          ],
        },
      }
    : null;
  return { customer, caregiver };
}

function moneyLines({ feeCents, refundDueCents, creditNote, refundChosen }: CancellationMoney): string[] {
  const lines: string[] = [];
  if (feeCents > 0 && !refundChosen) lines.push(`Peruutus tehtiin alle 24 tuntia ennen käynnin alkua, joten peruutusmaksu on ${formatEuros(feeCents)} (yhden tunnin hinta).`);
  if (refundDueCents > 0) lines.push(`Palautamme ${formatEuros(refundDueCents)} samalle maksutavalle, jolla maksoit. Palautus näkyy tililläsi yleensä muutaman pankkipäivän kuluessa.`);
  if (creditNote) {
    lines.push(
      creditNote.monthlyLine
        ? feeCents > 0
          ? `Hyvitimme kuukausilaskulta ${creditNote.invoiceNumber} tämän käynnin osuudesta ${formatEuros(creditNote.amountCents)} (hyvityslasku ${creditNote.creditNoteNumber}). Käynnin peruutusmaksu ${formatEuros(feeCents)} maksetaan kuukausilaskun mukana sen viitenumerolla.`
          : `Tämän käynnin osuus kuukausilaskulla ${creditNote.invoiceNumber} on hyvitetty kokonaan (hyvityslasku ${creditNote.creditNoteNumber}), eikä sitä tarvitse maksaa.`
        : feeCents > 0
          ? `Hyvitimme laskua ${creditNote.invoiceNumber} ${formatEuros(creditNote.amountCents)} (hyvityslasku ${creditNote.creditNoteNumber}). Maksettavaksi jää peruutusmaksu ${formatEuros(feeCents)} laskun viitenumerolla.`
          : `Lasku ${creditNote.invoiceNumber} on hyvitetty kokonaan (hyvityslasku ${creditNote.creditNoteNumber}), eikä sitä tarvitse maksaa.`,
      `Hyvityslasku ${creditNote.creditNoteNumber} on tämän viestin liitteenä (PDF).`,
    );
  }
  return lines;
}
