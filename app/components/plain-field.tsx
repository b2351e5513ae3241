import type { ReactNode } from "react";
import { LabelledControl, controlClass, describedBy } from "./form-parts";

// A text field of the pages that check their fields on the server only (the booking's pick steps,
// which must not load Conform), wired like the Conform fields of forms.tsx. Apart from
// form-parts.tsx so that the pages with Conform forms do not carry it.

/**
 * A text field without a form library: the value the server last saw and its error, wired like
 * the Conform fields of forms.tsx (label, hint, "Virhe:", aria-invalid, aria-describedby).
 */
export function PlainField({
  id,
  name,
  label,
  hint,
  error,
  defaultValue,
  multiline = false,
  rows = 4,
  type = "text",
  autoComplete,
  inputMode,
  className,
}: {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  defaultValue: string;
  multiline?: boolean;
  rows?: number;
  type?: "text" | "tel" | "email";
  autoComplete?: string;
  inputMode?: "text" | "tel" | "numeric" | "email";
  className?: string;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const control = {
    id,
    name,
    defaultValue,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(hint !== undefined && hintId, error && errorId),
    className: controlClass(Boolean(error)),
  };
  return (
    <LabelledControl id={id} hintId={hintId} errorId={errorId} label={label} hint={hint} error={error} className={className}>
      {multiline ? <textarea {...control} rows={rows} /> : <input {...control} type={type} autoComplete={autoComplete} inputMode={inputMode} />}
    </LabelledControl>
  );
}
