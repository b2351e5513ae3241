import crypto from "node:crypto";
import type { DB, Executor } from "../db.server";
import { env } from "../env.server";
import { manageLinkEmailContent } from "../messages/manage-links";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { deleteManageLink, findManagedOrderById, findOrderByManageLinkHash, storeManageLinkHash, type ManagedOrder } from "../models/manage-links.server";
import { hashToken } from "../models/users.server";
import { renderEmail, sendEmail } from "./email.server";

// The "Hallitse varausta" link (issue 28 item 3; DESIGN.md decision 26; docs/decisions/0030):
// 32 random bytes in the address, only their SHA-256 in the database. Every e-mail about the order
// (confirmation, change, reminder) carries a link of its own, so an older e-mail's link keeps
// working: an 84-year-old opens whichever e-mail she finds. Asking for a new link revokes them all.
// The raw token exists only in the e-mail that carries it (queued in the outbox in the caller's
// transaction) and in the recipient's hands. Opening it (GET) only shows; the page's forms act.

export const MANAGE_PATH = "/hallitse";
/** The short form of the same link for text messages (decision 0031): /h/<token> answers a redirect to /hallitse/<token>. */
export const SHORT_MANAGE_PATH = "/h";

/** 32 bytes in base64url: 43 characters of [A-Za-z0-9_-]. Anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The page of one link, relative to the site. */
export function managePath(token: string): string {
  return `${MANAGE_PATH}/${token}`;
}

/**
 * Issues a link of the order inside the caller's transaction and returns its absolute address, for
 * the e-mail the caller is about to queue. The order's earlier links keep working.
 */
export async function issueManageLink(trx: Executor, orderId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await storeManageLinkHash(trx, orderId, hashToken(token));
  return new URL(managePath(token), env().APP_URL).toString();
}

/** The short address of a link issued by issueManageLink: the same token under /h/. */
export function shortManageUrl(manageUrl: string): string {
  const url = new URL(manageUrl);
  if (!url.pathname.startsWith(`${MANAGE_PATH}/`)) throw new Error(`shortManageUrl: not a manage link: ${manageUrl}`);
  url.pathname = `${SHORT_MANAGE_PATH}/${url.pathname.slice(MANAGE_PATH.length + 1)}`;
  return url.toString();
}

/** The order a link opens now, or null: a malformed, wrong, revoked and expired link look alike. */
export async function openManageLink(executor: Executor, token: string | undefined, now: Date): Promise<ManagedOrder | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  return findOrderByManageLinkHash(executor, hashToken(token), now);
}

/** "Lähetä uusi linkki": a fresh link to the payer's address; every earlier one stops working. */
export async function sendNewManageLink(db: DB, order: ManagedOrder): Promise<void> {
  await db.transaction().execute((trx) => replaceManageLinks(trx, order, false));
}

async function replaceManageLinks(trx: Executor, order: ManagedOrder, byStaff: boolean): Promise<void> {
  await deleteManageLink(trx, order.orderId);
  const url = await issueManageLink(trx, order.orderId);
  const { subject, content } = manageLinkEmailContent({ orderNumber: order.orderNumber, url, byStaff });
  await sendEmail(trx, { to: order.payerEmail, subject, ...renderEmail(content) });
}

/**
 * Staff's "Lähetä uusi linkki" on the back office's order page (the payer's phone request, or a
 * link that went astray): the order's every link revoked, a fresh one e-mailed to the payer, and a
 * line in the audit log, in one transaction. The caller checks the role
 * (`access.reissueManageLinks`). Null when the order does not exist.
 */
export async function reissueManageLinkByStaff(db: DB, actor: AuditActor, orderId: string): Promise<{ orderNumber: string; payerEmail: string } | null> {
  return db.transaction().execute(async (trx) => {
    const order = await findManagedOrderById(trx, orderId);
    if (!order) return null;
    await replaceManageLinks(trx, order, true);
    await writeAudit(trx, actor, {
      action: "order.manage_link_reissue",
      entityType: "order",
      entityId: order.orderId,
      before: null,
      after: { Tilaus: order.orderNumber, Lähetetty: order.payerEmail, "Vanhat linkit": "eivät enää toimi" },
    });
    return { orderNumber: order.orderNumber, payerEmail: order.payerEmail };
  });
}

/**
 * The link about the order that its payer can open, for an e-mail to them (issue 28 item 6): an
 * account holder's order in the portal (`portalPath`), a guest's (or a guest order on someone's
 * account, which waits to be claimed) its "Hallitse varausta" page, or the page under it at
 * `manageSubpath` ("/arvio"), at `hash` when given.
 */
export async function customerOrderLink(
  trx: Executor,
  orderId: string,
  portalPath: string,
  { hash = "", manageSubpath = "" }: { hash?: string; manageSubpath?: string } = {},
): Promise<{ url: string; inPortal: boolean }> {
  const order = await findManagedOrderById(trx, orderId);
  if (order?.inPortal) return { url: new URL(portalPath, env().APP_URL).toString(), inPortal: true };
  return { url: `${await issueManageLink(trx, orderId)}${manageSubpath}${hash}`, inPortal: false };
}
