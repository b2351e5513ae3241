import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/button";
import { ErrorSummary, FormError, SelectField, TextField } from "~/components/forms";
import { formatPlanMinute, planMinuteChoices, type AvailabilityPageView } from "~/domain/availability";
import { WEEKDAY_NAMES } from "~/domain/helsinki-clock";
import { availabilityTexts as t } from "~/messages/availability";
import { AwaySchema, ExtraHoursSchema, WeeklyPlanSchema } from "~/schemas/availability";

// A helper's availability as a page shows it (issue 27 item 1): the weekly plan (each weekday's
// rows of start and end, with one empty row to add another), a date range away, extra hours on a
// date, and the coming exceptions with a button to remove each. Plain forms that post an intent,
// so everything works without JavaScript; /portal/saatavuus and the back office's helper page
// both use it (app/services/availability-page.server.ts is its server half).

type AvailabilityEditorView = AvailabilityPageView;

type Intent = "weekly" | "away" | "extra" | "delete-exception";
export type AvailabilityEditorActionData = { intent: Intent; result: SubmissionResult<string[]> } | undefined;

const startOptions = planMinuteChoices("start").map((m) => ({ value: String(m), label: formatPlanMinute(m) }));
const endOptions = planMinuteChoices("end").map((m) => ({ value: String(m), label: formatPlanMinute(m) }));
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function resultFor(actionData: AvailabilityEditorActionData, intent: Intent) {
  return actionData?.intent === intent ? actionData.result : undefined;
}

export function AvailabilityEditor({ view, actionData }: { view: AvailabilityEditorView; actionData: AvailabilityEditorActionData }) {
  // A saved plan brings new rows: the form starts again from them.
  const planKey = view.days.map((d) => d.ranges.map((r) => `${r.start}-${r.end}`).join(",")).join("|");
  return (
    <div className="space-y-10">
      <section aria-labelledby="viikko-otsikko" className="space-y-4">
        <h2 id="viikko-otsikko" className="text-2xl font-bold text-gray-900">
          {t.weeklyHeading}
        </h2>
        <p className="text-gray-800">{t.weeklyHint}</p>
        <WeeklyForm key={planKey} days={view.days} lastResult={resultFor(actionData, "weekly")} />
      </section>

      <section aria-labelledby="poikkeukset-otsikko" className="space-y-4">
        <h2 id="poikkeukset-otsikko" className="text-2xl font-bold text-gray-900">
          {t.exceptionsHeading}
        </h2>
        {actionData?.intent === "delete-exception" ? <FormError errors={actionData.result.error?.[""] ?? null} /> : null}
        {view.exceptions.length === 0 ? (
          <p className="text-gray-800">{t.noExceptions}</p>
        ) : (
          <ul className="space-y-2">
            {view.exceptions.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border-2 border-gray-200 bg-white p-3">
                <span id={`poikkeus-${e.id}`} className="break-words">
                  {e.line}
                </span>
                <Form method="post">
                  <input type="hidden" name="exceptionId" value={e.id} />
                  <SubmitButton name="intent" value="delete-exception" variant="secondary" busyLabel="Poistetaan…" describedBy={`poikkeus-${e.id}`}>
                    {t.remove}
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="poissa-otsikko" className="space-y-4">
        <h2 id="poissa-otsikko" className="text-2xl font-bold text-gray-900">
          {t.awayHeading}
        </h2>
        <p className="text-gray-800">{t.awayHint}</p>
        <AwayForm today={view.today} lastResult={resultFor(actionData, "away")} />
      </section>

      <section aria-labelledby="lisatunnit-otsikko" className="space-y-4">
        <h2 id="lisatunnit-otsikko" className="text-2xl font-bold text-gray-900">
          {t.extraHeading}
        </h2>
        <p className="text-gray-800">{t.extraHint}</p>
        <ExtraForm today={view.today} lastResult={resultFor(actionData, "extra")} />
      </section>
    </div>
  );
}

function WeeklyForm({ days, lastResult }: { days: AvailabilityEditorView["days"]; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "saatavuus-viikko",
    lastResult,
    defaultValue: { days: days.map((day) => ({ ranges: day.ranges })) },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WeeklyPlanSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ErrorSummary form={form} />
      {fields.days.getFieldList().map((day, index) => {
        const rows = day.getFieldset().ranges.getFieldList();
        const name = capitalized(WEEKDAY_NAMES[index]);
        return (
          <fieldset key={day.key} className="space-y-3 rounded-lg border-2 border-gray-200 bg-white p-3 sm:p-4">
            <legend className="px-1 text-lg font-semibold text-gray-900">{name}</legend>
            {rows.map((row, rowIndex) => {
              const range = row.getFieldset();
              return (
                <div key={row.key} className="grid gap-3 min-[400px]:grid-cols-2" role="group" aria-label={`${name}, aika ${rowIndex + 1}`}>
                  <SelectField meta={range.start} label={t.rangeStart} options={startOptions} placeholder={t.noTime} />
                  <SelectField meta={range.end} label={t.rangeEnd} options={endOptions} placeholder={t.noTime} />
                </div>
              );
            })}
          </fieldset>
        );
      })}
      <SubmitButton name="intent" value="weekly" busyLabel="Tallennetaan…">
        {t.saveWeekly}
      </SubmitButton>
    </Form>
  );
}

function AwayForm({ today, lastResult }: { today: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "saatavuus-poissa",
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AwaySchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ErrorSummary form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.startsOn} label={t.awayFrom} type="date" autoComplete="off" inputProps={{ min: today }} />
        <TextField meta={fields.endsOn} label={t.awayTo} type="date" autoComplete="off" inputProps={{ min: today }} />
      </div>
      <SubmitButton name="intent" value="away" busyLabel="Tallennetaan…">
        {t.saveAway}
      </SubmitButton>
    </Form>
  );
}

function ExtraForm({ today, lastResult }: { today: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "saatavuus-lisatunnit",
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ExtraHoursSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ErrorSummary form={form} />
      <TextField meta={fields.date} label={t.extraDate} type="date" autoComplete="off" inputProps={{ min: today }} />
      <div className="grid gap-3 min-[400px]:grid-cols-2">
        <SelectField meta={fields.start} label={t.rangeStart} options={startOptions} placeholder={t.noTime} />
        <SelectField meta={fields.end} label={t.rangeEnd} options={endOptions} placeholder={t.noTime} />
      </div>
      <SubmitButton name="intent" value="extra" busyLabel="Tallennetaan…">
        {t.saveExtra}
      </SubmitButton>
    </Form>
  );
}
