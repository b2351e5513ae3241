import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { stepHref } from "~/booking/draft";
import { nextStep, previousStep, stepPath } from "~/booking/flows";
import type { CaregiverStepView } from "~/booking/views";
import { ButtonLink } from "~/components/button";
import { formatEuros } from "~/domain/format";
import { BookingLayout, DraftHiddenFields } from "./booking-layout";
import { CaregiverChoice } from "./caregiver-cards";
import { NobodyAvailable } from "./nobody-available";
import { DraftSummaryBox } from "./draft-summary";
import { ProceedButton } from "./proceed-button";
import { useHydrated } from "~/components/use-hydrated";

// The helper step of every flow: choose a caregiver near the visit or let us choose (spec 000 §2
// "Booking step 2"). A GET form; 'Jatka' takes the choice to the last step, 'Takaisin' returns to
// the step before with everything kept. With JavaScript the continue button is enabled once a
// choice is made.

export function CaregiverStepPage({ view, lastResult }: { view: CaregiverStepView; lastResult?: SubmissionResult<string[]> | null }) {
  const { flow } = view;
  const hydrated = useHydrated();
  const [choice, setChoice] = useState<string | null>(view.selected);
  const canProceed = !hydrated || choice !== null;
  const changeTimeHref = stepHref(flow, "time", view.draft);
  const back = (
    <ButtonLink to={stepHref(flow, previousStep(flow, "caregiver")!, view.draft)} variant="secondary">
      Takaisin
    </ButtonLink>
  );
  return (
    <BookingLayout flow={flow} step="caregiver" draft={view.draft} notice={view.notice}>
      <DraftSummaryBox summary={view.summary} changeTimeHref={changeTimeHref}>
        <p className="mt-2 font-semibold text-gray-900">Hinta: {formatEuros(view.estimateCents)}</p>
      </DraftSummaryBox>
      {view.nobody ? (
        // Nobody can do the visit: no choice to make, but other times and a contact request.
        <>
          <NobodyAvailable nobody={view.nobody} action={stepHref(flow, "caregiver", { ...view.draft, caregiver: null })} lastResult={lastResult} />
          <div className="border-t-2 border-brand-100 pt-6">{back}</div>
        </>
      ) : (
      <Form method="get" action={stepPath(flow, "caregiver")} className="space-y-8">
        <DraftHiddenFields draft={view.draft} omit={["caregiver"]} />
        <CaregiverChoice
          caregivers={view.caregivers}
          selected={view.selected}
          legend="Valitse kaveri"
          onSelect={setChoice}
          city={view.city}
          changeTimeHref={changeTimeHref}
        />
        <div className="flex flex-wrap items-center gap-4 border-t-2 border-brand-100 pt-6">
          {back}
          <ProceedButton missing={canProceed ? null : "Valitse ensin kaveri tai ”Ei väliä”, niin pääset jatkamaan."}>
            {nextStep(flow, "caregiver") === "summary" ? "Jatka yhteenvetoon" : "Jatka yhteystietoihin"}
          </ProceedButton>
        </div>
      </Form>
      )}
    </BookingLayout>
  );
}
