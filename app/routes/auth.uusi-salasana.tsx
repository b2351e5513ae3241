import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { ErrorSummary, FormError, TextField } from "~/components/forms";
import { PageLayout, linkClass } from "~/components/layout";
import { useClearSecretsAfterReply } from "~/components/use-clear-secrets";
import { authMessages as authTexts } from "~/messages/auth";
import { NewPasswordSchema } from "~/schemas/auth";
import { passwordLinkPurpose, resetPassword } from "~/services/auth.server";
import { redirectWithFlash } from "~/services/flash.server";
import { PASSWORD_RULE_HINT } from "~/messages/fields";

// The page behind a password reset link and the "finish your profile" link of a guest booking
// (auth_tokens purpose 'set_password', sent with the booking confirmation): a new password with
// the sign-up rules, typed twice. Opening the page changes nothing; the link is used only when
// the form is posted.

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const purpose = token ? await passwordLinkPurpose(token) : null;
  return data({ token: purpose ? token : null, purpose }, { status: purpose ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: NewPasswordSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  const purpose = await passwordLinkPurpose(submission.value.token);
  const account = await resetPassword(submission.value.token, submission.value.password);
  if (!account) {
    return data(
      submission.reply({ hideFields: ["password", "confirmPassword"], formErrors: [authTexts.linkInvalid] }),
      { status: 400 },
    );
  }
  // The sign-in form comes filled in with the address (a flash value: never in the URL).
  return redirectWithFlash(request, "/auth?tab=kirjaudu", {
    signInEmail: account.email,
    toast:
      purpose === "set_password"
        ? { type: "success", title: "Profiili viimeistelty!", description: "Voit nyt kirjautua sisään salasanallasi." }
        : { type: "success", title: authTexts.passwordChanged, description: authTexts.passwordChangedDescription },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.purpose === "set_password" ? "Viimeistele profiilisi – Arkikaveri" : "Uusi salasana – Arkikaveri" },
];

export default function NewPasswordPage() {
  const { token, purpose } = useLoaderData<typeof loader>();
  const finishingProfile = purpose === "set_password";
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "new-password",
    lastResult,
    constraint: getZodConstraint(NewPasswordSchema),
    defaultValue: { token: token ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewPasswordSchema }),
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
          <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border-2 border-gray-200 bg-white p-5 sm:p-8">
            <ErrorSummary form={form} />
            <FormError errors={form.errors} title="Salasanan vaihto epäonnistui" />
            <input type="hidden" name="token" value={token} />
            <TextField
              meta={fields.password}
              label={finishingProfile ? "Salasana" : "Uusi salasana"}
              type="password"
              autoComplete="new-password"
              hint={PASSWORD_RULE_HINT}
            />
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
            <p>Salasanan vaihtolinkki on voimassa tunnin, ja sen voi käyttää vain kerran. Voit tilata uuden linkin.</p>
            <p>
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
