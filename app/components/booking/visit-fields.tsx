import { DRAFT_PARAM } from "~/booking/draft";
import { SAVED_RECIPIENT_PARAM, type SavedRecipientChoice, type VisitErrors, type VisitFieldName, type VisitValues } from "~/booking/visit-fields";
import { ErrorSummaryList, FieldError, choiceCardClass, choiceRadioClass, describedBy } from "~/components/form-parts";
import { PlainField } from "~/components/plain-field";
import { RECIPIENT_EMAIL_HINT, RECIPIENT_EMAIL_LABEL, SMS_REMINDER_HINT, SMS_REMINDER_LABEL } from "~/messages/text-reminders";

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


const RECIPIENT_FIELDS: ReadonlyArray<{
  name: VisitFieldName;
  label: string;
  wide?: boolean;
  type?: "tel";
  inputMode?: "numeric" | "tel";
}> = [
  { name: "recipientFirstName", label: "Saajan etunimi" },
  { name: "recipientLastName", label: "Saajan sukunimi" },
  { name: "recipientPhone", label: "Saajan puhelinnumero", wide: true, type: "tel", inputMode: "tel" },
  { name: "recipientAddress", label: "Saajan katuosoite", wide: true },
  { name: "recipientPostalCode", label: "Saajan postinumero", inputMode: "numeric" },
  { name: "recipientCity", label: "Saajan kaupunki" },
];

/**
 * The signed-in wizards' place section (issue 26 item 1): "Kenelle tilaat palvelun?", then either
 * the customer's own address and phone with "Tallenna osoite omaksi osoitteekseni", or the
 * recipient's six fields as on the public contact step, with "Aiemmat saajat" one tap away. Both
 * groups are in the page and CSS shows the chosen one (tailwind.css, .visit-own, .visit-other),
 * with or without JavaScript; the server reads the group that was chosen.
 */
