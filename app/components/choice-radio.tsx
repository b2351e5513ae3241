import type { ReactNode } from "react";
import { choiceCardClass, choiceRadioClass } from "./form-parts";

// One radio of a plain (server-checked) form, drawn as a choice card like RadioCards', for the
// pages that do not load Conform.
export function ChoiceRadio({
  id,
  name,
  value,
  defaultChecked,
  label,
  description,
  children,
}: {
  id: string;
  name: string;
  value: string;
  defaultChecked: boolean;
  label: ReactNode;
  description?: ReactNode;
  /** A field that belongs to this choice (the number of visits, the last date), under its label. */
  children?: ReactNode;
}) {
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={`gap-3 border-gray-600 bg-white p-4 ${choiceCardClass} flex-col`}>
      <label htmlFor={id} className="flex w-full cursor-pointer items-start gap-3">
        <input type="radio" id={id} name={name} value={value} defaultChecked={defaultChecked} aria-describedby={descriptionId} className={choiceRadioClass} />
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-gray-900">{label}</span>
          {description ? (
            <span id={descriptionId} className="block text-gray-700">
              {description}
            </span>
          ) : null}
        </span>
      </label>
      {children ? <div className="w-full pl-9">{children}</div> : null}
    </div>
  );
}
