import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { CaregiverStepView } from "~/booking/views";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { ErrorSummary, FormError, TextareaField, TextField } from "~/components/forms";
import { serverFormProps, useServerForm } from "~/components/server-form";
import { contactRequestTexts as t } from "~/messages/contact-request";

// The helper step when nobody can do the visit (issue 26 item 5): said plainly, the nearest times
// somebody can come (links back to the time step), and "Pyydä yhteydenottoa", which the server
// validates and answers (decisions 0013 and 0017), with or without JavaScript.

export function NobodyAvailable({
  nobody,
  action,
  lastResult,
}: {
  nobody: NonNullable<CaregiverStepView["nobody"]>;
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useServerForm({ id: "yhteydenotto", lastResult, defaultValue: nobody.defaults });
  return (
    <div className="space-y-8">
      <Alert type="warning" title={`${t.heading}.`}>
        <p>{nobody.contactForm ? t.intro : t.rescheduleIntro}</p>
      </Alert>

      <section aria-labelledby="lahimmat-ajat" className="space-y-3">
        <h2 id="lahimmat-ajat" className="text-2xl font-bold text-gray-900">
          {t.nearestHeading}
        </h2>
        {nobody.nearest.length === 0 ? (
          <p>{t.noNearest}</p>
        ) : (
          <>
            <p className="text-gray-800">{t.nearestHint}</p>
            <ul className="grid gap-2 sm:grid-cols-2">
              {nobody.nearest.map((time) => (
                <li key={time.href}>
                  <Link
                    to={time.href}
                    className="flex min-h-target items-center rounded-lg border-2 border-brand-200 bg-white px-4 py-2 font-semibold text-brand-900 underline underline-offset-4 hover:bg-brand-50"
                  >
                    {time.label}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      {nobody.contactForm ? (
      <section aria-labelledby="yhteydenotto-otsikko" className="scroll-mt-4 space-y-4 rounded-2xl border-2 border-brand-100 bg-white p-6">
        <h2 id="yhteydenotto-otsikko" className="text-2xl font-bold text-gray-900">
          {t.formHeading}
        </h2>
        {nobody.sent && !lastResult ? (
          <Alert type="success" title={t.sentTitle}>
            <p>{t.sentText}</p>
          </Alert>
        ) : (
          <>
            <p className="text-gray-800">{t.formIntro}</p>
            <Form method="post" action={action} {...serverFormProps(form)} className="space-y-6">
              <ErrorSummary form={form} />
              <FormError errors={form.errors} title={t.failedTitle} />
              <TextField meta={fields.fullName} label="Nimi" autoComplete="name" />
              <TextField meta={fields.phone} label="Puhelinnumero" hint="Esimerkiksi 040 123 4567." type="tel" autoComplete="tel" inputMode="tel" />
              <TextField meta={fields.email} label="Sähköposti (vapaaehtoinen)" type="email" autoComplete="email" inputMode="email" />
              <TextareaField meta={fields.message} label="Viesti (vapaaehtoinen)" hint="Esimerkiksi mitä apua tarvitaan ja mihin aikaan se sopii. Enintään 1000 merkkiä." rows={4} />
              <div hidden>
                <label htmlFor="yhteydenotto-website">Verkkosivu</label>
                <input id="yhteydenotto-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
              </div>
              <SubmitButton busyLabel={t.busy}>{t.submit}</SubmitButton>
            </Form>
          </>
        )}
      </section>
      ) : null}
    </div>
  );
}
