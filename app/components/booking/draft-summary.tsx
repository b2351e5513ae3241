import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { stepHref, type BookingDraft } from "~/booking/draft";
import type { BookingFlow } from "~/booking/flows";
import type { DraftSummary } from "~/booking/views";
import { linkClass } from "~/components/layout";

// What has been chosen so far, shown on the later steps with links back to change it.

export type DraftSummaryData = DraftSummary;

export function DraftSummaryBox({
  summary,
  changeTimeHref,
  caregiver,
  children,
}: {
  summary: DraftSummaryData;
  changeTimeHref: string;
  /** The caregiver line and its change link; omitted on step 2, where it is being chosen. */
  caregiver?: { label: string; changeHref: string };
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="valinnat-otsikko" className="rounded-lg border-2 border-brand-100 bg-white p-5">
      <h2 id="valinnat-otsikko" className="text-xl font-bold text-gray-900">
        Valintasi
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-gray-800">Palvelu</dt>
        <dd>{summary.serviceName}</dd>
        <dt className="font-semibold text-gray-800">Päivä</dt>
        <dd>{summary.dateLabel}</dd>
        <dt className="font-semibold text-gray-800">Aika</dt>
        <dd>
          {summary.timeLabel} ({summary.durationLabel})
        </dd>
        <dt className="font-semibold text-gray-800">Paikka</dt>
        <dd>{summary.placeLabel}</dd>
        {caregiver ? (
          <>
            <dt className="font-semibold text-gray-800">Kaveri</dt>
            <dd>{caregiver.label}</dd>
          </>
        ) : null}
      </dl>
      {children}
      <p className="mt-3 flex flex-wrap gap-x-6">
        <Link to={changeTimeHref} className={`${linkClass} inline-flex min-h-target items-center`}>
          Muuta aikaa tai paikkaa
        </Link>
        {caregiver ? (
          <Link to={caregiver.changeHref} className={`${linkClass} inline-flex min-h-target items-center`}>
            Muuta kaverin valintaa
          </Link>
        ) : null}
      </p>
    </section>
  );
}

/** The last step's summary of everything chosen, the helper too, with the links back to change them. */
export function ChosenSummaryBox({ flow, draft, summary }: { flow: BookingFlow; draft: BookingDraft; summary: DraftSummaryData }) {
  return (
    <DraftSummaryBox
      summary={summary}
      changeTimeHref={stepHref(flow, "time", draft)}
      caregiver={{
        label: summary.caregiverName ?? "Ei väliä – valitsemme sinulle sopivan kaverin",
        changeHref: stepHref(flow, "caregiver", draft),
      }}
    />
  );
}
