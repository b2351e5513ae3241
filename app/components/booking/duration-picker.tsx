import { useEffect, useRef, useState } from "react";
import { PICK_PARAM } from "~/booking/draft";
import { FieldError } from "~/components/form-parts";
import { DURATION_CHOICES, parseDurationHours } from "~/domain/duration";
import { DURATION_MESSAGES } from "~/messages/booking-steps";
import { formatHours } from "~/domain/format";

// Duration of step 1 (spec 000 §2, DESIGN.md decision 4): quick buttons 1, 2, 3, 4, 5, 6 and 8
// hours, or a typed whole number of hours 1–24 ('Esim. 5'). The buttons are submit buttons of the
// step's GET form; the typed value goes with any submission and wins over a button
// (app/booking/draft.ts decides). With JavaScript a valid typed value deselects the buttons and
// updates the price summary at once, and picking a button clears the typed value.

const isChoice = (hours: number) => (DURATION_CHOICES as readonly number[]).includes(hours);

export function DurationPicker({
  durationHours,
  manualDuration,
  serverError,
  labelledBy,
  onPreview,
}: {
  /** The draft's duration. */
  durationHours: number;
  /** A refused typed value to show again. */
  manualDuration: string;
  serverError: string | null;
  labelledBy: string;
  /** The duration the summary should show while typing (null: the draft's). */
  onPreview: (hours: number | null) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [manual, setManual] = useState(manualDuration || (isChoice(durationHours) ? "" : String(durationHours)));
  const [edited, setEdited] = useState(false);
  // A new draft duration (after a submission) replaces what was typed; focus stays where it was.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setManual(manualDuration || (isChoice(durationHours) ? "" : String(durationHours)));
    setEdited(false);
    onPreview(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [durationHours, manualDuration, serverError]);
  const parsed = manual.trim() === "" ? null : parseDurationHours(manual);
  const manualHours = parsed?.ok ? parsed.hours : null;
  const activeButton = manual.trim() === "" ? durationHours : null;
  const clientError = edited && parsed && !parsed.ok ? DURATION_MESSAGES[parsed.error] : null;
  const error = clientError ?? (edited ? null : serverError);
  const errorId = "kesto-muu-virhe";
  const hintId = "kesto-muu-ohje";

  return (
    <div role="group" aria-labelledby={labelledBy} className="space-y-4">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {DURATION_CHOICES.map((hours) => (
          <li key={hours}>
            <button
              type="submit"
              name={PICK_PARAM.duration}
              value={hours}
              aria-pressed={activeButton === hours}
              formNoValidate
              onClick={() => {
                // Picking a button clears the typed value (spec 000 §2), before the form is sent.
                if (inputRef.current) inputRef.current.value = "";
                setManual("");
                onPreview(null);
              }}
              className={
                "flex min-h-target w-full items-center justify-center rounded-md border-2 px-3 font-semibold " +
                (activeButton === hours
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-gray-500 bg-white text-brand-900 hover:border-brand-700 hover:bg-brand-50")
              }
            >
              {formatHours(hours)}
            </button>
          </li>
        ))}
      </ul>
      <div className={`max-w-md space-y-1 ${error ? "border-l-4 border-red-700 pl-3" : ""}`}>
        <label htmlFor="kesto-muu" className="block font-semibold text-gray-900">
          Tai kirjoita kesto tunteina
        </label>
        <p id={hintId} className="text-gray-700">
          Kokonaisia tunteja, 1–24.
        </p>
        <FieldError id={errorId}>{error}</FieldError>
        <div className="flex flex-wrap items-end gap-2">
          <input
            ref={inputRef}
            id="kesto-muu"
            name={PICK_PARAM.manualDuration}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Esim. 5"
            value={manual}
            onChange={(event) => {
              const value = event.target.value;
              setManual(value);
              setEdited(true);
              const result = value.trim() === "" ? null : parseDurationHours(value);
              onPreview(result?.ok ? result.hours : null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            className={
              "block min-h-target w-32 rounded-md border-2 bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-600 " +
              `focus:border-brand-700 ${error ? "border-red-700" : "border-gray-600"}`
            }
          />
          <button
            type="submit"
            formNoValidate
            className="inline-flex min-h-target items-center rounded-md border-2 border-brand-700 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50"
          >
            Käytä tätä kestoa
          </button>
        </div>
        {manualHours !== null && manualHours !== durationHours ? (
          <p className="text-gray-800" aria-live="polite">
            Valittu kesto: {formatHours(manualHours)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
