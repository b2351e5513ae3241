import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { SubmitButton } from "~/components/button";
import { BioField, CheckboxGroup, PhotoField } from "~/components/caregiver-fields";
import { ErrorSummary, FormError, NewPasswordField, TextField, type FieldConstraints } from "~/components/forms";
import { linkClass } from "~/components/layout";
import { serverFormProps, useServerForm } from "~/components/server-form";
import { useClearSecretsAfterReply } from "~/components/use-clear-secrets";
import { consentMessages } from "~/messages/consents";
import { accountDeletionMessages as adm } from "~/messages/account-deletion";
import { dataExportMessages } from "~/messages/data-export";
import { profileMessages } from "~/messages/profile";
import { LANGUAGE_OPTIONS, SERVICE_OPTIONS } from "~/schemas/caregiver-registration-options";
import { CAREGIVER_BIO_MAX_LENGTH, CAREGIVER_PHOTO_FIELD, SERVED_CITY_OPTIONS } from "~/schemas/profile-options";
import { loadProfilePage, submitProfilePage, type ConsentView, type ProfileActionData, type ProfileIntent } from "~/portal/profile.server";

// The signed-in person's profile (spec 001 §2 "profile", §5; issue 10): name and phone, the
// e-mail address shown but not editable, a helper's own section (really saved), and the password
// change. Three plain forms, each working without JavaScript and validated by the server (decisions
// 0013, 0017); the server half is app/portal/profile.server.ts.

export async function loader({ request }: LoaderFunctionArgs) {
  return loadProfilePage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitProfilePage(request, context);
}

export const meta: MetaFunction = () => [{ title: "Profiili – Oma sivu – Arkikaveri" }];

const cardClass = "space-y-5 rounded-lg border-2 border-gray-200 bg-white p-5 sm:p-6";

function resultFor(actionData: ProfileActionData | undefined, intent: ProfileIntent) {
  return actionData?.intent === intent ? actionData.result : undefined;
}

