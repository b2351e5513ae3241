import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "~/components/button";
import { ChoiceRadio } from "~/components/choice-radio";
import { ErrorSummaryList, labelClass } from "~/components/form-parts";
import { inlineLink } from "~/components/order-section";
import { seriesPageTexts as t } from "~/messages/series";
import type { SeriesDatesActionData, SeriesPreviewView } from "~/domain/series-preview-view";

// The preview of weekly visits (issue 27 item 4): every date with the helper free or taken; a
// taken date is skipped or given to another helper; one POST books the whole series or nothing.
// Shown for a repeated order (/portal/orders/:orderNumber/toista/paivat) and for the signed-in
// wizard's new visit (/varaa-kaveri/toista).

const dateId = (date: string) => `paiva-${date}`;

/** Every date with the helper free or taken, the decisions for taken ones, payment and "Varaa käynnit". */
export function SeriesDatesPage({ view, actionData }: { view: SeriesPreviewView; actionData?: SeriesDatesActionData }) {
  const marked = new Set(actionData?.dates ?? []);
  const firstMarked = view.entries.find((entry) => marked.has(entry.date));
  const errors = actionData ? [{ id: firstMarked ? dateId(firstMarked.date) : actionData.payment ? "varaa" : "maksutapa-lasku", message: actionData.formError }] : [];
  const payment = actionData?.payment || view.defaultPayment;
  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to={view.changeHref} className={inlineLink}>
          <span aria-hidden="true">←&nbsp;</span>Muuta toistoa
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{t.datesTitle}</h1>
      <p className="text-lg">
        {view.template.serviceName}, {view.template.caregiverName}. {view.rule}. {view.template.place}.
      </p>
      {view.ending ? <p>{view.ending}</p> : null}
      <ErrorSummaryList errors={errors} title="Varaus ei onnistunut" focusKey={actionData} />
      <Form method="post" className="space-y-6">
        {view.hidden.map((field) => (
          <input key={field.name} type="hidden" name={field.name} value={field.value} />
        ))}
        <input type="hidden" name="kayntihinta" value={view.visitPriceCents} />
        <ol className="space-y-3" aria-label="Sarjan päivät">
          {view.entries.map((entry) => (
            <li
              key={entry.date}
              id={dateId(entry.date)}
              tabIndex={-1}
              className={`rounded-lg border-2 bg-white p-4 ${marked.has(entry.date) ? "border-red-700" : entry.state === "free" ? "border-gray-300" : "border-amber-600"}`}
            >
              <p className="flex flex-wrap justify-between gap-x-4 font-semibold">
                <span>{entry.when}</span>
                {entry.price ? <span>{entry.price}</span> : null}
              </p>
              <p className={entry.state === "free" ? "text-green-800" : "text-gray-900"}>
                {entry.state === "free" ? <span aria-hidden="true">✓ </span> : null}
                {entry.note}
              </p>
              {entry.state === "taken" ? (
                entry.alternative ? (
                  <fieldset className="mt-3 space-y-2">
                    <legend className={`${labelClass} mb-1`}>Mitä tehdään tälle päivälle?</legend>
                    <div className="grid gap-3 sm:grid-cols-2">
                      <ChoiceRadio
                        id={`${dateId(entry.date)}-ohita`}
                        name={dateId(entry.date)}
                        value="ohita"
                        defaultChecked={(actionData?.decisions[entry.date] ?? "ohita") === "ohita"}
                        label={t.skip}
                      />
                      <ChoiceRadio
                        id={`${dateId(entry.date)}-muu`}
                        name={dateId(entry.date)}
                        value={entry.alternative.id}
                        defaultChecked={actionData?.decisions[entry.date] === entry.alternative.id}
                        label={t.other(entry.alternative.name)}
                      />
                    </div>
                  </fieldset>
                ) : (
                  <>
                    <input type="hidden" name={dateId(entry.date)} value="ohita" />
                    <p className="mt-2">{t.nobodyElse}</p>
                  </>
                )
              ) : null}
            </li>
          ))}
        </ol>
        <p className="text-lg">
          Hinta {view.visitPrice} / käynti. Maksat vain varatut käynnit. Voit perua käynnin maksutta 24 tuntia ennen sen alkua.
        </p>
        <fieldset className="space-y-2">
          <legend className={`${labelClass} mb-1`}>Maksutapa</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <ChoiceRadio
              id="maksutapa-lasku"
              name="maksutapa"
              value="invoice"
              defaultChecked={payment === "invoice"}
              label="Lasku"
              description="Yksi lasku kuukaudessa sen kuukauden käynneistä."
            />
            {view.onlineAvailable ? (
              <ChoiceRadio
                id="maksutapa-verkko"
                name="maksutapa"
                value="online"
                defaultChecked={payment === "online"}
                label="Kortti"
                description="Maksat ensimmäisen käynnin nyt ja kortti tallennetaan. Seuraavat käynnit veloitetaan vuorokautta ennen käyntiä."
              />
            ) : null}
          </div>
        </fieldset>
        <div id="varaa" tabIndex={-1}>
          <SubmitButton busyLabel="Varataan…">Varaa käynnit</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
