import { DRAFT_PARAM } from "~/booking/draft";
import type { VisitErrors, VisitFieldName, VisitValues } from "~/booking/visit-fields";
import { ErrorSummaryList } from "~/components/form-parts";
import { PlainField } from "~/components/plain-field";

// Where the visit is, as the booking steps ask it: the postal code and city before the helper step
// in every flow (DESIGN.md decision 17), and the street address and phone in the signed-in wizards
// (pre-filled from the customer's saved details). Plain fields checked on the server with the
// flow's schema, so the pick steps they sit in need no form library. The description and the
// note for the helper are in visit-description.tsx (the public flows' pages do not carry them).

export const VISIT_FORM_ID = "kaynti";

/** The id of a visit field's control, for its label and the error summary's link. */
export function visitFieldId(name: VisitFieldName): string {
  return `${VISIT_FORM_ID}-${name}`;
}

export const sectionHeading = "text-2xl font-bold text-gray-900";

/** The error summary of the visit's fields, in page order. */
export function VisitErrorSummary({ errors, order }: { errors: VisitErrors; order: readonly VisitFieldName[] }) {
  const list = order.flatMap((name) => (errors[name] ? [{ id: visitFieldId(name), message: errors[name]! }] : []));
  return <ErrorSummaryList errors={list} focusKey={list.map((error) => error.message).join("|")} />;
}

/** The place's fields in page order; the street address and phone only where the flow asks them. */
const PLACE_FIELDS: ReadonlyArray<{
  name: VisitFieldName;
  inputName: string;
  label: string;
  withAddress: boolean;
  wide?: boolean;
  type?: "tel";
  autoComplete: string;
  inputMode?: "numeric" | "tel";
  hint?: string;
}> = [
  { name: "address", inputName: "address", label: "Katuosoite", withAddress: true, wide: true, autoComplete: "street-address" },
  { name: "postalCode", inputName: DRAFT_PARAM.postalCode, label: "Postinumero", withAddress: false, autoComplete: "postal-code", inputMode: "numeric" },
  { name: "city", inputName: DRAFT_PARAM.city, label: "Kaupunki", withAddress: false, autoComplete: "address-level2" },
  { name: "phone", inputName: "phone", label: "Puhelinnumero", withAddress: true, wide: true, type: "tel", autoComplete: "tel", inputMode: "tel", hint: "Esim. 0401234567" },
];

/** The postal code and city, and with `address` the street address and the phone to call. */
export function VisitPlaceFields({
  number,
  values,
  errors,
  address,
}: {
  number: number;
  values: VisitValues;
  errors: VisitErrors;
  address: boolean;
}) {
  return (
    <section id="paikka" aria-labelledby="paikka-otsikko" className="scroll-mt-4 space-y-4">
      <h2 id="paikka-otsikko" className={sectionHeading}>
        {number}. {address ? "Käynnin osoite" : "Missä käynti on?"}
      </h2>
      <p className="text-gray-800">
        {address
          ? "Kaveri tulee tähän osoitteeseen ja soittaa tarvittaessa tähän numeroon. Näytämme kaverit, jotka käyvät tällä paikkakunnalla."
          : "Näytämme kaverit, jotka käyvät tällä paikkakunnalla."}
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        {PLACE_FIELDS.filter((field) => address || !field.withAddress).map(({ name, inputName, withAddress: _, wide, ...props }) => (
          <PlainField
            key={name}
            id={visitFieldId(name)}
            name={inputName}
            defaultValue={values[name]}
            error={errors[name]}
            className={wide ? "sm:col-span-2" : undefined}
            {...props}
          />
        ))}
      </div>
    </section>
  );
}