export default function ProfilePage() {
  const { email, profile, caregiver, constraints, savedRecipients, consents, deletion } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ProfileActionData | undefined;
  // After a save (a redirect, a new location) a form starts again from the saved values, the
  // password fields empty. After an answer with errors it is kept: that answer's data comes before
  // the page's data is read again, and a new location then would empty what is being retyped.
  const { key } = useLocation();
  const formKey = (intent: ProfileIntent) => (actionData?.intent === intent ? intent : `${intent}-${key}`);
  return (
    <div className="max-w-3xl space-y-8">
      <h1 className="text-4xl font-bold text-brand-900">Profiili</h1>
      <BasicsForm
        key={formKey("profile")}
        email={email}
        defaults={profile}
        constraint={constraints.profile}
        lastResult={resultFor(actionData, "profile")}
      />
      {savedRecipients.length > 0 ? (
        <section id="aiemmat-saajat" aria-labelledby="aiemmat-saajat-otsikko" className={cardClass}>
          <h2 id="aiemmat-saajat-otsikko" className="text-2xl font-bold text-gray-900">
            Aiemmat saajat
          </h2>
          <p>Ihmiset, joille olet tilannut palvelun. Seuraava varaus tarjoaa heidät valmiiksi täytettyinä.</p>
          <ul className="divide-y-2 divide-gray-100">
            {savedRecipients.map((recipient) => (
              <li key={recipient.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <span>
                  <span className="block font-semibold">
                    {recipient.firstName} {recipient.lastName}
                  </span>
                  <span className="block text-gray-700">
                    {recipient.address}, {recipient.postalCode} {recipient.city} · {recipient.phone}
                  </span>
                </span>
                <Link to={`/portal/profile/saajat/${recipient.id}`} className={`${linkClass} inline-flex min-h-target items-center`}>
                  Muokkaa tai poista<span className="sr-only">: {recipient.firstName} {recipient.lastName}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {caregiver ? (
        <CaregiverForm
          key={formKey("caregiver")}
          caregiver={caregiver}
          constraint={constraints.caregiver}
          lastResult={resultFor(actionData, "caregiver")}
        />
      ) : null}
      <PasswordForm key={formKey("password")} constraint={constraints.password} lastResult={resultFor(actionData, "password")} />
      {consents.length > 0 ? <ConsentsSection consents={consents} /> : null}
      <DataExportForm key={formKey("export")} constraint={constraints.export} lastResult={resultFor(actionData, "export")} />
      {deletion ? (
        <DeleteAccountSection key={formKey("delete")} blockers={deletion} constraint={constraints.delete} lastResult={resultFor(actionData, "delete")} />
      ) : null}
    </div>
  );
}

interface FormProps {
  constraint: FieldConstraints;
  lastResult?: SubmissionResult<string[]>;
}

function BasicsForm({ email, defaults, constraint, lastResult }: FormProps & { email: string; defaults: { fullName: string; phone: string } }) {
  const [form, fields] = useServerForm({ id: "profiili", lastResult, defaultValue: defaults, constraint });
  return (
    <section aria-labelledby="perustiedot" className={cardClass}>
      <h2 id="perustiedot" className="text-2xl font-bold text-gray-900">
        Perustiedot
      </h2>
      <Form method="post" {...serverFormProps(form)} className="space-y-5">
        <ErrorSummary form={form} />
        <FormError errors={form.errors} title={profileMessages.profileFailed} />
        <div className="space-y-1">
          <p className="font-semibold text-gray-900">Sähköposti</p>
          <p className="break-anywhere">{email}</p>
          <p className="text-gray-700">Sähköpostiosoitetta ei voi vaihtaa täällä. Jos osoitteesi muuttuu, ota yhteyttä asiakaspalveluun.</p>
        </div>
        <TextField meta={fields.fullName} label="Koko nimi" autoComplete="name" />
        <TextField
          meta={fields.phone}
          label="Puhelinnumero (vapaaehtoinen)"
          type="tel"
          autoComplete="tel"
          hint="Esimerkiksi 040 123 4567 tai +358 40 123 4567."
        />
        <SubmitButton name="intent" value="profile" busyLabel="Tallennetaan…">
          Tallenna perustiedot
        </SubmitButton>
      </Form>
    </section>
  );
}

type CaregiverView = NonNullable<Awaited<ReturnType<typeof loader>>["caregiver"]>;

function CaregiverForm({ caregiver, constraint, lastResult }: FormProps & { caregiver: CaregiverView }) {
  const [form, fields] = useServerForm({ id: "kaveriprofiili", lastResult, defaultValue: caregiver.defaults, constraint });
  return (
    <section aria-labelledby="kaverin-tiedot" className={cardClass}>
      <h2 id="kaverin-tiedot" className="text-2xl font-bold text-gray-900">
        Kaverin tiedot
      </h2>
      <p>Asiakkaat näkevät kuvasi, esittelysi, palvelusi ja kielesi, kun he valitsevat kaveria.</p>
      <Form method="post" encType="multipart/form-data" {...serverFormProps(form)} className="space-y-6">
        <ErrorSummary form={form} />
        <FormError errors={form.errors} title={profileMessages.caregiverFailed} />
        <PhotoField meta={fields[CAREGIVER_PHOTO_FIELD]} photoUrl={caregiver.photoUrl} />
        <BioField meta={fields.bio} max={CAREGIVER_BIO_MAX_LENGTH} hint={`Kerro itsestäsi ja kokemuksestasi. Enintään ${CAREGIVER_BIO_MAX_LENGTH} merkkiä.`} />
        <CheckboxGroup meta={fields.services} legend="Palvelut, joissa voit auttaa" hint="Valitse yksi tai useampi." options={SERVICE_OPTIONS} />
        <CheckboxGroup meta={fields.languages} legend="Kielet, joilla voit asioida" options={LANGUAGE_OPTIONS} />
        <CheckboxGroup
          meta={fields.serviceCities}
          legend="Kaupungit, joissa voit käydä"
          hint={`Kotikuntasi ${caregiver.city} kuuluu aina alueeseesi. Valitse lisäksi muut kaupungit, joissa voit käydä asiakkaiden luona.`}
          options={SERVED_CITY_OPTIONS.filter((city) => city !== caregiver.city).map((city) => ({ value: city, label: city }))}
          columns={3}
        />
        <SubmitButton name="intent" value="caregiver" busyLabel="Tallennetaan…">
          Tallenna kaverin tiedot
        </SubmitButton>
      </Form>
    </section>
  );
}

function PasswordForm({ constraint, lastResult }: FormProps) {
  const [form, fields] = useServerForm({ id: "salasana", lastResult, constraint });
  useClearSecretsAfterReply([fields.currentPassword.id, fields.newPassword.id, fields.confirmPassword.id], lastResult);
  return (
    <section aria-labelledby="salasanan-vaihto" className={cardClass}>
      <h2 id="salasanan-vaihto" className="text-2xl font-bold text-gray-900">
        Vaihda salasana
      </h2>
      <p>Kun vaihdat salasanan, sinut kirjataan ulos kaikilta muilta laitteilta. Tällä laitteella pysyt kirjautuneena.</p>
      <Form method="post" {...serverFormProps(form)} className="space-y-5">
        <ErrorSummary form={form} />
        <FormError errors={form.errors} title={profileMessages.passwordFailed} />
        <TextField meta={fields.currentPassword} label="Nykyinen salasana" type="password" autoComplete="current-password" />
        <NewPasswordField meta={fields.newPassword} label="Uusi salasana" />
        <TextField meta={fields.confirmPassword} label="Uusi salasana uudelleen" type="password" autoComplete="new-password" />
        <SubmitButton name="intent" value="password" busyLabel="Vaihdetaan…">
          Vaihda salasana
        </SubmitButton>
      </Form>
    </section>
  );
}

/**
 * "Suostumukset" (issue 29 item 4; decision 0033): each consent with its wording and state, and
 * one button that gives or withdraws it (one POST either way).
 */
function ConsentsSection({ consents }: { consents: ConsentView[] }) {
  return (
    <section aria-labelledby="suostumukset" className={cardClass}>
      <h2 id="suostumukset" className="text-2xl font-bold text-gray-900">
        {consentMessages.heading}
      </h2>
      <p>{consentMessages.intro}</p>
      <p>{consentMessages.serviceMailsStay}</p>
      <ul className="divide-y-2 divide-gray-100">
        {consents.map((consent) => (
          <li key={consent.purpose} className="space-y-3 py-4">
            <h3 id={`suostumus-${consent.purpose}`} className="text-xl font-bold text-gray-900">
              {consent.title}
            </h3>
            <p>{consent.text}</p>
            <p className="font-semibold">{consent.state}</p>
            {consent.note ? <p className="text-gray-700">{consent.note}</p> : null}
            {consent.selfService ? (
              <Form method="post">
                <input type="hidden" name="intent" value="consent" />
                <input type="hidden" name="given" value={consent.given ? "false" : "true"} />
                <SubmitButton name="purpose" value={consent.purpose} variant={consent.given ? "secondary" : "primary"} busyLabel={consentMessages.busy}>
                  {consent.given ? consentMessages.withdraw : consentMessages.give}
                  <span className="sr-only"> ({consent.title})</span>
                </SubmitButton>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Lataa tietoni" (issue 29 item 2; decision 0032): the password again; the link comes by e-mail. */
function DataExportForm({ constraint, lastResult }: FormProps) {
  const [form, fields] = useServerForm({ id: "tietoni", lastResult, constraint });
  useClearSecretsAfterReply([fields.exportPassword.id], lastResult);
  return (
    <section aria-labelledby="lataa-tietoni" className={cardClass}>
      <h2 id="lataa-tietoni" className="text-2xl font-bold text-gray-900">
        {dataExportMessages.heading}
      </h2>
      <p>{dataExportMessages.intro}</p>
      <p>{dataExportMessages.howItWorks}</p>
      <Form method="post" {...serverFormProps(form)} className="space-y-5">
        <ErrorSummary form={form} />
        <FormError errors={form.errors} title={dataExportMessages.failed} />
        <TextField meta={fields.exportPassword} label={dataExportMessages.passwordLabel} type="password" autoComplete="current-password" />
        <SubmitButton name="intent" value="export" busyLabel={dataExportMessages.busy}>
          {dataExportMessages.submit}
        </SubmitButton>
      </Form>
    </section>
  );
}

type DeletionBlockersView = NonNullable<Awaited<ReturnType<typeof loader>>["deletion"]>;

/**
 * "Poista tili" (issue 29 item 3; decision 0034): what stands in the way is listed first, with
 * "Peru kaikki tulevat käynnit" for a customer's own visits; without anything in the way, the
 * password and the word POISTA.
 */
function DeleteAccountSection({ blockers, constraint, lastResult }: FormProps & { blockers: DeletionBlockersView }) {
  const [form, fields] = useServerForm({ id: "poista", lastResult, constraint });
  useClearSecretsAfterReply([fields.deletePassword.id], lastResult);
  const blocked = blockers.visits.length > 0 || blockers.invoices.length > 0;
  const ownVisits = blockers.visits.some((visit) => visit.asCustomer);
  const helperVisits = blockers.visits.some((visit) => !visit.asCustomer);
  return (
    <section id="poista-tili" aria-labelledby="poista-tili-otsikko" className={cardClass}>
      <h2 id="poista-tili-otsikko" className="text-2xl font-bold text-gray-900">
        {adm.heading}
      </h2>
      <p>{adm.intro}</p>
      <p>{adm.whatGoes}</p>
      <p>{adm.whatStays}</p>
      {blocked ? (
        <div className="space-y-4 rounded-lg border-2 border-amber-300 bg-amber-50 p-4">
          <h3 className="text-xl font-bold text-gray-900">{adm.blockedHeading}</h3>
          <p>{adm.blockedIntro}</p>
          {blockers.visits.length > 0 ? (
            <>
              <h4 className="font-bold text-gray-900">{adm.futureVisitsHeading}</h4>
              <ul className="list-disc space-y-1 pl-6">
                {blockers.visits.map((visit) => (
                  <li key={visit.orderId}>{visit.line}</li>
                ))}
              </ul>
              {ownVisits ? (
                <Form method="post" action="/portal/profile" className="space-y-3">
                  <p>{adm.cancelAllHint}</p>
                  <SubmitButton name="intent" value="cancel-visits" busyLabel={adm.cancelAllBusy} variant="secondary">
                    {adm.cancelAllSubmit}
                  </SubmitButton>
                </Form>
              ) : null}
              {helperVisits ? <p>{adm.helperVisitsHint}</p> : null}
            </>
          ) : null}
          {blockers.invoices.length > 0 ? (
            <>
              <h4 className="font-bold text-gray-900">{adm.unpaidInvoicesHeading}</h4>
              <ul className="list-disc space-y-1 pl-6">
                {blockers.invoices.map((invoice) => (
                  <li key={invoice.invoiceNumber}>{invoice.line}</li>
                ))}
              </ul>
              <p>{adm.unpaidInvoicesHint}</p>
            </>
          ) : null}
        </div>
      ) : (
        <Form method="post" {...serverFormProps(form)} className="space-y-5">
          <ErrorSummary form={form} />
          <FormError errors={form.errors} title={adm.failed} />
          <p>{adm.signOutNote}</p>
          <TextField meta={fields.deletePassword} label={adm.passwordLabel} type="password" autoComplete="current-password" />
          <TextField meta={fields.deleteConfirmation} label={adm.confirmLabel} hint={adm.confirmHint} autoComplete="off" />
          <SubmitButton name="intent" value="delete" busyLabel={adm.busy} variant="danger">
            {adm.submit}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
