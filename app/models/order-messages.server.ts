import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { OrderStatus, StaffRole } from "../db/schema";
import { ordersWithParties, orderSummaryColumns, toOrderSummary, type OrderSummary } from "./order-views.server";

// An order's message thread (DESIGN.md decision 21): its messages, who takes part, and each
// participant's read marker and e-mail throttle (message_reads, migration 0009). A portal user's
// thread is looked up by their own id: the order's customer (once the order is claimed, decision
// 15) or its current helper. Anyone else, a helper taken off the order included, finds nothing.

export interface ThreadParty {
  profileId: string;
  fullName: string;
  email: string;
}

export interface ThreadOrder extends OrderSummary {
  customer: ThreadParty;
  /** The helper assigned now, or null. */
  caregiver: ThreadParty | null;
}

const threadColumns = [
  ...orderSummaryColumns,
  "cp.id as customer_profile_id",
  "cp.email as customer_email",
  // A guest order on an account's address keeps the name the guest typed (decision 15).
  sql<string>`coalesce(o.payer_name, cp.full_name)`.as("customer_name"),
  "gp.id as caregiver_profile_id",
  "gp.email as caregiver_email",
  "gp.full_name as caregiver_name",
] as const;

function threadQuery(db: Executor) {
  return ordersWithParties(db).select(threadColumns);
}

type ThreadRow = NonNullable<Awaited<ReturnType<ReturnType<typeof threadQuery>["executeTakeFirst"]>>>;

function toThreadOrder(row: ThreadRow): ThreadOrder {
  return {
    ...toOrderSummary(row),
    customer: { profileId: row.customer_profile_id, fullName: row.customer_name, email: row.customer_email },
    caregiver:
      row.caregiver_profile_id && row.caregiver_email
        ? { profileId: row.caregiver_profile_id, fullName: row.caregiver_name ?? "", email: row.caregiver_email }
        : null,
  };
}

/** The order's thread as one of its two parties sees it, with which party they are; null for anyone else. */
export async function findThreadOfParticipant(
  db: Executor,
  orderNumber: string,
  userId: string,
): Promise<{ order: ThreadOrder; role: "customer" | "caregiver" } | null> {
  const row = await threadQuery(db)
    .where("o.order_number", "=", orderNumber)
    .where((eb) => eb.or([eb.and([eb("cp.id", "=", userId), eb("o.claimed", "=", true)]), eb("gp.id", "=", userId)]))
    .executeTakeFirst();
  if (!row) return null;
  return { order: toThreadOrder(row), role: row.customer_profile_id === userId ? "customer" : "caregiver" };
}

/** The order's thread for staff (the back office checks their role). */
export async function findThreadOrder(db: Executor, orderId: string): Promise<ThreadOrder | null> {
  const row = await threadQuery(db).where("o.id", "=", orderId).executeTakeFirst();
  return row ? toThreadOrder(row) : null;
}

export interface ThreadMessage {
  id: string;
  senderId: string | null;
  /** Null when the sender's account is gone. */
  senderName: string | null;
  /** The sender's back-office role, if they are staff. */
  senderRole: StaffRole | null;
  text: string;
  createdAt: Date;
}

/** Every message of the order, oldest first (spec 001 §7 "messages: select by order_id ascending"). */
export async function listThreadMessages(db: Executor, orderId: string): Promise<ThreadMessage[]> {
  const rows = await db
    .selectFrom("messages as m")
    .leftJoin("profiles as sp", "sp.id", "m.sender_id")
    .leftJoin("user_roles as ur", "ur.user_id", "m.sender_id")
    .select(["m.id", "m.sender_id", "sp.full_name", "ur.role", "m.message_text", "m.created_at"])
    .where("m.order_id", "=", orderId)
    .orderBy("m.created_at", "asc")
    .orderBy("m.id", "asc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    senderId: row.sender_id,
    senderName: row.full_name ?? null,
    senderRole: row.role ?? null,
    text: row.message_text,
    createdAt: row.created_at,
  }));
}