export function VisitWhoFields({
  number,
  values,
  errors,
  savedRecipients,
  smsAvailable,
}: {
  number: number;
  values: VisitValues;
  errors: VisitErrors;
  savedRecipients: SavedRecipientChoice[];
  /** "Muistutus tekstiviestinä" is offered (decision 0031). */
  smsAvailable: boolean;
}) {
  const chosen = values.bookingFor === "other" ? "other" : "self";
  const options = [
    { value: "self", label: "Itselleni", description: "Kaveri tulee sinun osoitteeseesi." },
    { value: "other", label: "Toiselle henkilölle", description: "Esimerkiksi läheiselle. Sinä maksat ja saat vahvistuksen." },
  ];
  const bookingForError = errors.bookingFor;
  const bookingForErrorId = `${visitFieldId("bookingFor")}-error`;
  return (
    <section id="paikka" aria-labelledby="paikka-otsikko" className="scroll-mt-4 space-y-6">
      <h2 id="paikka-otsikko" className={sectionHeading}>
        {number}. Kenelle tilaat palvelun?
      </h2>
      <fieldset aria-describedby={describedBy(bookingForError && bookingForErrorId)} className="space-y-2">
        <legend className="sr-only">Kenelle tilaat palvelun?</legend>
        <FieldError id={bookingForErrorId}>{bookingForError}</FieldError>
        <div className="grid gap-3 sm:grid-cols-2">
          {options.map((option, index) => {
            const id = index === 0 ? visitFieldId("bookingFor") : `${visitFieldId("bookingFor")}-${index}`;
            return (
              <label key={option.value} htmlFor={id} className={`group gap-3 border-gray-600 bg-white p-4 ${choiceCardClass}`}>
                <input
                  type="radio"
                  id={id}
                  name="bookingFor"
                  value={option.value}
                  defaultChecked={chosen === option.value}
                  aria-describedby={`${id}-description`}
                  className={choiceRadioClass}
                />
                <span className="min-w-0 flex-1 font-semibold text-gray-900">
                  {option.label}
                  <span id={`${id}-description`} className="block font-normal text-gray-700">
                    {option.description}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="visit-own space-y-4">
        <legend className="mb-2 text-xl font-bold text-gray-900">Käynnin osoite</legend>
        <p className="text-gray-800">
          Kaveri tulee tähän osoitteeseen ja soittaa tarvittaessa tähän numeroon. Näytämme kaverit, jotka käyvät tällä paikkakunnalla.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          {PLACE_FIELDS.map(({ name, inputName, withAddress: _, wide, ...props }) => (
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
        <div className="flex items-start gap-3">
          <span className="flex min-h-target min-w-target flex-none items-center justify-center">
            <input
              type="checkbox"
              id={visitFieldId("saveAddress")}
              name="saveAddress"
              value="on"
              defaultChecked={values.saveAddress === "on"}
              aria-describedby={`${visitFieldId("saveAddress")}-hint`}
              className="h-7 w-7 cursor-pointer rounded border-2 border-gray-700 accent-brand-700"
            />
          </span>
          <div className="space-y-1 pt-2">
            <label htmlFor={visitFieldId("saveAddress")} className="cursor-pointer font-semibold text-gray-900">
              Tallenna osoite omaksi osoitteekseni
            </label>
            <p id={`${visitFieldId("saveAddress")}-hint`} className="text-gray-700">
              Ilman tätä profiilisi osoite ja puhelinnumero pysyvät ennallaan.
            </p>
          </div>
        </div>
      </fieldset>

      <div className="visit-other space-y-4">
        {savedRecipients.length > 0 ? (
          <fieldset className="space-y-3">
            <legend className="mb-2 text-xl font-bold text-gray-900">Aiemmat saajat</legend>
            <p className="text-gray-800">Valitse, niin täytämme saajan tiedot. Voit muuttaa niitä vielä.</p>
            <ul className="grid gap-3 sm:grid-cols-2">
              {savedRecipients.map((recipient) => (
                <li key={recipient.id}>
                  <button
                    type="submit"
                    name={SAVED_RECIPIENT_PARAM}
                    value={recipient.id}
                    className="min-h-target w-full rounded-lg border-2 border-gray-600 bg-white p-4 text-left hover:border-brand-700 focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                  >
                    <span className="block font-semibold text-gray-900">{recipient.name}</span>
                    <span className="block text-gray-700">{recipient.place}</span>
                  </button>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        <fieldset className="space-y-4">
          <legend className="mb-2 text-xl font-bold text-gray-900">Palvelun saajan tiedot</legend>
          <p className="text-gray-800">Kaveri tulee palvelun saajan osoitteeseen. Täytä kaikki kentät.</p>
          <div className="grid gap-5 sm:grid-cols-2">
            {RECIPIENT_FIELDS.map(({ name, wide, ...props }) => (
              <PlainField
                key={name}
                id={visitFieldId(name)}
                name={name}
                defaultValue={values[name]}
                error={errors[name]}
                autoComplete="off"
                className={wide ? "sm:col-span-2" : undefined}
                {...props}
              />
            ))}
            <PlainField
              id={visitFieldId("recipientEmail")}
              name="recipientEmail"
              label={RECIPIENT_EMAIL_LABEL}
              hint={RECIPIENT_EMAIL_HINT}
              type="email"
              inputMode="email"
              defaultValue={values.recipientEmail}
              error={errors.recipientEmail}
              autoComplete="off"
              className="sm:col-span-2"
            />
          </div>
        </fieldset>
      </div>

      {smsAvailable ? <SmsReminderBox checked={values.smsReminder === "on"} error={errors.smsReminder} /> : null}
    </section>
  );
}

/** "Muistutus tekstiviestinä", under both groups: the text goes to the recipient's or the customer's own mobile. */
function SmsReminderBox({ checked, error }: { checked: boolean; error: string | undefined }) {
  const id = visitFieldId("smsReminder");
  return (
    <div className="space-y-1">
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <div className="flex items-start gap-3">
        <span className="flex min-h-target min-w-target flex-none items-center justify-center">
          <input
            type="checkbox"
            id={id}
            name="smsReminder"
            value="on"
            defaultChecked={checked}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)}
            className="h-7 w-7 cursor-pointer rounded border-2 border-gray-700 accent-brand-700"
          />
        </span>
        <div className="space-y-1 pt-2">
          <label htmlFor={id} className="cursor-pointer font-semibold text-gray-900">
            {SMS_REMINDER_LABEL}
          </label>
          <p id={`${id}-hint`} className="text-gray-700">
            {SMS_REMINDER_HINT}
          </p>
        </div>
      </div>
    </div>
  );
}
