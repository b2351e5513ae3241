import { useEffect, useRef, type ReactNode } from "react";

// The pieces of the form kit (forms.tsx) that need no form library: pages whose fields are
// mostly picks (the booking's time and helper steps) use them without loading Conform, and
// validate on the server with the same Zod schemas (plain-field.tsx, ErrorSummaryList).

const errorClass = "flex gap-1 font-semibold text-red-800";

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

export const labelClass = "block font-semibold text-gray-900";
const hintClass = "block text-gray-700";
const controlBase =
  "block w-full min-h-target rounded-md border-2 bg-white px-3 py-2 text-base text-gray-900 " +
  "placeholder:text-gray-600 focus:border-brand-700 focus-visible:outline focus-visible:outline-[3px] " +
  "focus-visible:outline-offset-2 focus-visible:outline-amber-700";

export function controlClass(invalid: boolean, className?: string): string {
  return [controlBase, invalid ? "border-red-700" : "border-gray-600", className].filter(Boolean).join(" ");
}

export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const value = ids.filter(Boolean).join(" ");
  return value || undefined;
}

export function Hint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className={hintClass}>
      {children}
    </p>
  );
}

export function FieldShell({ invalid, children, className }: { invalid: boolean; children: ReactNode; className?: string }) {
  // A red bar beside an invalid field marks it for sighted readers scanning a long form.
  return (
    <div className={`space-y-1 ${invalid ? "border-l-4 border-red-700 pl-3" : ""} ${className ?? ""}`}>{children}</div>
  );
}

/** Label, hint and error above a text-like control, in that order; the control is the child. */
export function LabelledControl({
  id,
  hintId,
  errorId,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  hintId: string;
  errorId: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <FieldShell invalid={Boolean(error)} className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <Hint id={hintId}>{hint}</Hint>
      <FieldError id={errorId}>{error}</FieldError>
      {children}
    </FieldShell>
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
      // Without JavaScript the answer to a sent form is a new page that would open at its top, far
      // from a form lower down (issue 31): autofocus makes the browser open it at the summary,
      // which names each field and links to it. With JavaScript the effect above does the same.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
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
