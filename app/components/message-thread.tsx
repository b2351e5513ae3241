import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { MESSAGE_MAX_LENGTH } from "~/domain/order-messages";
import { orderMessageTexts } from "~/messages/order-messages";
import { Alert } from "./alert";
import { SubmitButton } from "./button";
import { ErrorSummary, FormError, TextareaField, type FieldConstraints } from "./forms";
import { serverFormProps, useServerForm } from "./server-form";

// An order's message thread (DESIGN.md decision 21) as the portal and the back office show it:
// the messages oldest first, then a plain POST form that the server validates (decision 0017; the
// field's constraint comes with the page's data). The same component on the thread page, the
// customer's order page and the back office's "Viestit" tab.

export interface MessageView {
  id: string;
  /** 'Sinä', a name, 'Arkikaveri, asiakaspalvelu' or 'Tuntematon'. */
  who: string;
  mine: boolean;
  text: string;
  /** 'd.M.yyyy klo 14.00' */
  when: string;
  /** ISO time for the <time> element. */
  at: string;
}

export function MessageList({ messages, empty = orderMessageTexts.empty }: { messages: readonly MessageView[]; empty?: string }) {
  if (messages.length === 0) return <p className="rounded-lg border-2 border-gray-200 bg-white p-4">{empty}</p>;
  return (
    <ol className="space-y-3" aria-label="Viestit">
      {messages.map((message) => (
        <li
          key={message.id}
          className={`rounded-lg border-2 p-4 ${message.mine ? "border-brand-100 bg-brand-50 sm:ml-10" : "border-gray-200 bg-white sm:mr-10"}`}
        >
          <p className="flex flex-wrap justify-between gap-x-3 text-base">
            <span className="font-semibold text-gray-900">{message.who}</span>
            <time dateTime={message.at} className="text-gray-700">
              {message.when}
            </time>
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-gray-900">{message.text}</p>
        </li>
      ))}
    </ol>
  );
}

export function MessageForm({
  lastResult,
  constraint,
  action,
  writable,
  note,
  formKey,
  label = "Uusi viesti",
  hidden,
}: {
  lastResult?: SubmissionResult<string[]>;
  /** The message field's attributes from its schema (`MESSAGE_FORM_CONSTRAINT`, sent by the loader). */
  constraint: FieldConstraints;
  /** Where to post, when not to the page itself. */
  action?: string;
  writable: boolean;
  /** Who reads the message, said above the field. */
  note?: ReactNode;
  /** Changes when a message was sent, so the emptied form replaces the one typed in. */
  formKey: string | number;
  label?: string;
  /** Extra hidden fields (e.g. intent). */
  hidden?: Record<string, string>;
}) {
  if (!writable) {
    return (
      <Alert type="info" announce={false}>
        {orderMessageTexts.closed}
      </Alert>
    );
  }
  return (
    <MessageFormFields key={formKey} lastResult={lastResult} constraint={constraint} action={action} note={note} label={label} hidden={hidden} />
  );
}

function MessageFormFields({
  lastResult,
  constraint,
  action,
  note,
  label,
  hidden,
}: {
  lastResult?: SubmissionResult<string[]>;
  constraint: FieldConstraints;
  action?: string;
  note?: ReactNode;
  label: string;
  hidden?: Record<string, string>;
}) {
  const [form, fields] = useServerForm({ id: "viesti", lastResult, constraint });
  return (
    <Form method="post" action={action} {...serverFormProps(form)} className="space-y-4">
      <ErrorSummary form={form} />
      <FormError errors={form.errors} title={orderMessageTexts.sendFailed} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <TextareaField
        meta={fields.message}
        label={label}
        hint={note ?? `Enintään ${MESSAGE_MAX_LENGTH} merkkiä.`}
        rows={4}
      />
      <SubmitButton busyLabel="Lähetetään…" formAction={action}>
        Lähetä viesti
      </SubmitButton>
    </Form>
  );
}
