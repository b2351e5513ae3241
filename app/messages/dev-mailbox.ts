// Texts of the developer's mailbox (/dev/sahkopostit), which lists the e-mails the app would have sent.

/** By the outbox's status of an e-mail (EmailStatus of app/db/schema.ts). */
export const EMAIL_STATUS_LABELS = {
  queued: "Jonossa",
  sending: "Lähetetään",
  sent: "Lähetetty",
  kept: "Tallennettu",
  failed: "Epäonnistui",
} as const;

/** An attachment's size: '512 tavua', '1,5 kt', '2 Mt'. */
export function formatByteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} tavua`;
  const kilobytes = bytes / 1024;
  if (kilobytes < 1024) return `${kilobytes.toLocaleString("fi-FI", { maximumFractionDigits: 1 })} kt`;
  return `${(kilobytes / 1024).toLocaleString("fi-FI", { maximumFractionDigits: 1 })} Mt`;
}

/** By the outbox's status of a text message (TextMessageStatus of app/db/schema.ts; /dev/tekstiviestit). */
export const TEXT_STATUS_LABELS = {
  queued: "Jonossa",
  sending: "Lähetetään",
  sent: "Lähetetty",
  kept: "Tallennettu",
  failed: "Epäonnistui",
} as const;

/** '1 viesti (142 merkkiä)', '2 viestiä (180 merkkiä, ei GSM-7)'. */
export function textLengthLabel(length: { segments: number; units: number; gsm7: boolean }): string {
  const parts = length.segments === 1 ? "1 viesti" : `${length.segments} viestiä`;
  return `${parts} (${length.units} merkkiä${length.gsm7 ? "" : ", ei GSM-7"})`;
}
