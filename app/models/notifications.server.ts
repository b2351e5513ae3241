import { sql, type ExpressionBuilder } from "kysely";
import type { Database, Executor } from "../db.server";
import { firstRows } from "../domain/list-query";

// A person's notifications (spec 001 §3 notifications; issue 10): written in the transaction of
// the change they tell about; read as the portal bell's unread count and the list, and marked
// read. Always scoped by the signed-in user's own profile id.

export interface NewNotification {
  type: string;
  title: string;
  message: string;
  /** The order the notification is about. */
  relatedId: string | null;
}

export async function insertNotification(trx: Executor, userId: string, notification: NewNotification): Promise<void> {
  await trx
    .insertInto("notifications")
    .values({ user_id: userId, type: notification.type, title: notification.title, message: notification.message, related_id: notification.relatedId })
    .execute();
}

/** One notification to every admin (001 §4: a rejected order "notifies all admins"). */
export async function insertNotificationForAdmins(trx: Executor, notification: NewNotification): Promise<void> {
  await trx
    .insertInto("notifications")
    .columns(["user_id", "type", "title", "message", "related_id"])
    .expression(
      trx
        .selectFrom("user_roles")
        .select([
          "user_id",
          sql<string>`${notification.type}`.as("type"),
          sql<string>`${notification.title}`.as("title"),
          sql<string>`${notification.message}`.as("message"),
          sql<string | null>`${notification.relatedId}::uuid`.as("related_id"),
        ])
        .where("role", "=", "admin"),
    )
    .execute();
}

type NotificationScope = ExpressionBuilder<Database & { n: Database["notifications"] }, "n">;

/**
 * The user's own notifications, less those about a guest order on their e-mail address that
 * they have not yet said is theirs: that order is not shown to the account before it is claimed
 * (DESIGN.md decision 15), so neither is news of it.
 */
function visibleTo(eb: NotificationScope, userId: string) {
  return eb.and([
    eb("n.user_id", "=", userId),
    eb.not(
      eb.exists(
        eb
          .selectFrom("orders as uo")
          .innerJoin("customers as uc", "uc.id", "uo.customer_id")
          .select(sql`1`.as("one"))
          .whereRef("uo.id", "=", "n.related_id")
          .where("uc.profile_id", "=", userId)
          .where("uo.claimed", "=", false),
      ),
    ),
  ]);
}

export async function countUnreadNotifications(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom("notifications as n")
    .select(sql<number>`count(*)::int`.as("count"))
    .where((eb) => visibleTo(eb, userId))
    .where("n.read_at", "is", null)
    .executeTakeFirstOrThrow();
  return row.count;
}

export interface NotificationRow {
  id: string;
  type: string;
  title: string;
  message: string;
  createdAt: Date;
  read: boolean;
  /** The order the notification is about, while it exists, and how the reader stands to it. */
  order: { orderNumber: string; isCustomer: boolean; isCaregiver: boolean; completed: boolean; reviewed: boolean } | null;
}

/** The newest `limit` notifications of the user, newest first; `hasMore` when there are older ones. */
export async function listNotifications(db: Executor, userId: string, limit: number): Promise<{ rows: NotificationRow[]; hasMore: boolean }> {
  const rows = await db
    .selectFrom("notifications as n")
    .leftJoin("orders as o", "o.id", "n.related_id")
    .leftJoin("customers as c", "c.id", "o.customer_id")
    .leftJoin("caregivers as cg", "cg.id", "o.caregiver_id")
    .select([
      "n.id",
      "n.type",
      "n.title",
      "n.message",
      "n.created_at",
      "n.read_at",
      "o.order_number",
      "o.status",
      sql<boolean>`c.profile_id is not distinct from ${userId}::uuid`.as("is_customer"),
      sql<boolean>`cg.profile_id is not distinct from ${userId}::uuid`.as("is_caregiver"),
      sql<boolean>`exists (select 1 from reviews r where r.order_id = o.id)`.as("reviewed"),
    ])
    .where((eb) => visibleTo(eb, userId))
    .orderBy("n.created_at", "desc")
    .orderBy("n.id", "desc")
    .limit(limit + 1)
    .execute();
  return firstRows(rows, limit, (row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    createdAt: row.created_at,
    read: row.read_at !== null,
    order: row.order_number
      ? {
          orderNumber: row.order_number,
          isCustomer: row.is_customer,
          isCaregiver: row.is_caregiver,
          completed: row.status === "completed",
          reviewed: row.reviewed,
        }
      : null,
  }));
}

/** Marks the user's unread notifications read, up to the moment given; returns how many were. */
export async function markNotificationsRead(db: Executor, userId: string, upTo: Date): Promise<number> {
  const result = await db
    .updateTable("notifications as n")
    .set({ read_at: sql`now()` })
    .where((eb) => visibleTo(eb, userId))
    .where("n.read_at", "is", null)
    .where("n.created_at", "<=", upTo)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
