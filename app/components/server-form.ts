import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { FieldConstraints } from "~/schemas/zod";

// The public forms are validated by the server alone (decision 0013): Conform parses them there
// and replies with a SubmissionResult. Everything their page needs in the browser follows from that
// reply: each field's id, name, first value and errors. Conform's client (useForm, about 12 KB
// gzipped with its form-state engine) would only copy the reply into a store of its own, so these
// pages read it directly (decision 0017). Ids follow Conform's scheme, `${formId}-${name}`, so
// the field kit in forms.tsx serves these forms and the back office's useForm forms alike.

/** What a field of the kit (components/forms.tsx) reads; Conform's FieldMetadata has the same. */
export interface FieldMeta {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  /** The value the page starts with: what was sent last, or the form's default. */
  initialValue?: unknown;
  /** The value as the visitor has it now: with JavaScript, updated as they type in a watched field. */
  value?: unknown;
  /** Changes when the field must start over (Conform's reset); undefined here. */
  key?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
  accept?: string;
}

export interface ServerFormMeta {
  id: string;
  /** Errors that belong to no single field (name ''), e.g. 'Kirjautuminen epäonnistui'. */
  errors?: string[];
  /** Every field's errors by name, in the order the schema reported them. */
  allErrors: Record<string, string[]>;
}

export interface ServerFormOptions<Fields> {
  id: string;
  /** The server's reply to the last submission (`submission.reply()`), if any. */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: { [Name in keyof Fields]?: unknown };
  constraint?: FieldConstraints;
  /** The fields whose `value` the page reads while the visitor types; typing elsewhere renders nothing. */
  watch?: ReadonlyArray<keyof Fields & string>;
}

type Values = Record<string, unknown>;

/** A default as a form would send it back (Conform's rule): booleans 'on', numbers and dates as text. */
function asSent(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asSent);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  return value ?? undefined;
}

function defaultsAsSent(defaults: object): Values {
  return Object.fromEntries(Object.entries(defaults).map(([name, value]) => [name, asSent(value)]));
}

/** The form's text values by name; a name sent more than once (checkboxes) gives a list. */
function valuesOf(form: HTMLFormElement): Values {
  const values: Values = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== "string") continue;
    const earlier = values[name];
    values[name] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
  }
  return values;
}

/**
 * The form's values when the visitor last changed a watched field, with JavaScript; null before
 * that and on the server. A new reply starts over from what it says was sent.
 */
function useTypedValues(formId: string, lastResult: unknown, watch: ReadonlyArray<string>): Values | null {
  const [typed, setTyped] = useState<{ reply: unknown; values: Values } | null>(null);
  const watched = watch.join("\n");
  useEffect(() => {
    if (!watched) return;
    const names = new Set(watched.split("\n"));
    const onInput = (event: Event) => {
      const control = event.target as HTMLInputElement | null;
      if (control?.form?.id === formId && names.has(control.name)) setTyped({ reply: lastResult, values: valuesOf(control.form) });
    };
    document.addEventListener("input", onInput);
    return () => document.removeEventListener("input", onInput);
  }, [formId, lastResult, watched]);
  return typed && typed.reply === lastResult ? typed.values : null;
}

/**
 * The form and its fields for a form the server validates: `[form, fields]` as Conform's useForm
 * gives them, read from the server's last reply and the form's defaults.
 */
export function useServerForm<Fields extends object = Values>({
  id,
  lastResult,
  defaultValue,
  constraint,
  watch = [],
}: ServerFormOptions<Fields>): [ServerFormMeta, { [Name in keyof Fields]-?: FieldMeta } & Record<string, FieldMeta>] {
  const typed = useTypedValues(id, lastResult, watch);
  const initial: Values = lastResult?.initialValue ?? defaultsAsSent(defaultValue ?? {});
  const allErrors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(lastResult?.error ?? {})) {
    if (messages?.length) allErrors[name] = messages;
  }
  const field = (name: string): FieldMeta => {
    const fieldId = `${id}-${name}`;
    return {
      ...constraint?.[name],
      id: fieldId,
      name,
      formId: id,
      errorId: `${fieldId}-error`,
      descriptionId: `${fieldId}-description`,
      errors: allErrors[name],
      initialValue: initial[name],
      value: typed ? typed[name] : initial[name],
    };
  };
  const fields = new Proxy({} as { [Name in keyof Fields]-?: FieldMeta } & Record<string, FieldMeta>, {
    get: (_, name) => (typeof name === "string" ? field(name) : undefined),
  });
  return [{ id, errors: allErrors[""], allErrors }, fields];
}

/**
 * The form element's attributes: its id, and no validation by the browser, whose bubbles would
 * come before the server's messages and differ from them.
 */
export function serverFormProps(form: ServerFormMeta) {
  return { id: form.id, noValidate: true };
}
