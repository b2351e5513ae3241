import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { ErrorSummary, FormError, NewPasswordField, TextField } from "~/components/forms";
import { PageLayout, linkClass } from "~/components/layout";
import { useClearSecretsAfterReply } from "~/components/use-clear-secrets";
import { authMessages as authTexts } from "~/messages/auth";
import { deadPasswordLinkText } from "~/messages/auth-emails";
import type { NewPasswordSchema } from "~/schemas/auth";
import type { Infer } from "~/schemas/zod";
import { action, loader } from "~/auth/new-password-page.server";
import { serverFormProps, useServerForm } from "~/components/server-form";

export { action, loader };

// The page behind a password reset link and the "finish your profile" link of a guest booking
// (auth_tokens purpose 'set_password', sent with the booking confirmation): a new password with
// the sign-up rules, typed twice. Opening the page changes nothing; the link is used only when
// the form is posted.


export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.purpose === "set_password" ? "Viimeistele profiilisi – Arkikaveri" : "Uusi salasana – Arkikaveri" },
];

export default function NewPasswordPage() {
  const { token, purpose, constraint } = useLoaderData<typeof loader>();
  const finishingProfile = purpose === "set_password";
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useServerForm<Infer<typeof NewPasswordSchema>>({
    id: "new-password",
    lastResult,
    constraint,
    defaultValue: { token: token ?? "" },
  });
  useClearSecretsAfterReply([fields.password.id, fields.confirmPassword.id], lastResult);

  return (
    <PageLayout narrow>
      <div className="mx-auto max-w-xl space-y-6">
        <h1 className="text-4xl font-bold text-brand-900">{finishingProfile ? "Viimeistele profiilisi" : "Valitse uusi salasana"}</h1>
        {finishingProfile ? (
          <p>Valitse salasana, jolla kirjaudut jatkossa Arkikaveriin. Näet sen jälkeen varauksesi ja voit varata helpommin.</p>
        ) : null}
        {token ? (
          <Form method="post" {...serverFormProps(form)} className="space-y-6 rounded-lg border-2 border-gray-200 bg-white p-5 sm:p-8">
            <ErrorSummary form={form} />
            <FormError errors={form.errors} title="Salasanan vaihto epäonnistui" />
            <input type="hidden" name="token" value={token} />
            <NewPasswordField meta={fields.password} label={finishingProfile ? "Salasana" : "Uusi salasana"} />
            <TextField
              meta={fields.confirmPassword}
              label={finishingProfile ? "Salasana uudelleen" : "Uusi salasana uudelleen"}
              type="password"
              autoComplete="new-password"
            />
            <SubmitButton busyLabel="Tallennetaan...">{finishingProfile ? "Tallenna salasana" : "Tallenna uusi salasana"}</SubmitButton>
          </Form>
        ) : (
          <Alert type="error" title={authTexts.linkInvalid}>
            <p>{deadPasswordLinkText()}</p>
            <p className="flex flex-wrap gap-x-6">
              <Link to="/auth?tab=kirjaudu" className={`inline-flex min-h-target items-center ${linkClass}`}>
                Kirjaudu sisään
              </Link>
              <Link to="/auth/unohtunut-salasana" className={`inline-flex min-h-target items-center ${linkClass}`}>
                Tilaa uusi linkki
              </Link>
            </p>
          </Alert>
        )}
      </div>
    </PageLayout>
  );
}
