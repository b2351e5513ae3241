import { getCollectionProps, getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { BotCheck, botCheckLinks } from "~/components/bot-check";
import { buttonClassName, SubmitButton } from "~/components/button";
import {
  CheckboxField,
  ErrorSummary,
  FieldError,
  FormError,
  RadioCards,
  SelectField,
  TextareaField,
  TextField,
} from "~/components/forms";
import { linkClass, PageLayout } from "~/components/layout";
import { BOT_CHECK_FIELDS } from "~/schemas/bot-check";
import {
  BIO_MAX_LENGTH,
  CITY_OPTIONS,
  caregiverRegistrationMessages,
  LANGUAGE_OPTIONS,
  OTHER_CITY,
  PHOTO_FIELD,
  REGISTRATION_PATH,
  SERVICE_OPTIONS,
  STEP_2_PATH,
  step1Schema,
  step2Schema,
  TRANSPORTATION_OPTIONS,
  type Step1Values,
} from "~/schemas/caregiver-registration";
import { redirectWithToast } from "~/services/flash.server";
import {
  loadRegistration,
  submitRegistration,
  type Step1View,
  type Step2View,
} from "~/caregiver-registration/registration.server";
import { useHydrated } from "~/components/use-hydrated";

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

export async function action({ request }: ActionFunctionArgs) {
  const outcome = await submitRegistration(request);
  const headers = new Headers();
  if (outcome.setCookie) headers.append("Set-Cookie", outcome.setCookie);
  if (outcome.kind === "redirect") {
    if (outcome.toast) return redirectWithToast(request, outcome.to, outcome.toast, { headers });
    return redirect(outcome.to, { headers });
  }
  return data({ step: outcome.step, result: outcome.result, view: outcome.view ?? null }, { status: outcome.status, headers });
}

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
  const schema = step1Schema({ passwordOnFile: view.passwordOnFile });
  const [form, fields] = useForm<Step1Values>({
    id: "kaverihakemus-perustiedot",
    lastResult,
    defaultValue: view.defaults,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const hydrated = useHydrated();
  // With JavaScript the field for another town appears only when 'Muu' is chosen.
  const showOtherCity = !hydrated || fields.city.value === OTHER_CITY || Boolean(fields.otherCity.errors);
  // Fields the schema does not know (checked on the server only); Conform still gives their metadata.
  const extraFields = fields as unknown as Record<string, FieldMetadata<unknown>>;
  const botCheckField = extraFields[BOT_CHECK_FIELDS.answer];

  return (
    <section aria-labelledby="step1-heading" className="space-y-6">
      <h2 id="step1-heading" className="text-2xl font-bold text-gray-900">
        Perustiedot
      </h2>
      <Form
        method="post"
        action={REGISTRATION_PATH}
        encType="multipart/form-data"
        {...getFormProps(form)}
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
        <TextField meta={fields.email} label="Sähköposti" type="email" autoComplete="email" inputMode="email" />
        <TextField
          meta={fields.password}
          label="Salasana"
          type="password"
          autoComplete="new-password"
          hint={
            view.passwordOnFile
              ? "Salasanasi on tallessa. Jätä kenttä tyhjäksi, jos et halua vaihtaa sitä."
              : "Vähintään 8 merkkiä, joissa on iso kirjain, pieni kirjain ja numero."
          }
        />
        <PhotoField meta={extraFields[PHOTO_FIELD]} photoUrl={view.photoUrl} />

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
                Annan luvan tietojeni käsittelyyn{" "}
                <Link to="/tietosuoja" className={linkClass}>
                  tietosuojaselosteen
                </Link>{" "}
                mukaisesti
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

function PhotoField({ meta, photoUrl }: { meta: FieldMetadata<unknown>; photoUrl: string | null }) {
  const error = meta.errors?.[0];
  const hintId = `${meta.id}-hint`;
  return (
    <div className={`space-y-2 ${error ? "border-l-4 border-red-700 pl-3" : ""}`}>
      <label htmlFor={meta.id} className="block font-semibold text-gray-900">
        Profiilikuva
      </label>
      <p id={hintId} className="text-gray-700">
        {photoUrl
          ? "Kuvasi on tallessa. Voit vaihtaa sen valitsemalla uuden kuvan."
          : "Selkeä kasvokuva, jossa kasvosi näkyvät hyvin. JPG, PNG tai WebP, enintään 5 Mt."}
        {/* A browser empties a file field when the page comes back; say so rather than let it look kept. */}
        {error && !photoUrl ? " Valitse kuva uudelleen ennen lähettämistä." : null}
      </p>
      {photoUrl ? (
        <img
          src={photoUrl}
          alt="Tallennettu profiilikuvasi"
          width={160}
          height={160}
          className="h-40 w-40 rounded-lg border-2 border-gray-300 object-cover"
        />
      ) : null}
      <FieldError id={meta.errorId}>{error}</FieldError>
      <input
        id={meta.id}
        name={meta.name}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${meta.errorId}` : hintId}
        className={
          "block w-full min-h-target rounded-md border-2 bg-white p-2 text-base text-gray-900 file:mr-4 file:min-h-target " +
          "file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-700 file:px-4 file:font-semibold file:text-white " +
          "focus-visible:outline focus-visible:outline-[3px] focus-visible:outline-offset-2 focus-visible:outline-amber-700 " +
          (error ? "border-red-700" : "border-gray-600")
        }
      />
    </div>
  );
}

function Step2Form({ view, lastResult }: { view: Step2View; lastResult?: LastResult }) {
  const [form, fields] = useForm({
    id: "kaverihakemus-osaaminen",
    lastResult,
    defaultValue: {
      bio: view.defaults.bio ?? "",
      services: view.defaults.services ?? [],
      // Spec 001 §5: Finnish is selected to begin with.
      languages: view.defaults.languages ?? ["suomi"],
      transportation: view.defaults.transportation ?? "none",
    },
    constraint: getZodConstraint(step2Schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: step2Schema }),
  });

  return (
    <section aria-labelledby="step2-heading" className="space-y-6">
      <h2 id="step2-heading" className="text-2xl font-bold text-gray-900">
        Osaaminen ja esittely
      </h2>
      <p>Hei {view.firstName}! Kerro vielä, missä voit auttaa ja millä kielillä.</p>
      <Form method="post" action={STEP_2_PATH} {...getFormProps(form)} className="space-y-8">
        <ErrorSummary form={form} />
        <FormError errors={form.errors} />
        {form.errors?.includes(caregiverRegistrationMessages.emailTaken) ? (
          <p>
            <Link to="/auth" className={linkClass}>
              Kirjaudu sisään
            </Link>
          </p>
        ) : null}

        <BioField meta={fields.bio} />
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

function BioField({ meta }: { meta: FieldMetadata<string> }) {
  const hydrated = useHydrated();
  const [length, setLength] = useState(() => (typeof meta.initialValue === "string" ? meta.initialValue.length : 0));
  const over = length > BIO_MAX_LENGTH;
  return (
    <div
      className="space-y-1"
      onInput={(event) => {
        const target = event.target;
        if (target instanceof HTMLTextAreaElement) setLength(target.value.length);
      }}
    >
      <TextareaField
        meta={meta}
        label="Esittely"
        rows={6}
        hint="Kerro lyhyesti itsestäsi, kokemuksestasi ja siitä, miksi haluat auttaa. Vähintään 10 ja enintään 400 merkkiä."
      />
      {/* The live count needs JavaScript; without it the hint above gives the limit. */}
      {hydrated ? (
        <p aria-live="polite" className={`font-semibold ${over ? "text-red-800" : "text-gray-700"}`}>
          {length}/{BIO_MAX_LENGTH} merkkiä
        </p>
      ) : null}
    </div>
  );
}

interface CheckboxOption {
  value: string;
  label: string;
  description?: string;
}

/** Several choices from a short list: a fieldset of large checkboxes (each row ≥ 44 px). */
function CheckboxGroup({
  meta,
  legend,
  options,
  hint,
}: {
  meta: FieldMetadata<string[]>;
  legend: ReactNode;
  options: ReadonlyArray<CheckboxOption>;
  hint?: ReactNode;
}) {
  const error = meta.errors?.[0];
  const inputs = getCollectionProps(meta, { type: "checkbox", options: options.map((option) => option.value), ariaAttributes: false });
  const describedBy = [hint ? meta.descriptionId : null, error ? meta.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset
      aria-describedby={describedBy}
      className={`space-y-2 ${error ? "border-l-4 border-red-700 pl-3" : ""}`}
    >
      <legend className="mb-1 font-semibold text-gray-900">{legend}</legend>
      {hint ? (
        <p id={meta.descriptionId} className="text-gray-700">
          {hint}
        </p>
      ) : null}
      <FieldError id={meta.errorId}>{error}</FieldError>
      <div className="grid gap-2 sm:grid-cols-2">
        {inputs.map(({ key, ...props }, index) => {
          const option = options[index];
          // The first box carries the field's id so that the error summary's link lands on it.
          const id = index === 0 ? meta.id : props.id;
          return (
            <label
              key={key ?? option.value}
              htmlFor={id}
              className={
                "flex min-h-target cursor-pointer items-start gap-3 rounded-lg border-2 border-gray-600 bg-white p-3 " +
                "hover:border-brand-700 hover:bg-brand-50 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 " +
                "has-[:focus-visible]:outline has-[:focus-visible]:outline-[3px] has-[:focus-visible]:outline-offset-2 " +
                "has-[:focus-visible]:outline-amber-700"
              }
            >
              <input
                {...props}
                id={id}
                aria-invalid={error ? true : undefined}
                className="mt-0.5 h-6 w-6 flex-none cursor-pointer accent-brand-700 focus-visible:outline-none"
              />
              <span>
                <span className="block font-semibold text-gray-900">{option.label}</span>
                {option.description ? <span className="block text-gray-700">{option.description}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
