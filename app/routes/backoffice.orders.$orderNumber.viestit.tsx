import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { carriedListSearch, requireOrderOfPage } from "~/backoffice/order-page.server";
import { notFound } from "~/backoffice/staff.server";
import { Section } from "~/components/backoffice/ui";
import { MessageForm, MessageList } from "~/components/message-thread";
import { getDb } from "~/db.server";
import { canWriteToThread } from "~/domain/order-messages";
import { findThreadOrder, listThreadMessages } from "~/models/order-messages.server";
import { handleMessagePost, MESSAGE_FORM_CONSTRAINT, messageViews } from "~/portal/messages.server";

// The order's messages (spec 001 §2 "Messages": sender name or 'Tuntematon', time, text; DESIGN.md
// decision 21): the thread between the customer and the helper, which staff read and write too.
// A message from here reaches both; each is e-mailed at most once an hour per thread.

async function threadOfPage(params: Parameters<typeof requireOrderOfPage>[1]) {
  const db = await getDb();
  const detail = await requireOrderOfPage(db, params);
  const order = await findThreadOrder(db, detail.id);
  if (!order) throw notFound();
  return order;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, access.orders);
  const order = await threadOfPage(params);
  const messages = await listThreadMessages(await getDb(), order.id);
  return {
    messages: messageViews(messages, user.id, "staff"),
    writable: canWriteToThread(order.status),
    messageConstraint: MESSAGE_FORM_CONSTRAINT,
    note: order.caregiver
      ? `Viesti näkyy asiakkaalle (${order.customer.fullName || order.customer.email}) ja kaverille (${order.caregiver.fullName}). Kumpikin saa sähköpostin uudesta viestistä, enintään kerran tunnissa.`
      : `Viesti näkyy asiakkaalle (${order.customer.fullName || order.customer.email}), joka saa siitä sähköpostin. Kaveri näkee viestit, kun hänet on valittu.`,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireRole(request, access.orders);
  const order = await threadOfPage(params);
  const back = `/backoffice/orders/${encodeURIComponent(order.orderNumber)}/viestit${carriedListSearch(request)}`;
  return handleMessagePost(request, await request.formData(), order, { profileId: user.id, role: "staff" }, back);
}

export default function OrderMessagesTab() {
  const { messages, writable, note, messageConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>();
  return (
    <Section title="Viestit" id="messages-heading">
      <MessageList messages={messages} empty="Ei viestejä." />
      <MessageForm
        lastResult={actionData?.result}
        constraint={messageConstraint}
        writable={writable}
        note={note}
        formKey={messages.length}
        label="Viesti asiakkaalle ja kaverille"
      />
    </Section>
  );
}
