// Form fields that own their accessibility (STYLE.md principle 4): each renders its label, hint and
// error, wires aria-invalid / aria-describedby, and reads a hidden "Virhe:" before the error text.
// They take a field's metadata, from Conform's useForm (back office, portal) or from the server's
// reply (useServerForm, the public forms), so a reply shows the same with and without JavaScript.
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { PASSWORD_RULE_HINT } from "~/messages/fields";
import type { ContactDetails } from "~/domain/contact-links";
import { Alert } from "./alert";
import { ContactText } from "./contact-text";
import {
  choiceCardClass,
  choiceRadioClass,
  controlClass,
  describedBy,
  ErrorSummaryList,
  FieldError,
  FieldShell,
  Hint,
  labelClass,
  LabelledControl,
  type SummaryError,
} from "./form-parts";
import type { FieldMeta } from "./server-form";

export { choiceCardClass, choiceRadioClass, ErrorSummaryList, FieldError, type SummaryError };

/** What the error summary reads of a form: Conform's form metadata or useServerForm's. */
interface AnyForm {
  id: string;
  allErrors?: Record<string, string[] | null | undefined>;
}

export type { FieldConstraints } from "~/schemas/zod";
export type { FieldMeta } from "./server-form";

/** The attributes every control takes from its field (as Conform's getFormControlProps gives them). */
function controlProps(meta: FieldMeta) {
  return { key: meta.key, id: meta.id, name: meta.name, form: meta.formId, required: meta.required || undefined };
}

/** A control's first value: the text it starts with. */
function textValue(meta: FieldMeta): string | undefined {
  return typeof meta.initialValue === "string" ? meta.initialValue : undefined;
}

/** Whether a box with this value starts ticked. */
export function startsChecked(meta: FieldMeta, value: string): boolean {
  return Array.isArray(meta.initialValue) ? meta.initialValue.includes(value) : meta.initialValue === value;
}

/** The first error of a field, or undefined. One message at a time is easier to act on. */
function firstError(meta: FieldMeta): string | undefined {
  return meta.errors?.[0];
}

/** What every control needs from its field: the first error and the attributes that announce it. */
function controlState(meta: FieldMeta, hint: ReactNode) {
  const error = firstError(meta);
  return {
    error,
    aria: {
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy(hint !== undefined && meta.descriptionId, error && meta.errorId),
    },
  };
}

export interface TextFieldProps {
  meta: FieldMeta;
  label: ReactNode;
  hint?: ReactNode;
  type?: "text" | "email" | "tel" | "password" | "number" | "date" | "time" | "url" | "search";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric" | "decimal" | "search" | "url" | "none";
  placeholder?: string;
  className?: string;
  /** Extra attributes for the input (e.g. min/max for dates, spellCheck). */
  inputProps?: Omit<React.ComponentProps<"input">, "id" | "name" | "type" | "defaultValue" | "form">;
}

export function TextField({ meta, label, hint, type = "text", autoComplete, inputMode, placeholder, className, inputProps }: TextFieldProps) {
  const { error, aria } = controlState(meta, hint);
  const { key, ...props } = controlProps(meta);
  const { minLength, maxLength, min, max, step, pattern, multiple, accept } = meta;
  return (
    <LabelledControl id={meta.id} hintId={meta.descriptionId} errorId={meta.errorId} label={label} hint={hint} error={error} className={className}>
      <input
        key={key}
        {...props}
        type={type}
        defaultValue={textValue(meta)}
        {...{ minLength, maxLength, min, max, step, pattern, multiple, accept }}
        {...inputProps}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        {...aria}
        className={controlClass(Boolean(error))}
      />
    </LabelledControl>
  );
}

/** An e-mail address field, as every form asks for one. */
export function EmailField({ meta, className }: { meta: FieldMeta; className?: string }) {
  return <TextField meta={meta} label="Sähköposti" type="email" autoComplete="email" inputMode="email" className={className} />;
}

