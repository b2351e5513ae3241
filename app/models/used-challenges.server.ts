import { sql } from "kysely";
import type { Executor } from "../db.server";

// Bot-check tokens that have been used (table used_challenges): the primary key on the token's
// hash makes "accepted once" hold even when two requests race with the same token.

/**
 * Records a token as used. True for the first use; false when it was used before (the insert
 * hits the primary key and does nothing).
 */
export async function claimChallengeToken(executor: Executor, tokenHash: string, expiresAt: Date): Promise<boolean> {
  const row = await executor
    .insertInto("used_challenges")
    .values({ token_hash: tokenHash, expires_at: expiresAt })
    .onConflict((oc) => oc.column("token_hash").doNothing())
    .returning("token_hash")
    .executeTakeFirst();
  return row !== undefined;
}

/** A token past its expiry is refused by its own signature, so its row is no longer needed. */
export async function deleteExpiredChallengeTokens(executor: Executor): Promise<number> {
  const result = await executor.deleteFrom("used_challenges").where("expires_at", "<", sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
