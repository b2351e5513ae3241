import { Link, useFormAction, useNavigation } from "@remix-run/react";
import { useState, type ComponentProps, type ReactNode } from "react";
import { useHeldSubmitter } from "./held-submit";

export type ButtonVariant = "primary" | "secondary" | "danger" | "link";

// Every variant is at least 44 × 44 px (WCAG 2.5.5) and keeps the 18 px body text size.
const base =
  "inline-flex min-h-target min-w-target items-center justify-center gap-2 rounded-md px-5 py-2 text-base font-semibold " +
  "transition-colors focus-visible:outline focus-visible:outline-[3px] focus-visible:outline-offset-2 " +
  "focus-visible:outline-amber-700 disabled:cursor-not-allowed aria-disabled:cursor-not-allowed";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50",
  danger: "bg-red-700 text-white hover:bg-red-800",
  link: "px-2 text-brand-800 underline underline-offset-4 hover:text-brand-900 hover:decoration-2",
};

/** A button that cannot be pressed yet looks it: grey, not a paler version of the real thing. */
const unavailable = "border-2 border-dashed border-gray-500 bg-gray-100 text-gray-800";

export function buttonClassName(variant: ButtonVariant = "primary", className?: string, { unavailable: off = false } = {}): string {
  return [base, off ? unavailable : variants[variant], className].filter(Boolean).join(" ");
}

export type ButtonProps = ComponentProps<"button"> & { variant?: ButtonVariant };

export type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: ButtonVariant };

/** A navigation link that looks like a button (for "Varaa nyt" and similar calls to action). */
export function ButtonLink({ variant = "primary", className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClassName(variant, className)} {...props} />;
}

export interface SubmitButtonProps {
  children: ReactNode;
  /** Shown instead of `children` while this form's submission is in flight, e.g. 'Lähetetään...'. */
  busyLabel: ReactNode;
  name?: string;
  value?: string;
  variant?: ButtonVariant;
  /** Where to post, when it differs from the form's own action (also used to detect "busy"). */
  formAction?: string;
  /** Post with this method instead of the form's (e.g. "get" for wizard steps). */
  formMethod?: "get" | "post";
  /** The id of the form the button submits, when it sits outside the <form>. */
  form?: string;
  className?: string;
  /** Cannot be pressed yet; pair it with `describedBy` naming what is missing. */
  disabled?: boolean;
  /** The id of a text saying why the button is disabled (or what it does). */
  describedBy?: string;
}

/**
 * A submit button that says what is happening. Without JavaScript it is a plain submit button; with
 * JavaScript it shows `busyLabel`, sets aria-busy and is disabled while the submission it started
 * (same action, and same name/value when given) is in flight, so a shaky double tap cannot post twice.
 * Pressed while the bot check is still working, it says "Tarkistetaan…" until the form goes.
 */
export function SubmitButton({
  children,
  busyLabel,
  name,
  value,
  variant = "primary",
  formAction,
  formMethod,
  form,
  className,
  disabled,
  describedBy,
}: SubmitButtonProps) {
  const navigation = useNavigation();
  const action = useFormAction(formAction);
  const [element, setElement] = useState<HTMLButtonElement | null>(null);
  const held = useHeldSubmitter();
  // Pressed before the bot check had finished: the form goes as soon as it has (bot-check.tsx).
  const waiting = held !== null && held === element;
  const busy =
    waiting ||
    (navigation.state !== "idle" &&
      navigation.formAction !== undefined &&
      sameAction(navigation.formAction, action) &&
      (name === undefined || navigation.formData?.get(name) === (value ?? "")));
  return (
    <button
      ref={setElement}
      type="submit"
      name={name}
      value={value}
      formAction={formAction}
      formMethod={formMethod}
      form={form}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      aria-describedby={describedBy}
      className={buttonClassName(variant, className, { unavailable: disabled && !busy })}
    >
      {busy ? (
        <>
          <Spinner />
          {waiting ? "Tarkistetaan…" : busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** Compares two form actions by path and query, ignoring the order of query parameters. */
function sameAction(a: string, b: string): boolean {
  const ua = new URL(a, "http://x");
  const ub = new URL(b, "http://x");
  if (ua.pathname.replace(/\/$/, "") !== ub.pathname.replace(/\/$/, "")) return false;
  const qa = [...ua.searchParams].map(([k, v]) => `${k}=${v}`).sort().join("&");
  const qb = [...ub.searchParams].map(([k, v]) => `${k}=${v}`).sort().join("&");
  return qa === qb;
}

function Spinner() {
  return (
    <svg aria-hidden="true" className="h-5 w-5 animate-spin motion-reduce:animate-none" viewBox="0 0 24 24" fill="none">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.35" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
