import type { ReactNode } from "react";

// A booking step's card for one choice (a service, a helper): the whole card is the label of its
// radio, with a picture, the title and the details the radio is described by.

export function ChoiceCard({
  id,
  className,
  radio,
  picture,
  title,
  titleClassName,
  detailsId,
  detailsClassName,
  children,
}: {
  /** The radio's id. */
  id: string;
  className: string;
  radio: ReactNode;
  picture: ReactNode;
  title: ReactNode;
  titleClassName: string;
  detailsId: string;
  detailsClassName: string;
  children: ReactNode;
}) {
  return (
    <label htmlFor={id} className={className}>
      {radio}
      {picture}
      <span className="min-w-0 flex-1 space-y-1">
        <span className={`block ${titleClassName} font-bold text-gray-900`}>{title}</span>
        <span id={detailsId} className={`block ${detailsClassName}`}>
          {children}
        </span>
      </span>
    </label>
  );
}
