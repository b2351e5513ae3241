// The e-mail telling the other party of an order's thread of a new message (DESIGN.md decision 21).
// The service (app/services/order-messages.server.ts) decides whom and when; the words are here.
// Apart from messages/order-messages.ts, which the portal ships to the browser.

import type { EmailContent } from "../domain/email-content";
import { formatTimeRange, formatWeekdayDate } from "../domain/format";

export interface NewMessageEmail {
  recipientName: string;
  senderName: string;
  orderNumber: string;
  serviceName: string;
  startsAt: Date;
  endsAt: Date;
  text: string;
  url: string;
}

/** The e-mail to the other party of a thread (at most one an hour per thread each). */
export function newMessageEmailContent(email: NewMessageEmail): { subject: string; content: EmailContent } {
  const { recipientName, senderName, orderNumber, serviceName, text, url } = email;
  const when = `${formatWeekdayDate(email.startsAt)} ${formatTimeRange(email.startsAt, email.endsAt)}`;
  return {
    subject: `Uusi viesti tilauksesta ${orderNumber} – Arkikaveri`,
    content: {
      heading: "Sinulle on uusi viesti",
      paragraphs: [
        recipientName ? `Hei ${recipientName},` : "Hei,",
        `${senderName} kirjoitti sinulle tilauksesta ${orderNumber} (${serviceName}, ${when}):`,
        text,
      ],
      button: { label: "Lue ja vastaa", url },
      afterButton: [
        "Kerromme uusista viesteistä sähköpostilla enintään kerran tunnissa. Koko keskustelu on Arkikaverissa kohdassa Viestit.",
        "Älä vastaa tähän sähköpostiin: vastaus ei mene perille. Vastaa Arkikaverissa.",
      ],
    },
  };
}
