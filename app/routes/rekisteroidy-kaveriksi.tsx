import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BotCheck, botCheckLinks } from "~/components/bot-check";
import { buttonClassName, SubmitButton } from "~/components/button";
import { BioField, CheckboxGroup, PhotoField } from "~/components/caregiver-fields";
import {
  CheckboxField,
  EmailField,
  ErrorSummary,
  FormError,
  NewPasswordField,
  RadioCards,
  SelectField,
  TextField,
} from "~/components/forms";
import { linkClass, PageLayout } from "~/components/layout";
import { BOT_CHECK_FIELDS } from "~/schemas/bot-check";
import {
  BIO_MAX_LENGTH,
  CITY_OPTIONS,
  LANGUAGE_OPTIONS,
  OTHER_CITY,
  PHOTO_FIELD,
  REGISTRATION_PATH,
  SERVICE_OPTIONS,
  STEP_2_PATH,
  TRANSPORTATION_OPTIONS,
} from "~/schemas/caregiver-registration-options";
import type { Step1Values, Step2Values } from "~/schemas/caregiver-registration";
import { caregiverRegistrationMessages, registrationConsentLabel } from "~/messages/caregiver-registration";
import { redirectWithToast } from "~/services/flash.server";
import { retryAfterHeaders } from "~/services/rate-limit.server";
import {
  loadRegistration,
  submitRegistration,
  type Step1View,
  type Step2View,
} from "~/caregiver-registration/registration.server";
import { useHydrated } from "~/components/use-hydrated";
import { serverFormProps, useServerForm } from "~/components/server-form";

// /rekisteroidy-kaveriksi: helper registration in two steps (spec 001 §2–§5). Step 1 at the bare
// URL, step 2 at ?vaihe=2; the draft between them lives on the server
// (app/caregiver-registration/registration.server.ts).

export async function loader({ request }: LoaderFunctionArgs) {
  const outcome = await loadRegistration(request);
  if (outcome.kind === "redirect") {
    if (outcome.expired) {
      return redirectWithToast(request, outcome.to, { type: "error", title: caregiverRegistrationMessages.draftExpired });
    }
    throw redirect(outcome.to);
  }
  return { view: outcome.view };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await submitRegistration(request, context.clientIp ?? null);
  const headers = new Headers();
  if (outcome.setCookie) headers.append("Set-Cookie", outcome.setCookie);
  if (outcome.kind === "invalid" && outcome.retryAfterSeconds) headers.set("Retry-After", String(outcome.retryAfterSeconds));
  if (outcome.kind === "redirect") {
    if (outcome.toast) return redirectWithToast(request, outcome.to, outcome.toast, { headers });
    return redirect(outcome.to, { headers });
  }
  return data({ step: outcome.step, result: outcome.result, view: outcome.view ?? null }, { status: outcome.status, headers });
}

export const headers = retryAfterHeaders;

export const links: LinksFunction = () => botCheckLinks();

export const meta: MetaFunction = () => [{ title: "Hae Arkikaveriksi – Arkikaveri" }];

export default function CaregiverRegistrationPage() {
  const { view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <PageLayout narrow>
      <div className="space-y-8">
        <div className="space-y-3">
          <h1 className="text-4xl font-bold text-brand-900">Hae Arkikaveriksi</h1>
          <p className="text-xl text-gray-800">
            Auta ikäihmisiä arjessa omien aikataulujesi mukaan. Hakemus on kaksivaiheinen, ja tiedot tallentuvat
            vaiheiden välillä.
          </p>
        </div>
        <Progress step={view.step} />
        {view.step === 1 ? (
          <Step1Form
            // After a failed POST the action says what changed (a photo kept, the bot check passed).
            view={actionData?.step === 1 && actionData.view ? actionData.view : view}
            lastResult={actionData?.step === 1 ? actionData.result : undefined}
          />
        ) : (
          <Step2Form view={view} lastResult={actionData?.step === 2 ? actionData.result : undefined} />
        )}
      </div>
    </PageLayout>
  );
}

function Progress({ step }: { step: 1 | 2 }) {
  const percent = step * 50;
  return (
    <div className="space-y-2">
      <p id="registration-progress" className="font-semibold text-gray-900">
        Vaihe {step}/2: {step === 1 ? "Perustiedot" : "Osaaminen ja esittely"}
      </p>
      <div
        role="progressbar"
        aria-labelledby="registration-progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %`}
        className="h-3 w-full overflow-hidden rounded-full border border-gray-600 bg-gray-100"
      >
        <div className={`h-full bg-brand-700 ${step === 1 ? "w-1/2" : "w-full"}`} />
      </div>
    </div>
  );
}

type LastResult = NonNullable<ReturnType<typeof useActionData<typeof action>>>["result"];

