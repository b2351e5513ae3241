import { sql } from "kysely";
import type { Executor } from "../db.server";
import { ACTIVITY_WRITE_INTERVAL_HOURS } from "../domain/retention";

// "Poistamme tiedot viimeistään kahden vuoden kuluttua viimeisestä käytöstä" (decision 0047):
// the profile's last use (profiles.last_active_at, migration 0034), the warning mark, and which
// accounts the housekeeping job warns and erases.

/**
 * A use of the account (sign-in, a session's use, a booking): writes `at` as its last use and
 * clears a warning, but only when the stored one is older than a day, so page views mostly read.
 * A warned account's last use is always older than that, so its warning is always cleared.
 */
export async function touchProfileActivity(executor: Executor, profileId: string, at: Date): Promise<void> {
  const writeIfBefore = new Date(at.getTime() - ACTIVITY_WRITE_INTERVAL_HOURS * 60 * 60 * 1000);
  await executor
    .updateTable("profiles")
    .set({ last_active_at: at, inactivity_warned_at: null })
    .where("id", "=", profileId)
    .where("last_active_at", "<", writeIfBefore)
    .execute();
}

/**
 * The account's last use: its last_active_at, or the end of its newest visit (as customer or
 * helper, not cancelled) when that is later: a visit booked long ahead is use until it is over.
 */
const lastUse = sql<Date>`greatest(
  profiles.last_active_at,
  (select max(orders.ends_at) from orders join customers on customers.id = orders.customer_id
    where customers.profile_id = profiles.id and orders.status <> 'cancelled'),
  (select max(orders.ends_at) from orders join caregivers on caregivers.id = orders.caregiver_id
    where caregivers.profile_id = profiles.id and orders.status <> 'cancelled')
)`;

/**
 * Whom the rule covers: accounts with a password, not erased, not staff, not already waiting
 * for an erasure, and not frozen by staff (a suspended customer or helper cannot sign in, so the
 * warning's "sign in to keep it" would not hold; their accounts stay until staff erase them).
 */
const coveredAccount = sql<boolean>`(
  profiles.deleted_at is null
  and profiles.password_hash is not null
  and not exists (select 1 from user_roles where user_roles.user_id = profiles.id)
  and not exists (select 1 from account_deletions where account_deletions.profile_id = profiles.id and account_deletions.status = 'pending')
  and not exists (select 1 from customers where customers.profile_id = profiles.id and customers.status = 'suspended')
  and not exists (select 1 from caregivers where caregivers.profile_id = profiles.id and caregivers.status = 'suspended')
)`;

/**
 * A guest's profile (decision 0047, amended): a customer who booked without choosing a password,
 * so has nothing to sign in to and no warning to act on. Not erased, not staff, not a helper, not
 * waiting for an erasure, and not frozen by staff.
 */
const coveredGuest = sql<boolean>`(
  profiles.deleted_at is null
  and profiles.password_hash is null
  and exists (select 1 from customers where customers.profile_id = profiles.id and customers.status = 'active')
  and not exists (select 1 from caregivers where caregivers.profile_id = profiles.id)
  and not exists (select 1 from user_roles where user_roles.user_id = profiles.id)
  and not exists (select 1 from account_deletions where account_deletions.profile_id = profiles.id and account_deletions.status = 'pending')
)`;

/**
 * Due for erasure: unused since before `unusedBefore` and either an account warned before
 * `warnedBefore`, or a guest's profile (nobody to warn: its last use is its last visit).
 */
function dueForErasure(unusedBefore: Date, warnedBefore: Date) {
  return sql<boolean>`(
    profiles.last_active_at < ${unusedBefore}
    and ((profiles.inactivity_warned_at < ${warnedBefore} and ${coveredAccount}) or ${coveredGuest})
    and ${lastUse} < ${unusedBefore}
  )`;
}

export interface WarnedAccount {
  profileId: string;
  email: string;
  fullName: string;
  lastUse: Date;
}

/** How many accounts one run warns at most; the rest wait for the next run. */
const WARN_BATCH = 200;

/**
 * Marks covered accounts last used before `unusedBefore` and not yet warned as warned at `at`, and
 * returns them: the caller queues their e-mails in the same transaction. One UPDATE: a second
 * worker's statement waits on the row locks and then finds them warned, so each is warned once.
 */
export async function markInactiveAccountsWarned(executor: Executor, unusedBefore: Date, at: Date): Promise<WarnedAccount[]> {
  const result = await sql<{ id: string; email: string; full_name: string; last_use: Date }>`
    update profiles set inactivity_warned_at = ${at}
    where profiles.id in (
      select profiles.id from profiles
      where profiles.last_active_at < ${unusedBefore}
        and profiles.inactivity_warned_at is null
        and ${coveredAccount}
        and ${lastUse} < ${unusedBefore}
      order by profiles.last_active_at
      limit ${WARN_BATCH}
    )
      and profiles.inactivity_warned_at is null
      and profiles.last_active_at < ${unusedBefore}
    returning profiles.id, profiles.email, profiles.full_name, ${lastUse} as last_use`.execute(executor);
  return result.rows.map((row) => ({ profileId: row.id, email: row.email, fullName: row.full_name, lastUse: new Date(row.last_use) }));
}

/** Covered accounts last used before `unusedBefore` and warned before `warnedBefore`, and guests' profiles unused as long: to be erased. */
export async function listInactiveAccountsToErase(executor: Executor, unusedBefore: Date, warnedBefore: Date): Promise<string[]> {
  const result = await sql<{ id: string }>`
    select profiles.id from profiles
    where ${dueForErasure(unusedBefore, warnedBefore)}
    order by profiles.last_active_at`.execute(executor);
  return result.rows.map((row) => row.id);
}

/** The token hash's prefix of these requests: no SHA-256, so no "Peru poisto" link finds them. */
const INACTIVE_TOKEN_PREFIX = "housekeeping-inactive:";

/**
 * The same due-at-once erasure request as a rejected applicant's (decision 0045), for one account
 * that is still unused and warned (or a guest's, still unused) when the row is written (a use
 * since clears the warning).
 * ON CONFLICT under the one-pending index: a second worker writes nothing.
 */
export async function insertErasureOfInactiveAccount(executor: Executor, profileId: string, unusedBefore: Date, warnedBefore: Date, at: Date): Promise<void> {
  await sql`
    insert into account_deletions (profile_id, token_hash, requested_at, delete_after)
    select profiles.id, ${INACTIVE_TOKEN_PREFIX} || gen_random_uuid()::text, ${at}, ${at}
    from profiles
    where profiles.id = ${profileId}
      and ${dueForErasure(unusedBefore, warnedBefore)}
    on conflict (profile_id) where status = 'pending' do nothing`.execute(executor);
}

/** The waiting, due erasure requests of unused accounts: those just written, and any a crashed run left. */
export async function listDueErasuresOfInactiveAccounts(executor: Executor, at: Date): Promise<string[]> {
  const rows = await executor
    .selectFrom("account_deletions")
    .select("id")
    .where("status", "=", "pending")
    .where("delete_after", "<=", at)
    .where("token_hash", "like", `${INACTIVE_TOKEN_PREFIX}%`)
    .orderBy("requested_at")
    .execute();
  return rows.map((row) => row.id);
}