/** A new password, with the one rule's hint (messages/fields.ts) unless the form says otherwise. */
export function NewPasswordField({ meta, label = "Salasana", hint = PASSWORD_RULE_HINT }: { meta: FieldMeta; label?: ReactNode; hint?: ReactNode }) {
  return <TextField meta={meta} label={label} type="password" autoComplete="new-password" hint={hint} />;
}

export interface TextareaFieldProps {
  meta: FieldMeta;
  label: ReactNode;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
  className?: string;
}

export function TextareaField({ meta, label, hint, rows = 5, maxLength, className }: TextareaFieldProps) {
  const { error, aria } = controlState(meta, hint);
  const { key, ...props } = controlProps(meta);
  return (
    <LabelledControl id={meta.id} hintId={meta.descriptionId} errorId={meta.errorId} label={label} hint={hint} error={error} className={className}>
      <textarea
        key={key}
        {...props}
        defaultValue={textValue(meta)}
        minLength={meta.minLength}
        rows={rows}
        // The browser would silently cut a pasted text; the schema reports it instead, so only
        // pass maxLength when the caller asks for the hard stop.
        maxLength={maxLength}
        {...aria}
        className={controlClass(Boolean(error))}
      />
    </LabelledControl>
  );
}

export interface SelectFieldProps {
  meta: FieldMeta;
  label: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  hint?: ReactNode;
  /** A first, empty option such as 'Valitse…'. */
  placeholder?: string;
  className?: string;
}

export function SelectField({ meta, label, options, hint, placeholder, className }: SelectFieldProps) {
  const { error, aria } = controlState(meta, hint);
  const { key, ...props } = controlProps(meta);
  return (
    <LabelledControl id={meta.id} hintId={meta.descriptionId} errorId={meta.errorId} label={label} hint={hint} error={error} className={className}>
      <select key={key} {...props} defaultValue={textValue(meta)} {...aria} className={controlClass(Boolean(error))}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledControl>
  );
}

export interface CheckboxFieldProps {
  meta: FieldMeta;
  /** May contain links, e.g. to the terms of service. */
  label: ReactNode;
  hint?: ReactNode;
  /** The submitted value when checked; 'on' by default. */
  value?: string;
  className?: string;
}

export function CheckboxField({ meta, label, hint, value, className }: CheckboxFieldProps) {
  const { error, aria } = controlState(meta, hint);
  const { key, ...props } = controlProps(meta);
  const sent = value ?? "on";
  return (
    <FieldShell invalid={Boolean(error)} className={className}>
      <FieldError id={meta.errorId}>{error}</FieldError>
      <div className="flex items-start gap-3">
        {/* The 44 px box around the 28 px checkbox is part of the target. */}
        <span className="flex min-h-target min-w-target flex-none items-center justify-center">
          <input
            key={key}
            {...props}
            type="checkbox"
            value={sent}
            defaultChecked={startsChecked(meta, sent)}
            {...aria}
            className="h-7 w-7 cursor-pointer rounded border-2 border-gray-700 accent-brand-700"
          />
        </span>
        <div className="space-y-1 pt-2">
          <label htmlFor={meta.id} className="cursor-pointer font-semibold text-gray-900">
            {label}
          </label>
          <Hint id={meta.descriptionId}>{hint}</Hint>
        </div>
      </div>
    </FieldShell>
  );
}

export interface RadioCardOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
}

export interface RadioCardsProps {
  meta: FieldMeta;
  legend: ReactNode;
  options: ReadonlyArray<RadioCardOption>;
  hint?: ReactNode;
  /** Grid columns from the small breakpoint up; one column on narrow phones. */
  columns?: 1 | 2 | 3;
  /** Render the legend as a page heading-sized text (for one-question pages). */
  legendSize?: "normal" | "large";
  className?: string;
}

/**
 * One choice from a few big cards. The first radio carries the field id, so the error summary's
 * `#id` link lands on it (GOV.UK pattern); the fieldset carries aria-describedby for hint and error.
 */
