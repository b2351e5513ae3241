import type { EmailStatus } from "../db/schema";
import { formatDateTime } from "../domain/format";
import { isMailboxEnabled, isTextOutboxEnabled } from "../env.server";
import { EMAIL_STATUS_LABELS } from "../messages/dev-mailbox";

/**
 * The dev mailbox exists only while e-mail is not really sent (no SMTP_URL) and never in
 * production: anywhere else its pages answer 404, as if they did not exist.
 */
export function requireMailbox() {
  if (!isMailboxEnabled()) throw new Response(null, { status: 404 });
}

/**
 * The dev outbox of texts (/dev/tekstiviestit, decision 0031) exists only while no SMS provider is
 * configured and never in production: anywhere else it answers 404 like the mailbox.
 */
export function requireTextOutbox() {
  if (!isTextOutboxEnabled()) throw new Response(null, { status: 404 });
}

// Typed here so that a new status without its label fails the typecheck.
export const emailStatusLabels: Record<EmailStatus, string> = EMAIL_STATUS_LABELS;

/** '6.1.2026 klo 00.07', in Helsinki time whatever the server's zone. */
export function formatMailboxTime(date: Date): string {
  return formatDateTime(date);
}

/** Only links a browser can safely follow are rendered as links; anything else is shown as text. */
export function isFollowableHref(href: string): boolean {
  return /^(https?:|mailto:)/i.test(href) || (href.startsWith("/") && !href.startsWith("//"));
}

const OUTBOX_PAGE_SIZE = 25;

/**
 * One page of an outbox by `?sivu=N`, newest first, with the pager's links. A bookmarked page that
 * no longer exists shows the last one rather than an empty list.
 */
export async function outboxPage<Item>(request: Request, list: (options: { page: number; pageSize: number }) => Promise<{ total: number; items: Item[] }>) {
  const url = new URL(request.url);
  const requested = Number(url.searchParams.get("sivu") ?? "1");
  let page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  let result = await list({ page, pageSize: OUTBOX_PAGE_SIZE });
  const pageCount = Math.max(1, Math.ceil(result.total / OUTBOX_PAGE_SIZE));
  if (page > pageCount) {
    page = pageCount;
    result = await list({ page, pageSize: OUTBOX_PAGE_SIZE });
  }
  return {
    page,
    pageCount,
    total: result.total,
    items: result.items,
    previous: page > 1 ? `${url.pathname}?sivu=${page - 1}` : null,
    next: page < pageCount ? `${url.pathname}?sivu=${page + 1}` : null,
  };
}
