import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { badForm, requireStaffActor } from "~/backoffice/staff.server";
import { PageHeading, Section } from "~/components/backoffice/ui";
import { SubmitButton } from "~/components/button";
import { ErrorSummary, FormError, SelectField, TextField } from "~/components/forms";
import { getDb } from "~/db.server";
import { vatNumberOf } from "~/domain/invoice";
import { formatAmount, formatDateTime } from "~/domain/format";
import { BAND_NAMES } from "~/messages/booking";
import { getCompanyInfo, getContactInfo, getPriceBands, getStaffAlerts, getTravelTime, listSettingChanges } from "~/models/settings.server";
import { CompanyInfoSchema, ContactInfoSchema, PriceBandsFormSchema, PriceBandsSchema, StaffAlertsSchema, TravelTimeFormSchema, eurosToCents } from "~/schemas/settings";
import { redirectWithToast } from "~/services/flash.server";
import { changeSetting } from "~/services/settings-admin.server";

// Settings for admins (issue 14 "Settings"; 001 §2): the hourly price bands (they must cover the
// 24 start hours once), the contact details on the landing page and the company details printed
// on invoices. Three plain forms; each change is audited and shows who made it. A new price
// applies to orders made after it: every order keeps the unit price it was made with.

const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, "0")}.00` }));
type Intent = "prices" | "contact" | "alerts" | "company" | "travel";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, access.settings);
  const db = await getDb();
  const [bands, contact, alerts, company, travel, changes] = await Promise.all([
    getPriceBands(db),
    getContactInfo(db),
    getStaffAlerts(db),
    getCompanyInfo(db),
    getTravelTime(db),
    listSettingChanges(db),
  ]);
  const changed = (key: string) => {
    const change = changes.get(key);
    return change ? `Viimeksi muuttanut ${change.by ?? "poistettu käyttäjä"} ${formatDateTime(change.at)}.` : "Oletusarvo: ei muutettu.";
  };
  return {
    bands: bands.map((band) => ({ id: band.id, fromHour: String(band.fromHour), toHour: String(band.toHour), hourlyEuros: formatAmount(band.hourlyCents).replace(/\s/g, "") })),
    contact,
    alerts,
    company,
    travel: { minutes: String(travel.minutes) },
    vatNumber: vatNumberOf(company.businessId),
    changed: {
      prices: changed("price_bands"),
      contact: changed("contact"),
      alerts: changed("staff_alerts"),
      company: changed("company"),
      travel: changed("travel_time"),
    },
  };
}

export const meta: MetaFunction = () => [{ title: "Asetukset – Hallintapaneeli – Arkikaveri" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireStaffActor(request, context, access.settings);
  const db = await getDb();
  const formData = await request.formData();
  const intent = formData.get("intent");
  const saved = async (title: string, changed: boolean) =>
    redirectWithToast(request, "/backoffice/settings", changed ? { type: "success", title } : { type: "info", title: "Ei muutoksia tallennettavaksi" });

  if (intent === "prices") {
    const submission = parseWithZod(formData, { schema: PriceBandsFormSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const bands = submission.value.bands.map((band) => ({ id: band.id, fromHour: band.fromHour, toHour: band.toHour, hourlyCents: eurosToCents(band.hourlyEuros)! }));
    const checked = PriceBandsSchema.safeParse(bands);
    if (!checked.success) {
      return data({ intent, result: submission.reply({ formErrors: [...new Set(checked.error.issues.map((issue) => issue.message))] }) }, { status: 400 });
    }
    return saved("Tuntihinnat tallennettu", (await changeSetting(db, actor, "price_bands", checked.data)).changed);
  }
  if (intent === "contact") {
    const submission = parseWithZod(formData, { schema: ContactInfoSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    return saved("Yhteystiedot tallennettu", (await changeSetting(db, actor, "contact", submission.value)).changed);
  }
  if (intent === "alerts") {
    const submission = parseWithZod(formData, { schema: StaffAlertsSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    return saved("Tuen sähköposti tallennettu", (await changeSetting(db, actor, "staff_alerts", submission.value)).changed);
  }
  if (intent === "travel") {
    const submission = parseWithZod(formData, { schema: TravelTimeFormSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    return saved("Matka-aika tallennettu", (await changeSetting(db, actor, "travel_time", submission.value)).changed);
  }
  if (intent === "company") {
    const submission = parseWithZod(formData, { schema: CompanyInfoSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    return saved("Yrityksen tiedot tallennettu", (await changeSetting(db, actor, "company", submission.value)).changed);
  }
  throw badForm();
}

type ActionData = { intent: Intent; result: SubmissionResult<string[]> } | undefined;

function resultFor(actionData: ActionData, intent: Intent) {
  return actionData?.intent === intent ? actionData.result : undefined;
}

function PricesForm({ defaults, lastResult }: { defaults: ReturnType<typeof useLoaderData<typeof loader>>["bands"]; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "asetukset-hinnat",
    lastResult,
    defaultValue: { bands: defaults },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PriceBandsFormSchema }),
  });
  const bands = fields.bands.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ErrorSummary form={form} />
      <FormError errors={form.errors} title="Hintoja ei tallennettu" />
      <p>Tunnit ovat käynnin alkamistunteja Suomen aikaa. Jokaisella tunnilla 00–23 on oltava täsmälleen yksi hinta. Uusi hinta koskee vain tämän jälkeen tehtäviä tilauksia.</p>
      {bands.map((band, index) => {
        const band$ = band.getFieldset();
        const id = defaults[index]?.id as keyof typeof BAND_NAMES | undefined;
        return (
          <fieldset key={band.key} className="grid gap-4 rounded-lg border-2 border-gray-200 p-4 sm:grid-cols-3">
            <legend className="px-1 text-lg font-semibold">{id ? BAND_NAMES[id] : `Hintaluokka ${index + 1}`}</legend>
            <input type="hidden" name={band$.id.name} value={id ?? ""} />
            <SelectField meta={band$.fromHour} label="Ensimmäinen alkamistunti" options={HOURS} />
            <SelectField meta={band$.toHour} label="Viimeinen alkamistunti" options={HOURS} />
            <TextField meta={band$.hourlyEuros} label="Tuntihinta (€, sis. alv)" inputMode="decimal" autoComplete="off" />
          </fieldset>
        );
      })}
      <SubmitButton name="intent" value="prices" busyLabel="Tallennetaan…">
        Tallenna tuntihinnat
      </SubmitButton>
    </Form>
  );
}

function ContactForm({ defaults, lastResult }: { defaults: { email: string; phone: string }; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "asetukset-yhteystiedot",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(ContactInfoSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactInfoSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ErrorSummary form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.email} label="Asiakaspalvelun sähköposti" type="email" autoComplete="off" />
        <TextField meta={fields.phone} label="Asiakaspalvelun puhelin" type="tel" autoComplete="off" />
      </div>
      <SubmitButton name="intent" value="contact" busyLabel="Tallennetaan…">
        Tallenna yhteystiedot
      </SubmitButton>
    </Form>
  );
}

function AlertsForm({ defaults, lastResult }: { defaults: { email: string }; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "asetukset-tuki",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(StaffAlertsSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StaffAlertsSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ErrorSummary form={form} />
      <TextField meta={fields.email} label="Tuen sähköposti" type="email" autoComplete="off" />
      <SubmitButton name="intent" value="alerts" busyLabel="Tallennetaan…">
        Tallenna tuen sähköposti
      </SubmitButton>
    </Form>
  );
}

function TravelForm({ defaults, lastResult }: { defaults: { minutes: string }; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "asetukset-matka-aika",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TravelTimeFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ErrorSummary form={form} />
      <TextField meta={fields.minutes} label="Matka-aika käyntien välillä (min)" inputMode="numeric" autoComplete="off" />
      <SubmitButton name="intent" value="travel" busyLabel="Tallennetaan…">
        Tallenna matka-aika
      </SubmitButton>
    </Form>
  );
}

function CompanyForm({ defaults, lastResult }: { defaults: Record<string, string>; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "asetukset-yritys",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(CompanyInfoSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CompanyInfoSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ErrorSummary form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.name} label="Yrityksen nimi" autoComplete="off" />
        <TextField meta={fields.businessId} label="Y-tunnus" autoComplete="off" />
        <TextField meta={fields.address} label="Katuosoite" autoComplete="off" className="sm:col-span-2" />
        <TextField meta={fields.postalCode} label="Postinumero" inputMode="numeric" autoComplete="off" />
        <TextField meta={fields.city} label="Kaupunki" autoComplete="off" />
        <TextField meta={fields.iban} label="IBAN" autoComplete="off" />
        <TextField meta={fields.bic} label="BIC" autoComplete="off" />
        <TextField
          meta={fields.prepaymentRegisterCheckedOn}
          label="Ennakkoperintärekisteri tarkistettu"
          hint="Päivä, jolloin merkintä tarkistettiin (vero.fi tai ytj.fi); näkyy kotitalousvähennysyhteenvedossa."
          type="date"
          autoComplete="off"
        />
      </div>
      <SubmitButton name="intent" value="company" busyLabel="Tallennetaan…">
        Tallenna yrityksen tiedot
      </SubmitButton>
    </Form>
  );
}

export default function SettingsPage() {
  const { bands, contact, alerts, company, travel, vatNumber, changed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData;
  return (
    <div className="max-w-4xl space-y-8">
      <PageHeading title="Asetukset" />
      <Section title="Tuntihinnat" id="prices-heading">
        <p className="text-gray-700">{changed.prices}</p>
        <PricesForm defaults={bands} lastResult={resultFor(actionData, "prices")} />
      </Section>
      <Section title="Asiakaspalvelun yhteystiedot" id="contact-heading">
        <p className="text-gray-700">Näkyvät etusivulla, ehdoissa ja sähköposteissa. {changed.contact}</p>
        <ContactForm defaults={contact} lastResult={resultFor(actionData, "contact")} />
      </Section>
      <Section title="Henkilökunnan ilmoitukset" id="alerts-heading">
        <p className="text-gray-700">
          Tähän osoitteeseen kerrotaan asiakkaiden viestit tilauksista ilman kaveria, kaverien hylkäämät varaukset ja yhteydenottopyynnöt, samasta
          tilauksesta enintään kerran tunnissa. {changed.alerts}
        </p>
        <AlertsForm defaults={alerts} lastResult={resultFor(actionData, "alerts")} />
      </Section>
      <Section title="Matka-aika" id="travel-heading">
        <p className="text-gray-700">
          Saman kaverin kahden käynnin väliin jäävä vähimmäisaika. Koskee tämän jälkeen varattavia ja siirrettäviä käyntejä. {changed.travel}
        </p>
        <TravelForm defaults={travel} lastResult={resultFor(actionData, "travel")} />
      </Section>
      <Section title="Yrityksen tiedot laskuilla" id="company-heading">
        <p className="text-gray-700">
          Alv-numero {vatNumber} muodostetaan Y-tunnuksesta. {changed.company}
        </p>
        <CompanyForm defaults={company} lastResult={resultFor(actionData, "company")} />
      </Section>
    </div>
  );
}
