import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { requireUser, type AuthUser } from "~/auth/guards.server";
import type { MessageView } from "~/components/message-thread";
import { getDb } from "~/db.server";
import { formatDateTime } from "~/domain/format";
import { OWN_MESSAGE_SENDER, orderMessageTexts, staffMemberSender } from "~/messages/order-messages";
import { findThreadOfParticipant, listThreadMessages, markThreadRead, type ThreadMessage, type ThreadOrder } from "~/models/order-messages.server";
import { MessageSchema } from "~/schemas/order-messages";
import { redirectWithToast } from "~/services/flash.server";
import { postMessage, type MessageSender } from "~/services/order-messages.server";

// The server half of an order's thread wherever it is shown: the portal's thread page and the
// customer's order page (by the signed-in party), and the back office's "Viestit" tab (by staff).

/** The message field's attributes, for the loaders of the pages that show the form. */
export const MESSAGE_FORM_CONSTRAINT = getZodConstraint(MessageSchema);

/** 404 for anyone not taking part: a thread's existence is not revealed by its order number. */
export function threadNotFound(): Response {
  return new Response(orderMessageTexts.notFound, { status: 404, statusText: "Not Found" });
}

/** The signed-in user and the order's thread they take part in; anonymous → sign in, anyone else → 404. */
export async function requireThreadParticipant(
  request: Request,
  orderNumber: string | undefined,
): Promise<{ user: AuthUser; order: ThreadOrder; role: "customer" | "caregiver" }> {
  const user = await requireUser(request);
  const thread = await findThreadOfParticipant(await getDb(), orderNumber ?? "", user.id);
  if (!thread) throw threadNotFound();
  return { user, ...thread };
}

/** How a message reads to `viewerId`: 'Sinä' for their own, staff as the service (or by name for staff). */
export function messageViews(messages: readonly ThreadMessage[], viewerId: string, audience: "portal" | "staff"): MessageView[] {
  return messages.map((message) => {
    const mine = message.senderId === viewerId;
    let who: string;
    if (mine) who = OWN_MESSAGE_SENDER;
    else if (!message.senderName) who = orderMessageTexts.unknownSender;
    else if (message.senderRole) who = audience === "staff" ? staffMemberSender(message.senderName) : orderMessageTexts.staffSender;
    else who = message.senderName;
    return { id: message.id, who, mine, text: message.text, when: formatDateTime(message.createdAt), at: message.createdAt.toISOString() };
  });
}

/** The thread's messages for a party, marking them read (opening the thread is reading it). */
export async function readThreadAsParticipant(order: ThreadOrder, viewerId: string): Promise<MessageView[]> {
  const db = await getDb();
  const messages = await listThreadMessages(db, order.id);
  await markThreadRead(db, order.id, viewerId);
  return messageViews(messages, viewerId, "portal");
}

/**
 * A message posted from a page showing the thread: checked with the form's schema (400 with the
 * errors and the text kept), written, and answered with a redirect back to `back` and a toast.
 * `limit`, when given, is counted for a valid message only; past it (its answer says why and for
 * how long) the form answers 429 with the text kept and the reason at the form.
 */
export async function handleMessagePost(
  request: Request,
  formData: FormData,
  order: ThreadOrder,
  sender: MessageSender,
  back: string,
  limit?: () => Promise<{ refused: string; retryAfterSeconds: number } | null>,
) {
  const submission = parseWithZod(formData, { schema: MessageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (limit) {
    const over = await limit();
    if (over) {
      return data({ result: submission.reply({ formErrors: [over.refused] }) }, { status: 429, headers: { "Retry-After": String(over.retryAfterSeconds) } });
    }
  }
  const outcome = await postMessage(await getDb(), order, sender, submission.value.message);
  if (!outcome.ok) {
    return data({ result: submission.reply({ formErrors: [orderMessageTexts.closed] }) }, { status: 409 });
  }
  return redirectWithToast(request, back, { type: "success", title: orderMessageTexts.sent });
}