export async function insertMessage(trx: Executor, input: { orderId: string; senderId: string; text: string }): Promise<{ id: string }> {
  return trx
    .insertInto("messages")
    .values({ order_id: input.orderId, sender_id: input.senderId, message_text: input.text })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** Everything in the thread up to now counts as read by this person. */
export async function markThreadRead(db: Executor, orderId: string, profileId: string): Promise<void> {
  await db
    .insertInto("message_reads")
    .values({ order_id: orderId, profile_id: profileId, read_at: sql`now()` })
    .onConflict((oc) =>
      oc.columns(["order_id", "profile_id"]).doUpdateSet({ read_at: sql`greatest(message_reads.read_at, excluded.read_at)` }),
    )
    .execute();
}

/**
 * Takes this thread's e-mail turn for `profileId`: true, and the turn is theirs, when they have
 * not been e-mailed about it within `intervalMs`. One statement, so two messages sent at the same
 * moment cannot both e-mail (DESIGN.md decision 21: at most once an hour per thread).
 */
export async function claimMessageEmailTurn(trx: Executor, orderId: string, profileId: string, intervalMs: number): Promise<boolean> {
  const seconds = Math.round(intervalMs / 1000);
  const row = await trx
    .insertInto("message_reads")
    .values({ order_id: orderId, profile_id: profileId, notified_at: sql`now()` })
    .onConflict((oc) =>
      oc
        .columns(["order_id", "profile_id"])
        .doUpdateSet({ notified_at: sql`now()` })
        .where((eb) =>
          eb.or([
            eb("message_reads.notified_at", "is", null),
            eb("message_reads.notified_at", "<=", sql<Date>`now() - make_interval(secs => ${seconds})`),
          ]),
        ),
    )
    .returning("order_id")
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------- a person's threads

/** Orders whose thread `userId` takes part in: their own claimed orders and those they are the helper of. */
function participantOrders(db: Executor, userId: string) {
  return ordersWithParties(db)
    .leftJoin("message_reads as r", (join) => join.onRef("r.order_id", "=", "o.id").on("r.profile_id", "=", userId))
    .where((eb) => eb.or([eb.and([eb("cp.id", "=", userId), eb("o.claimed", "=", true)]), eb("gp.id", "=", userId)]));
}

/** The messages of the joined order that `userId` has not read (anything others wrote after their marker). */
function unreadCount(userId: string) {
  return sql<number>`(select count(*)::int from messages m
    where m.order_id = o.id and m.sender_id is distinct from ${userId}
      and (r.read_at is null or m.created_at > r.read_at))`;
}

/** Messages others have written to `userId` in all their threads that they have not read yet. */
export async function countUnreadMessages(db: Executor, userId: string): Promise<number> {
  const row = await participantOrders(db, userId)
    .select(sql<number>`coalesce(sum(${unreadCount(userId)}), 0)::int`.as("unread"))
    .executeTakeFirst();
  return row?.unread ?? 0;
}

export interface ThreadSummary {
  orderNumber: string;
  serviceName: string;
  status: OrderStatus;
  startsAt: Date;
  endsAt: Date;
  role: "customer" | "caregiver";
  /** The other party: the helper for the customer, the customer (or the recipient) for the helper. */
  otherName: string | null;
  unread: number;
  lastMessage: { text: string; at: Date; mine: boolean } | null;
}

export const THREAD_LIST_LIMIT = 100;

/**
 * A person's threads for /portal/messages: those with messages, newest first, then the orders
 * still ahead without messages yet (so a conversation can be started), soonest first.
 */
export async function listThreadsOfUser(db: Executor, userId: string, limit = THREAD_LIST_LIMIT): Promise<ThreadSummary[]> {
  const rows = await participantOrders(db, userId)
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("messages as lm")
          .select(["lm.message_text", "lm.created_at", "lm.sender_id"])
          .whereRef("lm.order_id", "=", "o.id")
          .orderBy("lm.created_at", "desc")
          .orderBy("lm.id", "desc")
          .limit(1)
          .as("last"),
      (join) => join.onTrue(),
    )
    .where((eb) =>
      eb.or([eb("last.created_at", "is not", null), eb.and([eb("o.status", "not in", ["cancelled", "completed"]), eb("o.ends_at", ">", sql<Date>`now()`)])]),
    )
    .select([
      "o.order_number",
      "sc.name as service_name",
      "o.status",
      "o.starts_at",
      "o.ends_at",
      sql<boolean>`cp.id = ${userId} and o.claimed`.as("as_customer"),
      "gp.full_name as caregiver_name",
      "o.booking_for",
      "o.recipient_first_name",
      "o.recipient_last_name",
      sql<string>`coalesce(o.payer_name, cp.full_name)`.as("customer_name"),
      unreadCount(userId).as("unread"),
      "last.message_text",
      "last.created_at as last_at",
      "last.sender_id as last_sender_id",
    ])
    .orderBy(sql`last.created_at desc nulls last`)
    .orderBy("o.starts_at", "asc")
    .orderBy("o.id")
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const recipient =
      row.booking_for === "other" ? [row.recipient_first_name, row.recipient_last_name].filter(Boolean).join(" ") : "";
    return {
      orderNumber: row.order_number,
      serviceName: row.service_name,
      status: row.status,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      role: row.as_customer ? "customer" : "caregiver",
      otherName: row.as_customer ? (row.caregiver_name ?? null) : recipient || row.customer_name || null,
      unread: row.unread,
      lastMessage:
        row.last_at && row.message_text !== null
          ? { text: row.message_text, at: row.last_at, mine: row.last_sender_id === userId }
          : null,
    };
  });
}
