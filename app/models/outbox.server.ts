import { sql } from "kysely";
import type { Executor } from "../db.server";

// The two outboxes, e-mails (`emails`) and texts (`text_messages`), pruned alike by housekeeping
// (decision 0045): both carry names, addresses and order details.

/**
 * Deletes the rows of `table` whose delivery is over (sent, kept for the dev mailbox or outbox, or
 * failed on the last attempt) since before `before`, counted from `sent_at` or, for those never
 * sent, from their creation. Queued and sending ones stay: their job still reads them. One
 * statement, so two workers at once delete each row once.
 */
export async function deleteFinishedOutboxRows(executor: Executor, table: "emails" | "text_messages", before: Date): Promise<number> {
  const result = await sql`
    delete from ${sql.table(table)}
    where status in ('sent', 'kept', 'failed') and coalesce(sent_at, created_at) < ${before}`.execute(executor);
  return Number(result.numAffectedRows ?? 0);
}
