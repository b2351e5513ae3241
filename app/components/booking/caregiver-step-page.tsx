import { Form } from "@remix-run/react";
import { useState } from "react";
import { PICK_PARAM, stepHref } from "~/booking/draft";
import { flowById } from "~/booking/flows";
import type { CaregiverStepView } from "~/booking/views";
import { ButtonLink, SubmitButton } from "~/components/button";
import { formatEuros } from "~/domain/format";
import { BookingLayout, DraftHiddenFields } from "./booking-layout";
import { CaregiverChoice } from "./caregiver-cards";
import { DraftSummaryBox } from "./draft-summary";
import { useHydrated } from "~/components/use-hydrated";

// Step 2 of both wizards: choose a caregiver or let us choose (spec 000 §2 "Booking step 2"). A
// GET form; 'Jatka yhteystietoihin' takes the choice to the contact step, 'Takaisin' returns to
// step 1 with everything kept. With JavaScript the continue button is enabled once a choice is made.

export function CaregiverStepPage({ view }: { view: CaregiverStepView }) {
  const flow = flowById(view.flowId);
  const hydrated = useHydrated();
  const [choice, setChoice] = useState<string | null>(view.selected);
  const canProceed = !hydrated || choice !== null;
  return (
    <BookingLayout flow={flow} step="caregiver" draft={view.draft} notice={view.notice}>
      <DraftSummaryBox summary={view.summary} changeTimeHref={stepHref(flow, "time", view.draft)}>
        <p className="mt-2 font-semibold text-gray-900">Hinta: {formatEuros(view.estimateCents)}</p>
      </DraftSummaryBox>
      <Form method="get" action={flow.paths.caregiver} className="space-y-8">
        <DraftHiddenFields draft={view.draft} omit={["caregiver"]} />
        <CaregiverChoice caregivers={view.caregivers} selected={view.selected} legend="Valitse kaveri" onSelect={setChoice} />
        <div className="flex flex-wrap items-center gap-4 border-t-2 border-brand-100 pt-6">
          <ButtonLink to={stepHref(flow, "time", view.draft)} variant="secondary">
            Takaisin
          </ButtonLink>
          <SubmitButton
            name={PICK_PARAM.proceed}
            value="1"
            busyLabel="Siirrytään..."
            disabled={!canProceed}
            describedBy={canProceed ? undefined : "jatka-ohje"}
            className="px-8 text-lg"
          >
            Jatka yhteystietoihin
          </SubmitButton>
          {!canProceed ? (
            <p id="jatka-ohje" className="w-full text-gray-800">
              Valitse ensin kaveri tai ”Ei väliä”, niin pääset jatkamaan.
            </p>
          ) : null}
        </div>
      </Form>
    </BookingLayout>
  );
}
