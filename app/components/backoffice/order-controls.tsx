import { Form } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
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
  /**
   * In a list row: the select takes the cell's width and "Tallenna" goes under it, so that the
   * row's nine facts fit a 1366 px screen beside the menu (issue 31 item 6). A select sized to
   * its longest option beside its button made the orders table 1 355 px wide in 1 046 px.
   */
  stacked?: boolean;
}

/**
 * The select's width: on a page its own; in a list row the cell's, but never narrower than what
 * the closed select must show whole (a status such as "Odottaa maksua", a helper's name with
 * the rating).
 */
function selectWidth(stacked: boolean | undefined, onPage: string, rowMinimum: string): string {
  return stacked ? `md:w-full ${rowMinimum}` : onPage;
}

export function StatusForm({
  orderId,
  orderNumber,
  returnTo,
  action,
  status,
  options,
  stacked,
}: ChangeFormProps & { status: string; options: Option[] }) {
  const id = `status-${orderNumber}`;
  const field = `tilauksen ${orderNumber} tila`;
  return (
    <ChangeForm intent="status" orderId={orderId} returnTo={returnTo} action={action} className="flex flex-wrap items-end gap-2">
      <FieldLabel id={id} field={field} />
      <select id={id} name="status" defaultValue={status} className={`${controlClass} ${selectWidth(stacked, "md:w-auto", "md:min-w-[12rem]")}`}>
        <Options options={options} />
      </select>
      <SaveButton id={id} action={action} field={field} />
    </ChangeForm>
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
  stacked,
}: ChangeFormProps & { caregiverId: string | null; options: Option[]; emptyNote?: string | null }) {
  const id = `caregiver-${orderNumber}`;
  const noteId = `${id}-note`;
  const field = `tilauksen ${orderNumber} kaveri`;
  return (
    <ChangeForm intent="assign" orderId={orderId} returnTo={returnTo} action={action} className="space-y-1">
      <FieldLabel id={id} field={field} />
      <div className="flex flex-wrap items-end gap-2">
        <select
          id={id}
          name="caregiverId"
          defaultValue={caregiverId ?? ""}
          aria-describedby={emptyNote ? noteId : undefined}
          className={`${controlClass} ${selectWidth(stacked, "md:w-auto md:max-w-[16rem]", "md:min-w-[16.5rem]")}`}
        >
          <option value="">Ei valittua kaveria</option>
          <Options options={options} />
        </select>
        <SaveButton id={id} action={action} field={field} />
      </div>
      {emptyNote ? (
        <p id={noteId} className="text-gray-700">
          {emptyNote}
        </p>
      ) : null}
    </ChangeForm>
  );
}

/** A change's own POST form: what to do, to which order, and where to return afterwards. */
function ChangeForm({
  intent,
  orderId,
  returnTo,
  action,
  className,
  children,
}: Omit<ChangeFormProps, "orderNumber"> & { intent: "status" | "assign"; className: string; children: ReactNode }) {
  return (
    <Form method="post" action={action} preventScrollReset className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {children}
    </Form>
  );
}

/** The select's label, for screen readers only: a row shows many such selects side by side. */
function FieldLabel({ id, field }: { id: string; field: string }) {
  return (
    <label htmlFor={id} className="sr-only">
      {field.charAt(0).toUpperCase() + field.slice(1)}
    </label>
  );
}

function Options({ options }: { options: Option[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** 'Tallenna', saying to screen readers what it saves. */
function SaveButton({ id, action, field }: { id: string; action: string | undefined; field: string }) {
  return (
    <SubmitButton busyLabel="Tallennetaan..." variant="secondary" name="target" value={id} formAction={action}>
      Tallenna<span className="sr-only"> {field}</span>
    </SubmitButton>
  );
}
