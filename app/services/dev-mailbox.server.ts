import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import type { EmailStatus } from "../db/schema";
import { isMailboxEnabled } from "../env.server";

/**
 * The dev mailbox exists only while e-mail is not really sent (no SMTP_URL) and never in
 * production: anywhere else its pages answer 404, as if they did not exist.
 */
export function requireMailbox() {
  if (!isMailboxEnabled()) throw new Response(null, { status: 404 });
}

export const emailStatusLabels: Record<EmailStatus, string> = {
  queued: "Jonossa",
  sent: "Lähetetty",
  kept: "Tallennettu",
  failed: "Epäonnistui",
};

const helsinki = tz("Europe/Helsinki");

/** '6.1.2026 klo 00.07', in Helsinki time whatever the server's zone. */
export function formatMailboxTime(date: Date): string {
  return format(date, "d.M.yyyy 'klo' HH.mm", { in: helsinki });
}

/** Only links a browser can safely follow are rendered as links; anything else is shown as text. */
export function isFollowableHref(href: string): boolean {
  return /^(https?:|mailto:)/i.test(href) || (href.startsWith("/") && !href.startsWith("//"));
}

export function formatByteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} tavua`;
  const kilobytes = bytes / 1024;
  if (kilobytes < 1024) return `${kilobytes.toLocaleString("fi-FI", { maximumFractionDigits: 1 })} kt`;
  return `${(kilobytes / 1024).toLocaleString("fi-FI", { maximumFractionDigits: 1 })} Mt`;
}
