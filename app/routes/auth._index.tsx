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
import { homePathFor, safeRedirectPath, signInToastTitle } from "~/auth/access";
import { requireAnonymous } from "~/auth/guards.server";
import { authMessages as authTexts, rateLimitedMessage } from "~/messages/auth";
import { logger } from "~/logger.server";
import { EmailOnlySchema, SignInSchema, SignUpSchema } from "~/schemas/auth";
import { clientOf, createAccount, createUserSession, resendConfirmation, signIn } from "~/services/auth.server";
import { peekSignInEmail, redirectWithToast } from "~/services/flash.server";
import { retryAfterMinutes, retryAfterHeaders } from "~/services/rate-limit.server";
import { PASSWORD_RULE_HINT } from "~/messages/fields";

// /auth: sign-in and sign-up (spec 000 §2 "Sign-in and sign-up screen", §5, §8). Two tabs that are
// plain links (?tab=kirjaudu / ?tab=rekisteroidy), each a plain POST form told apart by `intent`.

type Tab = "signin" | "signup";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request, homePathFor);
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get("tab") === "rekisteroidy" ? "signup" : "signin";
  return {
    tab,
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo")),
    // Set after a sign-up or a resend, so the sign-in tab can remind to confirm the address first.
    checkMail: url.searchParams.get("vahvista") === "1",
    // Set after a new password was saved, so that only the password is left to type.
    signInEmail: await peekSignInEmail(request),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.clone().formData();
  const intent = formData.get("intent");
  const client = clientOf(request, context);

  if (intent === "signin") {
    const submission = parseWithZod(formData, { schema: SignInSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
    const outcome = await signIn(request, { email: submission.value.email, ip: client.ip ?? null });
    if (!outcome.ok) {
      const hidden = { hideFields: ["password"] };
      if (outcome.reason === "rate_limited") {
        const minutes = retryAfterMinutes(outcome.retryAfterSeconds);
        return data(
          { intent, result: submission.reply({ ...hidden, formErrors: [rateLimitedMessage(minutes)] }) },
          { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
        );
      }
      if (outcome.reason === "suspended") {
        return data({ intent, result: submission.reply({ ...hidden, formErrors: [authTexts.accountFrozen] }) }, { status: 403 });
      }
      if (outcome.reason === "unconfirmed") {
        return data(
          { intent, result: submission.reply({ ...hidden, formErrors: [authTexts.unconfirmed] }), unconfirmedEmail: outcome.email },
          { status: 403 },
        );
      }
      return data({ intent, result: submission.reply({ ...hidden, formErrors: [authTexts.wrongCredentials] }) }, { status: 401 });
    }
    const cookie = await createUserSession(request, outcome.user, client);
    const to = safeRedirectPath(submission.value.redirectTo) ?? homePathFor(outcome.user);
    return redirectWithToast(
      request,
      to,
      { type: "success", title: signInToastTitle(outcome.user) },
      { headers: { "Set-Cookie": cookie } },
    );
  }

  if (intent === "signup") {
    const submission = parseWithZod(formData, { schema: SignUpSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
    try {
      await createAccount(submission.value, client);
    } catch (error) {
      logger.error({ err: error }, "sign-up failed");
      return data(
        { intent, result: submission.reply({ hideFields: ["password"], formErrors: [authTexts.unexpected] }) },
        { status: 500 },
      );
    }
    return redirectWithToast(request, "/auth?tab=kirjaudu&vahvista=1", {
      type: "success",
      title: authTexts.signUpSucceeded,
      description: authTexts.signUpSucceededDescription,
    });
  }

  if (intent === "resend-confirmation") {
    const submission = parseWithZod(formData, { schema: EmailOnlySchema });
    if (submission.status === "success") await resendConfirmation(submission.value.email, client);
    // The same answer whether or not the address has an unconfirmed account.
    return redirectWithToast(request, "/auth?tab=kirjaudu&vahvista=1", {
      type: "info",
      title: authTexts.confirmationResent,
      description: authTexts.confirmationResentDescription,
    });
  }

  throw new Response("Tuntematon lomake", { status: 400 });
}

// A refusal for too many attempts says when to come back (Retry-After), on the HTML page too.
export const headers = retryAfterHeaders;

export const meta: MetaFunction = () => [{ title: "Kirjaudu – Arkikaveri" }];

export default function AuthPage() {
  const { tab: requestedTab, redirectTo, checkMail, signInEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const tab: Tab = actionData?.intent === "signup" ? "signup" : actionData?.intent === "signin" ? "signin" : requestedTab;

  const tabLink = (value: "kirjaudu" | "rekisteroidy") => {
    const params = new URLSearchParams({ tab: value });
    if (redirectTo) params.set("redirectTo", redirectTo);
    return `/auth?${params}`;
  };

  // Staff wording only where staff land (sent here from the back office); customers and helpers
  // see the ordinary sign-in page, its heading naming the open tab.
  const forStaff = redirectTo !== null && (redirectTo === "/backoffice" || redirectTo.startsWith("/backoffice/"));
  const headingId = forStaff ? `${tab}-heading` : "auth-heading";

  return (
    <PageLayout narrow>
      <div className="mx-auto max-w-xl space-y-6">
        {forStaff ? (
          <div className="space-y-2">
            <h1 className="text-4xl font-bold text-brand-900">Hallintapaneeli</h1>
            <p className="text-xl text-gray-800">Kirjaudu sisään hallintapaneeliin</p>
          </div>
        ) : (
          <div className="space-y-2">
            <h1 id={headingId} className="text-4xl font-bold text-brand-900">
              {tab === "signin" ? "Kirjaudu sisään" : "Luo tili"}
            </h1>
            <p className="text-xl text-gray-800">
              {tab === "signin" ? "Asiakkaat ja kaverit kirjautuvat tästä omille sivuilleen." : "Asiakastilillä näet tilauksesi ja varaat nopeammin."}
            </p>
          </div>
        )}

        <nav aria-label="Kirjautuminen ja rekisteröityminen">
          <ul className="grid grid-cols-2 gap-2 rounded-lg bg-brand-50 p-1">
            <li>
              <TabLink to={tabLink("kirjaudu")} current={tab === "signin"}>
                Kirjaudu
              </TabLink>
            </li>
            <li>
              <TabLink to={tabLink("rekisteroidy")} current={tab === "signup"}>
                Rekisteröidy
              </TabLink>
            </li>
          </ul>
        </nav>

        <section className="rounded-lg border-2 border-gray-200 bg-white p-5 sm:p-8" aria-labelledby={headingId}>
          {tab === "signin" ? <SignInForm redirectTo={redirectTo} checkMail={checkMail} email={signInEmail} heading={forStaff} /> : <SignUpForm heading={forStaff} />}
        </section>
      </div>
    </PageLayout>
  );
}

function TabLink({ to, current, children }: { to: string; current: boolean; children: string }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      preventScrollReset
      className={
        "flex min-h-target items-center justify-center rounded-md px-4 text-lg font-semibold " +
        (current ? "bg-white text-brand-900 shadow ring-2 ring-brand-700" : "text-brand-800 underline underline-offset-4 hover:bg-white")
      }
    >
      {children}
    </Link>
  );
}

/** `heading`: the form names itself (on the staff page, whose h1 is 'Hallintapaneeli'). */
function SignInForm({
  redirectTo,
  checkMail,
  email,
  heading,
}: {
  redirectTo: string | null;
  checkMail: boolean;
  email: string | null;
  heading: boolean;
}) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === "signin" ? actionData.result : undefined;
  const unconfirmedEmail =
    actionData && "unconfirmedEmail" in actionData && typeof actionData.unconfirmedEmail === "string"
      ? actionData.unconfirmedEmail
      : undefined;
  const [form, fields] = useForm({
    id: "signin",
    lastResult,
    defaultValue: { email: email ?? "" },
    constraint: getZodConstraint(SignInSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
  });
  useClearSecretsAfterReply([fields.password.id], lastResult);

  return (
    <div className="space-y-6">
      {heading ? (
        <h2 id="signin-heading" className="text-2xl font-bold text-gray-900">
          Kirjaudu sisään
        </h2>
      ) : null}
      {checkMail && !lastResult ? (
        <Alert type="info" title="Vahvista sähköpostiosoitteesi">
          <p>Lähetimme sähköpostiisi viestin. Avaa viestin linkki, niin voit sen jälkeen kirjautua sisään.</p>
        </Alert>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <ErrorSummary form={form} />
        <FormError errors={form.errors} title={authTexts.signInFailed} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField meta={fields.email} label="Sähköposti" type="email" autoComplete="username" inputMode="email" />
        <TextField meta={fields.password} label="Salasana" type="password" autoComplete="current-password" />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <SubmitButton name="intent" value="signin" busyLabel="Kirjaudutaan...">
            Kirjaudu
          </SubmitButton>
          <Link to="/auth/unohtunut-salasana" className={`inline-flex min-h-target items-center ${linkClass}`}>
            Unohtuiko salasana?
          </Link>
        </div>
      </Form>
      {unconfirmedEmail ? (
        <Form method="post" className="space-y-3 rounded-lg border-2 border-brand-100 p-4">
          <p>Etkö löydä vahvistusviestiä? Tarkista myös roskapostikansio tai tilaa uusi linkki.</p>
          <input type="hidden" name="email" value={unconfirmedEmail} />
          <SubmitButton name="intent" value="resend-confirmation" variant="secondary" busyLabel="Lähetetään...">
            Lähetä vahvistuslinkki uudelleen
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}

function SignUpForm({ heading }: { heading: boolean }) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === "signup" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "signup",
    lastResult,
    constraint: getZodConstraint(SignUpSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
  });
  useClearSecretsAfterReply([fields.password.id], lastResult);

  return (
    <div className="space-y-6">
      {heading ? (
        <h2 id="signup-heading" className="text-2xl font-bold text-gray-900">
          Luo tili
        </h2>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <ErrorSummary form={form} />
        <FormError errors={form.errors} title={authTexts.signUpFailed} />
        <TextField meta={fields.fullName} label="Koko nimi" autoComplete="name" />
        <TextField meta={fields.email} label="Sähköposti" type="email" autoComplete="email" inputMode="email" />
        <TextField
          meta={fields.password}
          label="Salasana"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_RULE_HINT}
        />
        <p>Lähetämme sähköpostiisi vahvistuslinkin. Kun olet vahvistanut osoitteen, voit kirjautua sisään.</p>
        <SubmitButton name="intent" value="signup" busyLabel="Rekisteröidään...">
          Rekisteröidy
        </SubmitButton>
      </Form>
    </div>
  );
}
