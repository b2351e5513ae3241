import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { BotCheck, botCheckLinks } from "~/components/bot-check";
import { SubmitButton } from "~/components/button";
import type { ContactDetails } from "~/domain/contact-links";
import { EmailField, ErrorSummary, FormError, NewPasswordField, TextField, type FieldConstraints } from "~/components/forms";
import { PageLayout, linkClass } from "~/components/layout";
import { useClearSecretsAfterReply } from "~/components/use-clear-secrets";
import { action, loader, type Tab } from "~/auth/sign-in-page.server";
import { authMessages as authTexts } from "~/messages/auth";
import { retryAfterHeaders } from "~/services/rate-limit.server";
import type { SignInSchema, SignUpSchema } from "~/schemas/auth";
import type { Infer } from "~/schemas/zod";
import { BOT_CHECK_FIELDS, type BotCheckChallenge } from "~/schemas/bot-check";
import { serverFormProps, useServerForm } from "~/components/server-form";

export { action, loader };

// /auth: sign-in and sign-up (spec 000 §2 "Sign-in and sign-up screen", §5, §8). Two tabs that are
// plain links (?tab=kirjaudu / ?tab=rekisteroidy), each a plain POST form told apart by `intent`.

// A refusal for too many attempts says when to come back (Retry-After), on the HTML page too.
export const headers = retryAfterHeaders;

// Sign-up has the bot check of the other public forms (issue 31; decision 0025).
export const links: LinksFunction = () => botCheckLinks();

export const meta: MetaFunction = () => [{ title: "Kirjaudu – Arkikaveri" }];

export default function AuthPage() {
  const { tab: requestedTab, redirectTo, checkMail, signInEmail, constraints, botCheck } = useLoaderData<typeof loader>();
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
          {tab === "signin" ? (
            <SignInForm redirectTo={redirectTo} checkMail={checkMail} email={signInEmail} heading={forStaff} constraint={constraints.signin} />
          ) : (
            <SignUpForm heading={forStaff} constraint={constraints.signup} botCheck={botCheck} />
          )}
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
        // Narrow phones: 'Rekisteröidy' must fit its half of a 320 px screen on one line.
        "flex min-h-target items-center justify-center rounded-md px-1 text-base font-semibold sm:px-4 sm:text-lg " +
        (current ? "bg-white text-brand-900 shadow ring-2 ring-brand-700" : "text-brand-800 underline underline-offset-4 hover:bg-white")
      }
    >
      {children}
    </Link>
  );
}

/** On the staff page, whose h1 is 'Hallintapaneeli', the form names itself. */
function StaffFormHeading({ shown, id, children }: { shown: boolean; id: string; children: string }) {
  if (!shown) return null;
  return (
    <h2 id={id} className="text-2xl font-bold text-gray-900">
      {children}
    </h2>
  );
}

/** `heading`: the form names itself (on the staff page, whose h1 is 'Hallintapaneeli'). */
function SignInForm({
  redirectTo,
  checkMail,
  email,
  heading,
  constraint,
}: {
  redirectTo: string | null;
  checkMail: boolean;
  email: string | null;
  heading: boolean;
  constraint: FieldConstraints;
}) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === "signin" ? actionData.result : undefined;
  const unconfirmedEmail =
    actionData && "unconfirmedEmail" in actionData && typeof actionData.unconfirmedEmail === "string"
      ? actionData.unconfirmedEmail
      : undefined;
  // A suspended helper's message names customer service: its phone and e-mail become links.
  const contact = actionData && "contact" in actionData ? (actionData.contact as ContactDetails) : null;
  const [form, fields] = useServerForm<Infer<typeof SignInSchema>>({
    id: "signin",
    lastResult,
    defaultValue: { email: email ?? "" },
    constraint,
  });
  useClearSecretsAfterReply([fields.password.id], lastResult);

  return (
    <div className="space-y-6">
      <StaffFormHeading shown={heading} id="signin-heading">
        Kirjaudu sisään
      </StaffFormHeading>
      {checkMail && !lastResult ? (
        <Alert type="info" title="Vahvista sähköpostiosoitteesi">
          <p>Lähetimme sähköpostiisi viestin. Avaa viestin linkki, niin voit sen jälkeen kirjautua sisään.</p>
        </Alert>
      ) : null}
      <Form method="post" {...serverFormProps(form)} className="space-y-6">
        <ErrorSummary form={form} />
        <FormError errors={form.errors} title={authTexts.signInFailed} contact={contact} />
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

function SignUpForm({
  heading,
  constraint,
  botCheck,
}: {
  heading: boolean;
  constraint: FieldConstraints;
  botCheck: BotCheckChallenge | null;
}) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === "signup" ? actionData.result : undefined;
  // After a refusal the action sends a new question (the old token is spent).
  const fromAction = actionData?.intent === "signup" && "botCheck" in actionData ? (actionData.botCheck as BotCheckChallenge | undefined) : undefined;
  const challenge = fromAction ?? botCheck;
  const [form, fields] = useServerForm<Infer<typeof SignUpSchema> & { [BOT_CHECK_FIELDS.answer]?: string }>({
    id: "signup",
    lastResult,
    constraint,
  });
  useClearSecretsAfterReply([fields.password.id], lastResult);

  return (
    <div className="space-y-6">
      <StaffFormHeading shown={heading} id="signup-heading">
        Luo tili
      </StaffFormHeading>
      <Form method="post" {...serverFormProps(form)} className="space-y-6">
        <ErrorSummary form={form} />
        <FormError errors={form.errors} title={authTexts.signUpFailed} />
        <TextField meta={fields.fullName} label="Koko nimi" autoComplete="name" />
        <EmailField meta={fields.email} />
        <NewPasswordField meta={fields.password} />
        {challenge ? (
          <BotCheck challenge={challenge} id={fields[BOT_CHECK_FIELDS.answer].id} error={fields[BOT_CHECK_FIELDS.answer].errors?.[0]} />
        ) : null}
        <p>Lähetämme sähköpostiisi vahvistuslinkin. Kun olet vahvistanut osoitteen, voit kirjautua sisään.</p>
        <SubmitButton name="intent" value="signup" busyLabel="Rekisteröidään...">
          Rekisteröidy
        </SubmitButton>
      </Form>
    </div>
  );
}
