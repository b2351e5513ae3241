import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SubmitButton, type ButtonVariant } from "~/components/button";

// The confirm step of a staff action that moves money or locks someone out (issue 25 item 6;
// decision 0019). The first POST answers with this view instead of acting: it says the amount or
// the effect, and carries the same fields again with confirmed=1, so the second POST acts. Plain
// HTML forms, so it works the same without JavaScript.

export interface ConfirmView {
  title: string;
  /** What will happen, in whole sentences: the amount, who it concerns, what follows. */
  lines: string[];
  confirmLabel: string;
  /** Where "Älä tee mitään" leads back to (the page the action was started from). */
  cancelHref: string;
  /** The form's own fields, posted again unchanged with confirmed=1. */
  fields: Array<[string, string]>;
  /** Where the second POST goes, when not the page's own action. */
  action?: string;
  variant?: ButtonVariant;
}

export function isConfirmReply(value: unknown): value is { confirm: ConfirmView } {
  return typeof value === "object" && value !== null && "confirm" in value;
}

export function ConfirmStep({ confirm }: { confirm: ConfirmView }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // With JavaScript the page does not reload: move focus to the question, as a new page would.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="confirm-heading" className="max-w-3xl space-y-4 rounded-lg border-2 border-amber-400 bg-white p-4 sm:p-6">
      <h1 id="confirm-heading" ref={heading} tabIndex={-1} className="text-3xl font-bold text-brand-900 focus:outline-none">
        {confirm.title}
      </h1>
      {confirm.lines.map((line) => (
        <p key={line} className="text-lg">
          {line}
        </p>
      ))}
      <Form method="post" action={confirm.action} className="flex flex-wrap items-center gap-4">
        {confirm.fields.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        <SubmitButton variant={confirm.variant ?? "primary"} busyLabel="Tallennetaan…">
          {confirm.confirmLabel}
        </SubmitButton>
        <Link to={confirm.cancelHref} className="inline-flex min-h-target items-center px-2 text-brand-800 underline underline-offset-4">
          Älä tee mitään, palaa takaisin
        </Link>
      </Form>
    </section>
  );
}
