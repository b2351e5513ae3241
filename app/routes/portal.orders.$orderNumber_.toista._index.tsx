import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/button";
import { ChoiceRadio } from "~/components/choice-radio";
import { controlClass, describedBy, ErrorSummaryList, FieldError, FieldShell, labelClass } from "~/components/form-parts";
import { inlineLink } from "~/components/order-section";
import { END_VALUES, REPEAT_VALUES, SERIES_PARAM, SHOW_PARAM } from "~/domain/series-request";
import { seriesPageTexts as t } from "~/messages/series";
import { seriesSettingsLoader } from "~/portal/series-booking.server";

// "Toista viikoittain", step 1 (issue 27 item 4): how often, from when, at what hour and until
// when the customer's own order repeats. A GET form: the next step reads the choice from the address.

export function loader({ request, params }: LoaderFunctionArgs) {
  return seriesSettingsLoader(request, params.orderNumber);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${t.settingsTitle}: tilaus ${data?.template.orderNumber ?? ""} – Oma sivu – Arkikaveri` }];

const FIELD_IDS = {
  repeat: "toistuvuus-viikko",
  firstDate: "alkaen",
  startHour: "klo",
  endKind: "paattyy-kertaa",
  count: "kertaa",
  endDate: "viimeinen",
} as const;

export default function RepeatOrderPage() {
  const { template, repeatable, values, errors, hours, action } = useLoaderData<typeof loader>();
  const summary = (Object.keys(FIELD_IDS) as Array<keyof typeof FIELD_IDS>)
    .filter((field) => errors[field])
    .map((field) => ({ id: FIELD_IDS[field], message: errors[field]! }));
  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to={template.back} className={inlineLink}>
          <span aria-hidden="true">←&nbsp;</span>Takaisin tilaukseen {template.orderNumber}
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{t.settingsTitle}</h1>
      <p className="text-lg">
        {template.serviceName}
        {template.caregiverName ? `, ${template.caregiverName}` : ""}, {template.durationHours} h, {template.place}
      </p>
      {!repeatable ? (
        <p>{t.noHelper}</p>
      ) : (
        <Form method="get" action={action} className="space-y-6" noValidate>
          <ErrorSummaryList errors={summary} />
          <fieldset className={`space-y-2 ${errors.repeat ? "border-l-4 border-red-700 pl-3" : ""}`} aria-describedby={errors.repeat ? "toistuvuus-error" : undefined}>
            <legend className={`${labelClass} mb-1`}>Kuinka usein?</legend>
            <FieldError id="toistuvuus-error">{errors.repeat}</FieldError>
            <div className="grid gap-3 sm:grid-cols-2">
              <ChoiceRadio id={FIELD_IDS.repeat} name={SERIES_PARAM.repeat} value={REPEAT_VALUES.weekly} defaultChecked={values.toistuvuus === REPEAT_VALUES.weekly} label="Joka viikko" />
              <ChoiceRadio id="toistuvuus-toinen" name={SERIES_PARAM.repeat} value={REPEAT_VALUES.biweekly} defaultChecked={values.toistuvuus === REPEAT_VALUES.biweekly} label="Joka toinen viikko" />
            </div>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            <FieldShell invalid={Boolean(errors.firstDate)}>
              <label htmlFor={FIELD_IDS.firstDate} className={labelClass}>
                Ensimmäinen käynti
              </label>
              <p id="alkaen-hint" className="text-gray-700">
                Käynnit ovat samana viikonpäivänä kuin ensimmäinen.
              </p>
              <FieldError id="alkaen-error">{errors.firstDate}</FieldError>
              <input
                id={FIELD_IDS.firstDate}
                name={SERIES_PARAM.firstDate}
                type="date"
                defaultValue={values.alkaen}
                aria-invalid={errors.firstDate ? true : undefined}
                aria-describedby={describedBy("alkaen-hint", errors.firstDate && "alkaen-error")}
                className={controlClass(Boolean(errors.firstDate))}
              />
            </FieldShell>
            <FieldShell invalid={Boolean(errors.startHour)}>
              <label htmlFor={FIELD_IDS.startHour} className={labelClass}>
                Alkamisaika
              </label>
              <FieldError id="klo-error">{errors.startHour}</FieldError>
              <select
                id={FIELD_IDS.startHour}
                name={SERIES_PARAM.startHour}
                defaultValue={values.klo}
                aria-invalid={errors.startHour ? true : undefined}
                aria-describedby={errors.startHour ? "klo-error" : undefined}
                className={controlClass(Boolean(errors.startHour))}
              >
                {hours.map((hour) => (
                  <option key={hour.value} value={hour.value}>
                    {hour.label}
                  </option>
                ))}
              </select>
            </FieldShell>
          </div>

          <fieldset className={`space-y-2 ${errors.endKind ? "border-l-4 border-red-700 pl-3" : ""}`} aria-describedby={errors.endKind ? "paattyy-error" : undefined}>
            <legend className={`${labelClass} mb-1`}>Milloin käynnit päättyvät?</legend>
            <FieldError id="paattyy-error">{errors.endKind}</FieldError>
            <div className="grid gap-3">
              <ChoiceRadio id={FIELD_IDS.endKind} name={SERIES_PARAM.endKind} value={END_VALUES.count} defaultChecked={values.paattyy === END_VALUES.count} label="Kun käyntejä on tehty">
                <FieldShell invalid={Boolean(errors.count)}>
                  <label htmlFor={FIELD_IDS.count} className={labelClass}>
                    Käyntien määrä (2–26)
                  </label>
                  <FieldError id="kertaa-error">{errors.count}</FieldError>
                  <input
                    id={FIELD_IDS.count}
                    name={SERIES_PARAM.count}
                    type="number"
                    inputMode="numeric"
                    min={2}
                    max={26}
                    defaultValue={values.kertaa}
                    aria-invalid={errors.count ? true : undefined}
                    aria-describedby={errors.count ? "kertaa-error" : undefined}
                    className={controlClass(Boolean(errors.count), "max-w-[8rem]")}
                  />
                </FieldShell>
              </ChoiceRadio>
              <ChoiceRadio id="paattyy-paivana" name={SERIES_PARAM.endKind} value={END_VALUES.date} defaultChecked={values.paattyy === END_VALUES.date} label="Tiettynä päivänä">
                <FieldShell invalid={Boolean(errors.endDate)}>
                  <label htmlFor={FIELD_IDS.endDate} className={labelClass}>
                    Viimeinen mahdollinen päivä
                  </label>
                  <p id="viimeinen-hint" className="text-gray-700">
                    Enintään 180 päivän päähän.
                  </p>
                  <FieldError id="viimeinen-error">{errors.endDate}</FieldError>
                  <input
                    id={FIELD_IDS.endDate}
                    name={SERIES_PARAM.endDate}
                    type="date"
                    defaultValue={values.viimeinen}
                    aria-invalid={errors.endDate ? true : undefined}
                    aria-describedby={describedBy("viimeinen-hint", errors.endDate && "viimeinen-error")}
                    className={controlClass(Boolean(errors.endDate))}
                  />
                </FieldShell>
              </ChoiceRadio>
              <ChoiceRadio
                id="paattyy-toistaiseksi"
                name={SERIES_PARAM.endKind}
                value={END_VALUES.open}
                defaultChecked={values.paattyy === END_VALUES.open}
                label="Toistaiseksi"
                description="Lisäämme käynnit aina 12 viikkoa eteenpäin, kunnes perut ne."
              />
            </div>
          </fieldset>
          <SubmitButton busyLabel="Haetaan päiviä…" formMethod="get" name={SHOW_PARAM} value="1">
            Näytä päivät
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
