import type { FieldMeta } from "~/components/server-form";
import { RadioCards, TextField } from "~/components/forms";
import { END_VALUES, REPEAT_VALUES } from "~/domain/series-request";
import { wizardRepeatTexts as t } from "~/messages/wizard-repeat";
import { ONCE } from "~/booking/repeat-names";

// "Toistuvuus" on the signed-in wizard's summary step (docs/decisions/0042): "Kerran" books the
// one visit; "Joka viikko" / "Joka toinen viikko" with an ending lead to the dates' preview.
// Without JavaScript every field is visible; with it the ending waits until a repeating choice
// is made (`endingHidden`).

export function RepeatFields({
  repeat,
  endKind,
  count,
  endDate,
  anyHelper,
  endingHidden,
}: {
  repeat: FieldMeta;
  endKind: FieldMeta;
  count: FieldMeta;
  endDate: FieldMeta;
  anyHelper: boolean;
  endingHidden: boolean;
}) {
  return (
    <section aria-labelledby="toistuvuus-otsikko" className="space-y-4">
      <h2 id="toistuvuus-otsikko" className="text-2xl font-bold text-gray-900">
        {t.legend}
      </h2>
      <RadioCards
        meta={repeat}
        legend="Kuinka usein käynti toistuu?"
        hint={anyHelper ? t.anyHelperNote : t.hint}
        columns={3}
        options={[
          { value: ONCE, label: t.once, description: t.onceDescription },
          { value: REPEAT_VALUES.weekly, label: t.weekly, description: t.repeatingDescription },
          { value: REPEAT_VALUES.biweekly, label: t.biweekly, description: t.repeatingDescription },
        ]}
      />
      <div id="toistuvuus-paattyminen" hidden={endingHidden} className="space-y-4">
        <RadioCards
          meta={endKind}
          legend={t.endLegend}
          columns={1}
          options={[
            { value: END_VALUES.count, label: t.endCount },
            { value: END_VALUES.date, label: t.endDate },
            { value: END_VALUES.open, label: t.endOpen, description: t.endOpenDescription },
          ]}
        />
        <TextField meta={count} label={t.countLabel} type="number" inputMode="numeric" className="max-w-[10rem]" inputProps={{ min: 2, max: 26 }} />
        <TextField meta={endDate} label={t.endDateLabel} hint={t.endDateHint} type="date" className="max-w-[16rem]" />
      </div>
    </section>
  );
}
