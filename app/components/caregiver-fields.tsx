import { useState, type ReactNode } from "react";
import { FieldError, startsChecked, TextareaField, type FieldMeta } from "./forms";
import { useHydrated } from "./use-hydrated";

// The fields a helper fills in about themselves, on the registration (/rekisteroidy-kaveriksi)
// and on their profile page (/portal/profile): the photo, the bio with its live counter, and the
// checkbox lists (services, languages, towns).

export function PhotoField({
  meta,
  photoUrl,
  label = "Profiilikuva",
  alt = "Tallennettu profiilikuvasi",
}: {
  meta: FieldMeta;
  photoUrl: string | null;
  label?: string;
  alt?: string;
}) {
  const error = meta.errors?.[0];
  const hintId = `${meta.id}-hint`;
  return (
    <div className={`space-y-2 ${error ? "border-l-4 border-red-700 pl-3" : ""}`}>
      <label htmlFor={meta.id} className="block font-semibold text-gray-900">
        {label}
      </label>
      <p id={hintId} className="text-gray-700">
        {photoUrl
          ? "Kuvasi on tallessa. Voit vaihtaa sen valitsemalla uuden kuvan."
          : "Selkeä kasvokuva, jossa kasvosi näkyvät hyvin. JPG, PNG tai WebP, enintään 5 Mt."}
        {/* A browser empties a file field when the page comes back; say so rather than let it look kept. */}
        {error && !photoUrl ? " Valitse kuva uudelleen ennen lähettämistä." : null}
      </p>
      {photoUrl ? (
        <img src={photoUrl} alt={alt} width={160} height={160} className="h-40 w-40 rounded-lg border-2 border-gray-300 object-cover" />
      ) : null}
      <FieldError id={meta.errorId}>{error}</FieldError>
      <input
        id={meta.id}
        name={meta.name}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${meta.errorId}` : hintId}
        className={
          "block w-full min-h-target rounded-md border-2 bg-white p-2 text-base text-gray-900 file:mr-4 file:min-h-target " +
          "file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-700 file:px-4 file:font-semibold file:text-white " +
          "focus-visible:outline focus-visible:outline-[3px] focus-visible:outline-offset-2 focus-visible:outline-amber-700 " +
          (error ? "border-red-700" : "border-gray-600")
        }
      />
    </div>
  );
}

/** The helper's bio with a live character count (with JavaScript; the hint gives the limit without). */
export function BioField({ meta, max, hint }: { meta: FieldMeta; max: number; hint: ReactNode }) {
  const hydrated = useHydrated();
  const [length, setLength] = useState(() => (typeof meta.initialValue === "string" ? meta.initialValue.length : 0));
  const over = length > max;
  return (
    <div
      className="space-y-1"
      onInput={(event) => {
        const target = event.target;
        if (target instanceof HTMLTextAreaElement) setLength(target.value.length);
      }}
    >
      <TextareaField meta={meta} label="Esittely" rows={6} hint={hint} />
      {hydrated ? (
        <p aria-live="polite" className={`font-semibold ${over ? "text-red-800" : "text-gray-700"}`}>
          {length}/{max} merkkiä
        </p>
      ) : null}
    </div>
  );
}

export interface CheckboxOption {
  value: string;
  label: string;
  description?: string;
}

/** Several choices from a short list: a fieldset of large checkboxes (each row ≥ 44 px). */
export function CheckboxGroup({
  meta,
  legend,
  options,
  hint,
  columns = 2,
}: {
  meta: FieldMeta;
  legend: ReactNode;
  options: ReadonlyArray<CheckboxOption>;
  hint?: ReactNode;
  columns?: 2 | 3;
}) {
  const error = meta.errors?.[0];
  const describedBy = [hint ? meta.descriptionId : null, error ? meta.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset aria-describedby={describedBy} className={`space-y-2 ${error ? "border-l-4 border-red-700 pl-3" : ""}`}>
      <legend className="mb-1 font-semibold text-gray-900">{legend}</legend>
      {hint ? (
        <p id={meta.descriptionId} className="text-gray-700">
          {hint}
        </p>
      ) : null}
      <FieldError id={meta.errorId}>{error}</FieldError>
      <div className={`grid gap-2 sm:grid-cols-2 ${columns === 3 ? "lg:grid-cols-3" : ""}`}>
        {options.map((option, index) => {
          // The first box carries the field's id so that the error summary's link lands on it.
          const id = index === 0 ? meta.id : `${meta.id}-${option.value}`;
          return (
            <label
              key={`${meta.key ?? ""}${option.value}`}
              htmlFor={id}
              className={
                "flex min-h-target cursor-pointer items-start gap-3 rounded-lg border-2 border-gray-600 bg-white p-3 " +
                "hover:border-brand-700 hover:bg-brand-50 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 " +
                "has-[:focus-visible]:outline has-[:focus-visible]:outline-[3px] has-[:focus-visible]:outline-offset-2 " +
                "has-[:focus-visible]:outline-amber-700"
              }
            >
              <input
                type="checkbox"
                id={id}
                name={meta.name}
                form={meta.formId}
                value={option.value}
                defaultChecked={startsChecked(meta, option.value)}
                aria-invalid={error ? true : undefined}
                className="mt-0.5 h-6 w-6 flex-none cursor-pointer accent-brand-700 focus-visible:outline-none"
              />
              <span>
                <span className="block font-semibold text-gray-900">{option.label}</span>
                {option.description ? <span className="block text-gray-700">{option.description}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
