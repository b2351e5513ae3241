import type { ReactNode } from "react";

// A booking step's card for one choice (a service, a helper): the whole card is the label of its
// radio, with a picture, the title and the details the radio is described by.
//
// The title sits beside the picture and the details below both: beside a radio and a photo, a
// 320 px screen (or a card in two columns) leaves the text about 150 px, where a helper's own words
// ('Sairaanhoitajaopiskelija') do not fit on a line and either widen the page or break mid-word
// (issue 31). On a phone the details take the card's whole width; from `sm` on they start under
// the picture.

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
      {/* The last column's minimum is 0, so the card never grows past its list's column. */}
      <span className="grid min-w-0 flex-1 grid-cols-[auto_auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 sm:gap-x-4">
        <span className="flex">{radio}</span>
        <span className="flex">{picture}</span>
        <span className={`block min-w-0 ${titleClassName} font-bold text-gray-900`}>{title}</span>
        <span id={detailsId} className={`col-span-3 block min-w-0 self-start sm:col-span-2 sm:col-start-2 ${detailsClassName}`}>
          {children}
        </span>
      </span>
    </label>
  );
}
