import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { SubmitButton } from "~/components/button";
import { controlClass } from "./ui";

// The controls of an order row and page (spec 001 §2): copy the order number, change the status,
// change the helper. Each change is its own plain POST form that works without JavaScript.

/**
 * Copies the order number (JavaScript only: without it the button is hidden and the number is
 * ordinary selectable text). 'Kopioitu' is announced politely.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <span className="hidden-no-js inline-flex items-center gap-2">
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
        aria-label={label}
        className="inline-flex min-h-target min-w-target items-center justify-center rounded-md border-2 border-brand-700 bg-white px-3 font-semibold text-brand-800 hover:bg-brand-50"
      >
        Kopioi
      </button>
      <span role="status" className="font-semibold text-green-800">
        {copied ? "Kopioitu" : ""}
      </span>
    </span>
  );
}

export interface Option {
  value: string;
  label: string;
}

interface ChangeFormProps {
  orderId: string;
  orderNumber: string;
  returnTo: string;
  /** Where to post (the list or the order page). */
  action?: string;
}

export function StatusForm({
  orderId,
  orderNumber,
  returnTo,
  action,
  status,
  options,
}: ChangeFormProps & { status: string; options: Option[] }) {
  const id = `status-${orderNumber}`;
  return (
    <Form method="post" action={action} preventScrollReset className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <label htmlFor={id} className="sr-only">
        Tilauksen {orderNumber} tila
      </label>
      <select id={id} name="status" defaultValue={status} className={`${controlClass} md:w-auto`}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <SubmitButton busyLabel="Tallennetaan..." variant="secondary" name="target" value={id} formAction={action}>
        Tallenna<span className="sr-only"> tilauksen {orderNumber} tila</span>
      </SubmitButton>
    </Form>
  );
}

export function CaregiverForm({
  orderId,
  orderNumber,
  returnTo,
  action,
  caregiverId,
  options,
  emptyNote,
}: ChangeFormProps & { caregiverId: string | null; options: Option[]; emptyNote?: string | null }) {
  const id = `caregiver-${orderNumber}`;
  const noteId = `${id}-note`;
  return (
    <Form method="post" action={action} preventScrollReset className="space-y-1">
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <label htmlFor={id} className="sr-only">
        Tilauksen {orderNumber} kaveri
      </label>
      <div className="flex flex-wrap items-end gap-2">
        <select
          id={id}
          name="caregiverId"
          defaultValue={caregiverId ?? ""}
          aria-describedby={emptyNote ? noteId : undefined}
          className={`${controlClass} md:w-auto md:max-w-[16rem]`}
        >
          <option value="">Ei valittua kaveria</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <SubmitButton busyLabel="Tallennetaan..." variant="secondary" name="target" value={id} formAction={action}>
          Tallenna<span className="sr-only"> tilauksen {orderNumber} kaveri</span>
        </SubmitButton>
      </div>
      {emptyNote ? (
        <p id={noteId} className="text-gray-700">
          {emptyNote}
        </p>
      ) : null}
    </Form>
  );
}
