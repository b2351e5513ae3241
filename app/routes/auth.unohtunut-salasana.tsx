import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { EmailField, ErrorSummary } from "~/components/forms";
import { PageLayout, linkClass } from "~/components/layout";
import { authMessages as authTexts } from "~/messages/auth";
import { action, loader } from "~/auth/forgot-password-page.server";
import { serverFormProps, useServerForm } from "~/components/server-form";

export { action, loader };

// "Unohtuiko salasana?": asks for the address and always gives the same answer, so the page
// cannot be used to find out who has an account (DESIGN.md decision 9).


export const meta: MetaFunction = () => [{ title: "Unohtunut salasana – Arkikaveri" }];

export default function ForgotPasswordPage() {
  const { sent, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useServerForm({
    id: "forgot-password",
    lastResult,
    constraint,
  });

  return (
    <PageLayout narrow>
      <div className="mx-auto max-w-xl space-y-6">
        <h1 className="text-4xl font-bold text-brand-900">Unohtuiko salasana?</h1>
        {sent ? (
          <Alert type="success" title="Tarkista sähköpostisi">
            <p>{authTexts.resetRequested}</p>
            <p>Jos viestiä ei kuulu muutamassa minuutissa, tarkista myös roskapostikansio.</p>
          </Alert>
        ) : (
          <p>Kirjoita sähköpostiosoite, jolla kirjaudut. Lähetämme siihen linkin, jolla voit valita uuden salasanan.</p>
        )}
        <Form method="post" {...serverFormProps(form)} className="space-y-6 rounded-lg border-2 border-gray-200 bg-white p-5 sm:p-8">
          <ErrorSummary form={form} />
          <EmailField meta={fields.email} />
          <SubmitButton busyLabel="Lähetetään...">Lähetä linkki</SubmitButton>
        </Form>
        <p>
          <Link to="/auth?tab=kirjaudu" className={`inline-flex min-h-target items-center ${linkClass}`}>
            Takaisin kirjautumiseen
          </Link>
        </p>
      </div>
    </PageLayout>
  );
}
