import type { DB, Executor } from "../db.server";
import { canWriteToThread, MESSAGE_EMAIL_INTERVAL_MS, messageRecipients, type ThreadRole } from "../domain/order-messages";
import { env } from "../env.server";
import { newMessageEmailContent } from "../messages/order-message-emails";
import { orderMessageTexts } from "../messages/order-messages";
import {
  claimMessageEmailTurn,
  insertMessage,
  markThreadRead,
  type ThreadOrder,
  type ThreadParty,
} from "../models/order-messages.server";
import { customerMessageSummary } from "../messages/staff-notices";
import { renderEmail, sendEmail } from "./email.server";
import { customerOrderLink } from "./manage-links.server";
import { tellStaff } from "./staff-notices.server";

// Writing in an order's thread (DESIGN.md decision 21): the message is stored, the writer's own
// marker moves past it, and the other party is e-mailed through the outbox in the same
// transaction, at most once an hour per thread each, so a lively conversation is not a flood of
// e-mails. Who may write is decided by the caller (the thread's parties, or staff).

export interface MessageSender {
  profileId: string;
  role: ThreadRole;
}

export type PostMessageOutcome = { ok: true } | { ok: false; reason: "closed" };

export async function postMessage(db: DB, order: ThreadOrder, sender: MessageSender, text: string): Promise<PostMessageOutcome> {
  if (!canWriteToThread(order.status)) return { ok: false, reason: "closed" };
  await db.transaction().execute(async (trx) => {
    await insertMessage(trx, { orderId: order.id, senderId: sender.profileId, text });
    if (sender.role !== "staff") await markThreadRead(trx, order.id, sender.profileId);
    if (sender.role === "customer" && order.caregiver === null) {
      // Nobody else reads this thread yet: staff hear of it (issue 26 item 6).
      await tellStaff(trx, {
        kind: "customer_message",
        orderId: order.id,
        contactRequestId: null,
        orderNumber: order.orderNumber,
        summary: customerMessageSummary({ orderNumber: order.orderNumber, customerName: order.customer.fullName, text }),
      });
    }
    const senderName = senderNameFor(order, sender.role);
    for (const recipient of messageRecipients(sender.role, order.caregiver !== null)) {
      const party = recipient === "customer" ? order.customer : order.caregiver;
      if (!party || party.profileId === sender.profileId) continue;
      if (await claimMessageEmailTurn(trx, order.id, party.profileId, MESSAGE_EMAIL_INTERVAL_MS)) {
        await sendNewMessageEmail(trx, order, party, senderName, text);
      }
    }
  });
  return { ok: true };
}

function senderNameFor(order: ThreadOrder, role: ThreadRole): string {
  if (role === "staff") return orderMessageTexts.staffSender;
  const party = role === "customer" ? order.customer : order.caregiver;
  return party?.fullName || orderMessageTexts.unknownSender;
}

async function sendNewMessageEmail(trx: Executor, order: ThreadOrder, to: ThreadParty, senderName: string, text: string) {
  const threadPath = `/portal/messages/${encodeURIComponent(order.orderNumber)}`;
  // A guest customer has no portal to sign in to: she reads and answers on the manage page (issue 28 item 6).
  const url =
    to.profileId === order.customer.profileId
      ? (await customerOrderLink(trx, order.id, threadPath, { hash: "#viestit" })).url
      : new URL(threadPath, env().APP_URL).toString();
  const { subject, content } = newMessageEmailContent({
    recipientName: to.fullName,
    senderName,
    orderNumber: order.orderNumber,
    serviceName: order.serviceName,
    startsAt: order.startsAt,
    endsAt: order.endsAt,
    text,
    url,
  });
  await sendEmail(trx, { to: to.email, subject, ...renderEmail(content) });
}