function Step1Form({ view, lastResult }: { view: Step1View; lastResult?: LastResult }) {
  const [form, fields] = useServerForm<Step1Values>({
    id: "kaverihakemus-perustiedot",
    lastResult,
    defaultValue: view.defaults,
    constraint: view.constraint,
    watch: ["city"],
  });
  const hydrated = useHydrated();
  // With JavaScript the field for another town appears only when 'Muu' is chosen.
  const showOtherCity = !hydrated || fields.city.value === OTHER_CITY || Boolean(fields.otherCity.errors);
  // Fields the schema does not know (checked on the server only) have their metadata all the same.
  const botCheckField = fields[BOT_CHECK_FIELDS.answer];

  return (
    <section aria-labelledby="step1-heading" className="space-y-6">
      <h2 id="step1-heading" className="text-2xl font-bold text-gray-900">
        Perustiedot
      </h2>
      <Form
        method="post"
        action={REGISTRATION_PATH}
        encType="multipart/form-data"
        {...serverFormProps(form)}
        className="space-y-6"
      >
        <ErrorSummary form={form} />
        <FormError errors={form.errors} />
        <input type="hidden" name="intent" value="step1" />

        <div className="grid gap-6 sm:grid-cols-2">
          <TextField meta={fields.firstName} label="Etunimi" autoComplete="given-name" />
          <TextField meta={fields.lastName} label="Sukunimi" autoComplete="family-name" />
        </div>
        <TextField
          meta={fields.dateOfBirth}
          label="Syntymäaika"
          type="date"
          autoComplete="bday"
          hint="Palvelu on tarkoitettu täysi-ikäisille. Voit kirjoittaa päivämäärän myös muodossa 31.5.1980."
        />
        <TextField meta={fields.address} label="Katuosoite" autoComplete="street-address" />
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField meta={fields.postalCode} label="Postinumero" autoComplete="postal-code" inputMode="numeric" />
          <SelectField
            meta={fields.city}
            label="Kaupunki"
            placeholder="Valitse kaupunki"
            options={CITY_OPTIONS.map((city) => ({ value: city, label: city }))}
          />
        </div>
        {showOtherCity ? (
          <TextField
            meta={fields.otherCity}
            label="Muu paikkakunta"
            hint={hydrated ? undefined : "Täytä, jos valitsit kaupungiksi Muu."}
            autoComplete="address-level2"
          />
        ) : null}
        <TextField
          meta={fields.phone}
          label="Puhelinnumero"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="Esimerkiksi 0401234567 tai +358401234567."
        />
        <EmailField meta={fields.email} />
        <NewPasswordField
          meta={fields.password}
          // Undefined: the password rule's hint.
          hint={view.passwordOnFile ? "Salasanasi on tallessa. Jätä kenttä tyhjäksi, jos et halua vaihtaa sitä." : undefined}
        />
        <PhotoField meta={fields[PHOTO_FIELD]} photoUrl={view.photoUrl} />

        <div className="space-y-4">
          <CheckboxField
            meta={fields.termsAccepted}
            label={
              <>
                Hyväksyn Arkikaverin{" "}
                <Link to="/kayttoehdot" className={linkClass}>
                  käyttöehdot
                </Link>
              </>
            }
          />
          <CheckboxField
            meta={fields.dataProcessingAccepted}
            label={
              <>
                {registrationConsentLabel.before}{" "}
                <Link to="/tietosuoja" className={linkClass}>
                  {registrationConsentLabel.link}
                </Link>{" "}
                {registrationConsentLabel.after}
              </>
            }
          />
        </div>

        {view.botCheck ? (
          <BotCheck challenge={view.botCheck} id={botCheckField.id} error={botCheckField.errors?.[0]} />
        ) : null}

        <SubmitButton busyLabel="Tallennetaan...">Jatka</SubmitButton>
      </Form>
      <p>
        Onko sinulla jo tili?{" "}
        <Link to="/auth" className={linkClass}>
          Kirjaudu sisään
        </Link>
      </p>
    </section>
  );
}

function Step2Form({ view, lastResult }: { view: Step2View; lastResult?: LastResult }) {
  const [form, fields] = useServerForm<Step2Values>({
    id: "kaverihakemus-osaaminen",
    lastResult,
    defaultValue: {
      bio: view.defaults.bio ?? "",
      services: view.defaults.services ?? [],
      // Spec 001 §5: Finnish is selected to begin with.
      languages: view.defaults.languages ?? ["suomi"],
      transportation: view.defaults.transportation ?? "none",
    },
    constraint: view.constraint,
  });

  return (
    <section aria-labelledby="step2-heading" className="space-y-6">
      <h2 id="step2-heading" className="text-2xl font-bold text-gray-900">
        Osaaminen ja esittely
      </h2>
      <p>Hei {view.firstName}! Kerro vielä, missä voit auttaa ja millä kielillä.</p>
      <Form method="post" action={STEP_2_PATH} {...serverFormProps(form)} className="space-y-8">
        <ErrorSummary form={form} />
        <FormError errors={form.errors} />

        <BioField
          meta={fields.bio}
          max={BIO_MAX_LENGTH}
          hint="Kerro lyhyesti itsestäsi, kokemuksestasi ja siitä, miksi haluat auttaa. Vähintään 10 ja enintään 400 merkkiä."
        />
        <CheckboxGroup
          meta={fields.services}
          legend="Palvelut, joissa voit auttaa"
          hint="Valitse yksi tai useampi."
          options={SERVICE_OPTIONS}
        />
        <CheckboxGroup meta={fields.languages} legend="Kielet, joilla voit asioida" options={LANGUAGE_OPTIONS} />
        <RadioCards meta={fields.transportation} legend="Ajokortti ja auto" options={TRANSPORTATION_OPTIONS} columns={1} />

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          {/* Going back keeps what was typed here; it skips this step's checks. */}
          <button type="submit" name="intent" value="back" formNoValidate className={buttonClassName("secondary")}>
            Takaisin
          </button>
          <SubmitButton name="intent" value="step2" busyLabel="Lähetetään...">
            Lähetä hakemus
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
