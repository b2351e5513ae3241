import type { Executor } from "../db.server";
import type { TextMessageStatus } from "../db/schema";
import { isUuid } from "../domain/uuid";

// The outbox of text messages (migration 0024; docs/decisions/0031): written with the job that
// delivers it, in the transaction of the work it is about, like the e-mails table.

export type { TextMessageStatus };

export interface TextMessage {
  id: string;
  toPhone: string;
  body: string;
  segments: number;
  status: TextMessageStatus;
  provider: string | null;
  providerRef: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

const COLUMNS = ["id", "to_phone", "body", "segments", "status", "provider", "provider_ref", "created_at", "sent_at"] as const;

function fromRow(row: {
  id: string;
  to_phone: string;
  body: string;
  segments: number;
  status: TextMessageStatus;
  provider: string | null;
  provider_ref: string | null;
  created_at: Date;
  sent_at: Date | null;
}): TextMessage {
  return {
    id: row.id,
    toPhone: row.to_phone,
    body: row.body,
    segments: row.segments,
    status: row.status,
    provider: row.provider,
    providerRef: row.provider_ref,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

export async function insertTextMessage(executor: Executor, message: { to: string; body: string; segments: number }): Promise<string> {
  const row = await executor
    .insertInto("text_messages")
    .values({ to_phone: message.to, body: message.body, segments: message.segments })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function getTextMessage(executor: Executor, id: string): Promise<TextMessage | null> {
  if (!isUuid(id)) return null;
  const row = await executor.selectFrom("text_messages").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? fromRow(row) : null;
}

export async function markTextMessage(
  executor: Executor,
  id: string,
  change: { status: TextMessageStatus; provider?: string; providerRef?: string | null; error?: string | null; sentAt?: Date | null },
): Promise<void> {
  await executor
    .updateTable("text_messages")
    .set({
      status: change.status,
      ...(change.provider !== undefined ? { provider: change.provider } : {}),
      ...(change.providerRef !== undefined ? { provider_ref: change.providerRef } : {}),
      ...(change.error !== undefined ? { error: change.error } : {}),
      ...(change.sentAt !== undefined ? { sent_at: change.sentAt } : {}),
    })
    .where("id", "=", id)
    .execute();
}

/** The newest texts first, a page at a time (the dev outbox). */
export async function listTextMessages(executor: Executor, { page, pageSize }: { page: number; pageSize: number }) {
  const [rows, count] = await Promise.all([
    executor
      .selectFrom("text_messages")
      .select(COLUMNS)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    executor.selectFrom("text_messages").select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.count), messages: rows.map(fromRow) };
}
