import { Form } from "@remix-run/react";
import { SubmitButton, type ButtonVariant } from "./button";

/**
 * Signing out is a POST to /auth/kirjaudu-ulos. `from` picks where the user lands: the back
 * office returns to /auth, the portal to the site root (spec 000 §2).
 */
export function SignOutButton({ from, variant = "secondary", className }: { from: "backoffice" | "portal"; variant?: ButtonVariant; className?: string }) {
  return (
    <Form method="post" action="/auth/kirjaudu-ulos" className={className}>
      <input type="hidden" name="from" value={from} />
      <SubmitButton variant={variant} formAction="/auth/kirjaudu-ulos" busyLabel="Kirjaudutaan ulos...">
        Kirjaudu ulos
      </SubmitButton>
    </Form>
  );
}
