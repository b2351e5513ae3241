import type { Executor } from "../../db.server";
import { smsLength } from "../../domain/sms";
import { logger } from "../../logger.server";
import { getTextMessage, insertTextMessage, markTextMessage } from "../../models/text-messages.server";
import type { JobContext } from "../job-handlers.server";
import { enqueueJob } from "../job-queue.server";
import { getSmsProvider } from "./active-provider.server";

// Sending a text (docs/decisions/0031), as e-mail goes (app/services/email.server.ts and
// mailer.server.ts): the text and its delivery job are written in the caller's transaction, so a
// text exists if and only if the work it is about commits, and every process sees it; the worker's
// "sms.deliver" job hands it to the active provider.

/** Queues a text to `to` (E.164) in the caller's transaction. Returns its id. */
export async function sendText(trx: Executor, message: { to: string; body: string }): Promise<string> {
  if (!trx.isTransaction) return trx.transaction().execute((inner) => sendText(inner, message));
  if (!/^\+[1-9]\d{6,14}$/.test(message.to)) throw new Error(`sendText: not an E.164 number: "${message.to}"`);
  const id = await insertTextMessage(trx, { to: message.to, body: message.body, segments: smsLength(message.body).segments });
  await enqueueJob(trx, "sms.deliver", { textId: id });
  return id;
}

/**
 * The job "sms.deliver". The embedded outbox marks the text "kept" in one transaction with the
 * job's end. A real provider is asked first (never inside a transaction), the text marked
 * "sending" before; its acceptance is written with the job's end, so a worker never sends a text
 * again that it has recorded as sent. Only a worker that dies between the provider's answer and
 * that write sends it a second time (a duplicate reminder is the lesser harm than a lost one). A
 * refusal throws so the job is retried; on the last attempt the text is marked failed first.
 */
export async function deliverText(db: Executor, textId: string, { isFinalAttempt, finishWith }: Pick<JobContext, "isFinalAttempt" | "finishWith">) {
  const text = await getTextMessage(db, textId);
  if (!text) throw new Error(`Text message ${textId} does not exist`);
  if (text.status === "sent" || text.status === "kept") return;
  const provider = getSmsProvider();
  if (!provider) {
    // Production without a provider: the booking offered no texts, so this is one queued before.
    await finishWith((trx) => markTextMessage(trx, text.id, { status: "failed", error: "no SMS provider configured" }));
    logger.warn({ textId }, "no SMS provider configured: text not sent");
    return;
  }
  if (provider.name === "outbox") {
    await finishWith((trx) => markTextMessage(trx, text.id, { status: "kept", provider: provider.name }));
    return;
  }
  let providerRef: string | null;
  try {
    await markTextMessage(db, text.id, { status: "sending", provider: provider.name });
    ({ providerRef } = await provider.send({ id: text.id, to: text.toPhone, body: text.body }));
  } catch (error) {
    if (isFinalAttempt) await markTextMessage(db, text.id, { status: "failed", error: error instanceof Error ? error.message.slice(0, 500) : "error" });
    throw error;
  }
  await finishWith((trx) => markTextMessage(trx, text.id, { status: "sent", providerRef, sentAt: new Date(), error: null }));
  logger.info({ textId, providerRef }, "text message sent");
}
