import { data } from "@remix-run/node";
import type { ConfirmView } from "~/components/backoffice/confirm-step";

// The server half of the confirm step (app/components/backoffice/confirm-step.tsx): an action
// acts only on a POST that carries confirmed=1; any other answers with the question.

export function isConfirmed(formData: FormData): boolean {
  return formData.get("confirmed") === "1";
}

/** The confirm view for this form: its own fields go back with it, so the second POST is the same one confirmed. */
export function askToConfirm(formData: FormData, view: Omit<ConfirmView, "fields">) {
  const fields: Array<[string, string]> = [];
  for (const [name, value] of formData) {
    if (name !== "confirmed" && typeof value === "string") fields.push([name, value]);
  }
  return data({ confirm: { ...view, fields } satisfies ConfirmView }, { status: 200 });
}
