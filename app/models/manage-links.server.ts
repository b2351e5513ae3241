import { sql } from "kysely";
import type { Executor } from "../db.server";
import { smsRemindersWanted } from "../domain/visit-reminders";

// The "Hallitse varausta" links (migration 0021; docs/decisions/0030): one row per link an e-mail
// carried, holding the SHA-256 of its token. Deleting an order's rows revokes its links; a link is
// valid until 7 days after the visit's end, read from the order itself so that a moved visit
// moves the expiry with it.

/** How long after the visit's end the link still opens the order (DESIGN.md decision 26). */
export const MANAGE_LINK_DAYS_AFTER_VISIT = 7;

/** Stores the hash of a new link of the order; the order's earlier links stay valid. */
export async function storeManageLinkHash(executor: Executor, orderId: string, tokenHash: string): Promise<void> {
  await executor.insertInto("manage_links").values({ order_id: orderId, token_hash: tokenHash }).execute();
}

/** Revokes every link of the order: none opens anything any more until a new one is issued. */
export async function deleteManageLink(executor: Executor, orderId: string): Promise<void> {
  await executor.deleteFrom("manage_links").where("order_id", "=", orderId).execute();
}

export interface ManagedOrder {
  orderId: string;
  orderNumber: string;
  customerProfileId: string;
  /** The payer's e-mail: a fresh link goes only there. */
  payerEmail: string;
  /** The payer has a password and the order is on their account: the page links into the portal. */
  inPortal: boolean;
  /** The number the visit's text reminders go to (E.164), null when none were asked for. */
  textReminderPhone: string | null;
}

function managedOrderQuery(executor: Executor) {
  return executor
    .selectFrom("orders as o")
    .innerJoin("customers as c", "c.id", "o.customer_id")
    .innerJoin("profiles as p", "p.id", "c.profile_id")
    .select(["o.id", "o.order_number", "p.id as profile_id", "p.email", "o.claimed", "o.sms_reminder", "o.sms_phone", sql<boolean>`p.password_hash is not null`.as("has_password")]);
}

/** The order a live, unexpired link's hash opens, or null (wrong, revoked, expired alike). */
export async function findOrderByManageLinkHash(executor: Executor, tokenHash: string, now: Date): Promise<ManagedOrder | null> {
  const row = await managedOrderQuery(executor)
    .innerJoin("manage_links as ml", "ml.order_id", "o.id")
    .where("ml.token_hash", "=", tokenHash)
    .where(sql<boolean>`o.ends_at + make_interval(days => ${MANAGE_LINK_DAYS_AFTER_VISIT}) > ${now}`)
    .executeTakeFirst();
  return row ? toManagedOrder(row) : null;
}

/** The order as its links see it, by id (staff's reissue, the e-mails that choose the link a reader can open). */
export async function findManagedOrderById(executor: Executor, orderId: string): Promise<ManagedOrder | null> {
  const row = await managedOrderQuery(executor).where("o.id", "=", orderId).executeTakeFirst();
  return row ? toManagedOrder(row) : null;
}

function toManagedOrder(row: {
  id: string;
  order_number: string;
  profile_id: string;
  email: string;
  claimed: boolean;
  has_password: boolean;
  sms_reminder: boolean;
  sms_phone: string | null;
}): ManagedOrder {
  return {
    orderId: row.id,
    orderNumber: row.order_number,
    customerProfileId: row.profile_id,
    payerEmail: row.email,
    inPortal: row.has_password && row.claimed,
    textReminderPhone: smsRemindersWanted({ smsReminder: row.sms_reminder, smsPhone: row.sms_phone }),
  };
}
