// Form fields that own their accessibility (STYLE.md principle 4): each renders its label, hint and
// error, wires aria-invalid / aria-describedby, and reads a hidden "Virhe:" before the error text.
// They take Conform field metadata, so the same Zod schema drives browser and server validation and
// a server-rendered re-display after a failed POST without JavaScript looks exactly the same.
import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Alert } from "./alert";

// Conform's metadata types are invariant in the form's schema, so a kit that takes the fields of
// any form has to say `any` here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = FormMetadata<any, string[]>;

const labelClass = "block font-semibold text-gray-900";
const hintClass = "block text-gray-700";
const errorClass = "flex gap-1 font-semibold text-red-800";
const controlBase =
  "block w-full min-h-target rounded-md border-2 bg-white px-3 py-2 text-base text-gray-900 " +
  "placeholder:text-gray-600 focus:border-brand-700 focus-visible:outline focus-visible:outline-[3px] " +
  "focus-visible:outline-offset-2 focus-visible:outline-amber-700";

function controlClass(invalid: boolean, className?: string): string {
  return [controlBase, invalid ? "border-red-700" : "border-gray-600", className].filter(Boolean).join(" ");
}

/** The first error of a field, or undefined. One message at a time is easier to act on. */
function firstError(meta: Meta): string | undefined {
  return meta.errors?.[0];
}

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const value = ids.filter(Boolean).join(" ");
  return value || undefined;
}

/** "Virhe: …" with the prefix read only by screen readers, as GOV.UK does. */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className={errorClass}>
      <span className="sr-only">Virhe: </span>
      {children}
    </p>
  );
}

function Hint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className={hintClass}>
      {children}
    </p>
  );
}

function FieldShell({ invalid, children, className }: { invalid: boolean; children: ReactNode; className?: string }) {
  // A red bar beside an invalid field marks it for sighted readers scanning a long form.
  return (
    <div className={`space-y-1 ${invalid ? "border-l-4 border-red-700 pl-3" : ""} ${className ?? ""}`}>{children}</div>
  );
}

/** What every control needs from its field: the first error and the attributes that announce it. */
function controlState(meta: Meta, hint: ReactNode) {
  const error = firstError(meta);
  return {
    error,
    aria: {
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy(hint !== undefined && meta.descriptionId, error && meta.errorId),
    },
  };
}

/** Label, hint and error above a text-like control (input, textarea, select), in that order. */
function LabelledField({
  meta,
  label,
  hint,
  error,
  className,
  children,
}: {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <FieldShell invalid={Boolean(error)} className={className}>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      <Hint id={meta.descriptionId}>{hint}</Hint>
      <FieldError id={meta.errorId}>{error}</FieldError>
      {children}
    </FieldShell>
  );
}

export interface TextFieldProps {
  meta: Meta;
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
  const { key, ...props } = getInputProps(meta, { type, ariaAttributes: false });
  return (
    <LabelledField meta={meta} label={label} hint={hint} error={error} className={className}>
      <input
        key={key}
        {...props}
        {...inputProps}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        {...aria}
        className={controlClass(Boolean(error))}
      />
    </LabelledField>
  );
}

export interface TextareaFieldProps {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
  className?: string;
}

export function TextareaField({ meta, label, hint, rows = 5, maxLength, className }: TextareaFieldProps) {
  const { error, aria } = controlState(meta, hint);
  const { key, ...props } = getTextareaProps(meta, { ariaAttributes: false });
  return (
    <LabelledField meta={meta} label={label} hint={hint} error={error} className={className}>
      <textarea
        key={key}
        {...props}
        rows={rows}
        // The browser would silently cut a pasted text; the schema reports it instead, so only
        // pass maxLength when the caller asks for the hard stop.
        maxLength={maxLength}
        {...aria}
        className={controlClass(Boolean(error))}
      />
    </LabelledField>
  );
}

export interface SelectFieldProps {
  meta: Meta;
  label: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  hint?: ReactNode;
  /** A first, empty option such as 'Valitse…'. */
  placeholder?: string;
  className?: string;
}

