import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { stepHref } from "~/booking/draft";
import type { RescheduleConfirmView } from "~/booking/views";
import { Alert } from "~/components/alert";
import { ButtonLink, SubmitButton } from "~/components/button";
import { linkClass } from "~/components/layout";
import { RESCHEDULE_TEXTS } from "~/messages/reschedule";
import { BookingLayout, DraftHiddenFields } from "./booking-layout";

// The last step of "Muuta aikaa": the old and the new time, the helper, the old and the new price
// and what happens with the money, before anything is moved. A plain POST form: without
// JavaScript it is the confirm page itself.

export function RescheduleConfirmPage({ view }: { view: RescheduleConfirmView }) {
  const location = useLocation();
  const errorRef = useRef<HTMLDivElement>(null);
  // React honours autoFocus only on form controls: with JavaScript the refusal takes the focus
  // here, which also scrolls it into view from the button far below.
  useEffect(() => {
    if (view.error) errorRef.current?.focus();
  }, [view]);
  return (
    <BookingLayout flow={view.flow} step="summary" draft={view.draft}>
      {view.error ? (
        // A refused confirmation answers with this page: without JavaScript it would open at its
        // top, above the steps and the heading, so the browser opens it here (as FormError does).
        // eslint-disable-next-line jsx-a11y/no-autofocus
        <div ref={errorRef} tabIndex={-1} autoFocus className="scroll-mt-4 focus:outline-none">
          <Alert type="error" title={view.error} announce="alert">
            <p>
              <a className={linkClass} href={stepHref(view.flow, "time", view.draft)}>
                Valitse aika uudelleen
              </a>
            </p>
          </Alert>
        </div>
      ) : null}
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border-2 border-brand-100 bg-white p-5 text-lg sm:grid-cols-[auto_1fr]">
        {view.rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-semibold text-gray-900">{row.label}</dt>
            <dd className="text-gray-900">{row.value}</dd>
          </div>
        ))}
      </dl>
      {view.blocked ? (
        <Alert type="warning" title={view.blocked} />
      ) : (
        <section aria-labelledby="raha-otsikko" className="space-y-2">
          <h2 id="raha-otsikko" className="text-2xl font-bold text-gray-900">
            Mitä maksulle tapahtuu
          </h2>
          <ul className="list-disc space-y-1 pl-6 text-lg text-gray-800">
            {view.moneyLines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="text-gray-800">Kun vahvistat, lähetämme uuden ajan sähköpostilla sinulle ja kaverille.</p>
        </section>
      )}
      <Form method="post" action={`${location.pathname}${location.search}`} className="flex flex-wrap items-center gap-4 border-t-2 border-brand-100 pt-6">
        <DraftHiddenFields draft={view.draft} />
        <input type="hidden" name="versio" value={view.version} />
        <input type="hidden" name="hinta" value={view.shownTotalCents} />
        <ButtonLink to={stepHref(view.flow, "time", view.draft)} variant="secondary">
          Valitse toinen aika
        </ButtonLink>
        {view.blocked ? null : <SubmitButton busyLabel="Vahvistetaan...">{RESCHEDULE_TEXTS.confirmButton}</SubmitButton>}
        <a className={linkClass} href={view.orderPath}>
          {RESCHEDULE_TEXTS.back}
        </a>
      </Form>
    </BookingLayout>
  );
}
