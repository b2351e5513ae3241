import { sql } from "kysely";
import type { DB, Executor } from "../db.server";
import type { Email, EmailAttachment, EmailStatus } from "../db/schema";

export type { Email, EmailAttachment, EmailStatus };

export interface NewEmail {
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  attachments?: EmailAttachment[];
}

/** Writes an e-mail in the caller's transaction; delivery is a separate job. */
export async function insertEmail(executor: Executor, email: NewEmail): Promise<string> {
  const row = await executor
    .insertInto("emails")
    .values({
      to_address: email.to,
      from_address: email.from,
      reply_to: email.replyTo ?? null,
      subject: email.subject,
      html: email.html,
      text: email.text,
      attachments: JSON.stringify(email.attachments ?? []),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function getEmail(executor: Executor, id: string): Promise<Email | undefined> {
  // A malformed id in a URL is simply "no such e-mail", not a database error.
  if (!isUuid(id)) return undefined;
  return executor.selectFrom("emails").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Replaces the attachments once the delivery job has drawn the deferred ones. */
export async function storeEmailAttachments(db: DB, id: string, attachments: EmailAttachment[]) {
  await db.updateTable("emails").set({ attachments: JSON.stringify(attachments) }).where("id", "=", id).execute();
}

/**
 * Marks an e-mail as being handed to SMTP, with `messageId` unless it has one from an earlier
 * attempt; returns the Message-ID to send it with.
 */
export async function markEmailSending(db: Executor, id: string, messageId: string): Promise<string> {
  const row = await db
    .updateTable("emails")
    .set({ status: "sending", message_id: sql`coalesce(message_id, ${messageId})` })
    .where("id", "=", id)
    .returning("message_id")
    .executeTakeFirstOrThrow();
  return row.message_id ?? messageId;
}

export async function markEmailSent(db: Executor, id: string) {
  await db.updateTable("emails").set({ status: "sent", sent_at: sql`now()` }).where("id", "=", id).execute();
}

/** Without SMTP the message stays in the database, readable in the dev mailbox. */
export async function markEmailKept(db: Executor, id: string) {
  await db.updateTable("emails").set({ status: "kept" }).where("id", "=", id).execute();
}

export async function markEmailFailed(db: DB, id: string) {
  await db.updateTable("emails").set({ status: "failed" }).where("id", "=", id).execute();
}

export interface EmailSummary {
  id: string;
  to_address: string;
  subject: string;
  status: EmailStatus;
  created_at: Date;
}

/** Newest first; the bodies and attachments are left out because the list does not show them. */
export async function listEmails(
  executor: Executor,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ emails: EmailSummary[]; total: number }> {
  const [emails, count] = await Promise.all([
    executor
      .selectFrom("emails")
      .select(["id", "to_address", "subject", "status", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    executor.selectFrom("emails").select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
  ]);
  return { emails, total: count.total };
}

/**
 * Every link target in a message, in order of first appearance: the `href`s of its HTML and the
 * bare http(s) addresses of its text version (a text-only link would otherwise be missed).
 */
export function extractLinks(email: Pick<Email, "html" | "text">): string[] {
  const found: string[] = [];
  for (const match of email.html.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    found.push(decodeHtmlEntities((match[1] ?? match[2] ?? match[3] ?? "").trim()));
  }
  for (const match of email.text.matchAll(/https?:\/\/[^\s<>"')]+/g)) {
    found.push(match[0].replace(/[.,;:!?]+$/, ""));
  }
  return [...new Set(found.filter((href) => href !== "" && !href.startsWith("#")))];
}

function decodeHtmlEntities(value: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return named[body.toLowerCase()] ?? entity;
  });
}

function isUuid(value: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