export function SelectField({ meta, label, options, hint, placeholder, className }: SelectFieldProps) {
  const { error, aria } = controlState(meta, hint);
  const { key, ...props } = getSelectProps(meta, { ariaAttributes: false });
  return (
    <LabelledField meta={meta} label={label} hint={hint} error={error} className={className}>
      <select key={key} {...props} {...aria} className={controlClass(Boolean(error))}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

export interface CheckboxFieldProps {
  meta: Meta;
  /** May contain links, e.g. to the terms of service. */
  label: ReactNode;
  hint?: ReactNode;
  /** The submitted value when checked; 'on' by default. */
  value?: string;
  className?: string;
}

export function CheckboxField({ meta, label, hint, value, className }: CheckboxFieldProps) {
  const { error, aria } = controlState(meta, hint);
  const { key, ...props } = getInputProps(meta, { type: "checkbox", value: value ?? "on", ariaAttributes: false });
  return (
    <FieldShell invalid={Boolean(error)} className={className}>
      <FieldError id={meta.errorId}>{error}</FieldError>
      <div className="flex items-start gap-3">
        {/* The 44 px box around the 28 px checkbox is part of the target. */}
        <span className="flex min-h-target min-w-target flex-none items-center justify-center">
          <input
            key={key}
            {...props}
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

/**
 * A whole card as the label of one radio button: every choice of one among a few (service,
 * caregiver, RadioCards) looks and behaves the same. Add the border colour, background, padding
 * and gap.
 */
export const choiceCardClass =
  "flex h-full min-h-target cursor-pointer items-start rounded-lg border-2 " +
  "hover:border-brand-700 hover:bg-brand-50 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 " +
  "has-[:checked]:ring-2 has-[:checked]:ring-brand-700 has-[:focus-visible]:outline has-[:focus-visible]:outline-[3px] " +
  "has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-700";

/** The radio inside a choice card. The card shows focus; the native ring would be drawn twice. */
export const choiceRadioClass = "mt-1 h-6 w-6 flex-none cursor-pointer accent-brand-700 focus-visible:outline-none";

export interface RadioCardOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
}

export interface RadioCardsProps {
  meta: Meta;
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

export interface SummaryError {
  id: string;
  message: string;
}

/**
 * The GOV.UK error summary: a titled box whose list links to each invalid field with a real
 * `#id`, so it works without JavaScript. With JavaScript it takes focus when it appears after a
 * submission, so keyboard and screen reader users land on it.
 */
export function ErrorSummaryList({
  errors,
  title = "Korjaa seuraavat virheet",
  focusKey,
}: {
  errors: ReadonlyArray<SummaryError>;
  title?: string;
  /** Changes on every submission; the summary takes focus again when it changes. */
  focusKey?: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const signature = errors.map((e) => `${e.id}:${e.message}`).join("|");
  const hasErrors = errors.length > 0;
  useEffect(() => {
    if (!hasErrors) return;
    // Focus moves when the summary appears or a new submission produced it, never while typing.
    // Conform focuses the first invalid field in its own effect, which runs after this one (parents'
    // effects run after their children's), so take focus on the next frame to land last.
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [hasErrors, focusKey]);
  if (!hasErrors) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      data-error-signature={signature}
      className="rounded-lg border-4 border-red-700 bg-white p-4 focus-visible:outline focus-visible:outline-[3px] focus-visible:outline-offset-2 focus-visible:outline-amber-700"
    >
      <div role="alert">
        <h2 className="text-xl font-bold text-red-800">
          {title}
        </h2>
        <ul className="mt-2 list-none space-y-1">
          {errors.map((error) => (
            <li key={`${error.id}:${error.message}`}>
              <a
                href={`#${error.id}`}
                className="inline-flex min-h-target items-center font-semibold text-red-800 underline underline-offset-4 hover:decoration-2"
                onClick={(event) => {
                  // With JS, move focus into the field itself (a fragment jump only scrolls in
                  // some browsers) and keep its label in view.
                  const target = document.getElementById(error.id);
                  if (!target) return;
                  event.preventDefault();
                  target.focus();
                  target.scrollIntoView({ block: "center" });
                }}
              >
                {error.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
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
export function FormError({ errors, title }: { errors?: ReadonlyArray<string> | null; title?: string }) {
  if (!errors || errors.length === 0) return null;
  return (
    <Alert type="error" title={title}>
      {errors.length === 1 ? (
        <p>{errors[0]}</p>
      ) : (
        <ul className="list-disc pl-5">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
