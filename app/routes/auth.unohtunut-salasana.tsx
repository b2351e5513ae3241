import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { ErrorSummary, TextField } from "~/components/forms";
import { PageLayout, linkClass } from "~/components/layout";
import { authMessages as authTexts } from "~/messages/auth";
import { EmailOnlySchema } from "~/schemas/auth";
import { clientOf, requestPasswordReset } from "~/services/auth.server";

// "Unohtuiko salasana?": asks for the address and always gives the same answer, so the page
// cannot be used to find out who has an account (DESIGN.md decision 9).

export async function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get("lahetetty") === "1" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: EmailOnlySchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  await requestPasswordReset(submission.value.email, clientOf(request, context));
  return redirect("/auth/unohtunut-salasana?lahetetty=1");
}

export const meta: MetaFunction = () => [{ title: "Unohtunut salasana – Arkikaveri" }];

export default function ForgotPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult,
    constraint: getZodConstraint(EmailOnlySchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailOnlySchema }),
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
        <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border-2 border-gray-200 bg-white p-5 sm:p-8">
          <ErrorSummary form={form} />
          <TextField meta={fields.email} label="Sähköposti" type="email" autoComplete="email" inputMode="email" />
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
