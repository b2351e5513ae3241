import type { VisitErrors, VisitValues } from "~/booking/visit-fields";
import { PlainField } from "~/components/plain-field";
import { SPECIAL_NOTES_HINT, SPECIAL_NOTES_LABEL } from "~/messages/booking-steps";
import { sectionHeading, visitFieldId } from "./visit-fields";

// What help is needed (the description, at least 10 characters) and the note for the helper
// ('Lisätietoja kaverille': door code, pets, whom to call), as the signed-in wizards ask them:
// /varaa-kaveri on its time step, /portal/orders/new on a step of their own.

/** What help is needed (the description) and the note for the helper ('Lisätietoja kaverille'). */
export function VisitDescriptionFields({ number, values, errors }: { number?: number; values: VisitValues; errors: VisitErrors }) {
  return (
    <section id="kuvaus" aria-labelledby="kuvaus-otsikko" className="scroll-mt-4 space-y-4">
      <h2 id="kuvaus-otsikko" className={sectionHeading}>
        {number ? `${number}. ` : ""}Kuvaus ja lisätiedot
      </h2>
      <PlainField
        id={visitFieldId("description")}
        name="description"
        label="Kuvaus"
        hint="Kerro lyhyesti, missä tarvitset apua (vähintään 10 merkkiä)."
        multiline
        rows={4}
        defaultValue={values.description}
        error={errors.description}
      />
      <SpecialNotesField defaultValue={values.specialNotes} error={errors.specialNotes} id={visitFieldId("specialNotes")} />
    </section>
  );
}

function SpecialNotesField({ id, defaultValue, error }: { id: string; defaultValue: string; error?: string }) {
  return (
    <PlainField
      id={id}
      name="specialNotes"
      label={SPECIAL_NOTES_LABEL}
      hint={SPECIAL_NOTES_HINT}
      multiline
      rows={4}
      defaultValue={defaultValue}
      error={error}
    />
  );
}
