import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { PageLayout, linkClass } from "~/components/layout";
import { authMessages as authTexts } from "~/messages/auth";
import { confirmEmail, isConfirmationTokenUsable } from "~/services/auth.server";
import { redirectWithToast } from "~/services/flash.server";

// The e-mail confirmation link. Confirming changes data, so the link opens this page and the
// button posts (no GET changes data; a mail scanner that follows links confirms nothing).
// Success goes to the site root (spec 000 §2) with a toast.

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = token ? await isConfirmationTokenUsable(token) : false;
  return data({ token: usable ? token : null }, { status: usable ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const token = formData.get("token");
  const confirmed = typeof token === "string" && token !== "" && (await confirmEmail(token));
  if (!confirmed) return data({ error: authTexts.linkInvalid }, { status: 400 });
  return redirectWithToast(request, "/", {
    type: "success",
    title: authTexts.emailConfirmed,
    description: authTexts.emailConfirmedDescription,
  });
}

export const meta: MetaFunction = () => [{ title: "Vahvista sähköpostiosoite – Arkikaveri" }];

export default function ConfirmEmailPage() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const invalid = !token || Boolean(actionData?.error);

  return (
    <PageLayout narrow>
      <div className="mx-auto max-w-xl space-y-6">
        <h1 className="text-4xl font-bold text-brand-900">Vahvista sähköpostiosoite</h1>
        {invalid ? (
          <Alert type="error" title={authTexts.linkInvalid}>
            <p>
              Vahvistuslinkki on voimassa 48 tuntia, ja sen voi käyttää kerran. Jos osoitteesi on jo vahvistettu, voit
              kirjautua sisään. Muuten saat uuden linkin, kun yrität kirjautua.
            </p>
            <p>
              <Link to="/auth?tab=kirjaudu" className={`inline-flex min-h-target items-center ${linkClass}`}>
                Siirry kirjautumiseen
              </Link>
            </p>
          </Alert>
        ) : (
          <Form method="post" className="space-y-6 rounded-lg border-2 border-gray-200 bg-white p-5 sm:p-8">
            <p>Vahvista sähköpostiosoitteesi painamalla alla olevaa painiketta. Sen jälkeen voit kirjautua sisään.</p>
            <input type="hidden" name="token" value={token} />
            <SubmitButton busyLabel="Vahvistetaan...">Vahvista sähköpostiosoite</SubmitButton>
          </Form>
        )}
      </div>
    </PageLayout>
  );
}