export function RadioCards({ meta, legend, options, hint, columns = 2, legendSize = "normal", className }: RadioCardsProps) {
  const { error, aria } = controlState(meta, hint);
  const selected = typeof meta.initialValue === "string" ? meta.initialValue : undefined;
  const grid = columns === 1 ? "" : columns === 2 ? "sm:grid-cols-2" : "sm:grid-cols-2 lg:grid-cols-3";
  return (
    <fieldset
      id={`${meta.id}-fieldset`}
      {...aria}
      className={`space-y-2 ${error ? "border-l-4 border-red-700 pl-3" : ""} ${className ?? ""}`}
    >
      <legend className={legendSize === "large" ? "mb-2 text-2xl font-bold text-gray-900" : `${labelClass} mb-1`}>{legend}</legend>
      <Hint id={meta.descriptionId}>{hint}</Hint>
      <FieldError id={meta.errorId}>{error}</FieldError>
      <div className={`grid gap-3 ${grid}`}>
        {options.map((option, index) => {
          const id = index === 0 ? meta.id : `${meta.id}-${index}`;
          const descriptionId = option.description ? `${id}-description` : undefined;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={`group gap-3 border-gray-600 bg-white p-4 ${choiceCardClass} has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70`}
            >
              <input
                type="radio"
                id={id}
                name={meta.name}
                form={meta.formId}
                value={option.value}
                defaultChecked={selected === option.value}
                disabled={option.disabled}
                required={meta.required}
                aria-describedby={descriptionId}
                className={choiceRadioClass}
              />
              {option.icon ? (
                <span aria-hidden="true" className="flex-none text-brand-700">
                  {option.icon}
                </span>
              ) : null}
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-gray-900">{option.label}</span>
                {option.description ? (
                  <span id={descriptionId} className="block text-gray-700">
                    {option.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Field-level errors of a Conform form, in the order the schema reported them. */
export function summaryErrors(form: Pick<AnyForm, "allErrors" | "id">): SummaryError[] {
  const result: SummaryError[] = [];
  for (const [name, messages] of Object.entries(form.allErrors ?? {})) {
    // The form-level errors (name '') belong to FormError, not to a field link.
    if (!name || !messages?.length) continue;
    result.push({ id: `${form.id}-${name}`, message: messages[0] });
  }
  return result;
}

/**
 * Error summary for a Conform form. Renders nothing until a submission has produced field errors.
 * Focus moves to it on every submit that leaves errors (the form's submit event bumps a counter).
 */
export function ErrorSummary({ form, title }: { form: AnyForm; title?: string }) {
  const errors = summaryErrors(form);
  const submits = useSubmitCount(form.id);
  return <ErrorSummaryList errors={errors} title={title} focusKey={submits} />;
}

/** Counts submit attempts of the form with this id (client only; 0 on the server). */
function useSubmitCount(formId: string): number {
  const [count, setCount] = useState(0);
  const bump = useCallback(() => setCount((c) => c + 1), []);
  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    // Capture phase: Conform may stop the event when the client-side validation fails.
    element.addEventListener("submit", bump, true);
    return () => element.removeEventListener("submit", bump, true);
  }, [formId, bump]);
  return count;
}

/** Form-level errors (e.g. 'Kirjautuminen epäonnistui') that belong to no single field. */
/** `contact`: customer service's phone and e-mail, made links where a message names them. */
export function FormError({ errors, title, contact }: { errors?: ReadonlyArray<string> | null; title?: string; contact?: ContactDetails | null }) {
  if (!errors || errors.length === 0) return null;
  const text = (message: string) => (contact ? <ContactText text={message} contact={contact} /> : message);
  return (
    // Like the error summary, the page opens here without JavaScript (unless a summary above
    // has already taken the focus: the first autofocus wins).
    // eslint-disable-next-line jsx-a11y/no-autofocus
    <div tabIndex={-1} autoFocus className="focus:outline-none">
      <Alert type="error" title={title}>
        {errors.length === 1 ? (
          <p>{text(errors[0]!)}</p>
        ) : (
          <ul className="list-disc pl-5">
            {errors.map((message) => (
              <li key={message}>{text(message)}</li>
            ))}
          </ul>
        )}
      </Alert>
    </div>
  );
}
